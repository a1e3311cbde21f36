/**
 * `npm run build`: bundle js/widget.js (and widget.css) into mc_widget/static/
 * with esbuild, as the plain esbuild command did, and the page runtime of
 * exported boards (js/page.js, PAGE_OPTIONS) beside it; plus one step: the
 * message catalogue the browser gets leaves out the keys only Python uses,
 * and is nested by namespace (`nestedCatalogue`).
 *
 * Why: issue 5 gave everything the front end loads a budget of 80,000
 * minified bytes (now 32,000 gzipped: docs/performance.md, "Sizes"), and the catalogue is the
 * largest input. mc_widget/messages/en.json stays the one source (DESIGN.md:
 * one catalogue per language); only the bundled copy is smaller. The keys
 * left out (PYTHON_ONLY) are ones Python formats into finished text itself:
 * either it never sends them to the front end as a `feedback` key, or it
 * sends them with the finished sentence in `feedback.text` (js/present.js
 * `feedbackText` shows it). tests/js/bundle.test.js checks that every key
 * the bundled code or the view layer names is still in the bundled copy.
 *
 *     node scripts/build.mjs            # once
 *     node scripts/build.mjs --watch    # rebuild on change (npm run dev)
 *     node scripts/build.mjs --meta     # build, then list bytes per input
 */
import * as esbuild from "esbuild";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Catalogue keys the browser never shows: a prefix ends in "." or "-",
 * anything else is a whole key. The list is mc_widget/messages/python-only.json,
 * read here and by Python (`messages.PYTHON_ONLY`, for a board's `_messages`),
 * so the two cannot differ. What it holds, and why:
 * - `text.`, `summary.`: the plain-text board of `str(game)` and `w._repr_`.
 * - `teacher.mistake-`: the title and caption `MonteCarloWidget.mistake()`
 *   builds (they reach the board as finished text in `title`/`caption`).
 * - `phase.`: the phase words of the summary line.
 * - the `state.` keys below: Python's `verify_state` and the JS engine's
 *   `validateState`/`verifyState`, which the bundle does not contain; a
 *   refused state reaches the board as `error.state` with the text made.
 *   (`state.type`, `state.missing`, `state.choice`, `state.unknown` stay:
 *   the bundled `validateAction` uses them.)
 * - Keys Python sends as `feedback` with its `text` (mc_widget/widget.py
 *   `_feedback(…, text=True)`), which the browser never makes itself:
 *   `api.` (a Python call's bad argument), `error.selected` (a view's bad
 *   selection, refused by Python), and `layout.` with the counts only its
 *   texts use (`count.rows.`, `count.cells.`): bad layout notation given to
 *   `w.load`. The bundled engine parses a layout only to replay a game's
 *   `start` for an undo or to redo an undone `load` (`next_game`); no control
 *   of the board loads typed text. Each of those layouts was written by the
 *   JS engine itself or verified by Python (`verify_state` parses `start` and
 *   `next_game.layout`, with the same notation as the JS engine: the vectors
 *   pin both), so it never raises a layout error in the browser.
 * - The solver's texts (docs/analysis.md, sections 3, 4): the perfect hint
 *   and the review's verdicts, which only Python makes (with `feedback.text`,
 *   mc_widget/board_analysis.py). The fair hint's `hint.` keys stay.
 * - `page.`: the texts of an exported page (docs/export.md); the page builder
 *   (mc_widget/export/page.py) writes them into the page for js/page.js.
 * - `mistake.`, `scenario.`: the teaching texts (mc_widget/teaching), which
 *   reach the board finished as a title, a caption or a panel's texts.
 */
export const PYTHON_ONLY = Object.freeze(
  JSON.parse(readFileSync(join(ROOT, "mc_widget", "messages", "python-only.json"), "utf8")),
);

/** Whether `key` is left out of the bundled catalogue. */
export function pythonOnly(key) {
  return PYTHON_ONLY.some((p) => (/[.-]$/.test(p) ? key.startsWith(p) : key === p));
}

/** The bundled copy of a catalogue: the same keys and texts, less PYTHON_ONLY. */
export function bundledCatalogue(catalogue) {
  return Object.fromEntries(Object.entries(catalogue).filter(([key]) => !pythonOnly(key)));
}

/**
 * A flat catalogue nested by each key's first dot: `{"illegal.across-gap": t}`
 * becomes `{"illegal": {"across-gap": t}}`, so no namespace is repeated
 * (about 1,000 bytes of the bundle). Within a namespace, the keys that share
 * a beginning up to a `-` or `.` share it too, the separator kept, and a
 * beginning with one key under it stays joined to it: `ui.walk-first`,
 * `ui.walk-first-icon` and `ui.walk-back` become
 * `{"ui": {"walk-": {"first": …, "first-icon": …, "back": …}}}` (about 800
 * bytes more). js/engine/messages.js flattens it back. A key without a dot
 * stays as it is; a key that is also a namespace (`"a"` and `"a.b"`) could
 * not be nested and is refused.
 */
export function nestedCatalogue(catalogue) {
  const nested = {};
  for (const [key, template] of Object.entries(catalogue)) {
    const dot = key.indexOf(".");
    const space = dot < 0 ? key : key.slice(0, dot);
    const taken = Object.hasOwn(nested, space);
    if (taken && (dot < 0 || typeof nested[space] === "string")) {
      throw new Error(`catalogue key '${key}' is also a namespace; it cannot be nested`);
    }
    if (dot < 0) {
      nested[key] = template;
      continue;
    }
    // "walk-first-icon" is "walk-", "first-", "icon": a beginning ends in its
    // separator, the last part has none, so a key and a beginning never collide.
    const parts = key.slice(dot + 1).split(/(?<=[.-])/);
    let node = taken ? nested[space] : (nested[space] = {});
    for (const part of parts.slice(0, -1)) node = node[part] ??= {};
    node[parts.at(-1)] = template;
  }
  const join = (node) => {
    for (const [part, value] of Object.entries(node)) {
      if (typeof value === "string") continue;
      join(value);
      const [only, ...more] = Object.keys(value);
      if (more.length === 0) {
        delete node[part];
        node[part + only] = value[only];
      }
    }
  };
  for (const value of Object.values(nested)) if (typeof value !== "string") join(value);
  return nested;
}

/** esbuild plugin: loads mc_widget/messages/*.json as its bundled copy, nested. */
export const browserCatalogue = {
  name: "browser-catalogue",
  setup(build) {
    build.onLoad({ filter: /[\\/]mc_widget[\\/]messages[\\/][^\\/]+\.json$/ }, (args) => ({
      contents: JSON.stringify(
        nestedCatalogue(bundledCatalogue(JSON.parse(readFileSync(args.path, "utf8")))),
      ),
      loader: "json",
    }));
  },
};

/**
 * The stylesheet with the spaces esbuild keeps but CSS does not need: after
 * a custom property's colon, after a comma (widget.css has commas only
 * between values and var() fallbacks, none in a string), and around a
 * calc()'s `*` (only `+` and `-` need them). esbuild leaves a custom
 * property's value and a var() fallback as written, since it cannot know
 * how they will be used; these spaces never matter (-117 bytes).
 * @param {string} css
 * @returns {string}
 */
export const tighterCss = (css) =>
  css
    .replace(/(--[\w-]+): /g, "$1:")
    .replace(/, /g, ",")
    .replace(/(?<=[\d)]) \* (?=[\d.(v])/g, "*");

/** esbuild plugin: loads js/widget.css through `tighterCss`. */
export const tighterStyles = {
  name: "tighter-styles",
  setup(build) {
    build.onLoad({ filter: /[\\/]js[\\/]widget\.css$/ }, (args) => ({
      contents: tighterCss(readFileSync(args.path, "utf8")),
      loader: "css",
    }));
  },
};

/** The build's options (also used by the tests, with `write: false`). */
export const OPTIONS = Object.freeze({
  absWorkingDir: ROOT,
  entryPoints: ["js/widget.js"],
  bundle: true,
  format: "esm",
  minify: true,
  target: "es2020",
  // UTF-8 text (a "♠" is 3 bytes, not the 6 of "\u2660"): a module script
  // is always read as UTF-8 (HTML's rule), and so is every copy of the
  // bundle mc_widget makes (anywidget's `_esm`, the exported page, MyST's).
  charset: "utf8",
  outdir: "mc_widget/static",
  loader: { ".json": "json" },
  plugins: [browserCatalogue, tighterStyles],
  logLevel: "info",
});

/**
 * The page runtime of exported boards (js/page.js, docs/export.md section 2):
 * a second build into mc_widget/static/page.js, apart from the widget bundle
 * (which OPTIONS alone makes, so its bytes and budget are its own).
 */
export const PAGE_OPTIONS = Object.freeze({
  absWorkingDir: ROOT,
  entryPoints: ["js/page.js"],
  bundle: true,
  format: "esm",
  minify: true,
  target: "es2020",
  outfile: "mc_widget/static/page.js",
  logLevel: "info",
});

/** `--meta`: each output's bytes, then its inputs by bytes in that output. */
function printMeta(result) {
  for (const [output, { bytes, inputs }] of Object.entries(result.metafile.outputs)) {
    console.log(`${output} ${bytes}`);
    const rows = Object.entries(inputs).sort(([, a], [, b]) => b.bytesInOutput - a.bytesInOutput);
    for (const [input, { bytesInOutput }] of rows) {
      console.log(`  ${String(bytesInOutput).padStart(6)} ${input}`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const builds = [OPTIONS, PAGE_OPTIONS];
  if (process.argv.includes("--watch")) {
    for (const options of builds) await (await esbuild.context(options)).watch();
  } else if (process.argv.includes("--meta")) {
    for (const options of builds) printMeta(await esbuild.build({ ...options, metafile: true }));
  } else {
    await Promise.all(builds.map((options) => esbuild.build(options)));
  }
}

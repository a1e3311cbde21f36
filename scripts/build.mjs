/**
 * `npm run build`: bundle js/widget.js (and widget.css) into mc_widget/static/
 * with esbuild, and the page runtime of exported boards (js/page.js) and the
 * race bar (js/race-bar.js) beside it.
 * One step of its own: the widget bundle carries only the English texts its
 * engine formats itself (mc_widget/messages/engine-keys.json, less the keys
 * only Python uses, mc_widget/messages/python-only.json); every board gets the
 * view's words, English too, from Python in `_messages` (docs/i18n.md,
 * section 2). mc_widget/messages/*.json stay the one source.
 * The budget is on gzipped bytes (docs/performance.md, "Sizes").
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
 * anything else is a whole key. Read from mc_widget/messages/python-only.json,
 * as Python reads it (`messages.PYTHON_ONLY`), so the two cannot differ;
 * docs/i18n.md says what it holds and why.
 */
export const PYTHON_ONLY = Object.freeze(
  JSON.parse(readFileSync(join(ROOT, "mc_widget", "messages", "python-only.json"), "utf8")),
);

/**
 * The keys the JS engine formats itself (its errors' messages and what they
 * say inside: js/engine/errors.js, layout.js, actions.js, rules.js, cards.js),
 * the only texts the widget bundle carries, so the engine stays usable alone
 * (vitest, the page runtimes). Read from mc_widget/messages/engine-keys.json,
 * as Python reads it (`messages.ENGINE_KEYS`); same notation as PYTHON_ONLY.
 */
export const ENGINE_KEYS = Object.freeze(
  JSON.parse(readFileSync(join(ROOT, "mc_widget", "messages", "engine-keys.json"), "utf8")),
);

const listed = (list, key) => list.some((p) => (/[.-]$/.test(p) ? key.startsWith(p) : key === p));

/** Whether the browser never shows `key` (PYTHON_ONLY). */
export function pythonOnly(key) {
  return listed(PYTHON_ONLY, key);
}

/** Whether the bundle carries `key`: the engine formats it and the browser may show it. */
export function bundledKey(key) {
  return listed(ENGINE_KEYS, key) && !pythonOnly(key);
}

/** The bundled copy of a catalogue: the engine's keys (ENGINE_KEYS) less PYTHON_ONLY. */
export function bundledCatalogue(catalogue) {
  return Object.fromEntries(Object.entries(catalogue).filter(([key]) => bundledKey(key)));
}

/** esbuild plugin: loads mc_widget/messages/*.json as its bundled copy. */
export const browserCatalogue = {
  name: "browser-catalogue",
  setup(build) {
    build.onLoad({ filter: /[\\/]mc_widget[\\/]messages[\\/][^\\/]+\.json$/ }, (args) => ({
      contents: JSON.stringify(bundledCatalogue(JSON.parse(readFileSync(args.path, "utf8")))),
      loader: "json",
    }));
  },
};

/** The widget bundle's options (also used by the tests, with `write: false`). */
export const OPTIONS = Object.freeze({
  absWorkingDir: ROOT,
  entryPoints: ["js/widget.js"],
  bundle: true,
  format: "esm",
  minify: true,
  target: "es2020",
  outdir: "mc_widget/static",
  plugins: [browserCatalogue],
  logLevel: "info",
});

/** The page runtime of exported boards (docs/export.md, section 2), a build of its own. */
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

/**
 * The race bar over two racing boards (js/race-bar.js, docs/sessions.md): a
 * bundle of its own, so the main widget bundle's budget does not carry it.
 */
export const RACE_OPTIONS = Object.freeze({
  ...OPTIONS,
  entryPoints: ["js/race-bar.js"],
  plugins: [],
});

/** The race bar of an exported page (js/race-page.js): inline only in a page with a race. */
export const RACE_PAGE_OPTIONS = Object.freeze({ ...OPTIONS, entryPoints: ["js/race-page.js"] });

/**
 * The English keys the practice bundles carry beyond the engine's: the practice
 * engine's errors (a `PracticeError` formats its English message when it is
 * made) and the one message a page shows when a placeholder's JSON is bad (it
 * has no `texts` then). Every other word comes from the model's `texts`.
 */
export const PRACTICE_KEYS = Object.freeze(["practice-error.", "practice-ui.bad-page"]);

/** esbuild plugin: the bundled catalogue plus PRACTICE_KEYS, for the practice bundles. */
export const practiceCatalogue = {
  name: "practice-catalogue",
  setup(build) {
    build.onLoad({ filter: /[\\/]mc_widget[\\/]messages[\\/][^\\/]+\.json$/ }, (args) => ({
      contents: JSON.stringify(
        Object.fromEntries(
          Object.entries(JSON.parse(readFileSync(args.path, "utf8"))).filter(
            ([key]) => bundledKey(key) || listed(PRACTICE_KEYS, key),
          ),
        ),
      ),
      loader: "json",
    }));
  },
};

/**
 * The practice board (js/practice-board.js, docs/practice.md): a bundle of its
 * own with the practice engine (js/practice/), which the widget bundle does not carry.
 */
export const PRACTICE_OPTIONS = Object.freeze({
  ...OPTIONS,
  entryPoints: ["js/practice-board.js"],
  plugins: [practiceCatalogue],
});

/** The practice board of an exported page (js/practice-page.js): inline only in a page with one. */
export const PRACTICE_PAGE_OPTIONS = Object.freeze({
  ...OPTIONS,
  entryPoints: ["js/practice-page.js"],
  plugins: [practiceCatalogue],
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
  const builds = [
    OPTIONS,
    PAGE_OPTIONS,
    RACE_OPTIONS,
    RACE_PAGE_OPTIONS,
    PRACTICE_OPTIONS,
    PRACTICE_PAGE_OPTIONS,
  ];
  if (process.argv.includes("--watch")) {
    for (const options of builds) await (await esbuild.context(options)).watch();
  } else if (process.argv.includes("--meta")) {
    for (const options of builds) printMeta(await esbuild.build({ ...options, metafile: true }));
  } else {
    await Promise.all(builds.map((options) => esbuild.build(options)));
  }
}

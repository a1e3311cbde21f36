// The bundle (scripts/build.mjs): its catalogue leaves out only keys the
// browser never shows, or shows from the `text` Python sends with them.
// Builds in memory with the build's own options.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { beforeAll, describe, expect, test } from "vitest";
import catalogue from "../../mc_widget/messages/en.json";
import { feedbackText } from "../../js/present/status-line.js";
import { OPTIONS, bundledCatalogue, pythonOnly } from "../../scripts/build.mjs";

const ROOT = join(import.meta.dirname, "..", "..");
const bundled = bundledCatalogue(catalogue);

/**
 * The one module of the bundled code that names Python-only keys: the layout
 * parser's error texts (`layout.*`, and the counts in them). The browser parses
 * only layouts its engine wrote or Python verified, so they never show there;
 * Python sends them with `text` (scripts/build.mjs, PYTHON_ONLY).
 */
const LAYOUT_ERRORS = { file: "js/engine/layout.js", keys: /^(layout|count\.rows|count\.cells)\./ };

async function bundleCode(options = {}) {
  const out = await esbuild.build({ ...OPTIONS, write: false, logLevel: "silent", ...options });
  return out.outputFiles.find((f) => f.path.endsWith(".js")).text;
}

/** The bundled code unminified, by module: esbuild heads each with `// <path>`. */
async function bundledModules() {
  const parts = (await bundleCode({ minify: false })).split(/^\/\/ (\S+)\n/m);
  const modules = new Map();
  for (let k = 1; k < parts.length; k += 2) modules.set(parts[k], parts[k + 1]);
  return modules;
}

/** The catalogue keys `code` names: whole, as a family (`illegal.${…}`), or counted. */
function keysNamed(code) {
  const named = [...code.matchAll(/["'`]([a-z]+\.[a-z0-9.-]+)["'`](?!:)/g)].map((m) => m[1]);
  const families = [...code.matchAll(/`([a-z]+\.[a-z-]*)\$\{/g)].map((m) => m[1]);
  // counted(E, "count.rows", n) names count.rows.one and count.rows.other.
  for (const name of named) if (`${name}.one` in catalogue) families.push(`${name}.`);
  const keys = named.filter((k) => k in catalogue);
  for (const prefix of families)
    keys.push(...Object.keys(catalogue).filter((k) => k.startsWith(prefix)));
  return { named, families, keys };
}

/** js/engine/messages.js as bundled (with the bundled catalogue copy), loaded. */
async function loadBundledMessages() {
  const out = await esbuild.build({
    ...OPTIONS,
    entryPoints: ["js/engine/messages.js"],
    write: false,
    logLevel: "silent",
  });
  const dir = mkdtempSync(join(tmpdir(), "mcw-messages-"));
  try {
    const file = join(dir, "messages.mjs");
    writeFileSync(file, out.outputFiles[0].text);
    return await import(/* @vite-ignore */ pathToFileURL(file).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("bundled catalogue", () => {
  let bundledMessages;
  beforeAll(async () => {
    bundledMessages = await loadBundledMessages();
  });

  test("leaves out the Python-only keys and nothing else", () => {
    expect(bundled["text.board"]).toBeUndefined();
    expect(bundled["teacher.mistake-title"]).toBeUndefined();
    expect(bundled["state.replay"]).toBeUndefined();
    // Python sends these with their text.
    for (const key of ["layout.empty", "api.walk-step", "error.selected", "count.rows.one"]) {
      expect(bundled[key], key).toBeUndefined();
    }
    // Keys the board formats from Python's feedback stay.
    for (const key of ["teacher.say", "status.loaded", "deal.bad", "card.bad", "count.cards.one"]) {
      expect(bundled[key], key).toBe(catalogue[key]);
    }
    for (const [key, value] of Object.entries(catalogue)) {
      if (!pythonOnly(key)) expect(bundled[key], key).toBe(value);
    }
    expect(Object.keys(bundled).length).toBeLessThan(Object.keys(catalogue).length);
  });

  test("the bundled engine/messages.js gives the source's text for every bundled key", () => {
    // Bundled with the build's own options, so reading the bundled copy;
    // the expected texts are en.json's.
    const mod = bundledMessages;
    const keys = Object.keys(catalogue).filter((key) => !pythonOnly(key));
    expect(Object.keys(mod.messages).sort()).toEqual(keys.sort());
    for (const key of keys) {
      expect(mod.hasMessage(key), key).toBe(true);
      expect(mod.messages[key], key).toBe(catalogue[key]);
    }
    expect(mod.formatMessage("illegal.out-of-range", { cell: 30, last: 24 })).toBe(
      catalogue["illegal.out-of-range"].replace("{cell}", "30").replace("{last}", "24"),
    );
    expect(mod.formatMessage.say(mod.counted("count.cards", 1))).toBe(
      catalogue["count.cards.one"].replace("{count}", "1"),
    );
    expect(mod.hasMessage("text.board")).toBe(false);
    expect(() => mod.formatMessage("text.board")).toThrow(/no message 'text.board'/);
    expect(() => mod.formatMessage("card.name", { rank: "7" })).toThrow(/'suit'/);
  });

  test("the status line shows Python's text for a key the bundle leaves out", () => {
    const t = bundledMessages.formatMessage;
    const text = "The layout is empty: write the rows of the tableau, then '|' and the stock.";
    expect(text).toBe(catalogue["layout.empty"]);
    expect(feedbackText(t, { key: "layout.empty", params: {}, tone: "illegal", text })).toBe(text);
    // A bundled key is formatted by the board itself.
    const removed = { key: "status.removed", params: { a: "4♣", b: "4♥" }, text: "ignored" };
    expect(feedbackText(t, removed)).toBe("Removed 4♣ and 4♥.");
    // Without a text (a newer kernel's key), the key as it is.
    expect(feedbackText(t, { key: "layout.empty", params: {} })).toBe("layout.empty");
    expect(feedbackText(t, { key: "layout.empty", params: {}, text: 3 })).toBe("layout.empty");
  });

  test("a feedback's note is said first, in the bundle's words", () => {
    const t = bundledMessages.formatMessage;
    const note = { key: "hint.line-left", params: { round: 2 } };
    const fb = { key: "status.removed", params: { a: "4♣", b: "4♥" }, note };
    expect(feedbackText(t, fb)).toBe(
      "Round 2 left the stored winning line; undo to there to follow it. Fair hint: " +
        "Removed 4♣ and 4♥.",
    );
  });

  test("has every key the bundled code names, whole, as a family or counted", async () => {
    const { named, families } = keysNamed(await bundleCode());
    expect(named).toContain("card.name");
    expect(families).toContain("illegal.");
    expect(families).toContain("count.cards.");
    const modules = await bundledModules();
    expect(modules.has(LAYOUT_ERRORS.file)).toBe(true);
    const missing = [];
    const layoutErrors = [];
    for (const [file, code] of modules) {
      if (file.endsWith(".json")) continue; // the catalogue itself
      for (const key of keysNamed(code).keys) {
        if (key in bundled) continue;
        if (file === LAYOUT_ERRORS.file && LAYOUT_ERRORS.keys.test(key)) layoutErrors.push(key);
        else missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(layoutErrors).toContain("layout.bad-card");
    expect(layoutErrors).toContain("count.rows.other");
  });

  test("has every key the view layer's sources name", () => {
    const js = join(ROOT, "js");
    const files = [
      // The race bar's words are templates Python sends (its `texts` trait, docs/sessions.md).
      ...readdirSync(js).filter((f) => f.endsWith(".js") && !f.startsWith("race-")),
      ...["app", "present", "view"].flatMap((d) => readdirSync(join(js, d)).map((f) => join(d, f))),
    ];
    const missing = [];
    for (const file of files) {
      const text = readFileSync(join(js, file), "utf8");
      for (const m of text.matchAll(/["'`]([a-z]+\.[a-z0-9.-]+)["'`]/g)) {
        if (m[1] in catalogue && !(m[1] in bundled)) missing.push(`${file}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  test("leaves out no key the widget sends as feedback without its text", () => {
    // The widget package's modules (mc_widget/widget.py before issue 18).
    const dir = join(ROOT, "mc_widget", "widget");
    const widget = readdirSync(dir)
      .filter((name) => name.endsWith(".py"))
      .map((name) => readFileSync(join(dir, name), "utf8"))
      .join("\n");
    // _feedback("key", …) up to its closing parenthesis (one level of nesting).
    const calls = [
      ...widget.matchAll(/_feedback\(\s*"([a-z]+\.[a-z0-9.-]+)"((?:[^()]|\([^()]*\))*)\)/g),
    ];
    const sent = calls.map(([, key, rest]) => ({ key, text: /\btext=True\b/.test(rest) }));
    expect(sent.map((s) => s.key)).toContain("teacher.say");
    expect(sent).toContainEqual({ key: "error.selected", text: true });
    expect(sent.filter((s) => !s.text && !(s.key in bundled))).toEqual([]);
    expect(sent.filter((s) => !(s.key in catalogue))).toEqual([]);
    // The engine errors' own keys (layout., api.) go out with their text too.
    expect(widget).toMatch(/_feedback\(key, params, tone="illegal", text=True, lang=lang\)/);
  });
});

describe("bundle exports", () => {
  // anywidget logs "Direct export of a 'render' will likely be deprecated"
  // when the module has a named `render` (docs/export.md, section 7).
  test("only the default export", async () => {
    const code = await bundleCode();
    const clauses = [...code.matchAll(/\bexport\s*\{([^}]*)\}/g)].map((m) => m[1].trim());
    expect(clauses).toHaveLength(1);
    expect(clauses[0]).toMatch(/^[\w$]+ as default$/);
    expect(code).not.toMatch(/\bexport\s+(const|let|var|function|class|default)\b/);
  });
});

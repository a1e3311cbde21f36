// The bundle (scripts/build.mjs): its catalogue holds only the engine's own
// texts (ENGINE_KEYS); Python sends every board the rest (`_messages`).
// Builds in memory with the build's own options.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { beforeAll, describe, expect, test } from "vitest";
import catalogue from "../../mc_widget/messages/en.json";
import { feedbackText } from "../../js/present/status-line.js";
import {
  ENGINE_KEYS,
  OPTIONS,
  bundledCatalogue,
  bundledKey,
  pythonOnly,
} from "../../scripts/build.mjs";

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

/** What Python sends every English board as `_messages.messages`: the catalogue less PYTHON_ONLY. */
const sent = Object.fromEntries(Object.entries(catalogue).filter(([key]) => !pythonOnly(key)));

describe("bundled catalogue", () => {
  let bundledMessages;
  beforeAll(async () => {
    bundledMessages = await loadBundledMessages();
  });

  test("holds the engine's own keys (ENGINE_KEYS) and no view key", () => {
    // By hand: the engine's error texts and what they say inside.
    for (const key of ["illegal.across-gap", "card.bad", "deal.bad", "card.name", "rank.Q"]) {
      expect(bundled[key], key).toBe(catalogue[key]);
    }
    for (const key of ["suit.H", "letter.Q", "cell.place", "stock.place", "state.choice"]) {
      expect(bundled[key], key).toBe(catalogue[key]);
    }
    // The view's words come from Python (`_messages`), English too.
    const view = /^(status|ui|aria|walk|hint|review|panel|rule|predict|teacher|sync|count)\./;
    expect(Object.keys(bundled).filter((key) => view.test(key))).toEqual([]);
    for (const key of ["status.removed", "ui.new-deal", "count.cards.one", "teacher.say"]) {
      expect(bundled[key], key).toBeUndefined();
    }
    // Python-only keys stay out too.
    for (const key of ["text.board", "state.replay", "layout.empty", "count.rows.one"]) {
      expect(bundled[key], key).toBeUndefined();
    }
    expect(ENGINE_KEYS).toContain("illegal.");
    for (const [key, value] of Object.entries(bundled)) {
      expect(bundledKey(key), key).toBe(true);
      expect(pythonOnly(key), key).toBe(false);
      expect(value, key).toBe(catalogue[key]);
    }
    expect(Object.keys(bundled).length).toBeLessThan(100);
  });

  test("the bundled engine/messages.js gives the source's text for every bundled key", () => {
    // Bundled with the build's own options, so reading the bundled copy;
    // the expected texts are en.json's.
    const mod = bundledMessages;
    const keys = Object.keys(catalogue).filter(bundledKey);
    expect(Object.keys(mod.messages).sort()).toEqual(keys.sort());
    for (const key of keys) {
      expect(mod.hasMessage(key), key).toBe(true);
      expect(mod.messages[key], key).toBe(catalogue[key]);
    }
    expect(mod.formatMessage("illegal.out-of-range", { cell: 30, last: 24 })).toBe(
      "There is no cell 30: cells are numbered 0 to 24.",
    );
    expect(mod.hasMessage("status.removed")).toBe(false);
    expect(() => mod.formatMessage("status.removed")).toThrow(/no message 'status.removed'/);
    expect(() => mod.formatMessage("card.name", { rank: "7" })).toThrow(/'suit'/);
  });

  test("an English board's `t` (Python's catalogue over the bundle's) says the view's words", () => {
    const t = bundledMessages.translator("en", sent);
    expect(t("status.removed", { a: "4♣", b: "4♥" })).toBe("Removed 4♣ and 4♥.");
    expect(t.say(bundledMessages.counted("count.cards", 1))).toBe("1 card");
    // An engine error's text is the same either way.
    expect(t("deal.bad", { value: "'7x'" })).toBe(
      bundledMessages.formatMessage("deal.bad", { value: "'7x'" }),
    );
  });

  test("the status line shows Python's text for a key Python does not send", () => {
    const t = bundledMessages.translator("en", sent);
    const text = "The layout is empty: write the rows of the tableau, then '|' and the stock.";
    expect(text).toBe(catalogue["layout.empty"]);
    expect(feedbackText(t, { key: "layout.empty", params: {}, tone: "illegal", text })).toBe(text);
    // A key the board has is formatted by the board itself.
    const removed = { key: "status.removed", params: { a: "4♣", b: "4♥" }, text: "ignored" };
    expect(feedbackText(t, removed)).toBe("Removed 4♣ and 4♥.");
    // Without a text (a newer kernel's key), the key as it is.
    expect(feedbackText(t, { key: "layout.empty", params: {} })).toBe("layout.empty");
    expect(feedbackText(t, { key: "layout.empty", params: {}, text: 3 })).toBe("layout.empty");
  });

  test("a feedback's note is said first, in the board's words", () => {
    const t = bundledMessages.translator("en", sent);
    const note = { key: "hint.line-left", params: { round: 2 } };
    const fb = { key: "status.removed", params: { a: "4♣", b: "4♥" }, note };
    expect(feedbackText(t, fb)).toBe(
      "Round 2 left the stored winning line; undo to there to follow it. Fair hint: " +
        "Removed 4♣ and 4♥.",
    );
  });

  test("every key the bundled code names is in the bundle (engine) or sent by Python (view)", async () => {
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
      const engine = file.startsWith("js/engine/");
      for (const key of keysNamed(code).keys) {
        if (engine ? key in bundled : key in sent) continue;
        if (file === LAYOUT_ERRORS.file && LAYOUT_ERRORS.keys.test(key)) layoutErrors.push(key);
        else if (engine && key in sent)
          continue; // a parameter the view says (hint.js's counts)
        else missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(layoutErrors).toContain("layout.bad-card");
    expect(layoutErrors).toContain("count.rows.other");
  });

  test("the engine's error keys are all bundled", () => {
    const dir = join(ROOT, "js", "engine");
    const missing = [];
    for (const file of readdirSync(dir)) {
      const text = readFileSync(join(dir, file), "utf8");
      const thrown = [
        ...text.matchAll(/new (?:StateError|IllegalMove)\([^)]*?"([a-z-]+(?:\.[a-z-]+)?)"/g),
      ];
      for (const [, key] of thrown) {
        const full = key.includes(".") ? key : `illegal.${key}`;
        if (full in catalogue && !pythonOnly(full) && !(full in bundled)) missing.push(full);
      }
    }
    expect(missing).toEqual([]);
  });

  test("has every key the view layer's sources name, in what Python sends", () => {
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
        if (m[1] in catalogue && !(m[1] in sent)) missing.push(`${file}: ${m[1]}`);
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
    const fed = calls.map(([, key, rest]) => ({ key, text: /\btext=True\b/.test(rest) }));
    expect(fed.map((s) => s.key)).toContain("teacher.say");
    expect(fed).toContainEqual({ key: "error.selected", text: true });
    expect(fed.filter((s) => !s.text && !(s.key in sent))).toEqual([]);
    expect(fed.filter((s) => !(s.key in catalogue))).toEqual([]);
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

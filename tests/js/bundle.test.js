// The bundle (scripts/build.mjs): its catalogue leaves out only keys the
// browser never shows. Builds in memory with the build's own options.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { describe, expect, test } from "vitest";
import catalogue from "../../mc_widget/messages/en.json";
import { OPTIONS, bundledCatalogue, nestedCatalogue, pythonOnly } from "../../scripts/build.mjs";

const ROOT = join(import.meta.dirname, "..", "..");
const bundled = bundledCatalogue(catalogue);

async function bundleCode() {
  const out = await esbuild.build({ ...OPTIONS, write: false, logLevel: "silent" });
  return out.outputFiles.find((f) => f.path.endsWith(".js")).text;
}

describe("bundled catalogue", () => {
  test("leaves out the Python-only keys and nothing else", () => {
    expect(bundled["text.board"]).toBeUndefined();
    expect(bundled["teacher.mistake-title"]).toBeUndefined();
    expect(bundled["state.replay"]).toBeUndefined();
    // Keys the board formats from Python's feedback stay.
    for (const key of ["teacher.say", "status.loaded", "error.selected", "api.walk-step"]) {
      expect(bundled[key], key).toBe(catalogue[key]);
    }
    for (const [key, value] of Object.entries(catalogue)) {
      if (!pythonOnly(key)) expect(bundled[key], key).toBe(value);
    }
    expect(Object.keys(bundled).length).toBeLessThan(Object.keys(catalogue).length);
  });

  test("is nested by namespace, and refuses a key that is also a namespace", () => {
    const nested = nestedCatalogue({ "count.rows.one": "1 row", "illegal.same-cell": "x" });
    expect(nested).toEqual({ count: { "rows.one": "1 row" }, illegal: { "same-cell": "x" } });
    expect(() => nestedCatalogue({ a: "x", "a.b": "y" })).toThrow(/'a.b'/);
    expect(() => nestedCatalogue({ "a.b": "y", a: "x" })).toThrow(/'a'/);
  });

  test("the bundled engine/messages.js gives the source's text for every bundled key", async () => {
    // Bundle the module with the build's own options (so with the nested
    // copy), load it, and read each key back; expected texts from en.json.
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
      const mod = await import(/* @vite-ignore */ pathToFileURL(file).href);
      const keys = Object.keys(catalogue).filter((key) => !pythonOnly(key));
      expect(Object.keys(mod.messages).sort()).toEqual(keys.sort());
      for (const key of keys) {
        expect(mod.hasMessage(key), key).toBe(true);
        expect(mod.messages[key], key).toBe(catalogue[key]);
      }
      expect(mod.formatMessage("illegal.out-of-range", { cell: 30, last: 24 })).toBe(
        catalogue["illegal.out-of-range"].replace("{cell}", "30").replace("{last}", "24"),
      );
      expect(mod.counted("count.rows", 1)).toBe(
        catalogue["count.rows.one"].replace("{count}", "1"),
      );
      expect(mod.hasMessage("text.board")).toBe(false);
      expect(() => mod.formatMessage("text.board")).toThrow(/no message 'text.board'/);
      expect(() => mod.formatMessage("card.name", { rank: "7" })).toThrow(/'suit'/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("has every key the bundled code names, whole or as a family", async () => {
    const code = await bundleCode();
    // Catalogue keys as object keys ("key":) are the catalogue itself.
    const named = [...code.matchAll(/["'`]([a-z]+\.[a-z0-9.-]+)["'`](?!:)/g)].map((m) => m[1]);
    const families = [...code.matchAll(/`([a-z]+\.[a-z-]*)\$\{/g)].map((m) => m[1]);
    expect(named).toContain("card.name");
    expect(families).toContain("illegal.");
    const missing = named.filter((k) => k in catalogue && !(k in bundled));
    for (const prefix of families) {
      for (const k of Object.keys(catalogue))
        if (k.startsWith(prefix) && !(k in bundled)) missing.push(k);
    }
    expect(missing).toEqual([]);
  });

  test("has every key the view layer's sources name", () => {
    const js = join(ROOT, "js");
    const files = [
      ...readdirSync(js).filter((f) => f.endsWith(".js")),
      ...readdirSync(join(js, "view")).map((f) => join("view", f)),
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

  test("leaves out no key the widget sends as feedback", () => {
    const widget = readFileSync(join(ROOT, "mc_widget", "widget.py"), "utf8");
    const sent = [...widget.matchAll(/_feedback\(\s*"([a-z]+\.[a-z0-9.-]+)"/g)].map((m) => m[1]);
    expect(sent).toContain("teacher.say");
    expect(sent.filter((k) => !(k in bundled))).toEqual([]);
  });
});

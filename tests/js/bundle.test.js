// The bundle (scripts/build.mjs): its catalogue leaves out only keys the
// browser never shows. Builds in memory with the build's own options.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import * as esbuild from "esbuild";
import { describe, expect, test } from "vitest";
import catalogue from "../../mc_widget/messages/en.json";
import { OPTIONS, bundledCatalogue, pythonOnly } from "../../scripts/build.mjs";

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

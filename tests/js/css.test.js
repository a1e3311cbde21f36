// The stylesheet (js/widget.css and the sheets it imports from js/styles/):
// every rule is nested in a `.mcw` block (DESIGN.md: every selector is scoped
// under the root; anywidget injects the CSS globally), and esbuild keeps the
// nesting as written when it joins the sheets into one file.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as esbuild from "esbuild";
import { describe, expect, test } from "vitest";
import { stylesheetSheets } from "./helpers.js";

const ROOT = join(import.meta.dirname, "..", "..");
const ENTRY = readFileSync(join(ROOT, "js", "widget.css"), "utf8");
const SHEETS = stylesheetSheets();

/** The preludes of the top-level blocks of `css` (comments and strings left out). */
function topLevel(css) {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "").replace(/"[^"]*"/g, '""');
  const preludes = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "{") {
      if (depth === 0) preludes.push(text.slice(start, i).trim());
      depth++;
    } else if (text[i] === "}") {
      depth--;
      if (depth === 0) start = i + 1;
    }
  }
  expect(depth).toBe(0);
  return preludes;
}

describe("widget.css", () => {
  test("imports every sheet of js/styles/ once, and holds nothing else", () => {
    const names = SHEETS.map((sheet) => sheet.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(
      readdirSync(join(ROOT, "js", "styles"))
        .map((file) => `styles/${file}`)
        .sort(),
    );
    const rest = ENTRY.replace(/\/\*[\s\S]*?\*\//g, "").replace(/@import "[^"]+";/g, "");
    expect(rest.trim()).toBe("");
  });

  test("each sheet is one .mcw block; the host rule and the keyframes come last", () => {
    const last = SHEETS.at(-1);
    expect(last.name).toBe("styles/host.css");
    expect(topLevel(last.text)).toEqual([":where(.mcw-host)", "@keyframes mcw-shake"]);
    for (const sheet of SHEETS.slice(0, -1))
      expect(topLevel(sheet.text), sheet.name).toEqual([".mcw"]);
  });

  test("keeps its nesting when bundled and minified with the build's target", () => {
    const { outputFiles } = esbuild.buildSync({
      absWorkingDir: ROOT,
      entryPoints: ["js/widget.css"],
      bundle: true,
      minify: true,
      target: "es2020",
      write: false,
      outdir: "out",
    });
    const code = outputFiles[0].text;
    expect(topLevel(code)).toEqual([
      ...SHEETS.slice(0, -1).map(() => ".mcw"),
      ":where(.mcw-host)",
      "@keyframes mcw-shake",
    ]);
    expect(code).toContain("&[data-size=projector]{");
  });
});

// The stylesheet (js/widget.css): every rule is nested in the one `.mcw`
// block (DESIGN.md: every selector is scoped under the root; anywidget
// injects the CSS globally), and esbuild keeps the nesting as written.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as esbuild from "esbuild";
import { describe, expect, test } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const SOURCE = readFileSync(join(ROOT, "js", "widget.css"), "utf8");

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
  test("is one .mcw block, the host rule and the keyframes", () => {
    expect(topLevel(SOURCE)).toEqual([".mcw", ":where(.mcw-host)", "@keyframes mcw-shake"]);
  });

  test("keeps its nesting when minified with the build's target", () => {
    const { code } = esbuild.transformSync(SOURCE, {
      loader: "css",
      minify: true,
      target: "es2020",
    });
    expect(topLevel(code)).toEqual([".mcw", ":where(.mcw-host)", "@keyframes mcw-shake"]);
    expect(code).toContain("&[data-size=projector]{");
  });
});

// The engine subset the front end is given (js/engine-subset.js): every
// `E.<name>` the front-end sources use must be in it, or a click would fail
// in the browser with "E.x is not a function" while the tests, which pass
// the whole engine, still pass.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import * as whole from "../../js/engine/index.js";
import { engine } from "../../js/engine-subset.js";

const JS = join(import.meta.dirname, "..", "..", "js");
const FRONT_END = [
  ...readdirSync(JS).filter((f) => f.endsWith(".js")),
  ...["app", "present", "view"].flatMap((d) => readdirSync(join(JS, d)).map((f) => join(d, f))),
];

describe("engine subset", () => {
  test("has every engine name the front end uses", () => {
    const used = new Set();
    for (const file of FRONT_END) {
      const text = readFileSync(join(JS, file), "utf8");
      for (const m of text.matchAll(/\bE\.([A-Za-z_$][\w$]*)/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((name) => !(name in engine)).sort();
    expect(missing).toEqual([]);
  });

  test("is the engine's own functions, not copies", () => {
    for (const [name, value] of Object.entries(engine)) expect(value, name).toBe(whole[name]);
    expect(Object.isFrozen(engine)).toBe(true);
  });
});

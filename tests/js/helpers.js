// Shared helpers for the engine tests (not a test file itself).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";

/** Freeze a value and everything inside it, so any mutation throws (ES modules are strict). */
export function deepFreeze(value) {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * Call `fn`, expect it to throw an instance of `Class` whose fields match
 * `fields` (a subset), and return the error.
 */
export function expectError(fn, Class, fields = {}) {
  let caught = null;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught, "expected an error to be thrown").not.toBeNull();
  expect(caught).toBeInstanceOf(Class);
  expect(caught.name).toBe(Class.name);
  expect(caught).toMatchObject(fields);
  return caught;
}

/** The layout of the worked example of the German seed (tests/cases). */
export const GERMAN =
  "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | TS 5C 2S AD 7S 3H QS JC 5S 8H TH AC 6C 6D 9C TD 4S 8S TC 3C 3D 9D JH 4D KC 6H 7H";

/**
 * The stylesheet's sheets in cascade order: js/widget.css's `@import`s of
 * js/styles/*.css, each as `{ name, text }`. `stylesheet()` joins their texts.
 */
export function stylesheetSheets() {
  const js = join(import.meta.dirname, "..", "..", "js");
  const entry = readFileSync(join(js, "widget.css"), "utf8");
  return [...entry.matchAll(/@import "\.\/(styles\/[\w-]+\.css)";/g)].map(([, name]) => ({
    name,
    text: readFileSync(join(js, name), "utf8"),
  }));
}

/** The whole stylesheet's source: its sheets joined in cascade order. */
export function stylesheet() {
  return stylesheetSheets()
    .map((sheet) => sheet.text)
    .join("\n");
}

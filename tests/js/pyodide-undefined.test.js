// @vitest-environment jsdom
/**
 * A kernel that sends Python's None as `undefined` (Pyodide's kernel in
 * JupyterLite): the board still plays, and what it sends back has `null`
 * there, never a missing key (docs/export.md, section 7). The German worked
 * example's pair 4♣ 4♥ (cells 2 and 8, tests/cases/german-worked-example.json).
 */
import { afterEach, expect, it } from "vitest";
import { newState } from "../../js/engine/index.js";
import { GERMAN, fakeModel, mount } from "./widget-helpers.js";

const views = [];
afterEach(() => {
  for (const v of views.splice(0)) {
    v.cleanup();
    v.el.remove();
  }
});

/** `value` with every null inside it as undefined, as Pyodide's toJs() gives None. */
const undefinedForNull = (value) =>
  Array.isArray(value)
    ? value.map((x) => (x === null ? undefined : undefinedForNull(x)))
    : value && typeof value == "object"
      ? Object.fromEntries(
          Object.entries(value).map(([k, x]) => [k, x === null ? undefined : undefinedForNull(x)]),
        )
      : value;

it("a pair from a state whose nulls arrived as undefined is removed, and null goes back", () => {
  const state = newState({ layout: GERMAN.layout });
  expect(state.deal).toBeNull(); // a loaded layout has no deal number
  const model = fakeModel({
    state: undefinedForNull(state),
    clock: { start: undefined, stop: undefined },
  });
  const v = mount(model);
  views.push(v);
  v.click(2);
  v.click(8);
  const sent = JSON.parse(JSON.stringify(model.get("state")));
  expect(sent.deal).toBeNull(); // JSON keeps a null; a key holding undefined would vanish
  expect(sent.tableau[2]).toBeNull();
  expect(sent.tableau[8]).toBeNull();
  expect(sent.discards).toEqual([["4C", "4H"]]);
  expect(v.status()).toContain("Removed 4♣ and 4♥");
  expect(v.cellsWith("data-gap")).toEqual([2, 8]);
  // The clock started with this first move and has no stop yet: null, not a missing key.
  const clock = JSON.parse(JSON.stringify(model.get("clock")));
  expect(Object.keys(clock).sort()).toEqual(["start", "stop"]);
  expect(clock.stop).toBeNull();
});

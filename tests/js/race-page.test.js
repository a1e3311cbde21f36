// The race runtime of an exported page (js/race-page.js): each side from a
// board's model (the engine's status, cards removed, the finish on the one
// clock), and a board on another deal counts as not started, as in Python.
// Deal 1's first pair is cells 0 and 6 (Q♥ Q♣, docs/record.md's "0-6").
import { expect, it } from "vitest";
import { apply, newState } from "../../js/engine/index.js";
import { barModel, sideOf, startOf } from "../../js/race-page.js";

const fake = (values) => {
  const listeners = {};
  return {
    get: (k) => values[k],
    set(k, v) {
      values[k] = v;
      for (const f of listeners[`change:${k}`] ?? []) f();
    },
    on: (e, f) => (listeners[e] ??= []).push(f),
  };
};

const deal1 = newState({ deal: 1 });
const layout = deal1.start;

it("reads a side from a board's model", () => {
  const played = apply(deal1, { type: "remove", cells: [0, 6] });
  const m = fake({ state: played, clock: { start: 5000, stop: null } });
  expect(sideOf(m, 1000, layout)).toEqual({ status: "playing", removed: 2, total: 52, time: null });
  expect(startOf([m, fake({ clock: { start: 3000, stop: null } })])).toBe(3000);
  expect(startOf([fake({ clock: null }), fake({})])).toBeNull();
  // Another deal: not started.
  const other = fake({ state: newState({ deal: 5 }), clock: { start: 1, stop: null } });
  expect(sideOf(other, 0, layout)).toEqual({
    status: "playing",
    removed: 0,
    total: 52,
    time: null,
  });
});

it("follows both boards and tells the bar", () => {
  const a = fake({ state: deal1, clock: { start: null, stop: null } });
  const b = fake({ state: deal1, clock: { start: null, stop: null } });
  const model = barModel({ players: ["Ann", "Ben"], texts: {} }, [a, b]);
  let told = 0;
  model.on("change:sides", () => (told += 1));
  b.set("clock", { start: 2000, stop: null });
  b.set("state", apply(deal1, { type: "remove", cells: [0, 6] }));
  expect(told).toBe(2);
  expect(model.get("start")).toBe(2000);
  expect(model.get("sides").map((s) => s.removed)).toEqual([0, 2]);
});

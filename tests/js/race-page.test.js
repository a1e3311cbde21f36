// The race runtime of an exported page (js/race-page.js): each side from a
// board's model (the engine's status, cards removed, the finish on the one
// clock), and a board on another deal counts as not started, as in Python.
// Deal 1's first pair is cells 0 and 6 (Q♥ Q♣, docs/record.md's "0-6").
import { expect, it } from "vitest";
import { apply, canRefill, newState, removedCount } from "../../js/engine/index.js";
import { barModel, boardsProblem, sideOf, startOf } from "../../js/race-page.js";

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
  const model = barModel({ players: ["Ann", "Ben"], texts: {} }, [a, b], () => 2000);
  let told = 0;
  model.on("change:sides", () => (told += 1));
  b.set("clock", { start: 1000, stop: null }); // the notebook's clock: not the race's
  expect(model.get("start")).toBeNull();
  b.set("state", apply(deal1, { type: "remove", cells: [0, 6] })); // the first move on the page
  expect(told).toBe(2);
  expect(model.get("start")).toBe(2000);
  expect(model.get("sides").map((s) => s.removed)).toEqual([0, 2]);
});

// Deal 2's lines of tests/test_race_widget.py: "*" is consolidate then refill.
const line = (moves) =>
  moves
    .split(" ")
    .flatMap((m) =>
      m === "*"
        ? [{ type: "consolidate" }, { type: "refill" }]
        : [{ type: "remove", cells: m.split("-").map(Number) }],
    );
// A record's last "*" has no refill when the consolidation ends the game.
const playLine = (state, moves) =>
  line(moves).reduce((s, a) => (a.type === "refill" && !canRefill(s) ? s : apply(s, a)), state);
const deal2 = newState({ deal: 2 });
const LOST_32 =
  "3-7 5-10 8-14 * 17-22 4-9 * 2-8 * 12-13 5-11 18-22 * 0-6 9-14 * 15-16 4-9 7-13 * 18-22 10-11 *";
const LOST_10 = "14-19 5-10 3-7 * 17-22 * 16-17 *";

it("keeps a side from its first finish and freezes a decided race", () => {
  const a = fake({ state: deal2, clock: { start: 1_000_000, stop: null } });
  const b = fake({ state: deal2, clock: { start: null, stop: null } });
  let ms = 1_000_000;
  const model = barModel({ players: ["Ann", "Ben"], texts: {} }, [a, b], () => ms);
  const lostA = playLine(deal2, LOST_32);
  a.set("state", playLine(deal2, "3-7")); // the race clock starts at 1,000 s
  ms = 1_100_000;
  expect(removedCount(lostA)).toBe(32);
  // A view's clock.stop claiming a 1 s finish is not read: the page stamps 100 s.
  a.set("clock", { start: 1_000_000, stop: 1_001_000 });
  a.set("state", lostA);
  expect(model.get("sides")[0]).toEqual({ status: "lost", removed: 32, total: 52, time: 100 });
  a.set("state", apply(lostA, { type: "undo" })); // Ann's finish stands, the race runs
  expect(model.get("sides")[0].time).toBe(100);
  ms = 1_200_000;
  b.set("state", playLine(deal2, LOST_10)); // Ben blocked with 10: Ann wins on cards removed
  const decided = model.get("sides");
  expect(decided.map((s) => [s.status, s.removed, s.time])).toEqual([
    ["lost", 32, 100],
    ["lost", 10, 200],
  ]);
  a.set("state", newState({ deal: 3 }));
  b.set("state", apply(b.get("state"), { type: "undo" }));
  expect(model.get("sides")).toEqual(decided);
});

it("checks both boards against the race's start layout and rules", () => {
  const fixed = { players: ["Ann", "Ben"], texts: {}, layout, rules: deal1.rules };
  const board = (state) => fake({ state, clock: { start: null, stop: null } });
  expect(boardsProblem(fixed, [board(deal1), board(deal1)])).toBeNull();
  expect(boardsProblem(fixed, [board(deal1), board(newState({ deal: 5 }))])).toBe(
    "board 2: its start layout is not the race's",
  );
  const thirteens = newState({ deal: 1 }, "thirteens");
  expect(boardsProblem(fixed, [board(thirteens), board(deal1)])).toBe(
    "board 1: its rules are not the race's",
  );
  expect(boardsProblem({ players: [], texts: {} }, [board(deal1), board(deal1)])).toBe(
    "the race has no start layout and rules",
  );
});

// The walkthrough in the JS engine (docs/teaching.md, section 1): a round as single-card
// steps, walkTo as undo/redo. Expected values come from tests/cases/german-worked-example.json
// and from RULES.md "One card at a time", simulated here on plain arrays.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import * as E from "../../js/engine/index.js";
import { deepFreeze } from "./helpers.js";

const CASE = JSON.parse(
  readFileSync(
    join(dirname(fileURLToPath(import.meta.url)), "..", "cases", "german-worked-example.json"),
    "utf8",
  ),
);

const play = (state, ...types) => types.reduce((s, type) => E.apply(s, { type }), state);
const undo = (s) => E.apply(s, { type: "undo" });

function germanRemoved() {
  let s = E.newState({ layout: CASE.layout }, "standard");
  for (const cells of CASE.remove) s = E.apply(s, { type: "remove", cells });
  return deepFreeze(s);
}

/** What the board shows: the state without history and cursor. */
function position(s) {
  const { tableau, stock, discards, phase, round, consolidations } = s;
  return { tableau, stock, discards, phase, round, consolidations };
}

function caught(fn) {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected an error");
}

describe("the German worked example", () => {
  test("17 moves as the case file lists them, then 6 deals into 19 … 24", () => {
    const w = E.walkthrough(germanRemoved());
    expect([w.base, w.position, w.moves, w.deals]).toEqual([3, 0, 17, 6]);
    expect(w.steps.slice(0, 17).map((s) => [s.from, s.to])).toEqual(
      CASE.consolidation_steps_from_to,
    );
    expect(w.steps.slice(17)).toEqual(
      ["TS", "5C", "2S", "AD", "7S", "3H"].map((card, k) => ({
        kind: "deal",
        from: null,
        to: 19 + k,
        card,
      })),
    );
    expect(w.steps[0]).toEqual({ kind: "move", from: 3, to: 2, card: "5D" });
  });

  test("every step is one card at a time (RULES.md)", () => {
    const s = germanRemoved();
    const cells = s.tableau.slice();
    const stock = s.stock.slice();
    for (const step of E.walkthrough(s).steps) {
      const gap = cells.indexOf(null);
      if (step.kind === "move") {
        let from = gap + 1;
        while (cells[from] === null) from++;
        expect(step).toEqual({ kind: "move", from, to: gap, card: cells[from] });
        cells[gap] = cells[from];
        cells[from] = null;
      } else {
        expect(cells.slice(gap).every((c) => c === null)).toBe(true);
        expect(step).toEqual({ kind: "deal", from: null, to: gap, card: stock[0] });
        cells[gap] = stock.shift();
      }
    }
    const end = E.walkTo(s, 23);
    expect(E.formatLayout(end, end.rules)).toBe(CASE.after_refill_layout);
    expect(end.tableau).toEqual(cells);
  });

  test("the position counts the steps the trailing actions made", () => {
    const s = germanRemoved();
    expect(E.walkthrough(play(s, ...Array(5).fill("consolidate_step"))).position).toBe(5);
    expect(E.walkthrough(play(s, "consolidate")).position).toBe(17);
    expect(E.walkthrough(play(s, "consolidate", "refill_step", "refill_step")).position).toBe(19);
    expect(E.walkthrough(play(s, "consolidate", "refill")).position).toBe(23);
    expect(E.walkthrough(play(s, "consolidate", "undo"))).toEqual(E.walkthrough(s));
  });

  test("walkTo(n) is consolidate then refill; back one step is undo; back then on is identity", () => {
    const s = germanRemoved();
    expect(position(E.walkTo(s, 23))).toEqual(position(play(s, "consolidate", "refill")));
    for (let k = 1; k <= 23; k++) {
      const here = deepFreeze(E.walkTo(s, k));
      expect(E.walkTo(here, k - 1), `step ${k}`).toEqual(undo(here));
      expect(E.walkTo(E.walkTo(here, k - 1), k), `step ${k}`).toEqual(here);
    }
  });

  test("the result is cached per state object and frozen", () => {
    const s = germanRemoved();
    const w = E.walkthrough(s);
    expect(E.walkthrough(s)).toBe(w);
    expect(Object.isFrozen(w) && Object.isFrozen(w.steps) && Object.isFrozen(w.steps[0])).toBe(
      true,
    );
  });
});

describe("other rounds", () => {
  test("a zero-move consolidation comes first when there are deals but no moves", () => {
    const s = E.newState(
      {
        layout:
          "7H 7S 8C 8D 9C/9D 9S KC KD QC/.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. | 2C 3C",
      },
      "standard",
    );
    const w = E.walkthrough(s);
    expect([w.moves, w.deals, w.steps.map((x) => x.to)]).toEqual([0, 2, [10, 11]]);
    const one = E.walkTo(s, 1);
    expect(one.history.map((a) => a.type)).toEqual([
      "consolidate_step",
      "refill_step",
      "refill_step",
    ]);
    expect([one.cursor, one.phase]).toEqual([2, "refill"]);
    expect(E.walkTo(s, 0)).toBe(s); // already at step 0
    // One undo from step 1 lands after the empty consolidation: step 0, phase refill;
    // walkTo(0) from there goes back to the round's start, where pairs can be removed.
    const between = undo(one);
    expect([between.cursor, between.phase, E.walkthrough(between).position]).toEqual([
      1,
      "refill",
      0,
    ]);
    const base = E.walkTo(between, 0);
    expect([base.cursor, base.phase]).toEqual([0, "remove"]);
    expect(position(base)).toEqual(position(s));
  });

  test("walkTo at the current step gives the state back unchanged", () => {
    const undone = deepFreeze(undo(germanRemoved())); // the third pair waits for a redo
    expect(E.walkthrough(undone).position).toBe(0);
    expect(E.walkTo(undone, 0)).toBe(undone);
    expect([undone.cursor, undone.history.length]).toEqual([2, 3]);
    const five = deepFreeze(E.walkTo(germanRemoved(), 5));
    expect(E.walkTo(five, 5)).toBe(five);
    const consolidated = deepFreeze(play(germanRemoved(), "consolidate"));
    expect(E.walkTo(consolidated, 17)).toBe(consolidated);
    expect(E.walkTo(consolidated, 16).cursor).toBe(3 + 16);
  });

  test("none for a full tableau, gaps only at the end without stock, and a won game", () => {
    expect(E.walkthrough(E.newState({ deal: 7 }, "standard"))).toBeNull();
    const end = E.newState(
      { layout: "7H 7S 8C 8D 9C/.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |" },
      "standard",
    );
    expect(E.walkthrough(end)).toBeNull();
    const won = E.apply(
      E.newState(
        { layout: "7H 7S .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |" },
        "standard",
      ),
      { type: "remove", cells: [0, 1] },
    );
    expect(E.walkthrough(won)).toBeNull();
    const err = caught(() => E.walkTo(won, 0));
    expect([err.name, err.reason, err.key]).toEqual([
      "IllegalMove",
      "no-walkthrough",
      "no-walkthrough",
    ]);
  });

  test("the small and double rules", () => {
    for (const [rules, cells] of [
      ["small", 20],
      ["double", 49],
    ]) {
      let s = E.newState({ deal: 3 }, rules);
      s = E.apply(s, { type: "remove", cells: E.legalPairs(s)[0] });
      const w = E.walkthrough(s);
      expect(w.steps.at(-1).to).toBe(cells - 1);
      expect(position(E.walkTo(s, w.moves + w.deals))).toEqual(
        position(play(s, "consolidate", "refill")),
      );
    }
  });
});

describe("a walked state's walkthrough", () => {
  // walkTo hands the new state's walkthrough to the cache (it is the old one at
  // step k); a copy of the state (no cached answer) must be analysed the same.
  const fresh = (s) => E.walkthrough(JSON.parse(JSON.stringify(s)));

  test("is what a fresh look at the state finds, at every step and back", () => {
    const s = germanRemoved();
    let walked = s;
    for (const k of [5, 6, 23, 22, 0, 17, 1, 0]) {
      walked = E.walkTo(walked, k);
      expect(E.walkthrough(walked).position).toBe(k);
      expect(E.walkthrough(walked)).toEqual(fresh(walked));
    }
  });

  test("the same in a round with deals but no moves", () => {
    const s = E.newState(
      {
        layout:
          "7H 7S 8C 8D 9C/9D 9S KC KD QC/.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. | 2C 3C",
      },
      "standard",
    );
    for (const walked of [E.walkTo(s, 1), E.walkTo(s, 2), E.walkTo(undo(E.walkTo(s, 1)), 0)]) {
      expect(E.walkthrough(walked)).toEqual(fresh(walked));
    }
  });
});

describe("refused walks change nothing", () => {
  test.each([-1, 24, 1000])("step %s is out of range", (k) => {
    const s = germanRemoved();
    const err = caught(() => E.walkTo(s, k));
    expect(err).toBeInstanceOf(E.IllegalMove);
    expect([err.reason, err.key, err.params]).toEqual([
      "out-of-range",
      "walk-out-of-range",
      { k, n: 23 },
    ]);
    expect(err.message).toBe(`There is no step ${k}: this walkthrough has steps 0 to 23.`);
  });

  test.each([1.5, "3", true, null, undefined, NaN])("step %s is not a whole number", (k) => {
    const err = caught(() => E.walkTo(germanRemoved(), k));
    expect(err).toBeInstanceOf(E.StateError);
    expect([err.path, err.key]).toEqual(["k", "state.type"]);
  });
});

test("walkthrough(state) of a long game's fourth round, half done, starts mid-round", () => {
  // A long game: many rounds in the history, then a round half done by steps.
  // (Its speed is measured by benchmarks/engine_speed.mjs, not timed here.)
  let s = E.newState({ deal: 1000 }, "standard");
  const midRound = (x) => x.round >= 4 && x.phase === "consolidate";
  for (let guard = 0; guard < 400 && E.status(s) === "playing" && !midRound(s); guard++) {
    const pairs = E.legalPairs(s);
    if (pairs.length) s = E.apply(s, { type: "remove", cells: pairs[0] });
    else if (E.canConsolidate(s)) s = E.apply(s, { type: "consolidate_step" });
    else s = E.apply(s, { type: "refill_step" });
  }
  expect(midRound(s), "the game reaches a fourth round").toBe(true);
  expect(E.walkthrough({ ...s }).position).toBeGreaterThan(0);
});

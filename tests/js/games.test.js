// Whole games: many deals played to the end with simple strategies. Whatever the moves, the
// invariants of docs/architecture.md must hold after every action: the state verifies by
// replay, no card is created or lost, a card belongs to one pair, and status follows RULES.md.
import { describe, expect, test } from "vitest";
import {
  apply,
  canConsolidate,
  canRefill,
  consolidationMoves,
  legalPairs,
  legalRemovals,
  makeRules,
  mulberry32,
  newState,
  orderedDeck,
  pairs,
  refillCells,
  pairTest,
  status,
  totalCards,
  verifyState,
} from "../../js/engine/index.js";

/** Play deal n to the end: remove the first (or last) legal pair, else consolidate, else refill. */
function play(n, rules, { last = false, steps = false } = {}) {
  let s = newState({ deal: n }, rules);
  const deck = orderedDeck(s.rules).sort();
  const seen = [s];
  for (let guard = 0; guard < 2000 && status(s) === "playing"; guard++) {
    const legal = legalPairs(s);
    let action;
    if (legal.length) action = { type: "remove", cells: last ? legal.at(-1) : legal[0] };
    else if (canConsolidate(s)) action = { type: steps ? "consolidate_step" : "consolidate" };
    else if (canRefill(s)) action = { type: steps ? "refill_step" : "refill" };
    else throw new Error(`deal ${n}: playing but nothing to do`);
    if (action.type === "consolidate") {
      // The moves consolidate makes are the same as one step at a time.
      let t = s;
      const moves = [];
      do {
        const before = t.tableau;
        t = apply(t, { type: "consolidate_step" });
        const from = before.findIndex((c, k) => c !== null && t.tableau[k] === null);
        const to = before.findIndex((c, k) => c === null && t.tableau[k] !== null);
        if (from !== -1) moves.push([from, to]);
      } while (t.phase === "consolidate");
      expect(consolidationMoves(s)).toEqual(moves);
    }
    if (action.type === "refill") expect(refillCells(s).length).toBeGreaterThan(0);
    s = apply(s, action);
    seen.push(s);
    // Conservation: tableau + stock + discards is the deck, every card once per deck.
    const cards = [...s.tableau.filter(Boolean), ...s.stock, ...s.discards.flat()].sort();
    expect(cards).toEqual(deck);
    expect(totalCards(s)).toBe(deck.length);
    for (const [a, b] of s.discards) expect(a[0]).toBe(b[0]);
  }
  return { s, seen };
}

describe("played games keep the invariants", () => {
  test("standard deals 0–59: every state verifies; the end is won or lost as RULES.md says", () => {
    let won = 0;
    for (let n = 0; n < 60; n++) {
      const { s, seen } = play(n, "standard", { last: n % 2 === 1, steps: n % 3 === 0 });
      // Verify every state of the first games, the final state of the rest (replay is O(n)).
      for (const t of n < 12 ? seen : [s]) verifyState(JSON.parse(JSON.stringify(t)));
      const st = status(s);
      expect(["won", "lost"]).toContain(st);
      if (st === "won") {
        won++;
        expect(s.tableau.every((c) => c === null) && s.stock.length === 0).toBe(true);
      } else {
        expect(s.phase).toBe("remove");
        expect(pairs(s)).toEqual([]);
        // No card has a gap before it, and no gap can be refilled.
        const gap = s.tableau.indexOf(null);
        if (gap !== -1) {
          expect(s.tableau.slice(gap).every((c) => c === null)).toBe(true);
          expect(s.stock).toEqual([]);
        }
      }
      // Undo all the way back gives the start.
      let u = s;
      while (u.cursor > 0) u = apply(u, { type: "undo" });
      expect(u.tableau).toEqual(seen[0].tableau);
      expect(u.stock).toEqual(seen[0].stock);
    }
    expect(won).toBeLessThan(60);
  }, 30000);

  test("small and double deals too", () => {
    for (let n = 0; n < 10; n++) {
      for (const rules of ["small", "double"]) {
        const { s } = play(n, rules);
        expect(["won", "lost"]).toContain(status(s));
        verifyState(s);
      }
    }
  }, 30000);
});

/**
 * Play deal n of `rules` with random choices (mulberry32, seeded with n): a removal among
 * `legalRemovals` (lone cards included), else a consolidation or refill, whole or by steps,
 * with an undo now and then. Checks every card is kept after every action.
 */
function playRandom(n, rules) {
  const next = mulberry32(n);
  const pick = (list) => list[Math.floor((next() / 2 ** 32) * list.length)];
  let s = newState({ deal: n }, rules);
  const r = makeRules(rules);
  const deck = orderedDeck(s.rules).sort();
  for (let guard = 0; guard < 3000 && status(s) === "playing"; guard++) {
    const options = legalRemovals(s).map((cells) => ({ type: "remove", cells }));
    if (canConsolidate(s)) options.push({ type: "consolidate" }, { type: "consolidate_step" });
    if (canRefill(s)) options.push({ type: "refill" }, { type: "refill_step" });
    if (s.cursor > 0 && next() % 10 === 0) options.push({ type: "undo" });
    expect(options.length, `deal ${n}: playing but nothing to do`).toBeGreaterThan(0);
    s = apply(s, pick(options));
    const cards = [...s.tableau.filter(Boolean), ...s.stock, ...s.discards.flat()].sort();
    expect(cards).toEqual(deck);
    expect(totalCards(s)).toBe(deck.length);
  }
  for (const entry of s.discards) {
    if (entry.length === 1) expect(r.lone ?? []).toContain(entry[0][0]);
    else expect(pairTest(r)(entry[0], entry[1])).toBe(true);
  }
  return s;
}

describe("random whole games of every preset keep every card and end won or lost", () => {
  test.each([
    "standard",
    "small",
    "double",
    "thirteens",
    "fourteens",
    "fourteens-lines",
    "aces-square",
  ])(
    "%s, deals 0–11",
    (rules) => {
      for (let n = 0; n < 12; n++) {
        const s = playRandom(n, rules);
        const st = status(s);
        expect(["won", "lost"]).toContain(st);
        verifyState(JSON.parse(JSON.stringify(s)));
        const stay = makeRules(rules).stay ?? [];
        if (st === "won") {
          expect(s.stock).toEqual([]);
          expect(s.tableau.every((c) => c === null || stay.includes(c[0]))).toBe(true);
        } else {
          expect(s.phase).toBe("remove");
          expect(legalRemovals(s)).toEqual([]);
          expect(canConsolidate(s)).toBe(false);
        }
      }
    },
    60000,
  );
});

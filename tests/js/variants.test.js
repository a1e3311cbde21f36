// The relatives of Monte Carlo (issue 19) in the JavaScript engine: each pair rule and
// touching rule on hand-made layouts, worked out by hand from RULES.md ("Variants" and the
// decisions under it) and the lead's engine spec; every refusal leaves the state unchanged.
import { describe, expect, test } from "vitest";
import {
  IllegalMove,
  StateError,
  apply,
  highlights,
  legalLone,
  legalPairs,
  legalRemovals,
  loneCells,
  makeRules,
  newState,
  pairs,
  partners,
  removedCount,
  status,
  totalCards,
  touching,
  validateState,
  verifyState,
} from "../../js/engine/index.js";
import { deepFreeze, expectError } from "./helpers.js";

const remove = (...cells) => ({ type: "remove", cells });
const GAPS = ".. .. .. .. ..";

/** A 5×5 layout from its rows (missing rows are gaps) and the stock. */
const layout = (rows, stock = "") =>
  [...rows, ...Array(5 - rows.length).fill(GAPS)].join("/") + ` | ${stock}`;

/** `apply` must refuse with these fields and leave the (frozen) state as it was. */
const refused = (s, action, fields) => {
  const copy = JSON.parse(JSON.stringify(s));
  deepFreeze(s);
  const err = expectError(() => apply(s, action), IllegalMove, fields);
  expect(s).toEqual(copy);
  return err;
};

const kings = { key: "rank-plural.K", params: {} };
const aces = { key: "rank-plural.A", params: {} };

describe("Thirteens: ranks sum to 13, a king goes alone (RULES.md, 'Variants')", () => {
  // 7♥ 6♣ K♦ K♠ Q♥ / 7♣ .. .. .. A♦ / .. .. 6♦ .. .. ; stock 5♠.
  const T = layout(["7H 6C KD KS QH", "7C .. .. .. AD", ".. .. 6D .. .."], "5S");
  const s = () => newState({ layout: T }, "thirteens");

  test("pairs, lone cards and the removals allowed, by hand", () => {
    // 7♥–6♣ (side), 6♣–7♣ (diagonal), Q♥–A♦ (below); 7♥–7♣ make 14; the kings never pair.
    expect(pairs(s())).toEqual([
      [0, 1],
      [1, 5],
      [4, 9],
    ]);
    expect(loneCells(s())).toEqual([2, 3]);
    expect(legalLone(s())).toEqual([2, 3]);
    expect(legalRemovals(s())).toEqual([[0, 1], [1, 5], [2], [3], [4, 9]]);
    expect(partners(s(), 0)).toEqual([1]);
    expect(partners(s(), 2)).toEqual([]); // a king pairs with nothing
    expect(highlights(s(), 2)).toMatchObject({ lone: true, partners: [] });
    expect(highlights(s(), 0).lone).toBe(false);
  });

  test("7♥ 6♣ pair; Q♥ A♦ pair", () => {
    let t = apply(s(), remove(1, 0));
    expect(t.discards).toEqual([["7H", "6C"]]);
    expect(t.history).toEqual([remove(0, 1)]);
    t = apply(t, remove(4, 9));
    expect(t.discards).toEqual([
      ["7H", "6C"],
      ["QH", "AD"],
    ]);
    expect(removedCount(t)).toBe(4);
  });

  test("7♥ 7♣ are refused: they make 14, not 13", () => {
    const err = refused(s(), remove(0, 5), {
      reason: "not-sum",
      key: "not-sum",
      cells: [0, 5],
      params: { a: "7♥", b: "7♣", sum: 13, total: 14 },
    });
    expect(err.message).toBe(
      "7♥ and 7♣ do not make 13: their ranks add up to 14 (A = 1, J = 11, Q = 12, K = 13).",
    );
  });

  test("a king is removed alone, whenever it is on the tableau; one card is counted", () => {
    const t = apply(s(), remove(2));
    expect(t.tableau[2]).toBeNull();
    expect(t.discards).toEqual([["KD"]]);
    expect(t.history).toEqual([remove(2)]);
    expect(removedCount(t)).toBe(1);
    expect(totalCards(t)).toBe(9); // 7 on the tableau, 1 in the stock, 1 removed: 9 as before
    expect(legalRemovals(t)).toEqual([[0, 1], [1, 5], [3], [4, 9]]);
  });

  test("two kings never pair (M10); a king with a queen neither", () => {
    const err = refused(s(), remove(2, 3), {
      reason: "lone-rank",
      key: "lone-rank",
      cells: [2, 3],
      params: { a: "K♦", b: "K♠", ranks: kings },
    });
    expect(err.message).toBe("K♦ and K♠ do not pair: kings never pair; each goes alone.");
    refused(s(), remove(3, 4), { reason: "lone-rank", params: { a: "K♠", b: "Q♥" } });
  });

  test("any other card cannot go alone", () => {
    const err = refused(s(), remove(0), {
      reason: "not-lone",
      key: "not-lone",
      cells: [0],
      params: { a: "7♥", ranks: kings },
    });
    expect(err.message).toBe(
      "7♥ cannot be removed alone: only kings go alone; it needs a partner.",
    );
  });

  test("a gap still breaks contact: 7♥ and 6♦ make 13 across the gap", () => {
    refused(s(), remove(0, 12), {
      reason: "across-gap",
      key: "across-gap",
      params: { a: "7♥", b: "6♦" },
    });
    refused(s(), remove(0, 10), { reason: "empty-cell", cells: [10] });
  });

  test("one-cell refusals come in the spec's order", () => {
    refused(s(), remove(25), { reason: "out-of-range", cells: [] });
    refused(s(), remove(7), { reason: "empty-cell", cells: [7], params: { row: 2, col: 3 } });
    const consolidating = apply(apply(s(), remove(2)), { type: "consolidate_step" });
    refused(consolidating, remove(3), {
      reason: "wrong-phase",
      key: "remove-during-consolidation",
    });
  });

  test("won when the last king goes and the stock is empty", () => {
    let t = newState({ layout: layout(["KD .. .. .. .."]) }, "thirteens");
    expect(status(t)).toBe("playing"); // no pair, no consolidation, but a king can go
    t = apply(t, remove(0));
    expect(status(t)).toBe("won");
    refused(t, remove(0), { reason: "game-over" });
  });

  test("undo and redo of a lone removal; the state round-trips through JSON and verifies", () => {
    const t = apply(apply(s(), remove(2)), remove(0, 1));
    const back = apply(t, { type: "undo" });
    expect(back.discards).toEqual([["KD"]]);
    const first = apply(back, { type: "undo" });
    expect(first.tableau).toEqual(s().tableau);
    expect(first.discards).toEqual([]);
    const again = apply(first, { type: "redo" });
    expect(again.discards).toEqual([["KD"]]);
    expect(again.tableau[2]).toBeNull();
    const json = JSON.parse(JSON.stringify(t));
    expect(verifyState(json)).toEqual(t);
    expect(json.rules).toEqual({
      name: "thirteens",
      rows: 5,
      cols: 5,
      decks: 1,
      pair: "sum-13",
      touching: "eight",
      lone: ["K"],
    });
  });

  test("a 1-card discard is valid only for a lone rank", () => {
    const t = JSON.parse(JSON.stringify(apply(s(), remove(2))));
    t.discards = [["7H"]];
    expectError(() => validateState(t), StateError, {
      path: "state.discards[0][0]",
      key: "state.not-lone",
    });
  });

  test("the same deal as the standard game (deals depend only on decks and cells)", () => {
    const t = newState({ deal: 7 }, "thirteens");
    const u = newState({ deal: 7 });
    expect([t.start, t.tableau, t.stock]).toEqual([u.start, u.tableau, u.stock]);
  });
});

describe("Fourteens: ranks sum to 14 among the 8 neighbours", () => {
  // 7♥ 7♣ .. K♠ A♦ / .. .. .. .. .. / 9♣ .. 5♦ .. ..
  const F = layout(["7H 7C .. KS AD", GAPS, "9C .. 5D .. .."]);
  const s = () => newState({ layout: F }, "fourteens");

  test("7–7 and K–A pair; 9♣ and 5♦ do not touch across the gap", () => {
    expect(pairs(s())).toEqual([
      [0, 1],
      [3, 4],
    ]);
    expect(loneCells(s())).toEqual([]);
    expect(apply(s(), remove(0, 1)).discards).toEqual([["7H", "7C"]]);
    expect(apply(s(), remove(3, 4)).discards).toEqual([["KS", "AD"]]);
    refused(s(), remove(10, 12), {
      reason: "across-gap",
      cells: [10, 12],
      params: { a: "9♣", b: "5♦" },
    });
    refused(s(), remove(1, 3), {
      reason: "not-sum",
      params: { a: "7♣", b: "K♠", sum: 14, total: 20 },
    });
  });

  test("no card goes alone: the message says a card needs a partner", () => {
    const err = refused(s(), remove(3), {
      reason: "not-lone",
      key: "needs-partner",
      cells: [3],
      params: { a: "K♠" },
    });
    expect(err.message).toBe("K♠ cannot be removed alone: a card leaves only with a partner.");
  });
});

describe("fourteens-lines: anywhere in the same row or column", () => {
  // 9♣ .. 5♦ 8♠ 5♥ / 3♠ 5♣ .. .. .. / 4♣ .. .. .. .. / J♦ .. .. .. ..
  const L = layout(["9C .. 5D 8S 5H", "3S 5C .. .. ..", "4C .. .. .. ..", "JD .. .. .. .."]);
  const s = () => newState({ layout: L }, "fourteens-lines");

  test("touching is the row and the column, not the diagonals", () => {
    const rules = makeRules("fourteens-lines");
    expect(touching(rules, 0)).toEqual([1, 2, 3, 4, 5, 10, 15, 20]);
    expect(touching(rules, 12)).toEqual([2, 7, 10, 11, 13, 14, 17, 22]);
    expect(touching(makeRules("fourteens"), 0)).toEqual([1, 5, 6]);
    expect(highlights(s(), 0)).toEqual({
      neighbours: [1, 2, 3, 4, 5, 10, 15, 20],
      partners: [2, 4],
      falseNeighbours: [],
      lone: false,
    });
  });

  test("a pair across a gap and across cards, in a row and in a column", () => {
    // Row 1: 9♣–5♦ across a gap, 9♣–5♥ across 5♦ and 8♠; column 1: 3♠–J♦ across 4♣.
    expect(pairs(s())).toEqual([
      [0, 2],
      [0, 4],
      [5, 15],
    ]);
    expect(apply(s(), remove(0, 2)).discards).toEqual([["9C", "5D"]]);
    expect(apply(s(), remove(4, 0)).discards).toEqual([["9C", "5H"]]);
    expect(apply(s(), remove(5, 15)).discards).toEqual([["3S", "JD"]]);
  });

  test("refused on a diagonal, even next to each other", () => {
    const err = refused(s(), remove(0, 6), {
      reason: "not-in-line",
      key: "not-in-line",
      cells: [0, 6],
      params: { a: "9♣", b: "5♣" },
    });
    expect(err.message).toBe(
      "9♣ and 5♣ do not pair: a pair must be in the same row or the same column.",
    );
  });
});

describe("Aces Square: the same suit in a row or column; aces stay", () => {
  // A♠ 7♠ .. 9♥ 3♥ / .. 2♠ .. .. .. ; stock 4♦.
  const A = layout(["AS 7S .. 9H 3H", ".. 2S .. .. .."], "4D");
  const s = () => newState({ layout: A }, "aces-square");

  test("same suit in a row and in a column pair; other suits do not", () => {
    expect(pairs(s())).toEqual([
      [1, 6],
      [3, 4],
    ]);
    expect(apply(s(), remove(3, 4)).discards).toEqual([["9H", "3H"]]);
    expect(apply(s(), remove(1, 6)).discards).toEqual([["7S", "2S"]]);
    const err = refused(s(), remove(1, 3), {
      reason: "different-suit",
      key: "different-suit",
      params: { a: "7♠", b: "9♥" },
    });
    expect(err.message).toBe("7♠ and 9♥ do not pair: only two cards of the same suit pair.");
  });

  test("aces never pair and never go alone", () => {
    const err = refused(s(), remove(0, 1), {
      reason: "stay-rank",
      key: "stay-rank",
      cells: [0, 1],
      params: { a: "A♠", b: "7♠", ranks: aces },
    });
    expect(err.message).toBe(
      "A♠ and 7♠ do not pair: aces never pair in this game; they stay on the tableau.",
    );
    refused(s(), remove(0), { reason: "not-lone", key: "needs-partner" });
    expect(partners(s(), 0)).toEqual([]);
  });

  test("won with only the four aces left and the stock empty", () => {
    // 5♣ and 7♣ are not in one row or column: blocked, not won.
    let t = newState({ layout: layout(["AS AH AD AC 5C", "7C .. .. .. .."]) }, "aces-square");
    expect(status(t)).toBe("lost");
    t = newState({ layout: layout(["AS AH AD AC 5C", ".. .. .. .. 7C"]) }, "aces-square");
    expect(status(t)).toBe("playing");
    expect(legalPairs(t)).toEqual([[4, 9]]);
    t = apply(t, remove(4, 9));
    expect(status(t)).toBe("won");
    expect(removedCount(t)).toBe(2);
    // With the stock not empty, four aces alone are not yet a win.
    const u = newState({ layout: layout(["AS AH AD AC .."], "5C") }, "aces-square");
    expect(status(u)).toBe("playing");
  });

  test("lost: no pair, nothing to consolidate, a card that is not an ace left", () => {
    const t = newState({ layout: layout(["AS 2H .. .. .."]) }, "aces-square");
    expect(status(t)).toBe("lost");
  });
});

describe("the rules value: presets and JSON", () => {
  test("presets with all their values", () => {
    expect(makeRules("aces-square")).toEqual({
      name: "aces-square",
      rows: 5,
      cols: 5,
      decks: 1,
      pair: "same-suit",
      touching: "line",
      stay: ["A"],
    });
    expect(makeRules("fourteens")).toEqual({
      name: "fourteens",
      rows: 5,
      cols: 5,
      decks: 1,
      pair: "sum-14",
      touching: "eight",
    });
  });

  const STD = makeRules("standard");
  test("lone and stay: sorted by rank value, left out when empty", () => {
    const custom = { ...STD, name: "mine", pair: "sum-13", lone: ["K", "Q", "A"], stay: [] };
    expect(makeRules(custom)).toEqual({
      ...STD,
      name: "mine",
      pair: "sum-13",
      lone: ["A", "Q", "K"],
    });
    expect(makeRules({ ...STD, lone: [], stay: [] })).toEqual(STD);
  });

  test.each([
    [{ ...STD, name: "x", lone: "K" }, "rules.lone", "state.type"],
    [{ ...STD, name: "x", lone: ["K", "X"] }, "rules.lone[1]", "state.choice"],
    [{ ...STD, name: "x", lone: ["k"] }, "rules.lone[0]", "state.choice"],
    [{ ...STD, name: "x", stay: [1] }, "rules.stay[0]", "state.choice"],
    [{ ...STD, name: "x", lone: ["K", "Q", "K"] }, "rules.lone[2]", "state.duplicate"],
    [{ ...STD, name: "x", lone: ["K"], stay: ["A", "K"] }, "rules.stay[1]", "state.lone-and-stay"],
    [{ ...makeRules("thirteens"), lone: [] }, "rules.lone", "state.preset"],
    [{ ...makeRules("thirteens"), stay: ["A"] }, "rules.stay", "state.preset"],
    [{ ...makeRules("fourteens"), touching: "line" }, "rules.touching", "state.preset"],
    [{ ...makeRules("aces-square"), pair: "same-rank" }, "rules.pair", "state.preset"],
    [{ ...STD, pair: "sum-12" }, "rules.pair", "state.choice"],
    [{ ...STD, touching: "four" }, "rules.touching", "state.choice"],
  ])("%j is refused at %s (%s)", (spec, path, key) => {
    expectError(() => makeRules(spec), StateError, { path, key });
  });

  test("a standard state is unchanged: no lone or stay key in its JSON", () => {
    const s = newState({ deal: 7 });
    expect(Object.keys(s.rules)).toEqual(["name", "rows", "cols", "decks", "pair", "touching"]);
    expect(Object.keys(apply(s, remove(...legalPairs(s)[0])).rules)).toHaveLength(6);
  });
});

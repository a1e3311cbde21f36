// The rules engine: RULES.md "A round", "End of the game", "Common mistakes", the German
// worked example (tests/cases/german-worked-example.json) and docs/architecture.md
// "Actions", "Status (derived)", "Queries". Expected values come from RULES.md, the case
// file, or are worked out by hand in the comments; none are produced by the engine itself.
import { describe, expect, test } from "vitest";
import germanCase from "../cases/german-worked-example.json";
import {
  DealError,
  IllegalMove,
  LayoutError,
  StateError,
  acrossGap,
  apply,
  canConsolidate,
  canRedo,
  canRefill,
  canUndo,
  consolidationMove,
  consolidationMoves,
  falseNeighbours,
  formatLayout,
  highlights,
  legalPairs,
  newState,
  nextRefillCell,
  pairs,
  refillCells,
  removedCount,
  status,
  totalCards,
  verifyState,
} from "../../js/engine/index.js";
import { GERMAN, deepFreeze, expectError } from "./helpers.js";

/** Apply with the input deep-frozen, and check the input is unchanged afterwards. */
function step(state, action) {
  deepFreeze(state);
  const before = JSON.stringify(state);
  const after = apply(state, action);
  expect(JSON.stringify(state)).toBe(before);
  return after;
}

/** Expect `apply` to refuse; the frozen input stays as it was. Returns the error. */
function refused(state, action, Class, fields) {
  deepFreeze(state);
  const before = JSON.stringify(state);
  const err = expectError(() => apply(state, action), Class, fields);
  expect(JSON.stringify(state)).toBe(before);
  return err;
}

const remove = (i, j) => ({ type: "remove", cells: [i, j] });
const CONSOLIDATE_STEP = { type: "consolidate_step" };
const CONSOLIDATE = { type: "consolidate" };
const REFILL_STEP = { type: "refill_step" };
const REFILL = { type: "refill" };
const UNDO = { type: "undo" };
const REDO = { type: "redo" };
const layoutOf = (s) => formatLayout(s, s.rules);
const EMPTY_ROW = ".. .. .. .. ..";
const rowsOf = (...rows) => [...rows, ...Array(5 - rows.length).fill(EMPTY_ROW)].join("/");

// P1, a standard position for the reasons (cells in reading order):
//  0 7H  1 7C  2 ..  3 7D  4 2S
//  5 3H  6 4C  7 5D  8 6S  9 8H
// 10 9H 11 TC 12 .. 13 QS 14 KH
// 15 AS 16 2H 17 3C 18 4D 19 5S
// 20 6H 21 8C 22 9D 23 TS 24 JH   stock QC JD
// By hand: the only two same-rank neighbours are 0–1 (7H, 7C).
const P1 = "7H 7C .. 7D 2S/3H 4C 5D 6S 8H/9H TC .. QS KH/AS 2H 3C 4D 5S/6H 8C 9D TS JH | QC JD";

// No two same ranks touch: cell k holds rank k mod 13 (A…K, then A…Q), and cells k and
// k+13 are two rows apart. Full tableau, stock left.
const NO_PAIR_ROWS = "AS 2S 3S 4S 5S/6S 7S 8S 9S TS/JS QS KS AH 2H/3H 4H 5H 6H 7H/8H 9H TH JH QH";

describe("the state JSON (docs/architecture.md 'State')", () => {
  test("a fresh game from a layout", () => {
    const s = newState({ layout: GERMAN });
    expect(s).toEqual({
      rules: {
        name: "standard",
        rows: 5,
        cols: 5,
        decks: 1,
        pair: "same-rank",
        touching: "eight",
      },
      deal: null,
      start: GERMAN,
      tableau: GERMAN.split(" | ")[0].split(/[ /]/),
      stock: GERMAN.split(" | ")[1].split(" "),
      discards: [],
      phase: "remove",
      round: 1,
      consolidations: 0,
      history: [],
      cursor: 0,
      previous_game: null,
      next_game: null,
    });
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  test("a fresh game from a deal number keeps the number; start is canonical", () => {
    const s = newState({ deal: 7 });
    expect(s.deal).toBe(7);
    expect(s.start).toBe(
      "JH TS QC 5H 7C/9S AD 4H 2C 8D/9C 4D AC 3S KC/5C 3H QS JC TH/JD KS KD 2S 8C | 2H 4C 3D 5S 6S 2D QD 7D TD 6H 3C AH 8S 8H 5D 7S 6C 6D QH JS 9H 7H KH 9D TC 4S AS",
    );
    expect(layoutOf(s)).toBe(s.start);
  });

  test("a loaded layout is stored canonically", () => {
    const s = newState({
      layout: "7h 10c .. .. ../" + [1, 2, 3, 4].map(() => EMPTY_ROW).join("/"),
    });
    expect(s.start).toBe(rowsOf("7H TC .. .. ..") + " |");
    expect(s.tableau.slice(0, 3)).toEqual(["7H", "TC", null]);
  });

  test("other rules are kept", () => {
    const s = newState({ deal: 1 }, "small");
    expect(s.rules.name).toBe("small");
    expect(s.tableau).toHaveLength(20);
    expect(s.stock).toHaveLength(32);
  });

  test("newState needs exactly one of deal or layout", () => {
    expect(() => newState({})).toThrow(TypeError);
    expect(() => newState({ deal: 1, layout: GERMAN })).toThrow(TypeError);
    expect(() => newState(null)).toThrow(TypeError);
    expectError(() => newState({ deal: 1 }, "fifteens"), StateError, { path: "rules" });
    expectError(() => newState({ layout: "7H" }), LayoutError, { key: "layout.row-count" });
  });

  test("remove is stored with i < j, the pair with the lower cell's card first", () => {
    const s = step(newState({ layout: GERMAN }), remove(8, 2));
    expect(s.history).toEqual([{ type: "remove", cells: [2, 8] }]);
    expect(s.cursor).toBe(1);
    expect(s.discards).toEqual([["4C", "4H"]]);
    expect(s.tableau[2]).toBeNull();
    expect(s.tableau[8]).toBeNull();
    expect(s.phase).toBe("remove");
  });

  test("apply returns fresh objects that share nothing with its input", () => {
    const s0 = newState({ layout: GERMAN });
    const s1 = step(s0, remove(2, 8));
    for (const key of ["rules", "tableau", "stock", "discards", "history"]) {
      expect(s1[key]).not.toBe(s0[key]);
    }
    const s2 = step(s1, UNDO);
    expect(s2.history).not.toBe(s1.history);
    expect(s2.history[0]).not.toBe(s1.history[0]);
    s2.tableau[0] = "XX"; // the result is not frozen and may be changed by its owner
    expect(s1.tableau[0]).toBe("9H");
  });
});

describe("the German worked example, in full", () => {
  const start = () => newState({ layout: germanCase.layout });

  test("the case file's layout is the one used here", () => {
    expect(germanCase.layout).toBe(GERMAN);
    expect(germanCase.rules).toBe("standard");
  });

  test("exactly three pairs: 4♥–4♣, J♦–J♠, 2♣–2♦", () => {
    const s = start();
    expect(legalPairs(s)).toEqual([
      [2, 8],
      [6, 11],
      [18, 22],
    ]);
    expect(legalPairs(s)).toEqual(germanCase.legal_pairs);
    expect(pairs(s)).toEqual(germanCase.legal_pairs);
    expect(status(s)).toBe("playing");
  });

  test("Q♦ and Q♣ (10, 23) are not neighbours", () => {
    expect(germanCase.not_neighbours).toEqual([[10, 23]]);
    const err = refused(start(), remove(10, 23), IllegalMove, {
      reason: "not-adjacent",
      key: "not-adjacent",
      cells: [10, 23],
      params: { a: "Q♦", b: "Q♣" },
    });
    expect(err.message).toBe(
      "Q♦ and Q♣ are not neighbours: a pair must touch by a side or a corner.",
    );
  });

  test("after removing the three pairs, 7♦ and 7♣ (17, 19) lie across a gap", () => {
    let s = start();
    for (const [i, j] of germanCase.remove) s = step(s, remove(i, j));
    expect(s.discards).toEqual([
      ["4C", "4H"],
      ["2D", "2C"],
      ["JS", "JD"],
    ]);
    expect(removedCount(s)).toBe(6);
    expect(totalCards(s)).toBe(52);
    expect(legalPairs(s)).toEqual([]);
    expect(status(s)).toBe("playing");
    expect(acrossGap(s, 17, 19)).toBe(true);
    const err = refused(s, remove(17, 19), IllegalMove, {
      reason: "across-gap",
      key: "across-gap",
      cells: [17, 19],
      params: { a: "7♦", b: "7♣" },
    });
    expect(err.message).toBe(
      "7♦ and 7♣ are not neighbours: the gap between them does not count until you consolidate.",
    );
  });

  test("the 17 consolidation steps, one card at a time, then 6 refill steps", () => {
    let s = start();
    for (const [i, j] of germanCase.remove) s = step(s, remove(i, j));
    expect(canConsolidate(s)).toBe(true);
    expect(consolidationMoves(s)).toEqual(germanCase.consolidation_steps_from_to);

    const moves = [];
    do {
      const predicted = consolidationMove(s);
      const next = step(s, CONSOLIDATE_STEP);
      // Diff the tableaux: exactly one card moved, from → to.
      const changed = next.tableau.flatMap((c, k) => (c !== s.tableau[k] ? [k] : []));
      expect(changed).toHaveLength(2);
      const [from, to] = [Math.max(...changed), Math.min(...changed)];
      expect(next.tableau[to]).toBe(s.tableau[from]);
      expect(next.tableau[from]).toBeNull();
      expect(predicted).toEqual([from, to]);
      moves.push([from, to]);
      expect(next.consolidations).toBe(1);
      s = next;
    } while (s.phase === "consolidate");

    expect(moves).toEqual(germanCase.consolidation_steps_from_to);
    expect(moves).toHaveLength(17);
    expect(s.phase).toBe("refill");
    expect(layoutOf(s)).toBe(germanCase.after_consolidation);
    expect(consolidationMove(s)).toBeNull();
    expect(canConsolidate(s)).toBe(false);
    expect(canRefill(s)).toBe(true);
    // Kings and sevens now touch (RULES.md worked example), but no pair may go in the refill.
    expect(pairs(s)).toEqual([
      [7, 8],
      [10, 11],
      [13, 14],
    ]);
    expect(legalPairs(s)).toEqual([]);
    // K♦ (10) touches K♠ (11), but during the refill it has no partner yet.
    expect(highlights(s, 10).partners).toEqual([]);

    expect(refillCells(s)).toEqual([19, 20, 21, 22, 23, 24]);
    const filled = [];
    while (s.phase === "refill") {
      const cell = nextRefillCell(s);
      const top = s.stock[0];
      s = step(s, REFILL_STEP);
      expect(s.tableau[cell]).toBe(top);
      filled.push(cell);
    }
    expect(filled).toEqual([19, 20, 21, 22, 23, 24]);
    expect(filled).toHaveLength(germanCase.cards_refilled);
    expect(nextRefillCell(s)).toBeNull();
    expect(layoutOf(s)).toBe(germanCase.after_refill_layout);
    expect(s.tableau.slice(10, 15).join(" ")).toBe(germanCase.row3_after_round);
    expect(s.stock).toHaveLength(21);
    expect(s).toMatchObject({ phase: "remove", round: 2, consolidations: 1, cursor: 3 + 17 + 6 });
    expect(s.history).toHaveLength(26);
    // By hand from the refilled layout: Q♦–Q♥, K♦–K♠, 7♦–7♣ and A♥–A♦ (diagonal).
    expect(legalPairs(s)).toEqual([
      [7, 8],
      [10, 11],
      [13, 14],
      [18, 22],
    ]);
    expect(totalCards(s)).toBe(52);
    expect(verifyState(s)).toBe(s);
  });

  test("consolidate and refill at once give the same position as the steps", () => {
    let s = start();
    for (const [i, j] of germanCase.remove) s = step(s, remove(i, j));
    s = step(s, CONSOLIDATE);
    expect(layoutOf(s)).toBe(germanCase.after_consolidation);
    expect(s).toMatchObject({ phase: "refill", round: 1, consolidations: 1 });
    s = step(s, REFILL);
    expect(layoutOf(s)).toBe(germanCase.after_refill_layout);
    expect(s).toMatchObject({ phase: "remove", round: 2, consolidations: 1, cursor: 5 });
    expect(s.history).toEqual([remove(2, 8), remove(6, 11), remove(18, 22), CONSOLIDATE, REFILL]);
  });

  test("consolidate finishes a consolidation already under way", () => {
    let s = start();
    for (const [i, j] of germanCase.remove) s = step(s, remove(i, j));
    s = step(s, CONSOLIDATE_STEP);
    s = step(s, CONSOLIDATE_STEP);
    expect(consolidationMoves(s)).toEqual(germanCase.consolidation_steps_from_to.slice(2));
    s = step(s, CONSOLIDATE);
    expect(layoutOf(s)).toBe(germanCase.after_consolidation);
    expect(s.consolidations).toBe(1);
  });
});

describe("remove: every reason, in the order of docs/architecture.md", () => {
  const p1 = () => newState({ layout: P1 });

  test("P1 has exactly the pair 0–1 (worked out by hand)", () => {
    expect(legalPairs(p1())).toEqual([[0, 1]]);
  });

  test("a legal pair: suits never matter (7♥ with 7♣)", () => {
    const s = step(p1(), remove(1, 0));
    expect(s.discards).toEqual([["7H", "7C"]]);
  });

  test.each([
    [[0, 25], "out-of-range", [], { cell: 25, last: 24 }],
    [[-1, 0], "out-of-range", [], { cell: -1, last: 24 }],
    [[30, 4], "out-of-range", [], { cell: 30, last: 24 }],
  ])("%j → %s", (cells, reason, errCells, params) => {
    const err = refused(p1(), { type: "remove", cells }, IllegalMove, {
      reason,
      key: reason,
      cells: errCells,
      params,
    });
    expect(err.message).toBe(`There is no cell ${params.cell}: cells are numbered 0 to 24.`);
  });

  test("same-cell", () => {
    refused(p1(), remove(3, 3), IllegalMove, { reason: "same-cell", cells: [3] });
  });

  test("empty-cell names the gap (the lower one first)", () => {
    const err = refused(p1(), remove(3, 2), IllegalMove, {
      reason: "empty-cell",
      key: "empty-cell",
      cells: [2],
      params: { row: 1, col: 3 },
    });
    expect(err.message).toBe("Row 1, column 3 is empty: only cards can be paired.");
    refused(p1(), remove(12, 2), IllegalMove, { reason: "empty-cell", cells: [2] });
    refused(p1(), remove(12, 13), IllegalMove, { cells: [12], params: { row: 3, col: 3 } });
  });

  test("different-rank, even for neighbours of the same suit (M5)", () => {
    const err = refused(p1(), remove(4, 0), IllegalMove, {
      reason: "different-rank",
      key: "different-rank",
      cells: [0, 4],
      params: { a: "7♥", b: "2♠" },
    });
    expect(err.message).toBe(
      "7♥ and 2♠ do not pair: only cards of the same rank pair (suits never matter).",
    );
    refused(p1(), remove(0, 5), IllegalMove, {
      reason: "different-rank",
      params: { a: "7♥", b: "3♥" },
    });
  });

  test("across-gap (M1): on one line with only gaps between", () => {
    // 7♣ (row 1, col 2) and 7♦ (row 1, col 4) with the gap at cell 2 between them.
    refused(p1(), remove(1, 3), IllegalMove, { reason: "across-gap", cells: [1, 3] });
    // 4♣ (6) and 4♦ (18) on a diagonal with the gap at 12 between them.
    refused(p1(), remove(18, 6), IllegalMove, {
      reason: "across-gap",
      cells: [6, 18],
      params: { a: "4♣", b: "4♦" },
    });
  });

  test("not-adjacent: on a line with a card between, or not on a line", () => {
    // 7♥ (0) and 7♦ (3): 7♣ at 1 is between them.
    refused(p1(), remove(0, 3), IllegalMove, { reason: "not-adjacent" });
    // 2♠ (0,4) and 2♥ (3,1): not on one line.
    refused(p1(), remove(4, 16), IllegalMove, {
      reason: "not-adjacent",
      params: { a: "2♠", b: "2♥" },
    });
    // 3♥ (1,0) and 3♣ (3,2): a diagonal, but 10♣ at 11 is between.
    refused(p1(), remove(5, 17), IllegalMove, { reason: "not-adjacent" });
  });

  test("the grid does not wrap (M6)", () => {
    const s = newState({
      layout: rowsOf("KS 2D 3D 4D 7S", "7D 9D TD JD QD", EMPTY_ROW, EMPTY_ROW, "KH .. .. .. .."),
    });
    expect(pairs(s)).toEqual([]);
    refused(s, remove(4, 5), IllegalMove, { reason: "not-adjacent" });
    refused(s, remove(0, 20), IllegalMove, { reason: "not-adjacent" });
  });

  test("diagonals count (M2)", () => {
    const s = newState({ layout: rowsOf("7S .. .. .. ..", ".. 7D .. .. ..") });
    expect(legalPairs(s)).toEqual([[0, 6]]);
    expect(step(s, remove(6, 0)).discards).toEqual([["7S", "7D"]]);
  });

  test("a card belongs to one pair only (M7): of three touching sevens only two go", () => {
    let s = newState({ layout: rowsOf("7S 7D 7C .. ..") });
    expect(legalPairs(s)).toEqual([
      [0, 1],
      [1, 2],
    ]);
    s = step(s, remove(0, 1));
    expect(legalPairs(s)).toEqual([]);
    refused(s, remove(1, 2), IllegalMove, { reason: "empty-cell", cells: [1] });
    refused(s, remove(0, 2), IllegalMove, { reason: "empty-cell", cells: [0] });
  });

  describe("check order: the first failing check is the reason", () => {
    test("out-of-range before same-cell", () => {
      refused(p1(), remove(25, 25), IllegalMove, { reason: "out-of-range" });
    });
    test("same-cell before empty-cell", () => {
      refused(p1(), remove(2, 2), IllegalMove, { reason: "same-cell" });
    });
    test("same-cell and out-of-range before game-over", () => {
      const lost = newState({ layout: NO_PAIR_ROWS + " | KH" });
      expect(status(lost)).toBe("lost");
      refused(lost, remove(3, 3), IllegalMove, { reason: "same-cell" });
      refused(lost, remove(3, 99), IllegalMove, { reason: "out-of-range" });
      refused(lost, remove(0, 1), IllegalMove, { reason: "game-over", cells: [] });
    });
    test("game-over before empty-cell (a won game)", () => {
      const won = step(newState({ layout: rowsOf("7H 7C .. .. ..") }), remove(0, 1));
      expect(status(won)).toBe("won");
      refused(won, remove(0, 1), IllegalMove, { reason: "game-over" });
    });
    test("wrong-phase before empty-cell, different-rank and adjacency", () => {
      const s = step(p1(), CONSOLIDATE_STEP);
      expect(s.phase).toBe("consolidate");
      for (const cells of [
        [0, 1],
        [2, 3],
        [0, 4],
        [1, 3],
      ]) {
        refused(s, { type: "remove", cells }, IllegalMove, {
          reason: "wrong-phase",
          key: "remove-during-consolidation",
          cells: [],
        });
      }
    });
    test("empty-cell before different-rank", () => {
      refused(p1(), remove(2, 4), IllegalMove, { reason: "empty-cell" });
    });
    test("different-rank before across-gap: rank first, wherever the cards lie", () => {
      // 5♦ (7) and 3♣ (17) in one column with the gap at 12 between.
      refused(p1(), remove(7, 17), IllegalMove, { reason: "different-rank" });
      // 10♣ (11) and Q♠ (13) in one row with the gap at 12 between.
      refused(p1(), remove(11, 13), IllegalMove, { reason: "different-rank" });
      // 7♥ (0) and J♥ (24): far apart.
      refused(p1(), remove(0, 24), IllegalMove, { reason: "different-rank" });
    });
    test("across-gap before not-adjacent", () => {
      refused(p1(), remove(1, 3), IllegalMove, { reason: "across-gap" });
    });
  });
});

describe("phases: consolidate and refill (RULES.md 'A round')", () => {
  test("refill before consolidating is refused (M4)", () => {
    const s = step(newState({ layout: GERMAN }), remove(2, 8));
    const err = refused(s, REFILL_STEP, IllegalMove, {
      reason: "wrong-phase",
      key: "refill-before-consolidation",
      cells: [],
    });
    expect(err.message).toMatch(/^Consolidate first/);
    refused(s, REFILL, IllegalMove, { key: "refill-before-consolidation" });
    expect(canRefill(s)).toBe(false);
    expect(nextRefillCell(s)).toBeNull();
    expect(refillCells(s)).toEqual([]);
  });

  test("refill in phase remove gives the real reason, never a circle", () => {
    const full = newState({ layout: GERMAN }); // no gap: Consolidate would refuse too
    const err = refused(full, REFILL_STEP, IllegalMove, {
      reason: "wrong-phase",
      key: "nothing-to-refill-full",
      cells: [],
    });
    expect(err.message).toBe("Nothing to refill: the tableau is full.");
    refused(full, REFILL, IllegalMove, { key: "nothing-to-refill-full" });
    // Gaps, a card after one, the pair 8♣-8♦, no stock.
    const dry = newState({ layout: rowsOf("7H .. 7S 8C 8D") });
    expect(canConsolidate(dry)).toBe(true);
    const empty = refused(dry, REFILL, IllegalMove, { key: "nothing-to-refill-empty-stock" });
    expect(empty.message).toBe("Nothing to refill: the stock is empty.");
    const m4 = newState({ layout: `${rowsOf("7H .. 7S 8C 8D")} | KC` });
    refused(m4, REFILL_STEP, IllegalMove, { key: "refill-before-consolidation" });
  });

  test("nothing to consolidate: a full tableau in phase remove", () => {
    const s = newState({ layout: GERMAN });
    refused(s, CONSOLIDATE_STEP, IllegalMove, {
      reason: "wrong-phase",
      key: "nothing-to-consolidate",
    });
    refused(s, CONSOLIDATE, IllegalMove, { key: "nothing-to-consolidate" });
    expect(canConsolidate(s)).toBe(false);
    expect(consolidationMove(s)).toBeNull();
    expect(consolidationMoves(s)).toEqual([]);
  });

  test("in the middle of a consolidation: no remove, no refill; consolidating goes on", () => {
    let s = step(newState({ layout: GERMAN }), remove(2, 8));
    s = step(s, CONSOLIDATE_STEP);
    expect(s).toMatchObject({ phase: "consolidate", consolidations: 1, round: 1 });
    refused(s, REFILL_STEP, IllegalMove, { key: "refill-during-consolidation" });
    refused(s, remove(6, 11), IllegalMove, { key: "remove-during-consolidation" });
    expect(canConsolidate(s)).toBe(true);
    expect(legalPairs(s)).toEqual([]);
    // A second step does not start a second consolidation.
    expect(step(s, CONSOLIDATE_STEP).consolidations).toBe(1);
  });

  test("in the refill: no remove, no consolidate", () => {
    let s = step(newState({ layout: GERMAN }), remove(2, 8));
    s = step(s, CONSOLIDATE);
    expect(s.phase).toBe("refill");
    refused(s, CONSOLIDATE_STEP, IllegalMove, { key: "consolidate-during-refill" });
    refused(s, CONSOLIDATE, IllegalMove, { key: "consolidate-during-refill" });
    refused(s, remove(6, 11), IllegalMove, { key: "remove-during-refill" });
  });

  test("consolidation keeps the reading order and puts every gap at the end (M3)", () => {
    // By hand: gaps at 0, 1, 2 and 12 after removing 7H 7C; the 21 cards move up in order.
    let s = step(newState({ layout: P1 }), remove(0, 1));
    const order = s.tableau.filter(Boolean);
    const expectedMoves = [];
    let to = 0;
    for (let from = 3; from < 25; from++) if (from !== 12) expectedMoves.push([from, to++]);
    expect(consolidationMoves(s)).toEqual(expectedMoves);
    s = step(s, CONSOLIDATE);
    expect(s.tableau.slice(0, 21)).toEqual(order);
    expect(s.tableau.slice(21)).toEqual([null, null, null, null]);
    expect(s).toMatchObject({ phase: "refill", round: 1, consolidations: 1 });
  });

  test("a refill that empties the stock ends the round with gaps left", () => {
    let s = step(newState({ layout: P1 }), remove(0, 1));
    s = step(s, CONSOLIDATE);
    expect(refillCells(s)).toEqual([21, 22]);
    s = step(s, REFILL_STEP);
    expect(s).toMatchObject({ phase: "refill", stock: ["JD"] });
    expect(s.tableau[21]).toBe("QC");
    s = step(s, REFILL_STEP);
    expect(s).toMatchObject({ phase: "remove", round: 2, stock: [] });
    expect(s.tableau.slice(20)).toEqual(["JH", "QC", "JD", null, null]);
  });

  test("with an empty stock the round ends when the consolidation does (no refill)", () => {
    const s0 = newState({ layout: rowsOf("7H .. 7C .. ..", ".. 5S .. .. ..") });
    let s = step(s0, CONSOLIDATE_STEP);
    expect(s.tableau.slice(0, 3)).toEqual(["7H", "7C", null]);
    expect(s).toMatchObject({ phase: "consolidate", round: 1, consolidations: 1 });
    s = step(s, CONSOLIDATE_STEP);
    expect(s.tableau.slice(0, 4)).toEqual(["7H", "7C", "5S", null]);
    expect(s).toMatchObject({ phase: "remove", round: 2, consolidations: 1 });
  });

  test("gaps already at the end with stock left: a step moves nothing and the refill is due", () => {
    const s0 = newState({ layout: NO_PAIR_ROWS.replace(/QH$/, "..") + " | QH KH" });
    expect(status(s0)).toBe("playing");
    expect(canConsolidate(s0)).toBe(true);
    expect(consolidationMove(s0)).toBeNull();
    expect(consolidationMoves(s0)).toEqual([]);
    let s = step(s0, CONSOLIDATE_STEP);
    expect(s.tableau).toEqual(s0.tableau);
    expect(s).toMatchObject({ phase: "refill", consolidations: 1, round: 1 });
    expect(nextRefillCell(s)).toBe(24);
    s = step(s, REFILL_STEP);
    expect(s.tableau[24]).toBe("QH");
    expect(s).toMatchObject({ phase: "remove", round: 2, stock: ["KH"] });
    // Q♥ at 24 touches 6♥, 7♥ and J♥ only: a full tableau with no pair and stock left.
    expect(status(s)).toBe("lost");
  });
});

describe("status: won and lost (RULES.md 'End of the game')", () => {
  test("won: the tableau and the stock are both empty", () => {
    const s0 = newState({ layout: rowsOf("7H 7C .. .. ..") + " |" });
    const s = step(s0, remove(0, 1));
    expect(status(s)).toBe("won");
    expect(legalPairs(s)).toEqual([]);
    expect(canConsolidate(s)).toBe(false);
    expect(canRefill(s)).toBe(false);
    refused(s, CONSOLIDATE_STEP, IllegalMove, { reason: "game-over", key: "game-over" });
    refused(s, REFILL_STEP, IllegalMove, { reason: "game-over" });
    expect(removedCount(s)).toBe(2);
    expect(totalCards(s)).toBe(2);
  });

  test("an empty tableau with stock left is not won: consolidation brings the refill", () => {
    const s = newState({ layout: rowsOf(EMPTY_ROW) + " | 7H" });
    expect(status(s)).toBe("playing");
    expect(canConsolidate(s)).toBe(true);
  });

  test("lost: a full tableau with no pair and stock left (Decision)", () => {
    const s = newState({ layout: NO_PAIR_ROWS + " | KH AD" });
    expect(pairs(s)).toEqual([]);
    expect(status(s)).toBe("lost");
    refused(s, CONSOLIDATE_STEP, IllegalMove, { reason: "game-over" });
    refused(s, CONSOLIDATE, IllegalMove, { reason: "game-over" });
    refused(s, REFILL, IllegalMove, { reason: "game-over" });
    expect(canConsolidate(s)).toBe(false);
  });

  test("lost: a full tableau with no pair and no stock", () => {
    expect(status(newState({ layout: NO_PAIR_ROWS }))).toBe("lost");
  });

  test("not lost while a card has a gap before it (M8); lost once the gaps are at the end", () => {
    const s0 = newState({ layout: NO_PAIR_ROWS.replace(/^AS/, "..") + " |" });
    expect(pairs(s0)).toEqual([]);
    expect(status(s0)).toBe("playing");
    expect(canConsolidate(s0)).toBe(true);
    const s = step(s0, CONSOLIDATE);
    expect(s.tableau[24]).toBeNull();
    expect(s).toMatchObject({ phase: "remove", round: 2 });
    // 2♠ … Q♥ in reading order: cell k and k+13 share a rank and never touch.
    expect(pairs(s)).toEqual([]);
    expect(status(s)).toBe("lost");
  });

  test("consolidating may make pairs: 7♥ .. 7♣ becomes a pair", () => {
    const s0 = newState({ layout: rowsOf("7H .. 7C .. ..") });
    expect(pairs(s0)).toEqual([]);
    expect(status(s0)).toBe("playing");
    const s = step(s0, CONSOLIDATE);
    expect(legalPairs(s)).toEqual([[0, 1]]);
    expect(status(s)).toBe("playing");
  });

  test("P1 after its only pair and one round: gaps at the end, empty stock, no pair: lost", () => {
    let s = step(newState({ layout: P1 }), remove(0, 1));
    s = step(step(s, CONSOLIDATE), REFILL);
    // By hand: 7D 2S 3H 4C 5D / 6S 8H 9H TC QS / KH AS 2H 3C 4D / 5S 6H 8C 9D TS / JH QC JD .. ..
    expect(layoutOf(s)).toBe(
      "7D 2S 3H 4C 5D/6S 8H 9H TC QS/KH AS 2H 3C 4D/5S 6H 8C 9D TS/JH QC JD .. .. |",
    );
    expect(pairs(s)).toEqual([]);
    expect(status(s)).toBe("lost");
    refused(s, remove(20, 22), IllegalMove, { reason: "game-over" });
    expect(step(s, UNDO).phase).toBe("refill");
  });
});

describe("undo and redo (docs/architecture.md 'undo, redo, new_deal, load')", () => {
  const ACTIONS = [
    remove(2, 8),
    remove(6, 11),
    remove(18, 22),
    CONSOLIDATE_STEP,
    CONSOLIDATE_STEP,
    CONSOLIDATE,
    REFILL_STEP,
    REFILL,
  ];
  const position = (s) => ({
    tableau: s.tableau,
    stock: s.stock,
    discards: s.discards,
    phase: s.phase,
    round: s.round,
    consolidations: s.consolidations,
    cursor: s.cursor,
  });

  test("every game action, steps included, is undone and redone exactly", () => {
    const states = [newState({ layout: GERMAN })];
    for (const a of ACTIONS) states.push(step(states.at(-1), a));
    const last = states.at(-1);
    expect(last.history).toEqual(ACTIONS);
    expect(canUndo(last)).toBe(true);
    expect(canRedo(last)).toBe(false);

    let s = last;
    for (let k = ACTIONS.length - 1; k >= 0; k--) {
      s = step(s, UNDO);
      expect(position(s)).toEqual(position(states[k]));
      expect(s.history).toEqual(ACTIONS);
      expect(canRedo(s)).toBe(true);
      expect(verifyState(s)).toBe(s);
    }
    expect(canUndo(s)).toBe(false);
    const err = refused(s, UNDO, IllegalMove, {
      reason: "nothing-to-undo",
      key: "nothing-to-undo",
    });
    expect(err.message).toBe("There is nothing to undo.");

    for (let k = 1; k <= ACTIONS.length; k++) {
      s = step(s, REDO);
      expect(position(s)).toEqual(position(states[k]));
      expect(s.history).toEqual(ACTIONS);
    }
    expect(s).toEqual(last);
    refused(s, REDO, IllegalMove, { reason: "nothing-to-redo", key: "nothing-to-redo" });
  });

  test("a game action after an undo drops the redoable tail", () => {
    let s = newState({ layout: GERMAN });
    s = step(step(s, remove(2, 8)), remove(6, 11));
    s = step(step(s, UNDO), UNDO);
    expect(s.cursor).toBe(0);
    expect(s.history).toHaveLength(2);
    s = step(s, remove(18, 22));
    expect(s.history).toEqual([remove(18, 22)]);
    expect(s.cursor).toBe(1);
    expect(canRedo(s)).toBe(false);
  });

  test("undo and redo work in a game that is over", () => {
    const won = step(newState({ layout: rowsOf("7H 7C .. .. ..") }), remove(0, 1));
    const back = step(won, UNDO);
    expect(status(back)).toBe("playing");
    expect(step(back, REDO)).toEqual(won);
  });

  test("undo replays from start, so a refused action is never in the history", () => {
    let s = newState({ layout: GERMAN });
    s = step(s, remove(2, 8));
    refused(s, remove(17, 19), IllegalMove, {});
    expect(s.history).toHaveLength(1);
  });
});

describe("new_deal and load", () => {
  test("new_deal starts a fresh game with the same rules; undo goes back to the old one", () => {
    const played = step(newState({ layout: GERMAN }), remove(2, 8));
    const s = step(played, { type: "new_deal", deal: 0 });
    expect(s).toEqual({
      rules: newState({ deal: 0 }).rules,
      deal: 0,
      start:
        "5C QC KD 2S KC/5D 6D JH 7S 3C/KS TD 9D 6H 4S/5H 8D 6S QD 7D/AD 4H 7C 9S JC | 2H AC 9C 3S TS 8C TC 2C 7H 9H 6C 4C 2D 3H JD 5S JS QH 8H 4D 3D KH TH 8S QS AS AH",
      tableau: s.start.split(" | ")[0].split(/[ /]/),
      stock: s.start.split(" | ")[1].split(" "),
      discards: [],
      phase: "remove",
      round: 1,
      consolidations: 0,
      history: [],
      cursor: 0,
      previous_game: played,
      next_game: null,
    });
    expect(step(s, UNDO)).toEqual({ ...played, next_game: { type: "new_deal", deal: 0 } });
    const small = step(newState({ deal: 5 }, "small"), { type: "new_deal", deal: 6 });
    expect(small.rules.name).toBe("small");
    expect(small.tableau).toHaveLength(20);
  });

  test("load starts a fresh game from notation, deal null", () => {
    const s = step(newState({ deal: 3 }), { type: "load", layout: GERMAN });
    expect({ ...s, previous_game: null }).toEqual(newState({ layout: GERMAN }));
    expect(s.previous_game).toEqual(newState({ deal: 3 }));
  });

  test("both work in a game that is over", () => {
    const lost = newState({ layout: NO_PAIR_ROWS });
    expect(step(lost, { type: "new_deal", deal: 1 }).deal).toBe(1);
    expect(step(lost, { type: "load", layout: GERMAN }).start).toBe(GERMAN);
  });

  test.each([-1, 4294967296, 2.5, "7", true, null])("new_deal %j is a DealError", (deal) => {
    refused(newState({ deal: 3 }), { type: "new_deal", deal }, DealError, { value: deal });
  });

  test("a bad layout is a LayoutError naming the place; nothing changes", () => {
    const bad = "9H KH 4C 5D 2H/8D 2D XQ 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH";
    refused(newState({ deal: 3 }), { type: "load", layout: bad }, LayoutError, {
      token: "XQ",
      place: "row 2, column 3",
    });
  });
});

describe("malformed actions are a StateError naming the bad part", () => {
  test.each([
    [null, "action"],
    [[], "action"],
    ["remove", "action"],
    [{}, "action.type"],
    [{ type: "jump" }, "action.type"],
    [{ type: 7 }, "action.type"],
    [{ type: "remove" }, "action.cells"],
    [{ type: "remove", cells: [] }, "action.cells"],
    [{ type: "remove", cells: [1, 2, 3] }, "action.cells"],
    [{ type: "remove", cells: "1,2" }, "action.cells"],
    [{ type: "remove", cells: [1, true] }, "action.cells[1]"],
    [{ type: "remove", cells: [false, 1] }, "action.cells[0]"],
    [{ type: "remove", cells: [1, "2"] }, "action.cells[1]"],
    [{ type: "remove", cells: [1.5, 2] }, "action.cells[0]"],
    [{ type: "remove", cells: [1, null] }, "action.cells[1]"],
    [{ type: "remove", cells: [1, 2], extra: 1 }, "action.extra"],
    [{ type: "undo", cells: [1, 2] }, "action.cells"],
    [{ type: "consolidate", n: 3 }, "action.n"],
    [{ type: "new_deal" }, "action.deal"],
    [{ type: "load" }, "action.layout"],
    [{ type: "load", layout: 5 }, "action.layout"],
  ])("%j → %s", (action, path) => {
    const err = refused(newState({ layout: GERMAN }), action, StateError, { path });
    expect(err.message).toContain(path);
  });
});

describe("highlights and false neighbours (docs/architecture.md 'Queries')", () => {
  test("at the start: 4♣ in cell 2 has 5 neighbours, its partner 4♥ in 8, no false neighbour", () => {
    expect(highlights(newState({ layout: GERMAN }), 2)).toEqual({
      neighbours: [1, 3, 6, 7, 8],
      partners: [8],
      falseNeighbours: [],
      lone: false,
    });
  });

  test("after the removals: 7♦ in 17 sees 7♣ (19) and 8♦ (5) only across gaps", () => {
    let s = newState({ layout: GERMAN });
    for (const [i, j] of germanCase.remove) s = step(s, remove(i, j));
    // From row 4, column 3: E is the gap 18 then 7♣ at 19; NW the gap 11 then 8♦ at 5;
    // S is the gap 22 and then the edge; every other direction touches a card at once.
    expect(highlights(s, 17)).toEqual({
      neighbours: [11, 12, 13, 16, 18, 21, 22, 23],
      partners: [],
      falseNeighbours: [5, 19],
      lone: false,
    });
    expect(falseNeighbours(s, 17)).toEqual([5, 19]);
    expect(highlights(s, 19)).toEqual({
      neighbours: [13, 14, 18, 23, 24],
      partners: [],
      falseNeighbours: [17],
      lone: false,
    });
    // A gap cell: every direction touches a card or the edge at once.
    expect(falseNeighbours(s, 18)).toEqual([]);
  });

  test("a long walk through gaps, in all 8 directions", () => {
    // 7♥ in the centre (12), gaps around it, cards on the rim two cells away.
    const s = newState({
      layout: "AS .. 2S .. 3S/.. .. .. .. ../4S .. 7H .. 5S/.. .. .. .. ../6S .. 8S .. 9S",
    });
    expect(falseNeighbours(s, 12)).toEqual([0, 2, 4, 10, 14, 20, 22, 24]);
    expect(highlights(s, 12).partners).toEqual([]);
    expect(falseNeighbours(s, 0)).toEqual([2, 10, 12]);
  });

  test("a gap or a cell off the tableau is an error", () => {
    const s = step(newState({ layout: GERMAN }), remove(2, 8));
    expectError(() => highlights(s, 2), IllegalMove, {
      reason: "empty-cell",
      cells: [2],
      params: { row: 1, col: 3 },
    });
    expectError(() => highlights(s, 25), IllegalMove, { reason: "out-of-range" });
    expectError(() => highlights(s, -1), IllegalMove, { reason: "out-of-range" });
    expectError(() => highlights(s, "3"), StateError, { path: "cell" });
    expectError(() => falseNeighbours(s, 25), IllegalMove, { reason: "out-of-range" });
  });

  test("partners are the cards to take now: none while closing up or refilling", () => {
    // 7H .. 8C 8D 9C / 9D …: 8♣ (2) and 8♦ (3) touch in phase remove.
    let s = newState({ layout: `${rowsOf("7H .. 8C 8D 9C", "9D .. .. .. ..")} | KC KD` });
    expect(highlights(s, 2).partners).toEqual([3]);
    s = step(step(s, CONSOLIDATE_STEP), CONSOLIDATE_STEP); // 8♣ to 1, then 8♦ to 2
    expect(s.phase).toBe("consolidate");
    expect(pairs(s)).toContainEqual([1, 2]);
    expect(highlights(s, 1).partners).toEqual([]);
    s = step(s, CONSOLIDATE); // 7H 8C 8D 9C 9D, then gaps: the refill is due
    expect(s.phase).toBe("refill");
    expect(highlights(s, 3).partners).toEqual([]);
    s = step(s, REFILL); // round 2: the pairs may go now
    expect(highlights(s, 1).partners).toEqual([2]);
    expect(highlights(s, 4).partners).toEqual([3]);
  });

  test("partners with two decks: the identical copy pairs too", () => {
    const rows = ["7H 7H .. .. .. .. ..", ...Array(6).fill(".. .. .. .. .. .. ..")];
    const s = newState({ layout: rows.join("/") }, "double");
    expect(legalPairs(s)).toEqual([[0, 1]]);
    expect(highlights(s, 0)).toEqual({
      neighbours: [1, 7, 8],
      partners: [1],
      falseNeighbours: [],
      lone: false,
    });
    expect(step(s, remove(0, 1)).discards).toEqual([["7H", "7H"]]);
  });
});

describe("counts", () => {
  test("cards removed and total cards", () => {
    const s = newState({ deal: 11 });
    expect(removedCount(s)).toBe(0);
    expect(totalCards(s)).toBe(52);
    expect(totalCards(newState({ deal: 11 }, "double"))).toBe(104);
    expect(totalCards(newState({ layout: P1 }))).toBe(25);
  });
});

describe("the engine's public surface (js/engine/index.js)", () => {
  test("exports what the view, the tests and architecture.md use, and nothing unused", async () => {
    const E = await import("../../js/engine/index.js");
    // Written out by hand: an export nobody uses (rankOf, rowColToCell, …
    // were) is dead code to keep in step with Python for nothing.
    expect(Object.keys(E).sort()).toEqual(
      [
        "ACTION_KEYS",
        "CardError",
        "DIRECTIONS",
        "DealError",
        "GAME_ACTIONS",
        "GAP",
        "IllegalMove",
        "LANGUAGES",
        "LayoutError",
        "MAX_DEAL",
        "MAX_PREVIOUS_GAMES",
        "MAX_SIDE",
        "PHASES",
        "PRESETS",
        "RANKS",
        "STATE_KEYS",
        "SUITS",
        "SUIT_SYMBOLS",
        "StateError",
        "acrossGap",
        "apply",
        "canConsolidate",
        "canRedo",
        "canRefill",
        "canUndo",
        "cardName",
        "cardSymbol",
        "cellPlace",
        "cellToRowCol",
        "cellsBetween",
        "checkCell",
        "checkDeal",
        "consolidationMove",
        "consolidationMoves",
        "dealLayout",
        "fairHint",
        "falseNeighbours",
        "formatLayout",
        "formatMessage",
        "hasMessage",
        "highlights",
        "isCell",
        "isRed",
        "legalLone",
        "legalPairs",
        "legalRemovals",
        "lineHint",
        "loneCells",
        "listOf",
        "makeRules",
        "messages",
        "mulberry32",
        "neighbourTable",
        "neighbours",
        "newState",
        "nextRefillCell",
        "counted",
        "dealFromText",
        "orderedDeck",
        "overview",
        "pairTest",
        "pairs",
        "partners",
        "raceRule",
        "parseCard",
        "parseLayout",
        "rankNames",
        "refillCells",
        "removedCount",
        "shuffle",
        "status",
        "stockPlace",
        "totalCards",
        "touching",
        "translator",
        "validateAction",
        "validateState",
        "verifyState",
        "walkTo",
        "walkthrough",
      ].sort(),
    );
  });
});

describe("a state whose null-valued keys went missing (JupyterLite's kernel drops them)", () => {
  test("a pair on a loaded layout without `deal` gives a state with `deal: null` that verifies", () => {
    const { deal, previous_game, next_game, ...sent } = newState({ layout: GERMAN });
    expect([deal, previous_game, next_game]).toEqual([null, null, null]);
    const after = apply(sent, { type: "remove", cells: [2, 8] }); // 4♣ and 4♥, diagonal
    expect(after.deal).toBeNull();
    expect(after.previous_game).toBeNull();
    expect(after.next_game).toBeNull();
    expect(() => verifyState(JSON.parse(JSON.stringify(after)))).not.toThrow();
  });
});

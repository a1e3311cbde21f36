// offlineWinnable(): "Can still be won?" on a board with no kernel (docs/export.md,
// section 4; issue 17, item 10). The board is KEEP_THE_PAIR (tests/test_solver.py):
// 5♥ 5♠ 7♥ 8♥ on row 1, 8♠ 9♥ 7♠ 9♠ on row 3; the fives (cells 0 and 1) are the only
// pair and taking them loses; consolidating first wins (tests/test_review.py).
import { describe, expect, test } from "vitest";
import * as E from "../../js/engine/index.js";
import { offlineWinnable } from "../../js/present/presentation.js";

const KEEP_THE_PAIR =
  "5H 5S 7H 8H ../.. .. .. .. ../8S 9H 7S 9S ../.. .. .. .. ../.. .. .. .. .. |";
const judged = E.newState({ layout: KEEP_THE_PAIR });
const start = judged.start;
// A winning line as the export stores it: consolidate, then (8♥ 8♠ in cells 3 and 4
// touch) the eights, and so on; only its first rounds matter here.
const line = { start, moves: [{ type: "consolidate" }, { type: "remove", cells: [3, 4] }] };
const fives = E.apply(judged, { type: "remove", cells: [0, 1] });
const known = (winnable, more = {}) => ({ winnable, judged, line, ...more });

describe("offlineWinnable", () => {
  test("the position the answer was made for: that answer", () => {
    expect(offlineWinnable(judged, known(true))).toBe(true);
    // After an undo, the same position again.
    expect(offlineWinnable(E.apply(fives, { type: "undo" }), known(true))).toBe(true);
  });

  test("a move off the stored line: not known, never the old answer", () => {
    expect(offlineWinnable(fives, known(true))).toBe(null);
  });

  test("still on the stored line: yes", () => {
    const consolidated = E.apply(judged, { type: "consolidate" });
    expect(offlineWinnable(consolidated, known(true))).toBe(true);
  });

  test("without a line for this game: not known", () => {
    const consolidated = E.apply(judged, { type: "consolidate" });
    expect(offlineWinnable(consolidated, known(true, { line: undefined }))).toBe(null);
    const other = {
      start: "AS 2S .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |",
    };
    expect(offlineWinnable(consolidated, known(true, { line: other }))).toBe(null);
  });

  test("a deal the line says no play wins: no", () => {
    expect(offlineWinnable(fives, known(false, { line: { start, moves: null } }))).toBe(false);
  });

  test("a finished game answers for itself", () => {
    // The fives, consolidate, the eights (cells 1 and 2 then), consolidate: lost.
    let lost = E.apply(fives, { type: "consolidate" });
    lost = E.apply(lost, { type: "remove", cells: [1, 2] });
    lost = E.apply(lost, { type: "consolidate" });
    expect(E.status(lost)).toBe("lost");
    expect(offlineWinnable(lost, known(true))).toBe(false);
  });
});

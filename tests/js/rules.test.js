// Rules value and geometry: RULES.md "Terms" (neighbour), "Variants", "Strategy facts"
// (corner 3, edge 5, inner 8) and docs/architecture.md "Rules value", "Cells and geometry".
import { describe, expect, test } from "vitest";
import {
  IllegalMove,
  PRESETS,
  StateError,
  cellPlace,
  cellToRowCol,
  cellsBetween,
  formatMessage,
  checkCell,
  makeRules,
  neighbours,
  neighbourTable,
  pairTest,
} from "../../js/engine/index.js";
import { expectError } from "./helpers.js";

const STD = makeRules("standard");
const SMALL = makeRules("small");
const DOUBLE = makeRules("double");

describe("presets", () => {
  test("standard, small and double as RULES.md 'Variants' says", () => {
    expect(STD).toEqual({
      name: "standard",
      rows: 5,
      cols: 5,
      decks: 1,
      pair: "same-rank",
      touching: "eight",
    });
    expect(SMALL).toEqual({ ...STD, name: "small", rows: 4, cols: 5 });
    expect(DOUBLE).toEqual({ ...STD, name: "double", rows: 7, cols: 7, decks: 2 });
    expect(makeRules()).toEqual(STD);
  });

  test("makeRules returns a fresh copy, never the preset itself", () => {
    const r = makeRules("standard");
    expect(r).not.toBe(PRESETS.standard);
    r.rows = 9;
    expect(PRESETS.standard.rows).toBe(5);
    const obj = { ...STD };
    expect(makeRules(obj)).not.toBe(obj);
  });

  test("a rules object with the six keys is accepted; custom shapes too", () => {
    expect(makeRules({ ...STD })).toEqual(STD);
    expect(makeRules({ ...STD, name: "tiny", rows: 2, cols: 3 })).toMatchObject({
      rows: 2,
      cols: 3,
    });
  });
});

describe("rules validation names the bad key", () => {
  test.each([
    ["fifteens", "rules"],
    [42, "rules"],
    [null, "rules"],
    [[], "rules"],
    [{ ...STD, extra: 1 }, "rules.extra"],
    [{ name: "standard", rows: 5, cols: 5, decks: 1, pair: "same-rank" }, "rules.touching"],
    [{ ...STD, name: "" }, "rules.name"],
    [{ ...STD, name: 5 }, "rules.name"],
    [{ ...STD, name: "x", rows: 0 }, "rules.rows"],
    [{ ...STD, name: "x", rows: 11 }, "rules.rows"],
    [{ ...STD, name: "x", cols: 2.5 }, "rules.cols"],
    [{ ...STD, name: "x", cols: true }, "rules.cols"],
    [{ ...STD, name: "x", decks: 3 }, "rules.decks"],
    [{ ...STD, name: "x", decks: 0 }, "rules.decks"],
    [{ ...STD, name: "x", rows: 10, cols: 10 }, "rules.rows"],
    [{ ...STD, pair: "sum-13" }, "rules.pair"],
    [{ ...STD, pair: "sum-14" }, "rules.pair"],
    [{ ...STD, pair: "same-suit" }, "rules.pair"],
    [{ ...STD, pair: "same-colour" }, "rules.pair"],
    [{ ...STD, touching: "line" }, "rules.touching"],
    [{ ...STD, touching: "four" }, "rules.touching"],
    [{ ...STD, rows: 4 }, "rules.rows"],
    [{ ...DOUBLE, decks: 1 }, "rules.decks"],
  ])("%j → %s", (spec, path) => {
    const err = expectError(() => makeRules(spec), StateError, { path });
    expect(err.message).toContain(path);
  });

  test("a preset name with another pair or touching rule is refused at that field", () => {
    expectError(() => makeRules({ ...STD, pair: "sum-13" }), StateError, {
      path: "rules.pair",
      key: "state.preset",
    });
    expectError(() => makeRules({ ...STD, touching: "line" }), StateError, {
      path: "rules.touching",
      key: "state.preset",
    });
  });
});

describe("cells", () => {
  test("reading order: row = cell // cols, col = cell % cols", () => {
    expect(cellToRowCol(STD, 0)).toEqual({ row: 0, col: 0 });
    expect(cellToRowCol(STD, 7)).toEqual({ row: 1, col: 2 });
    expect(cellToRowCol(STD, 24)).toEqual({ row: 4, col: 4 });
    expect(cellToRowCol(SMALL, 19)).toEqual({ row: 3, col: 4 });
    expect(cellToRowCol(DOUBLE, 48)).toEqual({ row: 6, col: 6 });
  });

  test("people see 'row r, column c' counted from 1", () => {
    expect(cellPlace(STD, 7)).toEqual({ key: "cell.place", params: { row: 2, col: 3 } });
    expect(formatMessage.say(cellPlace(STD, 7))).toBe("row 2, column 3");
    expect(formatMessage.say(cellPlace(STD, 0))).toBe("row 1, column 1");
    expect(formatMessage.say(cellPlace(STD, 24))).toBe("row 5, column 5");
    expect(formatMessage.say(cellPlace(SMALL, 19))).toBe("row 4, column 5");
  });

  test("a cell outside the tableau is out-of-range; a non-integer a StateError", () => {
    for (const bad of [-1, 25, 100]) {
      expectError(() => checkCell(STD, bad), IllegalMove, {
        reason: "out-of-range",
        params: { cell: bad, last: 24 },
      });
      expectError(() => neighbours(STD, bad), IllegalMove, { reason: "out-of-range" });
      expectError(() => cellPlace(STD, bad), IllegalMove, { reason: "out-of-range" });
    }
    expectError(() => neighbours(SMALL, 20), IllegalMove, { params: { last: 19 } });
    for (const bad of [1.5, "3", true, null]) {
      expectError(() => neighbours(STD, bad), StateError, { path: "cell" });
    }
  });
});

describe("neighbours (RULES.md 'Terms'; M2 diagonals, M6 no wrap)", () => {
  test("standard corners have 3, edges 5, inner cells 8", () => {
    expect(neighbours(STD, 0)).toEqual([1, 5, 6]);
    expect(neighbours(STD, 4)).toEqual([3, 8, 9]);
    expect(neighbours(STD, 20)).toEqual([15, 16, 21]);
    expect(neighbours(STD, 24)).toEqual([18, 19, 23]);
    expect(neighbours(STD, 2)).toEqual([1, 3, 6, 7, 8]);
    expect(neighbours(STD, 10)).toEqual([5, 6, 11, 15, 16]);
    expect(neighbours(STD, 14)).toEqual([8, 9, 13, 18, 19]);
    expect(neighbours(STD, 22)).toEqual([16, 17, 18, 21, 23]);
    expect(neighbours(STD, 12)).toEqual([6, 7, 8, 11, 13, 16, 17, 18]);
    expect(neighbours(STD, 6)).toEqual([0, 1, 2, 5, 7, 10, 11, 12]);
  });

  test("counts over the whole grid: 4 corners, the rest of the rim edges, inside 8", () => {
    for (const rules of [STD, SMALL, DOUBLE]) {
      const { rows, cols } = rules;
      for (let cell = 0; cell < rows * cols; cell++) {
        const r = Math.floor(cell / cols);
        const c = cell % cols;
        const onRow = r === 0 || r === rows - 1;
        const onCol = c === 0 || c === cols - 1;
        const expected = onRow && onCol ? 3 : onRow || onCol ? 5 : 8;
        const got = neighbours(rules, cell);
        expect(got.length, `${rules.name} cell ${cell}`).toBe(expected);
        expect([...got].sort((x, y) => x - y)).toEqual(got);
        expect(got).not.toContain(cell);
      }
    }
  });

  test("small 4×5 and double 7×7 corners and inner cells", () => {
    expect(neighbours(SMALL, 19)).toEqual([13, 14, 18]);
    expect(neighbours(SMALL, 15)).toEqual([10, 11, 16]);
    expect(neighbours(DOUBLE, 24)).toEqual([16, 17, 18, 23, 25, 30, 31, 32]);
    expect(neighbours(DOUBLE, 6)).toEqual([5, 12, 13]);
  });

  const touch = (a, b) => neighbourTable(STD)[a].includes(b);

  test("the grid does not wrap (M6): end of a row is not next to the start of the next", () => {
    expect(touch(4, 5)).toBe(false);
    expect(touch(9, 10)).toBe(false);
    expect(touch(0, 20)).toBe(false);
    expect(touch(0, 4)).toBe(false);
    expect(touch(0, 24)).toBe(false);
  });

  test("diagonals count (M2)", () => {
    expect(touch(2, 8)).toBe(true);
    expect(touch(8, 2)).toBe(true);
    expect(touch(18, 22)).toBe(true);
    expect(touch(6, 6)).toBe(false);
  });

  test("one neighbour table per shape, cached and frozen", () => {
    const custom = { ...STD, name: "my 5x5" };
    expect(neighbourTable(custom)).toBe(neighbourTable(STD));
    expect(neighbourTable(SMALL)).not.toBe(neighbourTable(STD));
    expect(neighbourTable(STD)[12]).toEqual([6, 7, 8, 11, 13, 16, 17, 18]);
    expect(neighbourTable(STD)[0]).toEqual([1, 5, 6]);
    expect(Object.isFrozen(neighbourTable(STD))).toBe(true);
    expect(Object.isFrozen(neighbourTable(STD)[0])).toBe(true);
    // neighbours() hands out a copy, so a caller cannot change the table.
    neighbours(STD, 0).push(99);
    expect(neighbourTable(STD)[0]).toEqual([1, 5, 6]);
  });
});

describe("pairTest (RULES.md: same rank, suits never matter)", () => {
  test("same-rank pairs equal ranks of any suit, and nothing else", () => {
    const test = pairTest(STD);
    expect(test("7H", "7S")).toBe(true);
    expect(test("TD", "TC")).toBe(true);
    expect(test("7H", "8H")).toBe(false);
    expect(test("KS", "QS")).toBe(false);
  });
});

describe("cellsBetween (for the across-gap check, M1)", () => {
  test("rows, columns and diagonals", () => {
    expect(cellsBetween(STD, 17, 19)).toEqual([18]);
    expect(cellsBetween(STD, 19, 17)).toEqual([18]);
    expect(cellsBetween(STD, 0, 4)).toEqual([1, 2, 3]);
    expect(cellsBetween(STD, 2, 22)).toEqual([7, 12, 17]);
    expect(cellsBetween(STD, 0, 24)).toEqual([6, 12, 18]);
    expect(cellsBetween(STD, 4, 20)).toEqual([8, 12, 16]);
    expect(cellsBetween(STD, 1, 2)).toEqual([]);
    expect(cellsBetween(STD, 6, 12)).toEqual([]);
  });

  test("off a line gives null", () => {
    expect(cellsBetween(STD, 10, 23)).toBeNull();
    expect(cellsBetween(STD, 0, 7)).toBeNull();
    expect(cellsBetween(STD, 4, 5)).toBeNull();
  });
});

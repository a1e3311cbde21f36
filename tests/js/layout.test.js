// Layout notation: docs/architecture.md "Layout notation".
import { describe, expect, test } from "vitest";
import { LayoutError, formatLayout, makeRules, parseLayout } from "../../js/engine/index.js";
import { GERMAN, expectError } from "./helpers.js";

const STD = makeRules("standard");
const SMALL = makeRules("small");
const DOUBLE = makeRules("double");
const ROWS = "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH";

describe("parseLayout", () => {
  test("the German example: tableau in reading order, stock next card first", () => {
    const { tableau, stock } = parseLayout(GERMAN, STD);
    expect(tableau).toHaveLength(25);
    expect(tableau.slice(0, 5)).toEqual(["9H", "KH", "4C", "5D", "2H"]);
    expect(tableau[7]).toBe("8C");
    expect(tableau[24]).toBe("AH");
    expect(stock).toHaveLength(27);
    expect(stock[0]).toBe("TS");
    expect(stock[26]).toBe("7H");
  });

  test("gaps are '..' and become null", () => {
    const { tableau } = parseLayout(
      ".. KH 4C 5D 2H/8D .. 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC .. | TS",
      STD,
    );
    expect(tableau[0]).toBeNull();
    expect(tableau[6]).toBeNull();
    expect(tableau[24]).toBeNull();
    expect(tableau.filter((c) => c === null)).toHaveLength(3);
  });

  test("no '|' means an empty stock; extra whitespace and other card forms are fine", () => {
    expect(parseLayout(ROWS, STD).stock).toEqual([]);
    expect(parseLayout(ROWS + " |", STD).stock).toEqual([]);
    const loose = parseLayout(
      "  9h  KH 4♣ 5D 2H /8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH|10S\t5c ",
      STD,
    );
    expect(loose.tableau[0]).toBe("9H");
    expect(loose.tableau[2]).toBe("4C");
    expect(loose.stock).toEqual(["TS", "5C"]);
  });

  test("a partial deck is fine (teaching positions)", () => {
    const text = "7H 7C .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |";
    const { tableau, stock } = parseLayout(text, STD);
    expect(tableau.filter(Boolean)).toEqual(["7H", "7C"]);
    expect(stock).toEqual([]);
  });

  test("small has 4 rows; double allows two copies of a card", () => {
    const small = "AS 2S 3S 4S 5S/6S 7S 8S 9S TS/JS QS KS AH 2H/3H 4H 5H 6H 7H | 8H";
    expect(parseLayout(small, SMALL).tableau).toHaveLength(20);
    const row = "7H 7H .. .. .. .. ..";
    const double = [row, ...Array(6).fill(".. .. .. .. .. .. ..")].join("/") + " | 8C 8C";
    const { tableau, stock } = parseLayout(double, DOUBLE);
    expect(tableau.slice(0, 2)).toEqual(["7H", "7H"]);
    expect(stock).toEqual(["8C", "8C"]);
  });
});

describe("layout errors name the bad token and its place; nothing is half-loaded", () => {
  const cases = [
    ["", "layout.empty", "", "layout"],
    ["   \n ", "layout.empty", "", "layout"],
    [`${ROWS} | TS | 5C`, "layout.bars", "|", "layout"],
    ["9H KH 4C 5D 2H/8D 2D 8C 4H 6S | TS", "layout.row-count", null, "layout"],
    [`${ROWS}/AS 2S 3S 4S 5S`, "layout.row-count", null, "layout"],
    [
      "9H KH 4C 5D 2H/8D 2D 8C 4H/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH",
      "layout.row-length",
      "8D 2D 8C 4H",
      "row 2",
    ],
    [
      "9H KH 4C 5D 2H/8D 2D 8C 4H 6S 6C/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH",
      "layout.row-length",
      "8D 2D 8C 4H 6S 6C",
      "row 2",
    ],
    [
      "9H KH 4C 5D 2H/8D 2D XQ 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH",
      "layout.bad-card",
      "XQ",
      "row 2, column 3",
    ],
    [
      "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC .",
      "layout.bad-card",
      ".",
      "row 5, column 5",
    ],
    [`${ROWS} | TS 5C 2S 1H`, "layout.bad-stock-card", "1H", "stock card 4"],
    [`${ROWS} | TS ..`, "layout.bad-stock-card", "..", "stock card 2"],
    [
      "9H 7H 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | TS 5C 2S AD 7H",
      "layout.duplicate",
      "7H",
      "stock card 5",
    ],
    [
      "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC 9h | TS",
      "layout.duplicate",
      "9H",
      "row 5, column 5",
    ],
  ];
  test.each(cases)("%j → %s at %j", (text, key, token, place) => {
    const err = expectError(() => parseLayout(text, STD), LayoutError, { key, place });
    if (token !== null) expect(err.token).toBe(token);
    if (key !== "layout.row-length" && token) expect(err.message).toContain(token);
    if (place !== "layout") expect(err.message.toLowerCase()).toContain(place);
  });

  test("a comma between cells says to separate them with spaces", () => {
    const rows = "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH";
    const err = expectError(
      () => parseLayout(rows.replace("8D 2D 8C", "8D, 2D, 8C"), STD),
      LayoutError,
      { key: "layout.commas", token: "8D,", place: "row 2" },
    );
    expect(err.message).toBe(
      "In row 2, '8D,' has a comma: separate the cells (and the stock cards) with spaces, " +
        "not commas, like 9H KH 4C 5D 2H.",
    );
    // one token per row, too few rows: the commas are named first
    expectError(() => parseLayout("9H,KH,4C,5D,2H/8D,2D,8C,4H,6S", STD), LayoutError, {
      key: "layout.commas",
      token: "9H,KH,4C,5D,2H",
      place: "row 1",
    });
    expectError(() => parseLayout(`${rows} | TS 5C,2S`, STD), LayoutError, {
      key: "layout.commas",
      token: "5C,2S",
      place: "stock card 2",
    });
  });

  test("the row-count error says how many rows there are and are needed", () => {
    const err = expectError(() => parseLayout("9H KH 4C 5D 2H/8D 2D 8C 4H 6S", STD), LayoutError, {
      params: { count: 2, rows: 5 },
    });
    expect(err.message).toMatch(/2/);
    expect(err.message).toMatch(/5/);
  });

  test("counts of one are singular (catalogue one/other keys)", () => {
    const strip = makeRules({ ...STD, name: "strip", rows: 1 });
    const column = makeRules({ ...STD, name: "column", cols: 1 });
    const message = (text, rules) =>
      expectError(() => parseLayout(text, rules), LayoutError).message;
    expect(message("9H KH 4C 5D 2H/8D 2D 8C 4H 6S", strip)).toBe(
      "The layout has 2 rows; it needs 1 row (rows are separated by '/').",
    );
    expect(message("9H KH 4C 5D 2H | TS", STD)).toBe(
      "The layout has 1 row; it needs 5 rows (rows are separated by '/').",
    );
    expect(message("9H/KH/4C 5D/2H/8D", column)).toBe(
      "Row 3 has 2 cells; it needs 1 cell (write '..' for a gap).",
    );
  });

  test("the duplicate error names both places", () => {
    const text =
      "9H 7H 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | TS 5C 2S AD 7H";
    const err = expectError(() => parseLayout(text, STD), LayoutError, {
      params: {
        card: "7H",
        first: { key: "cell.place", params: { row: 1, col: 2 } },
        second: "stock card 5",
      },
    });
    expect(err.message).toContain("row 1, column 2");
    expect(err.message).toContain("stock card 5");
  });

  test("two decks: a third copy is too many", () => {
    const row = "7H 7H .. .. .. .. ..";
    const text = [row, ...Array(6).fill(".. .. .. .. .. .. ..")].join("/") + " | 8C 7h";
    expectError(() => parseLayout(text, DOUBLE), LayoutError, {
      key: "layout.too-many",
      token: "7H",
      place: "stock card 2",
      params: { card: "7H", decks: 2 },
    });
  });

  test("the first problem in reading order wins", () => {
    // A bad cell in row 1 is reported before a bad stock card or a duplicate.
    const text = `XX KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | 1H KH`;
    expectError(() => parseLayout(text, STD), LayoutError, { token: "XX" });
    // Row lengths are checked before cards.
    const text2 = `XX KH 4C 5D 2H/8D 2D 8C 4H/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH`;
    expectError(() => parseLayout(text2, STD), LayoutError, { key: "layout.row-length" });
  });

  test("a non-string is refused", () => {
    expectError(() => parseLayout(42, STD), LayoutError, { key: "layout.not-text" });
    expectError(() => parseLayout(null, STD), LayoutError, { key: "layout.not-text" });
  });
});

describe("formatLayout", () => {
  test("canonical: one space, '/', ' | ' and the stock", () => {
    expect(formatLayout(parseLayout(GERMAN, STD), STD)).toBe(GERMAN);
    const loose =
      "9h KH 4♣ 5D 2H/8D   2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH|10S";
    expect(formatLayout(parseLayout(loose, STD), STD)).toBe(`${ROWS} | TS`);
  });

  test("an empty stock ends in ' |'", () => {
    expect(formatLayout(parseLayout(ROWS, STD), STD)).toBe(`${ROWS} |`);
  });

  test("gaps are written '..'", () => {
    const tableau = Array(25).fill(null);
    tableau[0] = "7H";
    tableau[24] = "TD";
    expect(formatLayout({ tableau, stock: ["AS"] }, STD)).toBe(
      "7H .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. TD | AS",
    );
  });

  test("a tableau of the wrong size is refused", () => {
    expect(() => formatLayout({ tableau: [], stock: [] }, STD)).toThrow(RangeError);
  });
});

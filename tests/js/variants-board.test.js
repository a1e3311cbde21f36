// @vitest-environment jsdom
// The board for the relatives of Monte Carlo (issue 19, item 2): the pair rule in words,
// the row-and-column highlights of the `line` rule, a king removed alone by a second
// click or key, its narration, and Aces Square's win. Expected texts are written by hand
// from the catalogue's English and RULES.md ("Variants").
import { describe, expect, test } from "vitest";
import * as E from "../../js/engine/index.js";
import { present } from "../../js/present/presentation.js";
import { ruleWords } from "../../js/present/rules.js";
import { fakeModel, mountEach, settled } from "./widget-helpers.js";

const t = E.formatMessage;
const GAPS = ".. .. .. .. ..";
/** A 5×5 layout from its rows (missing rows are gaps) and the stock. */
const layout = (rows, stock = "") =>
  [...rows, ...Array(5 - rows.length).fill(GAPS)].join("/") + ` | ${stock}`;
const open = mountEach();

describe("the pair rule in words", () => {
  test("each preset's rule, by hand from RULES.md's table", () => {
    const said = Object.fromEntries(
      Object.keys(E.PRESETS).map((name) => [name, ruleWords(t, E.makeRules(name))]),
    );
    expect(said).toEqual({
      standard: "same rank",
      small: "same rank",
      double: "same rank",
      thirteens: "pairs make 13; kings go alone",
      fourteens: "pairs make 14",
      "fourteens-lines": "pairs make 14; same row or column",
      "aces-square": "same suit; same row or column; aces never pair",
    });
  });

  test("the status line names the pair rule of a relative, and keeps Monte Carlo's words", () => {
    const guide = (rules) => present(t, E.newState({ deal: 7 }, rules), null, null).status.text;
    expect(guide("standard")).toBe("Remove pairs: click two touching cards of the same rank.");
    expect(guide("fourteens")).toMatch(/^Remove pairs: pairs make 14\.$|^No pair touches now/);
    const lines = E.newState({ layout: layout(["7H .. .. 7C .."], "2S") }, "fourteens-lines");
    expect(present(t, lines, null, null).status.text).toBe(
      "Remove pairs: pairs make 14; same row or column. Consolidate when you are done.",
    );
  });
});

describe("fourteens-lines: touching is the whole row and column", () => {
  // 7♥ in row 1, column 1; 7♣ in row 1, column 4 (gaps between), 7♦ on the diagonal
  // (row 2, column 2), 7♠ in column 1 (row 5).
  const s = E.newState(
    { layout: layout(["7H .. .. 7C ..", ".. 7D .. .. ..", GAPS, GAPS, "7S .. .. .. .."]) },
    "fourteens-lines",
  );
  test("selecting 7♥ marks its row and column, its partners across gaps, not the diagonal", () => {
    const p = present(t, s, 0, null);
    const marked = (flag) => p.cells.flatMap((c, i) => (c[flag] ? [i] : []));
    expect(marked("neighbour")).toEqual([1, 2, 3, 4, 5, 10, 15, 20]);
    expect(marked("partner")).toEqual([3, 20]);
    expect(p.cells[6].neighbour).toBe(false);
    expect(p.cells[6].partner).toBe(false);
    expect(marked("falseNeighbour")).toEqual([]);
    expect(p.cells[3].mark).toBe("pair");
  });
});

describe("Thirteens: a king goes alone", () => {
  // K♦ alone, 7♥ and 6♣ a pair (7 + 6 = 13).
  const start = E.newState({ layout: layout(["KD 7H 6C .. .."], "5S") }, "thirteens");

  test("the king is marked as going alone, and only it", () => {
    const p = present(t, start, null, null);
    expect(p.cells.flatMap((c, i) => (c.lone ? [i] : []))).toEqual([0]);
    expect(p.cells[0].mark).toBe("alone");
    expect(p.cells[0].label).toMatch(/can go alone$/);
  });

  test("selected, the king says how to remove it", () => {
    expect(present(t, start, 0, null).status.text).toBe(
      "K♦ (row 1, column 1) goes alone: click it again, or press Enter, to remove it.",
    );
  });

  test("with no pair left the status line offers the king, not 'No pair touches now'", () => {
    const pair = E.apply(start, { type: "remove", cells: [1, 2] });
    expect(present(t, pair, null, null).status.text).toBe(
      "No pair touches now, but K♦ can go alone: click it twice, or press Enter twice.",
    );
  });

  test("a second click on the selected king removes it; the narration says so", async () => {
    const model = fakeModel({ state: start });
    const v = open(model);
    v.click(0);
    expect(v.cellsWith("data-selected")).toEqual([0]);
    expect(v.cellsWith("data-lone")).toEqual([0]);
    v.click(0);
    expect(model.get("state").tableau[0]).toBe(null);
    expect(model.get("state").discards).toEqual([["KD"]]);
    expect(model.commits().at(-1).action).toEqual({ type: "remove", cells: [0] });
    expect(v.status()).toMatch(/^K♦ removed alone\./);
  });

  test("Enter on the king selects it, Enter again removes it", () => {
    const model = fakeModel({ state: start });
    const v = open(model);
    v.key(v.cell(0), "Enter");
    expect(model.get("state").discards).toEqual([]);
    v.key(v.cell(0), "Enter");
    expect(model.get("state").discards).toEqual([["KD"]]);
  });

  test("a card that does not go alone is deselected by a second click, as before", () => {
    const model = fakeModel({ state: start });
    const v = open(model);
    v.click(1);
    v.click(1);
    expect(v.cellsWith("data-selected")).toEqual([]);
    expect(model.get("state").discards).toEqual([]);
  });
});

describe("Aces Square is won with the four aces left", () => {
  test("the result says only the aces are left, not all the cards removed", () => {
    // 2♠ and 3♠ pair (same suit, same row); the four aces stay.
    const s = E.newState({ layout: layout(["AS 2S 3S .. ..", "AH AD AC .. .."]) }, "aces-square");
    const won = E.apply(s, { type: "remove", cells: [1, 2] });
    expect(E.status(won)).toBe("won");
    expect(present(t, won, null, null).status.text).toBe(
      "Won! Only the aces are left. 2 of 6 cards removed, with 0 consolidations.",
    );
  });
});

describe("the rules picker", () => {
  const presets = [
    ["standard", "Monte Carlo (standard)"],
    ["thirteens", "Thirteens"],
  ];

  test("with Python's presets it shows the rules played and says them; a choice goes to Python", () => {
    const model = fakeModel({ state: E.newState({ deal: 7 }, "thirteens"), _presets: presets });
    const v = open(model);
    const picker = v.q(".mcw-rules-input");
    expect(picker.hidden).toBe(false);
    expect(picker.getAttribute("aria-label")).toBe("Rules");
    expect([...picker.options].map((o) => [o.value, o.textContent])).toEqual(presets);
    expect(picker.value).toBe("thirteens");
    expect(picker.title).toBe("pairs make 13; kings go alone");
    picker.value = "standard";
    picker.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.send).toHaveBeenCalledWith({ type: "rules", rules: "standard" });
  });

  test("new labels from Python (another language) are shown", async () => {
    const model = fakeModel({ state: E.newState({ deal: 7 }, "thirteens"), _presets: presets });
    const v = open(model);
    model.set("_presets", [
      ["standard", "Monte Carlo (Standard)"],
      ["thirteens", "Dreizehn"],
    ]);
    await settled();
    const picker = v.q(".mcw-rules-input");
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      "Monte Carlo (Standard)",
      "Dreizehn",
    ]);
    expect(picker.value).toBe("thirteens");
  });

  test("with no presets from Python (no kernel) there is no picker", () => {
    const v = open(fakeModel({ state: E.newState({ deal: 7 }, "thirteens") }));
    expect(v.q(".mcw-rules-input").hidden).toBe(true);
  });

  test("a board of its own rules has no picker", () => {
    const rules = { ...E.makeRules("standard"), name: "teaching", rows: 3, cols: 3 };
    const state = E.newState({ layout: "7H 7S .. /.. .. ../.. .. .. |" }, rules);
    const v = open(fakeModel({ state, _presets: presets }));
    expect(v.q(".mcw-rules-input").hidden).toBe(true);
  });
});

// @vitest-environment jsdom
/**
 * The board view through the anywidget entry, with a fake model: DOM hooks,
 * highlights, clicks, toolbar, keyboard, two views, no kernel. Expected
 * values come from the case file or are worked out by hand in the comments,
 * never from the code under test.
 */
import { describe, expect, it, vi } from "vitest";
import * as E from "../../js/engine/index.js";
import { newState, apply } from "../../js/engine/index.js";
import { createController } from "../../js/app/controller.js";
import { GERMAN, fakeClock, fakeModel, mount, mountEach, settled } from "./widget-helpers.js";

const open = mountEach();

function german() {
  return newState({ layout: GERMAN.layout });
}
/** The German case after removing its three pairs 2–8, 6–11, 18–22. */
function germanAfterRemoval() {
  let s = german();
  for (const cells of GERMAN.remove) s = apply(s, { type: "remove", cells });
  return s;
}

describe("DOM hooks", () => {
  it("draws one .mcw root with a 5×5 grid of cells holding their cards", () => {
    const v = open(fakeModel({ state: german() }));
    expect(v.qa(".mcw")).toHaveLength(1);
    expect(v.q('[role="grid"]')).not.toBeNull();
    expect(v.qa('[role="row"]')).toHaveLength(5);
    expect(v.qa('[role="gridcell"]')).toHaveLength(25);
    // layout row 1: 9H KH 4C 5D 2H
    expect(v.cell(0).querySelector("[data-card]").dataset.card).toBe("9H");
    expect(v.cell(2).querySelector("[data-card]").dataset.card).toBe("4C");
    expect(v.cell(24).querySelector("[data-card]").dataset.card).toBe("AH");
  });

  it("shows rank and suit symbol, red for hearts and diamonds", () => {
    const v = open(fakeModel({ state: german() }));
    const nine = v.q('[data-card="9H"]');
    expect(nine.textContent).toBe("9♥");
    expect(nine.hasAttribute("data-red")).toBe(true);
    const ten = v.q('[data-card="TS"]'); // in the stock, not on the tableau
    expect(ten).toBeNull();
    const ks = v.q('[data-card="KS"]');
    expect(ks.textContent).toBe("K♠");
    expect(ks.hasAttribute("data-red")).toBe(false);
  });

  it("labels cells for screen readers: card name, row and column", () => {
    const v = open(fakeModel({ state: german() }));
    // cell 7 is row 2, column 3: 8C
    expect(v.cell(7).getAttribute("aria-label")).toBe("8♣, 8 of clubs, row 2, column 3");
    expect(v.cell(0).getAttribute("aria-label")).toBe("9♥, 9 of hearts, row 1, column 1");
  });

  it("has a status element with role=status that says what to do", () => {
    const v = open(fakeModel({ state: german() }));
    const status = v.q('[role="status"]');
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(v.status()).toMatch(/Remove pairs/);
  });

  it("draws the stock count, the discards and the counters", () => {
    const v = open(fakeModel({ state: germanAfterRemoval() }));
    // 52 − 25 = 27 stock cards; three pairs removed, the last one 18–22 (J♠ and J♦)
    expect(v.q(".mcw-stock").getAttribute("aria-label")).toBe("Stock: 27 cards face down");
    expect(v.q(".mcw-discards").getAttribute("aria-label")).toBe(
      "Discards: 3 pairs; last pair jack of spades and jack of diamonds",
    );
    const counter = (id) => v.q(`[data-counter="${id}"] dd`).textContent;
    expect(counter("round")).toBe("1");
    expect(counter("consolidations")).toBe("0");
    expect(counter("removed")).toBe("6 of 52");
  });

  it("draws gaps as empty cells without a card", () => {
    const v = open(fakeModel({ state: germanAfterRemoval() }));
    expect(v.cellsWith("data-gap")).toEqual([2, 6, 8, 11, 18, 22]);
    expect(v.cell(2).querySelector("[data-card]")).toBeNull();
    expect(v.cell(2).getAttribute("aria-label")).toBe("empty, row 1, column 3");
  });
});

describe("highlights", () => {
  it("a corner card has 3 neighbours, an edge card 5, an inner card 8", () => {
    const model = fakeModel({ state: german() });
    const v = open(model);
    v.click(0);
    expect(v.cellsWith("data-selected")).toEqual([0]);
    expect(v.cellsWith("data-neighbour")).toEqual([1, 5, 6]);
    v.click(0); // deselect
    expect(v.cellsWith("data-neighbour")).toEqual([]);
    v.click(2);
    expect(v.cellsWith("data-neighbour")).toEqual([1, 3, 6, 7, 8]);
    v.click(2);
    v.click(12);
    expect(v.cellsWith("data-neighbour")).toEqual([6, 7, 8, 11, 13, 16, 17, 18]);
  });

  it("marks partners with a visible 'pair' badge", () => {
    const v = open(fakeModel({ state: german() }));
    v.click(2); // 4C; 4H is at cell 8 (diagonal)
    expect(v.cellsWith("data-partner")).toEqual([8]);
    expect(v.cell(8).querySelector(".mcw-mark").textContent).toBe("pair");
    expect(v.cell(8).getAttribute("aria-label")).toBe(
      "4♥ pair, 4 of hearts, row 2, column 4, neighbour that can pair",
    );
  });

  it("marks false neighbours across a gap (the German case: 17 and 19)", () => {
    const model = fakeModel({ state: germanAfterRemoval() });
    const v = open(model);
    v.click(17); // 7D at row 4, column 3
    // East: 18 is a gap (JS removed), then 7C at 19. North-west: 11 is a gap
    // (2C removed), then 8D at 5. Every other direction meets a card or the edge.
    expect(v.cellsWith("data-false-neighbour")).toEqual([5, 19]);
    expect(v.cellsWith("data-neighbour")).toEqual([11, 12, 13, 16, 18, 21, 22, 23]);
    expect(v.cell(19).querySelector(".mcw-mark").textContent).toBe("✕");
    expect(v.status()).toBe(
      "7♦ (row 4, column 3) has 8 neighbours. None of them can pair with it. " +
        "8♦ and 7♣ are beyond a gap: not neighbours until you consolidate.",
    );
  });

  it("explains the selection in the status line", () => {
    const v = open(fakeModel({ state: german() }));
    v.click(6); // 2D at row 2, column 2; 2C below it at 11
    expect(v.status()).toBe("2♦ (row 2, column 2) has 8 neighbours. 2♣ can pair with it.");
  });

  it("mid-consolidation a touching card of the same rank is no partner yet", () => {
    // The case after its three pairs and the whole consolidation but the last
    // four steps: row 3 reads K♦ K♠ 3♠ 7♦ 7♣ already (RULES.md worked example),
    // row 4 is empty and row 5 still AS 9S .. QC AH: A♠ lies below K♦ beyond a gap.
    let s = germanAfterRemoval();
    for (let k = 0; k < 13; k++) s = apply(s, { type: "consolidate_step" });
    expect(s.phase).toBe("consolidate");
    expect(s.tableau.slice(10, 15)).toEqual(["KD", "KS", "3S", "7D", "7C"]);
    const v = open(fakeModel({ state: s }));
    v.click(10); // K♦ at row 3, column 1; K♠ beside it
    expect(v.cellsWith("data-partner")).toEqual([]);
    expect(v.cell(11).getAttribute("aria-label")).toBe(
      "K♠, king of spades, row 3, column 2, neighbour",
    );
    expect(v.status()).toBe(
      "K♦ (row 3, column 1) has 5 neighbours. K♠ touches it and has the same rank, " +
        "but pairs can only be removed once this round is over. " +
        "A♠ is beyond a gap: not a neighbour until you consolidate.",
    );
  });
});

describe("clicking pairs", () => {
  it("a legal pair updates the state at once and clears the selection", () => {
    const model = fakeModel({ state: german() });
    const v = open(model);
    v.click(2);
    expect(model.get("selected")).toBe(2);
    v.click(8);
    const s = model.get("state");
    expect(s.tableau[2]).toBeNull();
    expect(s.tableau[8]).toBeNull();
    expect(s.discards).toEqual([["4C", "4H"]]);
    expect(s.history).toEqual([{ type: "remove", cells: [2, 8] }]);
    expect(model.get("selected")).toBeNull();
    expect(model.get("feedback")).toEqual({
      key: "status.removed",
      params: { a: "4♣", b: "4♥" },
      cells: [],
      tone: "info",
    });
    // The move went to Python as one commit message (js/app/sync.js), never as a save.
    expect(model.commits().map((m) => m.action)).toEqual([
      null, // the selection
      { type: "remove", cells: [2, 8] },
    ]);
    // Saved is only `_seen`, once Python has answered (for marimo's cells on `w.value`).
    // `_seen` counts the saves, one per answer: the selection's, then the pair's.
    expect(model.get("_seen")).toBe(2);
    expect(model.save_changes).toHaveBeenCalledTimes(2);
    expect(v.cellsWith("data-gap")).toEqual([2, 8]);
  });

  it("an illegal pair marks both cards and shows the reason; nothing else changes", () => {
    const start = germanAfterRemoval();
    const model = fakeModel({ state: start });
    const v = open(model);
    v.click(17);
    v.click(19);
    expect(model.get("state")).toBe(start);
    expect(v.cellsWith("data-illegal")).toEqual([17, 19]);
    // The reason, then the clicked card is selected (docs/teaching.md, section 5).
    expect(v.status()).toBe(
      "7♦ and 7♣ are not neighbours: the gap between them does not count until you consolidate." +
        " Now showing 7♣'s neighbours.",
    );
    expect(model.get("feedback").tone).toBe("illegal");
    expect(model.get("selected")).toBe(19);
    // 7♣ (row 4, column 5) touches 5♥ 13, K♦ 14, the gap 18, Q♣ 23, A♥ 24.
    expect(v.cellsWith("data-selected")).toEqual([19]);
    expect(v.cellsWith("data-neighbour")).toEqual([13, 14, 18, 23, 24]);
    // 7♦ is beyond the gap 18.
    expect(v.cellsWith("data-false-neighbour")).toEqual([17]);
    // a click on the selected card clears it and the marks
    v.click(19);
    expect(model.get("selected")).toBeNull();
    expect(v.cellsWith("data-illegal")).toEqual([]);
    v.click(0);
    expect(v.cellsWith("data-illegal")).toEqual([]);
    expect(model.get("selected")).toBe(0);
  });

  it("different ranks are refused with the rank reason, and the clicked card is selected", () => {
    const model = fakeModel({ state: german() });
    const v = open(model);
    v.click(0); // 9H
    v.click(1); // KH
    expect(v.status()).toBe(
      "9♥ and K♥ do not pair: only cards of the same rank pair (suits never matter)." +
        " Now showing K♥'s neighbours.",
    );
    expect(model.get("selected")).toBe(1);
    expect(v.cellsWith("data-illegal")).toEqual([0, 1]);
    // K♥ (row 1, column 2) touches 9♥ 0, 4♣ 2, 8♦ 5, 2♦ 6, 8♣ 7.
    expect(v.cellsWith("data-neighbour")).toEqual([0, 2, 5, 6, 7]);
  });

  it("a refused pair then shows who can pair with the newly selected card", () => {
    const model = fakeModel({ state: german() });
    const v = open(model);
    v.click(0); // 9H
    v.click(2); // 4C: 4H (cell 8, row 2 column 4) touches it diagonally
    expect(v.status()).toBe(
      "9♥ and 4♣ do not pair: only cards of the same rank pair (suits never matter)." +
        " Now showing 4♣'s neighbours. 4♥ can pair with it.",
    );
    expect(v.cellsWith("data-partner")).toEqual([8]);
    expect(model.get("state").history).toEqual([]);
    // and the legal pair is removed as usual
    v.click(8);
    expect(model.get("state").history).toEqual([{ type: "remove", cells: [2, 8] }]);
    expect(model.get("selected")).toBeNull();
  });

  it("clicking a gap clears the selection", () => {
    const model = fakeModel({ state: germanAfterRemoval() });
    const v = open(model);
    v.click(0);
    expect(model.get("selected")).toBe(0);
    v.click(2);
    expect(model.get("selected")).toBeNull();
    expect(v.cellsWith("data-selected")).toEqual([]);
  });
});

describe("toolbar", () => {
  it("has labelled buttons with key hints", () => {
    const v = open(fakeModel({ state: german() }));
    expect(v.button("consolidate_step").textContent).toBe("Consolidate one cardC");
    expect(v.button("consolidate_step").getAttribute("aria-keyshortcuts")).toBe("c");
    expect(v.button("refill").querySelector("kbd").textContent).toBe("Shift+R");
    expect(v.button("new_deal")).not.toBeNull();
    expect(v.button("random_deal")).not.toBeNull();
  });

  it("consolidate one card moves exactly one card (3 → 2, the first step of the case)", () => {
    const before = germanAfterRemoval();
    const model = fakeModel({ state: before });
    const v = open(model);
    expect(v.button("consolidate_step").hasAttribute("data-emphasis")).toBe(true);
    v.button("consolidate_step").click();
    const after = model.get("state");
    const changed = after.tableau.flatMap((c, i) => (c !== before.tableau[i] ? [i] : []));
    expect(changed).toEqual([2, 3]);
    expect(after.tableau[2]).toBe("5D");
    expect(after.tableau[3]).toBeNull();
    expect(v.status()).toMatch(/^5♦ moved from row 1, column 4 to row 1, column 3\./);
    // 17 steps in the case, one done
    expect(v.status()).toMatch(/Consolidating: 16 cards still to move\./);
  });

  it("consolidate all then refill all give the case's layouts", () => {
    const model = fakeModel({ state: germanAfterRemoval() });
    const v = open(model);
    v.button("consolidate").click();
    expect(model.get("state").phase).toBe("refill");
    expect(v.button("refill_step").hasAttribute("data-emphasis")).toBe(true);
    expect(v.button("consolidate_step").hasAttribute("data-emphasis")).toBe(false);
    expect(v.status()).toContain("Refill: 6 gaps to fill and 27 cards in the stock.");
    v.button("refill").click();
    const s = model.get("state");
    // row 4 then row 5 of after_refill_layout: AS 9S QC AH TS / 5C 2S AD 7S 3H
    expect(s.tableau.slice(15)).toEqual([
      "AS",
      "9S",
      "QC",
      "AH",
      "TS",
      "5C",
      "2S",
      "AD",
      "7S",
      "3H",
    ]);
    expect(s.round).toBe(2);
  });

  it("a dimmed button stays clickable and explains why (refill before consolidating: M4)", () => {
    const start = germanAfterRemoval();
    const model = fakeModel({ state: start });
    const v = open(model);
    const refill = v.button("refill_step");
    expect(refill.getAttribute("aria-disabled")).toBe("true");
    expect(refill.disabled).toBe(false);
    refill.click();
    expect(model.get("state")).toBe(start);
    expect(v.status()).toBe(
      "Consolidate first: stock cards go into the gaps only after the cards have closed up towards the top left.",
    );
  });

  it("refill on a full tableau says so, instead of 'Consolidate first'", () => {
    const start = german(); // the case as dealt: no gap
    const model = fakeModel({ state: start });
    const v = open(model);
    v.button("refill").click();
    expect(model.get("state")).toBe(start);
    expect(v.status()).toBe("Nothing to refill: the tableau is full.");
    v.button("consolidate").click();
    expect(v.status()).toBe(
      "Nothing to consolidate: no card has a gap before it, and no stock card could fill a gap.",
    );
  });

  it("undo is dimmed at the start and says there is nothing to undo", () => {
    const v = open(fakeModel({ state: german() }));
    expect(v.button("undo").getAttribute("aria-disabled")).toBe("true");
    v.button("undo").click();
    expect(v.status()).toBe("There is nothing to undo.");
  });

  it("undo and redo step through the history", () => {
    const model = fakeModel({ state: german() });
    const v = open(model);
    v.click(2);
    v.click(8);
    expect(v.button("undo").hasAttribute("aria-disabled")).toBe(false);
    v.button("undo").click();
    expect(model.get("state").tableau[2]).toBe("4C");
    expect(v.button("redo").hasAttribute("aria-disabled")).toBe(false);
    v.button("redo").click();
    expect(model.get("state").tableau[2]).toBeNull();
  });

  it("names a consolidation step that moved no card when it is undone", () => {
    // Ten cards, the gaps already at the end, two in the stock.
    const layout =
      "7H 7S 8C 8D 9C/9D 9S KC KD QC/.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. | 2C 3C";
    const v = open(fakeModel({ state: newState({ layout }) }));
    v.button("consolidate_step").click(); // the pairs 7♥ 7♠ … still touch: asked first
    v.button("consolidate_step").click();
    expect(v.status()).toMatch(/^The cards were already closed up: no card had to move\. /);
    v.button("undo").click();
    expect(v.status()).toMatch(/^Undone: a consolidation step that moved no card\. /);
    v.button("redo").click();
    expect(v.status()).toMatch(/^Redone: a consolidation step that moved no card\. /);
  });

  it("says which pair was removed, then what to do", () => {
    const v = open(fakeModel({ state: german() }));
    v.click(8); // 4♥, then 4♣: the lower cell's card is named first
    v.click(2);
    expect(v.status()).toBe(
      "Removed 4♣ and 4♥. Remove pairs: click two touching cards of the same rank. " +
        "Consolidate when you are done.",
    );
  });

  it("mentions consolidating only when it can start", () => {
    const v = open(fakeModel({ state: german() })); // full tableau: nothing to consolidate
    expect(v.status()).toBe("Remove pairs: click two touching cards of the same rank.");
  });

  it("undo and redo say what they took back or made again", () => {
    const model = fakeModel({ state: germanAfterRemoval() });
    const v = open(model);
    v.button("undo").click(); // the last pair of the case: J♠ (18) and J♦ (22)
    expect(v.status()).toMatch(/^Undone: removing J♠ and J♦\. /);
    v.button("redo").click();
    expect(v.status()).toMatch(/^Redone: removing J♠ and J♦\. /);
    // The case's first steps: 5♦ from cell 3 to 2, 2♥ from 4 to 3 (row 1).
    v.button("consolidate_step").click();
    v.button("consolidate_step").click();
    v.button("undo").click();
    expect(v.status()).toMatch(/^Undone: 2♥ moved back from row 1, column 4 to row 1, column 5\. /);
    v.button("redo").click();
    expect(v.status()).toMatch(/^Redone: 2♥ moved from row 1, column 5 to row 1, column 4\. /);
    v.button("consolidate").click(); // the other 15 of the case's 17 moves
    v.button("undo").click();
    expect(v.status()).toMatch(/^Undone: consolidating \(15 cards moved back\)\. /);
    v.button("redo").click();
    expect(v.status()).toMatch(/^Redone: consolidating \(15 cards moved\)\. /);
    v.button("refill_step").click(); // TS, the top of the stock, into cell 19
    v.button("undo").click();
    expect(v.status()).toMatch(/^Undone: 10♠ went back from row 4, column 5 to the stock\. /);
    v.button("redo").click();
    expect(v.status()).toMatch(/^Redone: 10♠ dealt from the stock into row 4, column 5\. /);
    v.button("refill").click(); // the other five gaps, cells 20-24
    v.button("undo").click();
    expect(v.status()).toMatch(/^Undone: refilling \(5 cards back in the stock\)\. /);
    v.button("redo").click();
    expect(v.status()).toMatch(/^Redone: refilling \(5 cards dealt from the stock\)\. /);
  });

  it("new deal reads the deal number; a bad one is refused in words", () => {
    const model = fakeModel({ state: german() });
    const v = open(model);
    const input = v.q(".mcw-deal-input");
    input.value = "7";
    v.button("new_deal").click();
    expect(model.get("state").deal).toBe(7);
    expect(v.status()).toMatch(/^Deal 7: a new game\./);
    input.value = "-3";
    v.button("new_deal").click();
    expect(model.get("state").deal).toBe(7);
    expect(model.get("feedback").tone).toBe("illegal");
    expect(v.status()).toContain("-3");
  });

  it("a long number in the Deal box is quoted back exactly as typed", () => {
    const model = fakeModel({ state: german() });
    const v = open(model);
    const input = v.q(".mcw-deal-input");
    input.value = "99999999999999999999"; // twenty 9s: a float would read 1e20
    v.button("new_deal").click();
    expect(model.get("state").deal).toBeNull();
    expect(v.status()).toBe(
      "'99999999999999999999' is not a deal number: use a whole number from 0 to 4294967295.",
    );
    input.value = "4294967296";
    v.button("new_deal").click();
    expect(v.status()).toBe(
      "'4294967296' is not a deal number: use a whole number from 0 to 4294967295.",
    );
    input.value = "4294967295";
    v.button("new_deal").click();
    expect(model.get("state").deal).toBe(4294967295);
  });

  it("new deal with an empty box says what to type and changes nothing", () => {
    // a board loaded from a layout has no deal number: the box starts empty
    const start = german();
    const model = fakeModel({ state: start });
    const v = open(model);
    const input = v.q(".mcw-deal-input");
    expect(input.value).toBe("");
    v.click(2); // a selection is cleared, as after any refused command
    v.button("new_deal").click();
    expect(model.get("state")).toBe(start);
    expect(model.get("selected")).toBeNull();
    expect(v.status()).toBe(
      "Type a deal number in the Deal box first: a whole number from 0 to 4294967295 " +
        "(the same number always gives the same cards). Or press Random deal.",
    );
    expect(model.get("feedback")).toEqual({
      key: "deal.empty",
      params: {},
      cells: [],
      tone: "illegal",
    });
    expect(document.activeElement).toBe(input);
    // only spaces count as empty too, and Enter in the box does the same
    input.value = "   ";
    v.key(input, "Enter");
    expect(model.get("state")).toBe(start);
    expect(v.status()).toMatch(/^Type a deal number in the Deal box first/);
    // then a number typed there starts that deal
    input.value = "12";
    v.key(input, "Enter");
    expect(model.get("state").deal).toBe(12);
    expect(v.status()).toMatch(/^Deal 12: a new game\./);
  });

  it("random deal starts a deal from the random source", () => {
    const model = fakeModel({ state: german() });
    const v = open(model);
    v.button("random_deal").click();
    const deal = model.get("state").deal;
    expect(Number.isInteger(deal)).toBe(true);
    expect(deal).toBeGreaterThanOrEqual(0);
    expect(deal).toBeLessThanOrEqual(4294967295);
  });
});

describe("win and loss", () => {
  it("announces a win with its score, the time included, in the status line and a banner", () => {
    // two touching sevens and two touching fours, nothing else: two pairs win
    const layout = "7H 7C 4S 4D ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ..";
    const clock = fakeClock(1_700_000_000_000);
    const model = fakeModel({ state: newState({ layout }) });
    const v = open(model, clock);
    expect(v.q(".mcw-banner").hidden).toBe(true);
    v.click(0);
    v.click(1); // the first move starts the clock
    clock.advance(45_300);
    v.click(2);
    v.click(3);
    const won = "Won! 4 of 4 cards removed in 0:45, with 0 consolidations.";
    expect(v.status()).toBe(`Removed 4♠ and 4♦. ${won}`);
    expect(v.q(".mcw-banner").hidden).toBe(false);
    expect(v.q(".mcw-banner").textContent).toBe(won);
    expect(v.button("new_deal").hasAttribute("data-emphasis")).toBe(true);
  });

  it("a game never timed (played from Python) is announced without a time", () => {
    // The lesson's end game: won by Python calls, which never start the clock.
    let s = newState({
      layout: "7H 7C .. .. ../.. .. .. .. ../4S .. .. .. ../.. .. .. .. ../4D .. .. .. ..",
    });
    s = apply(s, { type: "remove", cells: [0, 1] });
    s = apply(s, { type: "consolidate" }); // 4♠ and 4♦ close up to cells 0 and 1
    s = apply(s, { type: "remove", cells: [0, 1] });
    const v = open(fakeModel({ state: s }));
    expect(v.status()).toBe("Won! 4 of 4 cards removed, with 1 consolidation.");
    expect(v.counter("time")).toBe("0:00");
  });

  it("announces a blocked game with the progress score", () => {
    // a full tableau with no two equal ranks touching, one stock card: blocked
    const layout =
      "AS 2S 3S 4S 5S/6S 7S 8S 9S TS/JS QS KS AH 2H/3H 4H 5H 6H 7H/8H 9H TH JH QH | KH";
    const v = open(fakeModel({ state: newState({ layout }) }));
    expect(v.status()).toBe(
      "Blocked: no pair and nothing to consolidate. 0 of 26 cards removed, with 0 consolidations.",
    );
    expect(v.q(".mcw-banner").getAttribute("data-outcome")).toBe("lost");
    expect(v.q('[role="status"]').getAttribute("data-tone")).toBe("lost");
  });

  it("puts the banner in the side panel, outside the tableau, so it covers no card", () => {
    // the same blocked layout: a learner checks every row for pairs
    const layout =
      "AS 2S 3S 4S 5S/6S 7S 8S 9S TS/JS QS KS AH 2H/3H 4H 5H 6H 7H/8H 9H TH JH QH | KH";
    const v = open(fakeModel({ state: newState({ layout }) }));
    const banner = v.q(".mcw-banner");
    expect(banner.hidden).toBe(false);
    expect(banner.closest(".mcw-side")).not.toBeNull();
    expect(banner.closest(".mcw-board")).toBeNull();
    expect(v.q(".mcw-board").contains(banner)).toBe(false);
    // the status line announces it; the banner only repeats it
    expect(banner.getAttribute("aria-hidden")).toBe("true");
    expect(banner.textContent).toBe(v.status());
  });
});

describe("time", () => {
  // Two touching sevens and two touching fours, nothing else: two pairs win.
  const SMALL = "7H 7C 4S 4D ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ..";
  const T0 = 1_700_000_000_000; // any fixed time, ms since 1970

  it("shows 0:00 and does not tick before the first move", () => {
    const clock = fakeClock(T0);
    const v = open(fakeModel({ state: german() }), clock);
    expect(v.counter("time")).toBe("0:00");
    expect(v.q('[data-counter="time"] dt').textContent).toBe("Time");
    expect(clock.pending).toBe(0);
    clock.advance(5000);
    expect(v.counter("time")).toBe("0:00");
  });

  it("starts at the first pair and counts whole seconds of play", () => {
    const clock = fakeClock(T0);
    const model = fakeModel({ state: german() });
    const v = open(model, clock);
    clock.advance(4200); // reading the board is not play
    v.click(2);
    v.click(8); // 4♣ and 4♥: the first move
    expect(model.get("clock")).toEqual({ start: T0 + 4200, stop: null });
    expect(v.counter("time")).toBe("0:00");
    clock.advance(999);
    expect(v.counter("time")).toBe("0:00");
    clock.advance(1);
    expect(v.counter("time")).toBe("0:01");
    clock.advance(64000);
    expect(v.counter("time")).toBe("1:05");
    // later moves keep the start
    v.click(6);
    v.click(11);
    expect(model.get("clock")).toEqual({ start: T0 + 4200, stop: null });
  });

  it("a board set up from Python shows 0:00 until the learner's first move", () => {
    // The lesson's boards: pairs removed by Python calls, which never start
    // the clock (the kernel sends a history with no time).
    const clock = fakeClock(T0);
    const model = fakeModel({ state: germanAfterRemoval() });
    const v = open(model, clock);
    clock.advance(226_000); // 3:46 of reading the lesson
    expect(v.counter("time")).toBe("0:00");
    expect(clock.pending).toBe(0);
    v.button("consolidate_step").click();
    expect(model.get("clock")).toEqual({ start: T0 + 226_000, stop: null });
    clock.advance(2000);
    expect(v.counter("time")).toBe("0:02");
  });

  it("a consolidation step is a first move too", () => {
    const clock = fakeClock(T0);
    const model = fakeModel({ state: germanAfterRemoval() });
    model.set("clock", { start: null, stop: null });
    const v = open(model, clock);
    v.button("consolidate_step").click();
    expect(model.get("clock")).toEqual({ start: T0, stop: null });
  });

  it("a refused move, a selection or undo with nothing to undo does not start it", () => {
    const clock = fakeClock(T0);
    const model = fakeModel({ state: german() });
    const v = open(model, clock);
    v.click(0);
    v.click(1); // 9♥ and K♥: refused
    v.button("undo").click();
    v.button("refill").click();
    expect(model.get("clock")).toEqual({ start: null, stop: null });
    expect(clock.pending).toBe(0);
  });

  it("each tick rewrites the time and nothing else", () => {
    const clock = fakeClock(T0);
    const model = fakeModel({ state: german() });
    const v = open(model, clock);
    v.click(2);
    v.click(8);
    const changed = [];
    const observer = new MutationObserver((records) => changed.push(...records));
    observer.observe(v.el, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    clock.advance(3000);
    changed.push(...observer.takeRecords());
    observer.disconnect();
    const dd = v.q('[data-counter="time"] dd');
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((r) => r.target === dd || dd.contains(r.target))).toBe(true);
    expect(v.counter("time")).toBe("0:03");
  });

  it("stops when the game is won and keeps the time shown", () => {
    const clock = fakeClock(T0);
    const model = fakeModel({ state: newState({ layout: SMALL }) });
    const v = open(model, clock);
    v.click(0);
    v.click(1); // 7♥ 7♣ at T0
    clock.advance(83_400);
    v.click(2);
    v.click(3); // 4♠ 4♦: won at T0 + 83.4 s
    expect(model.get("clock")).toEqual({ start: T0, stop: T0 + 83_400 });
    expect(v.counter("time")).toBe("1:23");
    expect(clock.pending).toBe(0);
    clock.advance(60_000);
    expect(v.counter("time")).toBe("1:23");
    // undo: the game is on again and the clock runs from the first move
    v.button("undo").click();
    expect(model.get("clock")).toEqual({ start: T0, stop: null });
    expect(v.counter("time")).toBe("2:23");
  });

  it("stops when the game is blocked", () => {
    // 7♥ 7♣ touch; after them no pair and nothing to consolidate: blocked
    const layout = "7H 7C .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. KS";
    const clock = fakeClock(T0);
    const model = fakeModel({ state: newState({ layout }) });
    const v = open(model, clock);
    v.click(0);
    v.click(1);
    clock.advance(2000);
    v.button("consolidate").click(); // K♠ closes up to cell 0: blocked at T0 + 2 s
    clock.advance(5000);
    expect(v.status()).toBe(
      "Consolidated: 1 card moved. Blocked: no pair and nothing to consolidate. " +
        "2 of 3 cards removed in 0:02, with 1 consolidation.",
    );
    expect(model.get("clock")).toEqual({ start: T0, stop: T0 + 2000 });
    expect(v.counter("time")).toBe("0:02");
  });

  it("a new deal clears it", () => {
    const clock = fakeClock(T0);
    const model = fakeModel({ state: german() });
    const v = open(model, clock);
    v.click(2);
    v.click(8);
    clock.advance(7000);
    v.q(".mcw-deal-input").value = "7";
    v.button("new_deal").click();
    expect(model.get("clock")).toEqual({ start: null, stop: null });
    expect(v.counter("time")).toBe("0:00");
    expect(clock.pending).toBe(0);
  });

  it("two views of one widget show the same time", async () => {
    const clock = fakeClock(T0);
    const model = fakeModel({ state: german() });
    const a = open(model, clock);
    clock.advance(300); // the second view opens later, off the second
    const b = open(model, clock);
    a.click(2);
    a.click(8);
    await settled();
    for (const step of [250, 700, 50, 1000, 12_345]) {
      clock.advance(step);
      expect(b.counter("time")).toBe(a.counter("time"));
    }
    expect(a.counter("time")).toBe("0:14");
  });

  it("shows a clock set by the kernel, and ticks it", async () => {
    const clock = fakeClock(T0);
    const model = fakeModel({ state: germanAfterRemoval() });
    const v = open(model, clock);
    model.set("clock", { start: T0 - 61_000, stop: null });
    await settled();
    expect(v.counter("time")).toBe("1:01");
    clock.advance(1000);
    expect(v.counter("time")).toBe("1:02");
    model.set("clock", { start: T0 - 61_000, stop: T0 - 1000 });
    await settled();
    expect(v.counter("time")).toBe("1:00");
    expect(clock.pending).toBe(0);
  });

  it("the cleanup stops the ticking", () => {
    const clock = fakeClock(T0);
    const model = fakeModel({ state: german() });
    const v = mount(model, clock);
    v.click(2);
    v.click(8);
    expect(clock.pending).toBe(1);
    v.cleanup();
    v.el.remove();
    expect(clock.pending).toBe(0);
  });

  it("keeps the clock out of the game state", () => {
    const clock = fakeClock(T0);
    const model = fakeModel({ state: german() });
    const v = open(model, clock);
    v.click(2);
    v.click(8);
    expect(Object.keys(model.get("state")).sort()).toEqual(
      [
        "rules",
        "deal",
        "start",
        "tableau",
        "stock",
        "discards",
        "phase",
        "round",
        "consolidations",
        "history",
        "cursor",
        "previous_game",
        "next_game",
      ].sort(),
    );
  });
});

describe("keyboard", () => {
  it("gives the grid one tab stop and moves it with the arrow keys", () => {
    const v = open(fakeModel({ state: german() }));
    const stops = () => v.qa('[data-cell][tabindex="0"]').map((c) => Number(c.dataset.cell));
    expect(stops()).toEqual([0]);
    v.cell(0).focus();
    v.key(v.cell(0), "ArrowRight");
    expect(document.activeElement).toBe(v.cell(1));
    v.key(v.cell(1), "ArrowDown");
    expect(document.activeElement).toBe(v.cell(6));
    v.key(v.cell(6), "ArrowLeft");
    v.key(v.cell(5), "ArrowLeft"); // stays at the edge: no wrap
    expect(document.activeElement).toBe(v.cell(5));
    v.key(v.cell(5), "End");
    expect(document.activeElement).toBe(v.cell(9));
    expect(stops()).toEqual([9]);
  });

  it("Enter selects and pairs, Escape clears", () => {
    const model = fakeModel({ state: german() });
    const v = open(model);
    v.cell(2).focus();
    v.key(v.cell(2), "Enter");
    expect(model.get("selected")).toBe(2);
    v.key(v.cell(2), "Escape");
    expect(model.get("selected")).toBeNull();
    v.key(v.cell(2), " ");
    v.key(v.cell(2), "ArrowDown"); // 7
    v.key(v.cell(7), "ArrowRight"); // 8
    v.key(v.cell(8), "Enter");
    expect(model.get("state").discards).toEqual([["4C", "4H"]]);
  });

  it("shortcuts work inside the widget and never reach the notebook", () => {
    const model = fakeModel({ state: germanAfterRemoval() });
    const v = open(model);
    let reached = 0;
    const spy = () => reached++;
    document.addEventListener("keydown", spy);
    try {
      v.cell(0).focus();
      v.key(v.cell(0), "c");
      expect(model.get("state").phase).toBe("consolidate");
      v.key(v.cell(0), "C", { shiftKey: true });
      expect(model.get("state").phase).toBe("refill");
      v.key(v.cell(0), "u");
      expect(model.get("state").phase).toBe("consolidate");
      v.key(v.cell(0), "z", { ctrlKey: true });
      expect(model.get("state").phase).toBe("remove");
      v.key(v.cell(0), "y", { ctrlKey: true });
      expect(model.get("state").phase).toBe("consolidate");
      v.key(v.cell(0), "u");
      v.key(v.cell(0), "Z", { ctrlKey: true, shiftKey: true });
      expect(model.get("state").phase).toBe("consolidate");
      v.key(v.cell(0), "u");
      v.key(v.cell(0), "U", { shiftKey: true });
      expect(model.get("state").phase).toBe("consolidate");
      v.key(v.cell(0), "d"); // JupyterLab's "d d" must not delete the cell
      expect(reached).toBe(0);
    } finally {
      document.removeEventListener("keydown", spy);
    }
    expect(v.q(".mcw").hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
    for (const el of v.qa("[tabindex], button, input")) {
      expect(el.hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
    }
  });

  it("the host's keys pass: Shift+Enter and Ctrl/Cmd/Alt keys the board does not use", async () => {
    const model = fakeModel({ state: german() });
    const v = open(model);
    const seen = [];
    // What JupyterLab would see on the document, and whether Lumino's
    // bindings could match then (no suppress attribute on the way up).
    const spy = (event) =>
      seen.push([event.key, event.target.closest("[data-lm-suppress-shortcuts]") === null]);
    document.addEventListener("keydown", spy);
    try {
      v.cell(2).focus();
      v.key(v.cell(2), "s", { ctrlKey: true }); // save
      v.key(v.cell(2), "Enter", { shiftKey: true }); // run the cell
      v.key(v.cell(2), "Enter", { ctrlKey: true }); // run the cell
      v.key(v.cell(2), "s", { metaKey: true });
      v.key(v.cell(2), "x", { altKey: true });
      v.key(v.cell(2), "a"); // insert a cell above: stays in the widget
      v.key(v.cell(2), "z", { ctrlKey: true }); // the board's undo: stays
      v.key(v.cell(2), "y", { ctrlKey: true }); // the board's redo: stays
    } finally {
      document.removeEventListener("keydown", spy);
    }
    expect(seen).toEqual([
      ["s", true],
      ["Enter", true],
      ["Enter", true],
      ["s", true],
      ["x", true],
    ]);
    expect(model.get("selected")).toBeNull(); // Shift/Ctrl+Enter did not select the card
    // The attribute is back once the events have been handled.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(v.cell(2).hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
    expect(v.q(".mcw").hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
  });

  it("the tableau is the first tab stop; the buttons and the Deal box follow it", () => {
    const v = open(fakeModel({ state: german() }));
    // In document order, which is the Tab order (no positive tabindex).
    const stops = v
      .qa("[data-cell], button, input")
      .filter((el) => el.getAttribute("tabindex") !== "-1" && !el.closest("[hidden]"))
      .map((el) => el.dataset.action ?? (el.hasAttribute("data-cell") ? "cell" : "deal box"));
    // A full tableau offers no walkthrough: its bar is hidden, no tab stop.
    expect(stops).toEqual([
      "cell",
      "consolidate_step",
      "consolidate",
      "refill_step",
      "refill",
      "undo",
      "redo",
      "hint",
      "review",
      "deal box",
      "new_deal",
      "random_deal",
    ]);
    expect(v.q("[tabindex='0']")).toBe(v.cell(0));
    // The buttons are in the column beside the tableau, the status line above both.
    expect(v.button("undo").closest(".mcw-side")).not.toBeNull();
    const status = v.q('[role="status"]');
    expect(status.compareDocumentPosition(v.q('[role="grid"]'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it("n focuses the deal number; Enter there starts the deal", () => {
    const model = fakeModel({ state: german() });
    const v = open(model);
    v.cell(0).focus();
    v.key(v.cell(0), "n");
    const input = v.q(".mcw-deal-input");
    expect(document.activeElement).toBe(input);
    input.value = "123";
    v.key(input, "Enter");
    expect(model.get("state").deal).toBe(123);
  });

  it("after a new deal the first card has the focus: Enter in the Deal box", () => {
    const model = fakeModel({ state: german() });
    const v = open(model);
    v.cell(0).focus();
    v.key(v.cell(0), "ArrowDown"); // the tab stop is cell 5 now
    v.key(v.cell(5), "n");
    const input = v.q(".mcw-deal-input");
    input.value = "123";
    v.key(input, "Enter");
    expect(model.get("state").deal).toBe(123);
    expect(document.activeElement).toBe(v.cell(0));
    expect(v.qa('[data-cell][tabindex="0"]')).toEqual([v.cell(0)]);
  });

  it("after a new deal the first card has the focus: New deal and Random deal", () => {
    const model = fakeModel({ state: german() });
    const v = open(model, { random: () => 42 });
    v.q(".mcw-deal-input").value = "7";
    v.button("new_deal").focus();
    v.button("new_deal").click();
    expect(model.get("state").deal).toBe(7);
    expect(document.activeElement).toBe(v.cell(0));
    v.button("random_deal").focus();
    v.button("random_deal").click();
    expect(model.get("state").deal).toBe(42);
    expect(document.activeElement).toBe(v.cell(0));
  });

  it("a refused deal number leaves the focus in the Deal box", () => {
    const model = fakeModel({ state: german() });
    const v = open(model);
    const input = v.q(".mcw-deal-input");
    input.focus();
    input.value = "seven";
    v.key(input, "Enter");
    expect(model.get("state").deal).toBeNull(); // still the German layout
    expect(document.activeElement).toBe(input);
    input.value = "";
    v.key(input, "Enter");
    expect(document.activeElement).toBe(input);
  });

  it("a new deal from Python or from another view leaves the focus alone", async () => {
    const model = fakeModel({ state: german() });
    const v = open(model);
    const other = open(model);
    v.cell(3).focus();
    model.set("state", newState({ deal: 11 })); // as the kernel would
    await settled();
    expect(document.activeElement).toBe(v.cell(3));
    other.q(".mcw-deal-input").value = "9";
    other.button("new_deal").click();
    await settled();
    expect(model.get("state").deal).toBe(9);
    // The view that dealt focuses its first card; the other one does not take it.
    expect(document.activeElement).toBe(other.cell(0));
  });

  it("the root takes the focus of a click on no control; keys pressed there stay in the board", () => {
    // Issue 17: a click on the background, between the cards or on the status
    // line left the focus on the notebook's cell, and `r` made it a Raw cell.
    const model = fakeModel({ state: german() });
    const v = open(model);
    const root = v.q(".mcw");
    expect(root.getAttribute("tabindex")).toBe("-1"); // focusable, no Tab stop
    let reached = 0;
    const spy = () => reached++;
    document.addEventListener("keydown", spy);
    try {
      root.focus();
      // JupyterLab's raw, copy, paste, delete, markdown, code: none reaches it.
      for (const key of ["r", "c", "v", "d", "d", "m", "y"]) v.key(root, key);
      expect(reached).toBe(0);
      expect(model.get("state").discards).toEqual([]);
      // An arrow key goes into the grid, to its tab stop.
      v.key(root, "ArrowRight");
      expect(document.activeElement).toBe(v.cell(0));
      // The toolbar's keys work from the root: u undoes the pair 4♣–4♥ (cells 2 and 8).
      v.click(2);
      v.click(8);
      expect(model.get("state").discards).toEqual([["4C", "4H"]]);
      root.focus();
      v.key(root, "u");
      expect(model.get("state").discards).toEqual([]);
      expect(reached).toBe(0);
    } finally {
      document.removeEventListener("keydown", spy);
    }
  });

  it("Escape clears, then gives the focus to the focusable host around the board", () => {
    const model = fakeModel({ state: german() });
    const v = open(model);
    const root = v.q(".mcw");
    // As JupyterLab's cell (tabindex 0 or -1) is around its outputs.
    v.el.setAttribute("tabindex", "-1");
    let reached = 0;
    const spy = () => reached++;
    document.addEventListener("keydown", spy);
    try {
      v.click(2);
      root.focus();
      v.key(root, "Escape");
      expect(model.get("selected")).toBeNull();
      expect(document.activeElement).toBe(root);
      v.key(root, "Escape"); // nothing left to clear
      expect(document.activeElement).toBe(v.el);
      // From a card too.
      v.cell(3).focus();
      v.key(v.cell(3), "Escape");
      expect(document.activeElement).toBe(v.el);
      // With no focusable host (a plain page), the focus stays where it is.
      v.el.removeAttribute("tabindex");
      v.cell(3).focus();
      v.key(v.cell(3), "Escape");
      expect(document.activeElement).toBe(v.cell(3));
      expect(reached).toBe(0);
    } finally {
      document.removeEventListener("keydown", spy);
    }
  });

  it("keys pressed outside the widget are ignored", () => {
    const model = fakeModel({ state: germanAfterRemoval() });
    open(model);
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "c", bubbles: true }));
    expect(model.get("state").phase).toBe("remove");
  });
});

describe("sync", () => {
  it("two views of one model show the same board, each with its own selection", async () => {
    const model = fakeModel({ state: german() });
    const a = open(model);
    const b = open(model);
    a.click(2);
    await settled();
    expect(a.cellsWith("data-selected")).toEqual([2]);
    expect(b.cellsWith("data-selected")).toEqual([]); // a click selects in its own view
    a.click(8);
    await settled();
    expect(b.cellsWith("data-gap")).toEqual([2, 8]);
    b.click(17);
    b.click(19); // 7D and 7C: cell 18 still holds JS here, so they are simply not neighbours
    await settled();
    const refusal = "7♦ and 7♣ are not neighbours: a pair must touch by a side or a corner.";
    expect(a.status()).toBe(refusal);
    expect(b.status().startsWith(refusal)).toBe(true); // and it shows 7♣'s neighbours
    expect(a.cellsWith("data-illegal")).toEqual(b.cellsWith("data-illegal"));
  });

  it("a pair is two clicks in one view: another view's click only selects there (issue 17)", async () => {
    // Two views of deal 7 (JH TS QC 5H 7C / 9S AD 4H 2C 8D / 9C 4D AC 3S KC /
    // 5C 3H QS JC TH / JD KS KD 2S 8C): A picks 9♠, B picks 9♣ meaning to
    // select it, then A picks A♦ and B A♣. No pair is made of A's 9♠ and B's
    // 9♣; each view's second click pairs with its own first.
    const model = fakeModel({ state: newState({ deal: 7 }) });
    const a = open(model);
    const b = open(model);
    a.click(5); // 9♠
    b.click(10); // 9♣
    await settled();
    expect(model.get("state").tableau[5]).toBe("9S");
    expect(a.cellsWith("data-selected")).toEqual([5]);
    expect(b.cellsWith("data-selected")).toEqual([10]);
    a.click(10); // A pairs 9♠ with 9♣: its own two clicks
    await settled();
    expect(model.get("state").discards).toEqual([["9S", "9C"]]);
    expect(b.cellsWith("data-selected")).toEqual([]); // B's 9♣ left the board
    a.click(6); // A♦ in A
    b.click(12); // A♣ in B: B has nothing selected, so it only selects
    await settled();
    expect(model.get("state").discards).toHaveLength(1);
    expect(a.cellsWith("data-selected")).toEqual([6]);
    expect(b.cellsWith("data-selected")).toEqual([12]);
  });

  it("a move made elsewhere keeps this view's selection unless its card left or moved", async () => {
    const model = fakeModel({ state: newState({ deal: 7 }) });
    const a = open(model);
    const b = open(model);
    b.click(0); // J♥
    a.click(5);
    a.click(10); // 9♠ 9♣ removed in A
    await settled();
    expect(b.cellsWith("data-selected")).toEqual([0]); // J♥ did not move
    b.click(0); // deselect J♥ …
    b.click(6); // … and select A♦ instead
    // One card closes up in A: the first gap is cell 5, A♦ (cell 6) moves into it.
    a.button("consolidate_step").click(); // pairs still touch: asked first
    a.button("consolidate_step").click();
    await settled();
    expect(model.get("state").tableau[5]).toBe("AD");
    expect(b.cellsWith("data-selected")).toEqual([]); // B's A♦ moved: its selection is gone
  });

  /** A controller on `model` whose view only records what it is asked to draw. */
  function recorder(model) {
    const drawn = [];
    const controller = createController(model, () => ({
      update: (p) => drawn.push(p),
      status: { el: document.createElement("div") },
      setCounter() {},
      destroy() {},
    }));
    drawn.length = 0; // the first drawing, on opening
    return { drawn, controller };
  }

  it("redraws another view once per commit, with every trait already new", async () => {
    const model = fakeModel({ state: german() });
    const a = open(model);
    const b = recorder(model);
    a.click(2); // selected
    await settled();
    expect(b.drawn).toHaveLength(1);
    a.click(8); // state, clock, selected and feedback change together
    await settled();
    expect(b.drawn).toHaveLength(2);
    const p = b.drawn[1];
    expect(p.tableau[2]).toBeNull();
    expect(p.tableau[8]).toBeNull();
    expect(p.cells.filter((c) => c.selected)).toEqual([]);
    b.controller.destroy();
  });

  it("redraws once when the kernel sends four traits in one message", async () => {
    const model = fakeModel({ state: german() });
    const b = recorder(model);
    model.set("state", germanAfterRemoval());
    model.set("clock", { start: 1000, stop: null });
    model.set("selected", 17);
    model.set("_pointer", { n: 1, cell: 17 }); // Python points (w.select)
    model.set("feedback", { key: "status.loaded", params: {}, cells: [], tone: "info" });
    expect(b.drawn).toHaveLength(0); // not yet: at the end of the turn
    await settled();
    expect(b.drawn).toHaveLength(1);
    expect(b.drawn[0].cells[17].selected).toBe(true);
    expect(b.drawn[0].tableau[2]).toBeNull();
    b.controller.destroy();
    model.set("selected", 0);
    await settled();
    expect(b.drawn).toHaveLength(1); // destroyed: no more drawing
  });

  it("redraws when the kernel changes the traits", async () => {
    const model = fakeModel({ state: german() });
    const v = open(model);
    model.set("state", germanAfterRemoval());
    await settled();
    expect(v.cellsWith("data-gap")).toEqual([2, 6, 8, 11, 18, 22]);
    model.set("selected", 17);
    model.set("_pointer", { n: 1, cell: 17 }); // Python points (w.select)
    await settled();
    expect(v.cellsWith("data-selected")).toEqual([17]);
    model.set("feedback", {
      key: "error.state",
      params: { path: "state.tableau[3]", problem: "state.tableau[3]: 1 is not a card." },
      cells: [],
      tone: "error",
    });
    await settled();
    expect(v.status()).toBe(
      "That change was refused and the board is back as it was. state.tableau[3]: 1 is not a card.",
    );
  });

  it("keeps working with no kernel: a failing send is ignored, and nothing is logged", () => {
    const model = fakeModel({ state: german() });
    model.send.mockImplementation(() => {
      throw new Error("no comm");
    });
    // MyST's model throws on every send: a line per move would be noise.
    const levels = ["debug", "log", "info", "warn", "error"];
    const spies = levels.map((level) => vi.spyOn(console, level).mockImplementation(() => {}));
    try {
      const v = open(model);
      v.click(2);
      v.click(8);
      expect(model.get("state").discards).toEqual([["4C", "4H"]]);
      expect(v.cellsWith("data-gap")).toEqual([2, 8]);
      // Tried once (the first click's selection); then the board plays alone.
      expect(model.send).toHaveBeenCalledTimes(1);
      expect(model.save_changes).not.toHaveBeenCalled();
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it("ignores a selection that names a gap or junk", () => {
    const model = fakeModel({ state: germanAfterRemoval(), selected: 2 });
    const v = open(model);
    expect(v.cellsWith("data-selected")).toEqual([]);
    model.set("selected", "x");
    expect(v.cellsWith("data-selected")).toEqual([]);
  });

  it("the cleanup removes every listener and the DOM", () => {
    const model = fakeModel({ state: german() });
    const v = mount(model);
    expect(model.listeners("change:state")).toBe(1);
    v.cleanup();
    expect(model.listeners("change:state")).toBe(0);
    expect(v.el.querySelector(".mcw")).toBeNull();
    v.el.remove();
  });

  it("updates in place: the cells survive a new state, so focus stays", () => {
    const model = fakeModel({ state: german() });
    const v = open(model);
    const cell = v.cell(12);
    cell.focus();
    v.key(cell, "c"); // nothing to consolidate: refused, but a redraw
    model.set("state", germanAfterRemoval());
    expect(v.cell(12)).toBe(cell);
    expect(document.activeElement).toBe(cell);
  });
});

describe("the live region", () => {
  it("says the same answer again when it is asked again (Hint twice)", async () => {
    const v = open(fakeModel({ state: german() }));
    const status = v.q('[role="status"]');
    const said = [];
    const watch = new MutationObserver(() => said.push(status.textContent));
    watch.observe(status, { childList: true, characterData: true, subtree: true });
    v.button("hint").click();
    await settled();
    v.button("hint").click();
    await settled();
    watch.disconnect();
    // Two presses, two announcements of the same words (a trailing no-break
    // space makes the second one a change); no third from a redraw.
    expect(said).toHaveLength(2);
    expect(said[1].trim()).toBe(said[0].trim());
    expect(said[0].startsWith("Remove 4♣ and 4♥")).toBe(true);
  });
});

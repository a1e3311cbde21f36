// @vitest-environment jsdom
/**
 * "Consolidate one card" with pairs still on the tableau (issue 20, item 5;
 * js/app/give-up.js): the first press (button or C key) says which pairs
 * consolidating gives up for the round and changes nothing; the second
 * consolidates, undoably. Expected values by hand from RULES.md, "A round".
 */
import { describe, expect, it } from "vitest";
import { newState } from "../../js/engine/index.js";
import { giveUpQuestion } from "../../js/app/give-up.js";
import { fakeModel, mountEach } from "./widget-helpers.js";

const open = mountEach();
const EMPTY = "/.. .. .. .. ..";
// Row 1: 7♥ 7♣ touch (cells 0, 1); Q♠ (cell 3) and Q♦ (cell 8, row 2 column 4)
// touch by a side; 2♣ (cell 5) has a gap before it (cell 4), so consolidating
// is allowed. No other rank appears twice.
const TWO_PAIRS = "7H 7C 9D QS ../2C 3D 4S QD 5H" + EMPTY.repeat(3) + " | 6C";
const ASKED =
  "Still touching: 7♥–7♣ and Q♠–Q♦. Consolidating now gives up 2 pairs for this round:" +
  " press again to consolidate (Undo takes it back), or remove a pair first.";

describe("the first press of Consolidate with pairs left only asks", () => {
  it("asks, marks the pairs, then consolidates on the second press; Undo takes it back", () => {
    const model = fakeModel({ state: newState({ layout: TWO_PAIRS }) });
    const v = open(model);
    const before = model.get("state");
    v.button("consolidate_step").click();
    expect(v.status()).toBe(ASKED);
    expect(model.get("state")).toBe(before); // nothing consolidated
    expect(v.cellsWith("data-partner")).toEqual([0, 1, 3, 8]);
    v.button("consolidate_step").click();
    // One card closed up: 2♣ from cell 5 into the gap, cell 4.
    expect(model.get("state").tableau[4]).toBe("2C");
    expect(model.get("state").phase).toBe("consolidate");
    expect(v.status()).toMatch(/^2♣ moved from row 2, column 1 to row 1, column 5\./);
    v.button("undo").click();
    expect(model.get("state").tableau.slice(0, 6)).toEqual(["7H", "7C", "9D", "QS", null, "2C"]);
  });

  it("the C key asks too; another action in between asks again", () => {
    const model = fakeModel({ state: newState({ layout: TWO_PAIRS }) });
    const v = open(model);
    const root = v.q(".mcw");
    v.key(root, "c");
    expect(v.status()).toBe(ASKED);
    v.click(5); // a selection clears the question
    v.key(root, "c");
    expect(v.status()).toBe(ASKED);
    expect(model.get("state").phase).toBe("remove");
    v.key(root, "c");
    expect(model.get("state").phase).toBe("consolidate");
  });

  it("Consolidate (all at once) does not ask: it is the learner's explicit choice", () => {
    const model = fakeModel({ state: newState({ layout: TWO_PAIRS }) });
    const v = open(model);
    v.button("consolidate").click();
    // Every card after the first gap closes up: 2♣ 3♦ 4♠ Q♦ 5♥ to cells 4-8.
    expect(model.get("state").tableau.slice(4, 9)).toEqual(["2C", "3D", "4S", "QD", "5H"]);
    expect(v.status()).toMatch(/^Consolidated: 5 cards moved\./);
  });
});

describe("giveUpQuestion", () => {
  it("does not ask with no pair left, or when consolidating is refused anyway", () => {
    // 7♥ and 7♠ a gap apart (M1): no pair; 7♠ has a gap before it.
    const none = newState({ layout: "7H .. 7S 8C .." + EMPTY.repeat(4) + " |" });
    expect(giveUpQuestion(none, {}, "consolidate_step")).toBeNull();
    // A full first row with a pair and nothing else, no stock: nothing to consolidate.
    const full = newState({ layout: "7H 7S 2C 3D 4C" + EMPTY.repeat(4) + " |" });
    expect(giveUpQuestion(full, {}, "consolidate_step")).toBeNull();
  });

  it("one pair is counted as one", () => {
    const one = newState({ layout: "7H 7S .. 3D 4C" + EMPTY.repeat(4) + " |" });
    const asked = giveUpQuestion(one, null, "consolidate");
    expect(asked.params.count).toEqual({ count: 1, of: "count.pairs" });
    expect(asked.cells).toEqual([0, 1]);
    expect(giveUpQuestion(one, asked, "consolidate")).toBeNull();
  });
});

/**
 * The walkthrough's presentation (js/present/walkthrough-bar.js,
 * js/present/narration.js), pure: narration and marks on the German worked
 * example after its three pairs are removed (case file: 17 moves, the first
 * 3 → 2 (5♦); 6 deals, the first T♠ into cell 19).
 */
import { describe, expect, it } from "vitest";
import * as E from "../../js/engine/index.js";
import { DEFAULT_TEACHING, present } from "../../js/present/presentation.js";
import { stepNarration } from "../../js/present/narration.js";
import { presentWalk, readScore, stepDelay } from "../../js/present/walkthrough-bar.js";
import german from "../cases/german-worked-example.json";

function afterRemoval() {
  let s = E.newState({ layout: german.layout });
  for (const cells of german.remove) s = E.apply(s, { type: "remove", cells });
  return s;
}
const say = (f) => E.formatMessage(f.key, f.params);
const EMPTY_ROW = ".. .. .. .. ..";

describe("stepNarration", () => {
  const s = afterRemoval();
  const w = E.walkthrough(s);
  it("narrates step 0, a move, a deal and the end", () => {
    expect(say(stepNarration(s.rules, w, 0))).toBe(
      "Step 0 of 23: 17 cards will close up, then 6 stock cards will fill the gaps at the end. Next: 5♦ moves to row 1, column 3.",
    );
    expect(say(stepNarration(s.rules, w, 1))).toBe(
      "Step 1 of 23: 5♦ moved from row 1, column 4 to row 1, column 3, the first gap in reading order. Next: 2♥ moves to row 1, column 4.",
    );
    // Step 17 is the last move, 24 → 18 (A♥): row 5, column 5 to row 4, column 4.
    expect(stepNarration(s.rules, w, 17).params).toEqual({
      card: "A♥",
      from: { key: "cell.place", params: { row: 5, col: 5 } },
      to: { key: "cell.place", params: { row: 4, col: 4 } },
      step: 17,
      n: 23,
      // Next, the first deal: the stock card stays face down, its gap is named.
      next: {
        key: "walk.next-deal",
        params: { place: { key: "cell.place", params: { row: 4, col: 5 } } },
      },
    });
    expect(say(stepNarration(s.rules, w, 18))).toBe(
      "Step 18 of 23: the top stock card, 10♠, filled row 4, column 5. Next: the top stock card fills row 5, column 1.",
    );
    // Step 23, the last deal (the case's sixth stock card, 3♥, into cell 24), ends the round.
    expect(stepNarration(s.rules, w, 23)).toEqual({
      key: "walk.end-deal",
      params: {
        card: "3♥",
        place: { key: "cell.place", params: { row: 5, col: 5 } },
        step: 23,
        n: 23,
      },
      cells: [],
      tone: "info",
    });
    expect(say(stepNarration(s.rules, w, 23))).toBe(
      "Step 23 of 23: the top stock card, 3♥, filled row 5, column 5. The round is over.",
    );
  });
  // The same objects as Python's walk_feedback (widget/narration.py;
  // tests/test_widget_teaching.py, same texts).
  it("says so when the stock is empty, and ends on the last move", () => {
    const t = E.newState({ layout: "7H .. 7S 8C 8D/" + Array(4).fill(EMPTY_ROW).join("/") + " |" });
    const v = E.walkthrough(t);
    expect(stepNarration(t.rules, v, 0)).toEqual({
      key: "walk.start-no-deals",
      params: {
        n: 3,
        moves: { count: 3, of: "count.cards" },
        next: {
          key: "walk.next-move",
          params: { card: "7♠", to: { key: "cell.place", params: { row: 1, col: 2 } } },
        },
      },
      cells: [],
      tone: "info",
    });
    expect(say(stepNarration(t.rules, v, 0))).toBe(
      "Step 0 of 3: 3 cards will close up; the stock is empty, so nothing is dealt. Next: 7♠ moves to row 1, column 2.",
    );
    expect(say(stepNarration(t.rules, v, 3))).toBe(
      "Step 3 of 3: 8♦ moved from row 1, column 5 to row 1, column 4, the first gap in reading order. The round is over.",
    );
    expect(stepNarration(t.rules, v, 3).key).toBe("walk.end-move");
  });
  it("says so when no card moves", () => {
    const rows = ["7H 7S 8C 8D 9C", "9D 9S KC KD QC", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW];
    const t = E.newState({ layout: rows.join("/") + " | 2C 3C" });
    const v = E.walkthrough(t);
    expect(stepNarration(t.rules, v, 0)).toEqual({
      key: "walk.start-no-moves",
      params: {
        n: 2,
        deals: { count: 2, of: "count.stock-cards" },
        next: {
          key: "walk.next-deal",
          params: { place: { key: "cell.place", params: { row: 3, col: 1 } } },
        },
      },
      cells: [],
      tone: "info",
    });
    expect(say(stepNarration(t.rules, v, 0))).toBe(
      "Step 0 of 2: every card is in place already; 2 stock cards will fill the gaps at the end. Next: the top stock card fills row 3, column 1.",
    );
    expect(say(stepNarration(t.rules, v, 2))).toBe(
      "Step 2 of 2: the top stock card, 3♣, filled row 3, column 2. The round is over.",
    );
  });
  it("in predict mode does not name the next step, the question", () => {
    expect(stepNarration(s.rules, w, 1, true).params.next).toEqual({
      key: "walk.next-predict",
      params: {},
    });
    expect(say(stepNarration(s.rules, w, 1, true))).toMatch(
      /reading order\. Next: press Step forward and predict it\.$/,
    );
  });
  it("refuses a step outside 0 … n", () => {
    expect(() => stepNarration(s.rules, w, 24)).toThrow(RangeError);
    expect(() => stepNarration(s.rules, w, 1.5)).toThrow(RangeError);
  });
});

describe("presentWalk", () => {
  it("is null without a walkthrough; reading order still numbers the cells", () => {
    const full = E.newState({ layout: german.layout });
    const p = presentWalk(E.formatMessage, full, {}, { ...DEFAULT_TEACHING, show_order: true });
    expect(p.walk).toBeNull();
    expect(p.cells.map((c) => c.order)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it("does not mark the next step at step 0 of plain play", () => {
    const p = presentWalk(E.formatMessage, afterRemoval(), {}, DEFAULT_TEACHING);
    expect(p.walk.label).toBe("Step 0 of 23");
    expect(p.walk.next).toEqual({ kind: "move", from: 3, to: 2, card: "5D" });
    expect(p.cells.some((c) => c.nextFrom || c.nextTo)).toBe(false);
    expect(p.walk.buttons).toEqual({
      first: false,
      back: false,
      forward: true,
      last: true,
      play: true,
    });
  });

  it("marks step k + 1, except in predict mode", () => {
    const s = E.walkTo(afterRemoval(), 1);
    const p = presentWalk(E.formatMessage, s, {}, DEFAULT_TEACHING);
    expect(p.cells.findIndex((c) => c.nextFrom)).toBe(4); // step 2: 4 → 3
    expect(p.cells.findIndex((c) => c.nextTo)).toBe(3);
    expect(present(E.formatMessage, s, null, {}).cells[4].label).toBe(
      "2♥ next, 2 of hearts, row 1, column 5, moves next",
    );
    const q = presentWalk(
      E.formatMessage,
      s,
      {},
      { ...DEFAULT_TEACHING, predict: true, predictions: [4, 5] },
    );
    expect(q.cells.some((c) => c.nextFrom || c.nextTo)).toBe(false);
    expect(q.walk.scoreText).toBe("4 of 5 right");
  });

  it("reads a malformed score as 0 of 0", () => {
    expect(readScore([1])).toEqual([0, 0]);
    expect(readScore([-1, 2])).toEqual([0, 0]);
    expect(readScore([2, 3])).toEqual([2, 3]);
  });

  it("knows the three speeds", () => {
    expect([stepDelay("slow"), stepDelay("normal"), stepDelay("fast")]).toEqual([2400, 1200, 600]);
    expect(() => stepDelay("warp")).toThrow(/warp/);
  });
});

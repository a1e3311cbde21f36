/**
 * Predict first, the pure part (js/app/predict.js; docs/teaching.md, section 3),
 * on the German worked example (tests/cases/german-worked-example.json)
 * after its three pairs are removed. Expected values are worked out by hand
 * from the case file in the comments.
 */
import { describe, expect, it } from "vitest";
import * as E from "../../js/engine/index.js";
import {
  askFeedback,
  judgePairs,
  judgeStep,
  nextScore,
  pairsAfterConsolidation,
  pairsVerdict,
  stepVerdict,
} from "../../js/app/predict.js";
import german from "../cases/german-worked-example.json";

function afterRemoval() {
  let s = E.newState({ layout: german.layout });
  for (const cells of german.remove) s = E.apply(s, { type: "remove", cells });
  return s;
}

const MOVE = { kind: "move", from: 3, to: 2, card: "5D" };
const DEAL = { kind: "deal", from: null, to: 19, card: "TS" };

describe("a step prediction", () => {
  it("asks for the card that moves, or the cell the stock card fills", () => {
    expect(askFeedback(MOVE)).toEqual({
      key: "predict.ask-move",
      params: {},
      cells: [],
      tone: "info",
    });
    expect(E.formatMessage(askFeedback(MOVE).key)).toBe("Which card moves next? Click it.");
    expect(E.formatMessage(askFeedback(DEAL).key)).toBe(
      "Which cell does the next stock card fill? Click it.",
    );
  });

  it("is right for the moving card's cell, or the filled gap", () => {
    expect(judgeStep(MOVE, 3)).toBe(true);
    expect(judgeStep(MOVE, 2)).toBe(false); // the gap is not the card that moves
    expect(judgeStep(DEAL, 19)).toBe(true);
    expect(judgeStep(DEAL, 20)).toBe(false);
  });

  it("names the rule, right or wrong", () => {
    const rules = afterRemoval().rules;
    const right = stepVerdict(rules, MOVE, true);
    expect(right.tone).toBe("success");
    expect(E.formatMessage(right.key, right.params)).toBe(
      "Right: 5♦ was next: the first card after the first gap in reading order.",
    );
    const wrong = stepVerdict(rules, DEAL, false);
    expect(wrong.tone).toBe("illegal");
    // cell 19: row 4, column 5
    expect(E.formatMessage(wrong.key, wrong.params)).toBe(
      "Not quite: the top stock card, 10♠, went to row 4, column 5: the first gap in reading order.",
    );
  });

  it("counts the score as [right, asked]", () => {
    expect(nextScore([0, 0], true)).toEqual([1, 1]);
    expect(nextScore([3, 4], false)).toEqual([3, 5]);
  });
});

describe("a pairs prediction", () => {
  it("finds the cards that touch one of their rank after the consolidation", () => {
    // after_consolidation: row 2 "8C 6S QD QH 5H" (Q♦ Q♥ side by side), row 3
    // "KD KS 3S 7D 7C" (K♦ K♠ and 7♦ 7♣): no other same-rank neighbours.
    // Now (after removal) those cards stand in Q♦ 10, Q♥ 12, K♦ 14, K♠ 15,
    // 7♦ 17, 7♣ 19.
    expect(pairsAfterConsolidation(afterRemoval())).toEqual([10, 12, 14, 15, 17, 19]);
  });

  it("is asked only at step 0", () => {
    const s = E.walkTo(afterRemoval(), 1);
    expect(() => pairsAfterConsolidation(s)).toThrow(/step 0/);
    const full = E.newState({ layout: german.layout }); // no gap: no walkthrough
    expect(() => pairsAfterConsolidation(full)).toThrow(/step 0/);
  });

  it("is right only for exactly those cards", () => {
    expect(judgePairs([19, 10, 12, 14, 15, 17], [10, 12, 14, 15, 17, 19])).toEqual({
      right: true,
      missed: [],
      extra: [],
    });
    expect(judgePairs([10, 12, 0], [10, 12, 14])).toEqual({
      right: false,
      missed: [14],
      extra: [0],
    });
    expect(judgePairs([], []).right).toBe(true);
  });

  it("says which cards, or that none", () => {
    const s = afterRemoval();
    const v = pairsVerdict(E.formatMessage, s, [10, 12], false);
    expect(E.formatMessage(v.key, v.params)).toBe(
      "Not quite: after the consolidation Q♦ and Q♥ will touch a card of the same rank (outlined).",
    );
    const none = pairsVerdict(E.formatMessage, s, [], true);
    expect(none.key).toBe("predict.right");
    expect(none.tone).toBe("success");
    expect(E.formatMessage(none.key, none.params)).toBe(
      "Right: after the consolidation no card touches a card of the same rank.",
    );
  });
});

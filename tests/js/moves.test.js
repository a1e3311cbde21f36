// @vitest-environment jsdom
/**
 * The move list (issue 20; js/present/moves.js, js/view/move-list.js): the
 * moves numbered as the review counts them (a pair is one move, a whole
 * consolidation or refill one move however many steps made it), undone moves
 * kept and marked, the moves a review cites marked. Expected values by hand
 * from the German case file (pairs 4♣ 4♥ in cells 2 and 8, 2♦ 2♣ in 6 and
 * 11, J♠ J♦ in 18 and 22).
 */
import { describe, expect, it } from "vitest";
import * as E from "../../js/engine/index.js";
import { presentMoves } from "../../js/present/moves.js";
import { GERMAN, fakeModel, mountEach } from "./widget-helpers.js";

const open = mountEach();
const play = (s, ...actions) => actions.reduce((x, a) => E.apply(x, a), s);
const STEP = { type: "consolidate_step" };

function round() {
  let s = E.newState({ layout: GERMAN.layout });
  for (const cells of GERMAN.remove) s = play(s, { type: "remove", cells });
  // Two single steps, then the rest at once: one move, the fourth.
  return play(s, STEP, STEP, { type: "consolidate" }, { type: "refill_step" });
}
const shown = (m) => m.moves.map((x) => [x.number, x.text, x.undone, x.cited]);

describe("presentMoves", () => {
  it("numbers a pair as one move and a whole consolidation or refill as one", () => {
    const m = presentMoves(E.formatMessage, round(), null);
    expect(m.label).toBe("Moves (5)");
    expect(shown(m)).toEqual([
      [1, "4♣ 4♥", false, false],
      [2, "2♦ 2♣", false, false],
      [3, "J♠ J♦", false, false],
      [4, "consolidate", false, false],
      [5, "refill", false, false],
    ]);
  });

  it("keeps undone moves, with their cards, marked undone", () => {
    // Undo the refill step, the consolidation and its two steps, and the jacks.
    let s = round();
    for (let k = 0; k < 5; k++) s = E.apply(s, { type: "undo" });
    expect(presentMoves(E.formatMessage, s, null).label).toBe("Moves (2)");
    expect(shown(presentMoves(E.formatMessage, s, null))).toEqual([
      [1, "4♣ 4♥", false, false],
      [2, "2♦ 2♣", false, false],
      [3, "J♠ J♦", true, false],
      [4, "consolidate", true, false],
      [5, "refill", true, false],
    ]);
  });

  it("marks the moves a review cites (the losing move, the fair hint's)", () => {
    const review = {
      key: "review.and-fair",
      params: {
        verdict: { key: "review.lost-at", params: { number: 3, action: {}, instead: {} } },
        fair: { key: "review.fair-several", params: { moves: { list: [1, 3] } } },
      },
    };
    const cited = presentMoves(E.formatMessage, round(), review).moves.filter((x) => x.cited);
    expect(cited.map((x) => x.number)).toEqual([1, 3]);
    // Numbers in other feedback (a walkthrough step's) cite nothing.
    const walk = { key: "walk.move", params: { step: 1, n: 3 } };
    expect(presentMoves(E.formatMessage, round(), walk).moves.some((x) => x.cited)).toBe(false);
  });
});

describe("the move list on the board", () => {
  it("is a collapsed numbered list, opened by a review that cites a move", () => {
    const model = fakeModel({ state: round() });
    const v = open(model);
    const details = v.q("details.mcw-moves");
    expect(details.hidden).toBe(false);
    expect(details.open).toBe(false);
    expect(details.querySelector("summary").textContent).toBe("Moves (5)");
    const items = [...details.querySelectorAll("ol > li")];
    expect(items.map((li) => [li.value, li.textContent])).toEqual([
      [1, "4♣ 4♥"],
      [2, "2♦ 2♣"],
      [3, "J♠ J♦"],
      [4, "consolidate"],
      [5, "refill"],
    ]);
    model.set("feedback", {
      key: "review.and-fair",
      params: { verdict: { key: "review.fair-one", params: { moves: 2 } }, fair: "" },
      cells: [],
      tone: "info",
      text: "The fair hint would have chosen differently at move 2.",
    });
    return new Promise((r) => setTimeout(r, 0)).then(() => {
      expect(details.open).toBe(true);
      const current = [...details.querySelectorAll("[aria-current='true']")];
      expect(current.map((li) => li.value)).toEqual([2]);
    });
  });

  it("is hidden before the first move", () => {
    const v = open(fakeModel({ state: E.newState({ layout: GERMAN.layout }) }));
    expect(v.q("details.mcw-moves").hidden).toBe(true);
  });
});

// @vitest-environment jsdom
/**
 * The board's Hint and Review buttons (docs/analysis.md, section 6): the fair
 * hint is made in the browser, its cards get `data-hint` and a "hint" mark,
 * its reason goes to the status line; the review is asked of the kernel, and
 * a board with none says so.
 *
 * The layout has one pair only, 7♥–7♠ in cells 0 and 1 (side by side), and
 * eight cards of other ranks, no stock. With a full first row there is no gap
 * before a card and no stock, so consolidating cannot start (RULES.md, "A
 * round", step 2): the only plan is that pair, and afterwards the eight
 * others, all of different ranks, touch no card of their rank (0 pairs).
 */
import { afterEach, describe, expect, it } from "vitest";
import { apply, newState } from "../../js/engine/index.js";
import { fakeModel, mount } from "./widget-helpers.js";

const LAYOUT = "7H 7S 2C 3D 4C/5D 6S 8C 9H TD/.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |";
const REASON = "Remove 7♥ and 7♠";

afterEach(() => document.body.replaceChildren());

describe("the Hint button", () => {
  it("outlines the hinted pair and says why", () => {
    const v = mount(fakeModel({ state: newState({ layout: LAYOUT }) }));
    v.button("hint").click();
    expect(v.cellsWith("data-hint")).toEqual([0, 1]);
    expect(v.cell(0).querySelector(".mcw-mark").textContent).toBe("hint");
    expect(v.status().startsWith(REASON)).toBe(true);
    expect(v.status()).toContain("0 pairs");
    // The hint alone: it says what to do next, the phase's guidance would repeat it.
    expect(v.status()).not.toContain("click two touching cards");
    expect(v.cell(1).getAttribute("aria-label")).toContain("hinted");
    v.cleanup();
  });

  it("H does the same from the keyboard, and a move clears the marks", () => {
    const model = fakeModel({ state: newState({ layout: LAYOUT }) });
    const v = mount(model);
    v.key(v.button("undo"), "h");
    expect(v.cellsWith("data-hint")).toEqual([0, 1]);
    v.click(0);
    v.click(1); // the hinted pair, removed
    expect(v.cellsWith("data-hint")).toEqual([]);
    expect(v.status().startsWith("Removed 7♥ and 7♠.")).toBe(true);
    v.cleanup();
  });

  it("marks and names the pairs a hint leaves for later (issue 20)", () => {
    // tests/test_hint.py KEEP_ONE (M9): remove Q♥ Q♦ (cells 23, 24), keep the
    // sevens 7♠ 7♥ (cells 0, 1) for later; worked by hand there.
    const keepOne =
      "7S 7H .. .. ../AS 2S 3S 4S 8S/8H 5S 6S QS 9S/9H KS AH 2H TS/TH 3H 4H QH QD | JS JH 8D";
    const v = mount(fakeModel({ state: newState({ layout: keepOne }) }));
    v.button("hint").click();
    expect(v.status()).toMatch(/^Remove Q♥ and Q♦, but leave 7♠–7♥ for later:/);
    expect(v.cellsWith("data-hint")).toEqual([23, 24]);
    expect(v.cellsWith("data-hint-keep")).toEqual([0, 1]);
    expect(v.cell(0).querySelector(".mcw-mark").textContent).toBe("later");
    expect(v.cell(1).getAttribute("aria-label")).toContain("left for later by the hint");
    v.click(23);
    v.click(24); // the hinted pair taken: the marks go with the hint's words
    expect(v.cellsWith("data-hint-keep")).toEqual([]);
    v.cleanup();
  });

  it("says there is nothing to hint when the game is over", () => {
    const won = apply(
      newState({
        layout: "7H 7S .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |",
      }),
      { type: "remove", cells: [0, 1] },
    );
    const v = mount(fakeModel({ state: won }));
    v.button("hint").click();
    expect(v.cellsWith("data-hint")).toEqual([]);
    expect(v.status()).toContain("The game is over: there is nothing to hint.");
    v.cleanup();
  });
});

describe("the Review button", () => {
  const REASON = "The review needs a running Python kernel; this board has none.";

  it("is shown available, with no reason, on a board with a kernel", () => {
    const v = mount(fakeModel({ state: newState({ layout: LAYOUT }) }));
    v.click(0);
    v.click(1);
    const review = v.button("review");
    expect(review.getAttribute("aria-disabled")).toBeNull();
    expect(review.getAttribute("title")).toBeNull();
    v.cleanup();
  });

  it("is shown unavailable, saying why, on an exported page (no kernel) from the start", () => {
    const model = fakeModel({ state: newState({ layout: LAYOUT }) });
    model.noKernel = true;
    model.send = () => {
      throw new Error("no kernel on this page");
    };
    const v = mount(model);
    v.click(0);
    v.click(1); // a move made: with a kernel Review would now be available
    const review = v.button("review");
    expect(review.getAttribute("aria-disabled")).toBe("true");
    expect(review.getAttribute("title")).toBe(REASON);
    expect(review.getAttribute("aria-description")).toBe(REASON);
    expect(review.hasAttribute("data-emphasis")).toBe(false);
    v.cleanup();
  });

  it("is shown unavailable once a send has thrown (MyST's model)", () => {
    const model = fakeModel({ state: newState({ layout: LAYOUT }) });
    model.send = () => {
      throw new Error("no kernel");
    };
    const v = mount(model);
    v.click(0);
    v.click(1);
    expect(v.button("review").getAttribute("title")).toBe(REASON);
    v.cleanup();
  });

  it("asks the kernel, after saying it is asked", () => {
    const model = fakeModel({ state: newState({ layout: LAYOUT }) });
    const v = mount(model);
    v.click(0);
    v.click(1);
    v.button("review").click();
    expect(model.send).toHaveBeenCalledWith({ type: "review" });
    expect(model.get("feedback").key).toBe("review.asked");
    v.cleanup();
  });

  it("says the review needs a kernel when the model cannot send", () => {
    const model = fakeModel({ state: newState({ layout: LAYOUT }) });
    model.send = () => {
      throw new Error("no kernel on this page");
    };
    const v = mount(model);
    v.button("review").click();
    expect(model.get("feedback").key).toBe("review.no-kernel");
    expect(v.status()).toContain("The review needs a running Python kernel");
    v.cleanup();
  });
});

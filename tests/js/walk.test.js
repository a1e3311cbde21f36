// @vitest-environment jsdom
/**
 * The walkthrough bar and predict mode through the anywidget entry, with the
 * fake model (docs/teaching.md, sections 1–3; DESIGN.md, "DOM hooks"). The
 * German worked example after its three pairs are removed: 17 cards close
 * up (case file `consolidation_steps_from_to`, the first 3 → 2: 5♦), then
 * the stock deals 6 (T♠ 5♣ 2♠ A♦ 7♠ 3♥ into cells 19 … 24): n = 23.
 * Expected values come from the case file and are worked out by hand.
 */
import { describe, expect, it } from "vitest";
import * as E from "../../js/engine/index.js";
import { GERMAN, fakeClock, fakeModel, mountEach, settled } from "./widget-helpers.js";

const open = mountEach();

function afterRemoval() {
  let s = E.newState({ layout: GERMAN.layout });
  for (const cells of GERMAN.remove) s = E.apply(s, { type: "remove", cells });
  return s;
}

/** A board after the removals, with its bar, fake timers and helpers. */
function board(traits = {}) {
  const clock = fakeClock(1_000_000);
  const model = fakeModel({ state: afterRemoval(), ...traits });
  const v = open(model, { now: clock.now, timers: clock.timers });
  const walk = (id) => v.q(`[data-walk="${id}"]`);
  return {
    model,
    v,
    clock,
    walk,
    press: (id) => walk(id).click(),
    position: () => walk("position").textContent,
    k: () => E.walkthrough(model.get("state")).position,
  };
}

/** The layout of a state's tableau, for comparing with the case file. */
const layout = (s) => E.formatLayout(s, s.rules);

describe("the walkthrough bar", () => {
  it("is hidden on a full tableau and shown once a gap can close", () => {
    const full = open(fakeModel({ state: E.newState({ layout: GERMAN.layout }) }));
    expect(full.q(".mcw-walk").hidden).toBe(true);
    expect(full.q('[data-walk="first"]')).not.toBeNull(); // hidden, not removed
    const { walk, position } = board();
    expect(walk("first").closest("[hidden]")).toBeNull();
    expect(position()).toBe("Step 0 of 23");
    const slider = walk("slider");
    expect(slider.type).toBe("range");
    expect([slider.min, slider.max, slider.value]).toEqual(["0", "23", "0"]);
    for (const id of ["first", "back", "forward", "last", "play"]) {
      expect(walk(id).tagName).toBe("BUTTON");
    }
  });

  it("forward makes the first step: 5♦ from cell 3 to cell 2, narrated", () => {
    const { model, v, press, position } = board();
    press("forward");
    const s = model.get("state");
    expect(s.tableau[2]).toBe("5D");
    expect(s.tableau[3]).toBeNull();
    expect(position()).toBe("Step 1 of 23");
    expect(model.get("feedback")).toEqual({
      key: "walk.move",
      params: {
        card: "5♦",
        from: { key: "cell.place", params: { row: 1, col: 4 } },
        to: { key: "cell.place", params: { row: 1, col: 3 } },
        step: 1,
        n: 23,
        next: {
          key: "walk.next-move",
          params: { card: "2♥", to: { key: "cell.place", params: { row: 1, col: 4 } } },
        },
      },
      cells: [],
      tone: "info",
    });
    // The step just made, in the past; the next one names the card the "next" mark is on.
    expect(v.status()).toMatch(
      /^Step 1 of 23: 5♦ moved from row 1, column 4 to row 1, column 3, the first gap in reading order\. Next: 2♥ moves to row 1, column 4\./,
    );
    // Step 2 is 4 → 3 (2♥): the card about to move and the gap it fills.
    expect(v.cellsWith("data-next-from")).toEqual([4]);
    expect(v.cellsWith("data-next-to")).toEqual([3]);
    expect(v.cell(4).querySelector(".mcw-mark").textContent).toBe("next");
    expect(v.cell(3).querySelector(".mcw-mark").textContent).toBe("here");
    expect(v.cell(4).getAttribute("aria-label")).toMatch(/moves next$/);
    // Like consolidate_step, the clock starts with this first move.
    expect(model.get("clock").start).toBe(1_000_000);
  });

  it("during the refill the stock is marked: its top card moves next", () => {
    const { model, v, walk } = board();
    const slide = (k) => {
      walk("slider").value = String(k);
      walk("slider").dispatchEvent(new Event("input", { bubbles: true }));
    };
    const stock = v.q(".mcw-stock");
    const badge = () => stock.querySelector(".mcw-mark");
    slide(16); // step 17 is still a move (the 17th card)
    expect(stock.hasAttribute("data-next-from")).toBe(false);
    expect(badge().hidden).toBe(true);
    slide(17); // all 17 moved: step 18 deals T♠ into cell 19
    expect(stock.hasAttribute("data-next-from")).toBe(true);
    expect(badge().hidden).toBe(false);
    expect(badge().textContent).toBe("next");
    expect(stock.getAttribute("aria-label")).toMatch(/, moves next$/);
    expect(v.cellsWith("data-next-to")).toEqual([19]);
    expect(v.cellsWith("data-next-from")).toEqual([]);
    slide(23); // the round is over: nothing next
    expect(stock.hasAttribute("data-next-from")).toBe(false);
    model.set("predict", true);
    slide(17); // in predict mode the mark would give the answer away
    expect(stock.hasAttribute("data-next-from")).toBe(false);
  });

  it("last reaches the case's layout after the round; first goes back to step 0", () => {
    const { model, v, walk, press, position } = board();
    press("last");
    expect(layout(model.get("state"))).toBe(GERMAN.after_refill_layout);
    expect(position()).toBe("Step 23 of 23");
    // The last step's words, then the round's end (walk.end-deal: 3♥ into cell 24).
    expect(v.status()).toMatch(
      /^Step 23 of 23: the top stock card, 3♥, filled row 5, column 5\. The round is over\./,
    );
    expect(walk("forward").getAttribute("aria-disabled")).toBe("true");
    expect(walk("last").getAttribute("aria-disabled")).toBe("true");
    expect(walk("back").hasAttribute("aria-disabled")).toBe(false);
    expect(v.cellsWith("data-next-from")).toEqual([]);
    expect(v.cellsWith("data-next-to")).toEqual([]);
    press("first");
    expect(position()).toBe("Step 0 of 23");
    expect(model.get("state").tableau).toEqual(afterRemoval().tableau);
    expect(v.status()).toMatch(
      /^Step 0 of 23: 17 cards will close up, then 6 stock cards will fill the gaps at the end\./,
    );
    expect(walk("first").getAttribute("aria-disabled")).toBe("true");
    // Walked back to 0: the first step is marked, 3 → 2.
    expect(v.cellsWith("data-next-from")).toEqual([3]);
    expect(v.cellsWith("data-next-to")).toEqual([2]);
  });

  it("back then forward is the identity", () => {
    const { model, press } = board();
    for (let i = 0; i < 5; i++) press("forward");
    const at5 = JSON.stringify(model.get("state"));
    press("back");
    expect(model.get("state").cursor).toBe(JSON.parse(at5).cursor - 1);
    press("forward");
    expect(JSON.stringify(model.get("state"))).toBe(at5);
  });

  it("the slider walks in cards moved; one walk per value, not per event", () => {
    const { model, v, walk, position } = board();
    const slider = walk("slider");
    const sent = model.commits().length;
    slider.value = "18";
    slider.dispatchEvent(new Event("input", { bubbles: true }));
    slider.dispatchEvent(new Event("change", { bubbles: true }));
    expect(
      model
        .commits()
        .slice(sent)
        .map((m) => m.action),
    ).toEqual([{ type: "walk_to", k: 18 }]);
    expect(position()).toBe("Step 18 of 23");
    // Step 18 is the first deal: T♠ into cell 19 (row 4, column 5).
    expect(model.get("state").tableau[19]).toBe("TS");
    const said =
      "Step 18 of 23: the top stock card, 10♠, filled row 4, column 5. Next: the top stock card fills row 5, column 1.";
    expect(v.status().startsWith(said)).toBe(true);
    // The slider says where it is; the status line, once, what happened.
    expect(slider.getAttribute("aria-valuetext")).toBe("Step 18 of 23");
    // Step 19: 5♣ into cell 20; a deal has no card moving on the tableau.
    expect(v.cellsWith("data-next-to")).toEqual([20]);
    expect(v.cellsWith("data-next-from")).toEqual([]);
  });

  it("animates the one card of a step, as consolidate_step does", () => {
    // jsdom has no Web Animations API: record what the animator asks for.
    const calls = [];
    Element.prototype.animate = function (keyframes) {
      const a = { el: this, keyframes, finish() {}, cancel() {}, addEventListener() {} };
      calls.push(a);
      return a;
    };
    try {
      const { v, press } = board();
      press("forward");
      // One slide: the card now in cell 2 (5♦), from cell 3.
      expect(calls).toHaveLength(1);
      expect(calls[0].el).toBe(v.cell(2).querySelector(".mcw-card"));
      calls.length = 0;
      press("back"); // and back: 5♦ slides from 2 to 3
      expect(calls).toHaveLength(1);
      expect(calls[0].el).toBe(v.cell(3).querySelector(".mcw-card"));
      calls.length = 0;
      const slider = v.q('[data-walk="slider"]');
      slider.value = "18"; // the first deal comes from the stock pile
      slider.dispatchEvent(new Event("input", { bubbles: true }));
      expect(calls.some((a) => a.el === v.cell(19).querySelector(".mcw-card"))).toBe(true);
    } finally {
      delete Element.prototype.animate;
    }
  });
});

describe("play", () => {
  it("steps at the speed's pace, toggles its label, and stops at n", () => {
    const { walk, press, position, clock } = board();
    expect(walk("play").textContent).toContain("Play");
    press("play");
    expect(walk("play").textContent).toContain("Pause");
    expect(walk("play").hasAttribute("data-playing")).toBe(true);
    clock.advance(1200); // normal: 1.2 s a step
    expect(position()).toBe("Step 1 of 23");
    clock.advance(1200);
    expect(position()).toBe("Step 2 of 23");
    walk("speed").value = "fast";
    walk("speed").dispatchEvent(new Event("change", { bubbles: true }));
    clock.advance(600);
    expect(position()).toBe("Step 3 of 23");
    clock.advance(60_000);
    expect(position()).toBe("Step 23 of 23");
    expect(walk("play").textContent).toContain("Play");
    expect(walk("play").hasAttribute("data-playing")).toBe(false);
  });

  it("play steps once per interval, not faster; pause stops it", () => {
    const { press, position, clock } = board();
    press("play");
    clock.advance(1200);
    expect(position()).toBe("Step 1 of 23");
    clock.advance(1199);
    expect(position()).toBe("Step 1 of 23"); // not twice as fast
    clock.advance(1);
    expect(position()).toBe("Step 2 of 23");
    press("play"); // pause
    clock.advance(10_000);
    expect(position()).toBe("Step 2 of 23");
  });

  it("a second walk_play command while playing adds no timer", async () => {
    const clock = fakeClock(0);
    const model = fakeModel({ state: afterRemoval() });
    const { createController } = await import("../../js/app/controller.js");
    const { createView } = await import("../../js/view/index.js");
    const { face: faceOf } = await import("../../js/present/face.js");
    const face = (card) => faceOf(E.formatMessage, card);
    const el = document.createElement("div");
    document.body.append(el);
    const c = createController(
      model,
      (send) => createView(el, { t: E.formatMessage, face, send }),
      { now: clock.now, timers: clock.timers },
    );
    c.handle({ type: "walk_play" });
    const pending = clock.pending;
    c.handle({ type: "walk_play" });
    c.handle({ type: "walk_play" });
    expect(clock.pending).toBe(pending);
    clock.advance(1200);
    expect(E.walkthrough(model.get("state")).position).toBe(1);
    clock.advance(1199);
    expect(E.walkthrough(model.get("state")).position).toBe(1);
    c.destroy();
    el.remove();
  });

  it("stops when another action changes the state", () => {
    const { v, walk, press, position, clock } = board();
    press("play");
    clock.advance(1200);
    expect(position()).toBe("Step 1 of 23");
    v.button("undo").click(); // the learner's own undo: back to step 0
    expect(position()).toBe("Step 0 of 23");
    expect(walk("play").textContent).toContain("Play");
    clock.advance(10_000);
    expect(position()).toBe("Step 0 of 23");
  });

  it("stops when the walkthrough disappears (a new deal)", () => {
    const { v, walk, press, clock } = board();
    press("play");
    clock.advance(1200);
    v.q(".mcw-deal-input").value = "";
    v.button("new_deal").click(); // deal box shows no number: nothing happens
    v.q(".mcw-deal-input").value = "7";
    v.button("new_deal").click();
    clock.advance(10_000);
    // Deal 7 is a full tableau: no walkthrough, the bar is hidden, play is
    // over: no timer is left (the clock of a new deal does not run either).
    expect(v.q(".mcw-walk").hidden).toBe(true);
    expect(walk("first").closest("[hidden]")).not.toBeNull();
    expect(clock.pending).toBe(0);
  });
});

describe("keys", () => {
  it("←/→ and Home/End walk from the bar; the grid keeps its arrows", () => {
    const { v, walk, position } = board();
    const first = walk("first");
    first.focus();
    v.key(first, "ArrowRight");
    expect(position()).toBe("Step 1 of 23");
    v.key(first, "ArrowRight");
    v.key(first, "ArrowLeft");
    expect(position()).toBe("Step 1 of 23");
    v.key(first, "End");
    expect(position()).toBe("Step 23 of 23");
    v.key(first, "Home");
    expect(position()).toBe("Step 0 of 23");
    // In the grid, → moves the focus to the next card and walks nowhere.
    v.cell(0).focus();
    v.key(v.cell(0), "ArrowRight");
    expect(document.activeElement).toBe(v.cell(1));
    expect(position()).toBe("Step 0 of 23");
  });

  it("Space plays and pauses from the slider; its arrows are its own", () => {
    const { v, walk, clock, position } = board();
    const slider = walk("slider");
    const e = v.key(slider, "ArrowRight");
    // Not handled by the board: the native slider moves and fires one `input`.
    expect(e.defaultPrevented).toBe(false);
    expect(position()).toBe("Step 0 of 23");
    v.key(slider, " ");
    expect(walk("play").textContent).toContain("Pause");
    clock.advance(1200);
    expect(position()).toBe("Step 1 of 23");
    v.key(slider, " ");
    expect(walk("play").textContent).toContain("Play");
  });

  it("from the board itself (a click on no control focuses it) ←/→ walk and Space plays", () => {
    const { v, walk, clock, position } = board();
    const root = v.q(".mcw");
    root.focus();
    expect(document.activeElement).toBe(root);
    v.key(root, "ArrowRight");
    expect(position()).toBe("Step 1 of 23");
    expect(document.activeElement).toBe(root); // with the bar shown, → walks
    v.key(root, "Home");
    expect(position()).toBe("Step 0 of 23");
    v.key(root, " ");
    expect(walk("play").textContent).toContain("Pause");
    clock.advance(1200);
    expect(position()).toBe("Step 1 of 23");
  });

  it("Space in the grid still selects the card", () => {
    const { model, v } = board();
    v.cell(0).focus();
    v.key(v.cell(0), " ");
    expect(model.get("selected")).toBe(0);
  });
});

describe("show reading order", () => {
  it("the toggle sets the trait and every cell shows its number", () => {
    const { model, v, walk } = board();
    expect(v.cell(0).querySelector(".mcw-order").hidden).toBe(true);
    const box = walk("order");
    box.checked = true;
    box.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.get("show_order")).toBe(true);
    expect(v.cell(0).querySelector(".mcw-order").textContent).toBe("1");
    expect(v.cell(24).querySelector(".mcw-order").textContent).toBe("25");
    expect(v.cell(24).querySelector(".mcw-order").hidden).toBe(false);
  });
});

describe("the bar at the projector size", () => {
  it("sits in the side column after the buttons, and back under the cards at other sizes", async () => {
    const { model, v, walk } = board({ size: "projector" });
    const bar = v.q(".mcw-walk");
    expect(bar.parentElement.classList.contains("mcw-side")).toBe(true);
    expect(bar.previousElementSibling.classList.contains("mcw-toolbar")).toBe(true);
    // Tab order: the grid's cards, then the buttons, then the bar's controls.
    const order = v.qa("button, input, select");
    expect(order.indexOf(walk("first"))).toBeGreaterThan(order.indexOf(v.button("random_deal")));
    model.set("size", "normal");
    await settled();
    expect(bar.parentElement.classList.contains("mcw-board")).toBe(true);
    expect(bar.previousElementSibling.getAttribute("role")).toBe("grid");
  });
});

describe("predict first", () => {
  it("forward asks; a right click scores and shows the step", () => {
    const { model, v, walk, press, position } = board({ predict: true, predictions: [0, 0] });
    expect(walk("score").textContent).toBe("0 of 0 right");
    press("forward");
    expect(position()).toBe("Step 0 of 23"); // not yet
    expect(v.status()).toMatch(/^Which card moves next\? Click it\./);
    expect(v.cellsWith("data-next-from")).toEqual([]); // the answer is not shown
    v.click(3); // 5♦, the first card after the first gap (cell 2)
    expect(position()).toBe("Step 1 of 23");
    expect(model.get("predictions")).toEqual([1, 1]);
    // The verdict in the past tense (the card has moved), then how far the
    // consolidation is: 16 of the 17 cards still to move.
    expect(v.status()).toBe(
      "Right: 5♦ was next: the first card after the first gap in reading order." +
        " Consolidating: 16 cards still to move.",
    );
    expect(walk("score").textContent).toBe("1 of 1 right");
    expect(model.get("selected")).toBeNull(); // the answer selected nothing
  });

  it("a wrong click says which card moves, and still shows the step", () => {
    const { model, v, press, position } = board({ predict: true, predictions: [1, 1] });
    press("forward");
    v.click(0); // 9♥; step 1 moves 5♦
    expect(position()).toBe("Step 1 of 23");
    expect(model.get("predictions")).toEqual([1, 2]);
    // As the right verdict: the rule, then how far the consolidation is.
    expect(v.status()).toBe(
      "Not quite: 5♦ was next: the first card after the first gap in reading order." +
        " Consolidating: 16 cards still to move.",
    );
  });

  it("another view of the widget answers the question: one verdict, one score", async () => {
    const { model, v, clock, press, position } = board({ predict: true, predictions: [0, 0] });
    const other = open(model, { now: clock.now, timers: clock.timers });
    press("forward"); // asked on the first view
    await settled();
    expect(other.status()).toMatch(/^Which card moves next\? Click it\./);
    other.click(3); // answered on the second: 5♦
    await settled();
    expect(model.get("predictions")).toEqual([1, 1]);
    expect(model.get("state").tableau[2]).toBe("5D");
    expect(position()).toBe("Step 1 of 23");
    for (const view of [v, other]) expect(view.status()).toMatch(/^Right: 5♦ was next/);
    // The question is closed for both: a click now is no second verdict.
    v.click(4);
    await settled();
    expect(model.get("predictions")).toEqual([1, 1]);
    expect(model.get("state").tableau[3]).toBeNull();
  });

  it("a question asked on one view is answered wrong on another as on the first", async () => {
    const { model, clock, press } = board({ predict: true, predictions: [2, 2] });
    const other = open(model, { now: clock.now, timers: clock.timers });
    press("forward");
    await settled();
    other.click(0); // 9♥: before the first gap, it never moves
    await settled();
    expect(model.get("predictions")).toEqual([2, 3]);
    expect(model.get("feedback").key).toBe("predict.wrong");
    expect(model.get("state").tableau[2]).toBe("5D"); // the step is shown
  });

  it("asked which card moves, a click on a gap is no guess: the question stays open", () => {
    const { model, v, press, position } = board({ predict: true, predictions: [0, 0] });
    press("forward");
    v.click(2); // the first gap (4♣ was removed)
    expect(model.get("predictions")).toEqual([0, 0]);
    expect(position()).toBe("Step 0 of 23");
    expect(model.get("selected")).toBeNull();
    expect(v.status()).toMatch(/^Which card moves next\? Click it\./);
    v.click(3);
    expect(model.get("predictions")).toEqual([1, 1]);
  });

  it("during the refill it asks for the cell", () => {
    const { model, v, walk, press } = board({ predict: true });
    const slider = walk("slider");
    slider.value = "17"; // all 17 moves made
    slider.dispatchEvent(new Event("input", { bubbles: true }));
    v.key(walk("first"), "ArrowRight"); // → is forward: asks too
    expect(v.status()).toMatch(/^Which cell does the next stock card fill\? Click it\./);
    v.click(19);
    expect(model.get("predictions")).toEqual([1, 1]);
    expect(model.get("state").tableau[19]).toBe("TS");
  });

  it("play waits at each step for the answer", () => {
    const { v, press, position, clock } = board({ predict: true });
    press("play");
    clock.advance(1200);
    expect(v.status()).toMatch(/^Which card moves next\?/);
    clock.advance(10_000);
    expect(position()).toBe("Step 0 of 23"); // waiting
    v.click(3);
    expect(position()).toBe("Step 1 of 23");
    clock.advance(1200);
    expect(v.status()).toMatch(/^Which card moves next\?/);
    v.click(4); // step 2: 2♥ from 4
    expect(position()).toBe("Step 2 of 23");
  });

  it("predict pairs: marks, then Reveal outlines the cards that will touch", () => {
    const { model, v, walk, press } = board({ predict: true, predictions: [2, 3] });
    expect(walk("pairs").hidden).toBe(false);
    expect(walk("reveal").hidden).toBe(true);
    press("pairs");
    expect(walk("reveal").hidden).toBe(false);
    expect(v.status()).toMatch(/^Click the cards that will touch/);
    v.click(10);
    v.click(12);
    v.click(0);
    v.click(0); // a second click takes the mark back
    expect(v.cellsWith("data-predicted")).toEqual([10, 12]);
    expect(model.get("selected")).toBeNull();
    press("reveal");
    // Q♦ Q♥, K♦ K♠, 7♦ 7♣ touch after the consolidation (case after_consolidation).
    expect(v.cellsWith("data-will-touch")).toEqual([10, 12, 14, 15, 17, 19]);
    expect(model.get("predictions")).toEqual([2, 4]);
    expect(v.status()).toMatch(/^Not quite: after the consolidation Q♦, Q♥, K♦, K♠, 7♦, and 7♣/);
    expect(walk("score").textContent).toBe("2 of 4 right");
  });

  it("predict pairs: exactly the six cards is right", () => {
    const { model, v, press } = board({ predict: true });
    press("pairs");
    for (const c of [19, 17, 15, 14, 12, 10]) v.click(c);
    press("reveal");
    expect(model.get("predictions")).toEqual([1, 1]);
    expect(v.status()).toMatch(/^Right: after the consolidation/);
    // The next click plays on as usual: it selects the card.
    v.click(0);
    expect(model.get("selected")).toBe(0);
    expect(v.cellsWith("data-will-touch")).toEqual([]);
  });

  it("predict pairs is offered only at step 0 and only in predict mode", () => {
    const off = board();
    expect(off.walk("pairs").hidden).toBe(true);
    const on = board({ predict: true });
    on.press("last");
    expect(on.walk("pairs").hidden).toBe(true);
  });
});

// @vitest-environment jsdom
/**
 * Animation: which card slides from where (FLIP), that a new state finishes a
 * running animation at once, and that reduced motion makes changes instant.
 * jsdom has no Web Animations API, so `Element.prototype.animate` is stubbed
 * to record calls.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { diffPositions } from "../../js/view/anim.js";
import { newState, apply } from "../../js/engine/index.js";
import { GERMAN, fakeModel, mount } from "./widget-helpers.js";

describe("diffPositions", () => {
  it("finds a consolidation move, a stock card and a removed pair", () => {
    const prev = { tableau: ["AS", null, "2S", "3S"], stock: ["4S", "5S"] };
    const next = { tableau: ["AS", "2S", "4S", null], stock: ["5S"] };
    // 2S slid from 2 to 1; 4S came from the stock into 2; 3S left the tableau
    expect(diffPositions(prev, next)).toEqual({
      moves: [[2, 1]],
      fromStock: [2],
      appear: [],
      vanish: [3],
    });
  });

  it("matches the two copies of a card of a double deck in reading order", () => {
    const prev = { tableau: [null, "7H", "7H", null], stock: [] };
    const next = { tableau: ["7H", "7H", null, null], stock: [] };
    expect(diffPositions(prev, next).moves).toEqual([
      [1, 0],
      [2, 1],
    ]);
  });

  it("a card that comes back from the discards (undo) appears", () => {
    const prev = { tableau: [null, null], stock: [] };
    const next = { tableau: ["4C", "4H"], stock: [] };
    expect(diffPositions(prev, next)).toMatchObject({ appear: [0, 1], vanish: [] });
  });
});

describe("animator in the widget", () => {
  let calls;
  let reduced;
  beforeEach(() => {
    calls = [];
    reduced = false;
    Element.prototype.animate = function (keyframes, options) {
      const animation = {
        el: this,
        keyframes,
        options,
        finished: false,
        finish: vi.fn(function () {
          this.finished = true;
        }),
        cancel: vi.fn(),
        addEventListener: vi.fn(),
      };
      calls.push(animation);
      return animation;
    };
    window.matchMedia = (query) => ({
      matches: reduced && query.includes("reduce"),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    });
  });
  afterEach(() => {
    delete Element.prototype.animate;
    delete window.matchMedia;
    document.body.replaceChildren();
  });

  function afterRemoval() {
    let s = newState({ layout: GERMAN.layout });
    for (const cells of GERMAN.remove) s = apply(s, { type: "remove", cells });
    return s;
  }

  it("a consolidation step slides exactly the moved card from its old cell", () => {
    const v = mount(fakeModel({ state: afterRemoval() }));
    v.button("consolidate_step").click();
    // 5D moved from cell 3 to cell 2: one slide, on the card now in cell 2
    expect(calls).toHaveLength(1);
    expect(v.cell(2).contains(calls[0].el)).toBe(true);
    expect(calls[0].keyframes[0].transform).toMatch(/^translate\(/);
    v.cleanup();
  });

  it("measures the cells before the board changes, and slides by their distance", () => {
    // Cells 100 px apart in a row, 130 px between rows: the rect of a cell by
    // its number; what the board showed in cell 2 at each measurement.
    const seen = [];
    const jsdomRect = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function () {
      const cell = Number(this.dataset.cell ?? NaN);
      seen.push(v.cell(2).hasAttribute("data-gap"));
      const [left, top] = Number.isNaN(cell)
        ? [0, 0]
        : [(cell % 5) * 100, Math.floor(cell / 5) * 130];
      return { left, top, width: 80, height: 120, right: left + 80, bottom: top + 120 };
    };
    const v = mount(fakeModel({ state: afterRemoval() }));
    try {
      v.button("consolidate_step").click();
      // 5D from cell 3 into the gap at cell 2: both measured while cell 2 was
      // still the gap, never after; drawn 100 px to the right, then home.
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((gap) => gap)).toBe(true);
      expect(calls[0].keyframes[0].transform).toBe("translate(100px, 0px)");
    } finally {
      Element.prototype.getBoundingClientRect = jsdomRect;
      v.cleanup();
    }
  });

  it("a removed pair fades out as ghosts that go away", () => {
    const v = mount(fakeModel({ state: newState({ layout: GERMAN.layout }) }));
    v.click(2);
    v.click(8);
    const ghosts = v.qa(".mcw-ghost");
    expect(ghosts.map((g) => g.dataset.ghost)).toEqual(["4C", "4H"]);
    expect(ghosts.every((g) => g.textContent === "4♣" || g.textContent === "4♥")).toBe(true);
    expect(calls).toHaveLength(2);
    // a new state finishes the running animations at once and removes the ghosts
    v.button("undo").click();
    expect(calls[0].finish).toHaveBeenCalled();
    expect(calls[1].finish).toHaveBeenCalled();
    expect(v.qa(".mcw-ghost").map((g) => g.dataset.ghost)).toEqual([]);
    v.cleanup();
  });

  it("refilled cards slide in from the stock pile", () => {
    let s = afterRemoval();
    s = apply(s, { type: "consolidate" });
    const v = mount(fakeModel({ state: s }));
    v.button("refill_step").click();
    expect(calls).toHaveLength(1);
    expect(v.cell(19).contains(calls[0].el)).toBe(true);
    v.cleanup();
  });

  it("a selection does not interrupt a running animation", () => {
    const v = mount(fakeModel({ state: afterRemoval() }));
    v.button("consolidate_step").click();
    v.click(0);
    expect(calls[0].finish).not.toHaveBeenCalled();
    v.cleanup();
  });

  it("is instant with prefers-reduced-motion", () => {
    reduced = true;
    const v = mount(fakeModel({ state: afterRemoval() }));
    v.button("consolidate").click();
    expect(calls).toHaveLength(0);
    expect(v.qa(".mcw-ghost")).toHaveLength(0);
    v.cleanup();
  });
});

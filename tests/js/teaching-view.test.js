// @vitest-environment jsdom
/**
 * The teaching layer's front end (docs/teaching.md, sections 2, 4 and 5):
 * the size setting on the root, the title and caption as text, the teaching
 * panels (cells, marks, links, verdict badge, words for screen readers),
 * malformed panels, and the emphasised next step while pairs remain.
 * Expected values are worked out by hand from the case file
 * (tests/cases/german-worked-example.json) and the panel data below.
 */
import { afterEach, describe, expect, it } from "vitest";
import * as E from "../../js/engine/index.js";
import { present } from "../../js/present/presentation.js";
import { presentPanels } from "../../js/present/teaching.js";
import { linkShape } from "../../js/view/teaching-panels.js";
import { GERMAN, fakeModel, mount, settled } from "./widget-helpers.js";

const views = [];
function open(traits) {
  const model = fakeModel({ state: E.newState({ layout: GERMAN.layout }), ...traits });
  const v = mount(model);
  views.push(v);
  return { model, v };
}
afterEach(() => {
  for (const v of views.splice(0)) {
    v.cleanup();
    v.el.remove();
  }
});

/** A 2 × 3 panel: 9♥ · 4♣ / K♥ 4♥ 10♦, with every kind of link but touch. */
const PANEL = Object.freeze({
  title: "Rows on their own",
  caption: "Cards close up within their row.",
  verdict: "wrong",
  rows: 2,
  cols: 3,
  tableau: ["9H", null, "4C", "KH", "4H", "10♦"],
  marks: [
    { cell: 0, kind: "focus" },
    { cell: 2, kind: "differs" },
    { cell: 4, kind: "pair" },
    { cell: 4, kind: "moved" },
  ],
  links: [
    { cells: [2, 4], kind: "pair" },
    { cells: [0, 2], kind: "false" },
  ],
});

describe("size", () => {
  it("the root carries data-size, normal by default", async () => {
    const { model, v } = open({});
    const root = v.q(".mcw");
    expect(root.getAttribute("data-size")).toBe("normal");
    model.set("size", "projector");
    await settled();
    expect(root.getAttribute("data-size")).toBe("projector");
    model.set("size", "large");
    await settled();
    expect(root.getAttribute("data-size")).toBe("large");
  });

  it("an unknown size draws as normal", () => {
    const { v } = open({ size: "huge" });
    expect(v.q(".mcw").getAttribute("data-size")).toBe("normal");
  });

  it("the host element is marked so it can flex in a row", () => {
    const { v } = open({});
    expect(v.el.classList.contains("mcw-host")).toBe(true);
  });
});

describe("title and caption", () => {
  it("are hidden when both are empty", () => {
    const { v } = open({});
    expect(v.q(".mcw-header").hasAttribute("hidden")).toBe(true);
  });

  it("show as text above the board", async () => {
    const { model, v } = open({ title: "M3: column gravity", caption: "" });
    const header = v.q(".mcw-header");
    expect(header.hasAttribute("hidden")).toBe(false);
    expect(v.q(".mcw-header-title").textContent).toBe("M3: column gravity");
    expect(v.q(".mcw-header-title").getAttribute("role")).toBe("heading");
    expect(v.q(".mcw-header-caption").hasAttribute("hidden")).toBe(true);
    // Above the board: the header comes before the tableau in the document.
    const order = header.compareDocumentPosition(v.q('[role="grid"]'));
    expect(order & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    model.set("title", "");
    await settled();
    expect(header.hasAttribute("hidden")).toBe(true);
  });

  it("markup in a caption is shown as characters and creates no element", () => {
    const evil = "<img src=x onerror=alert(1)>";
    const { v } = open({ title: "<b>bold?</b>", caption: evil });
    expect(v.q(".mcw-header-caption").textContent).toBe(evil);
    expect(v.q(".mcw-header-title").textContent).toBe("<b>bold?</b>");
    expect(v.q(".mcw img")).toBeNull();
    expect(v.q(".mcw-header b")).toBeNull();
  });
});

describe("panels", () => {
  it("draw nothing when there are none", () => {
    const { v } = open({});
    expect(v.q(".mcw-panels").hasAttribute("hidden")).toBe(true);
    expect(v.qa(".mcw-tpanel")).toHaveLength(0);
  });

  it("draw the cells with their cards, and no data-cell of the live board", () => {
    const { v } = open({ panels: [PANEL] });
    const panel = v.q('.mcw-tpanel[data-panel="0"]');
    expect(panel).not.toBeNull();
    expect(panel.querySelectorAll("[data-panel-cell]")).toHaveLength(6);
    expect(panel.querySelectorAll("[data-cell]")).toHaveLength(0);
    // the live board still has its 25 cells
    expect(v.qa("[data-cell]")).toHaveLength(25);
    const cards = [...panel.querySelectorAll("[data-card]")].map((c) => c.dataset.card);
    expect(cards).toEqual(["9H", "4C", "KH", "4H", "TD"]);
    expect(panel.querySelector('[data-panel-cell="1"]').hasAttribute("data-gap")).toBe(true);
    expect(panel.querySelector('[data-card="TD"]').textContent).toBe("10♦");
    expect(panel.querySelector('[data-card="9H"]').hasAttribute("data-red")).toBe(true);
    expect(panel.querySelector('[data-card="4C"]').hasAttribute("data-red")).toBe(false);
  });

  it("draw the verdict as a badge with a symbol and a word, and the title and caption", () => {
    const { v } = open({ panels: [PANEL, { ...PANEL, verdict: "right", title: "The real rule" }] });
    const [wrong, right] = v.qa(".mcw-tpanel");
    expect(wrong.getAttribute("data-verdict")).toBe("wrong");
    expect(wrong.querySelector(".mcw-verdict").textContent).toBe("✗Wrong");
    expect(wrong.querySelector(".mcw-verdict-text").textContent).toBe("Wrong");
    expect(right.querySelector(".mcw-verdict").textContent).toBe("✓Right");
    expect(wrong.querySelector(".mcw-tpanel-title").textContent).toBe("Rows on their own");
    expect(wrong.querySelector(".mcw-tpanel-caption").textContent).toBe(
      "Cards close up within their row.",
    );
  });

  it("a neutral panel has no badge", () => {
    const { v } = open({ panels: [{ ...PANEL, verdict: "" }] });
    expect(v.q(".mcw-verdict")).toBeNull();
    expect(v.q(".mcw-tpanel").hasAttribute("data-verdict")).toBe(false);
  });

  it("draw marks as attributes and symbols, with a legend of the kinds used", () => {
    const { v } = open({ panels: [PANEL] });
    const cell = (i) => v.q(`[data-panel-cell="${i}"]`);
    expect(cell(0).hasAttribute("data-mark-focus")).toBe(true);
    expect(cell(2).hasAttribute("data-mark-differs")).toBe(true);
    expect(cell(4).hasAttribute("data-mark-pair")).toBe(true);
    expect(cell(4).hasAttribute("data-mark-moved")).toBe(true);
    expect(
      cell(3)
        .getAttributeNames()
        .filter((n) => n.startsWith("data-mark")),
    ).toEqual([]);
    expect(cell(2).querySelector(".mcw-tmark").textContent).toBe("≠");
    expect([...cell(4).querySelectorAll(".mcw-tmark")].map((m) => m.textContent)).toEqual([
      "pair",
      "→",
    ]);
    // The legend, in the order differs, crossed, focus, pair, moved, dealt.
    expect(v.qa(".mcw-legend li").map((li) => li.textContent)).toEqual([
      "≠neighbours differ from the right result",
      "●the card this is about",
      "paira real pair",
      "→moved",
    ]);
  });

  it("draw links as lines between the cells, the false one crossed", () => {
    const { v } = open({ panels: [PANEL] });
    const lines = v.qa("line.mcw-link");
    expect(lines.map((l) => [l.getAttribute("data-link"), l.getAttribute("data-cells")])).toEqual([
      ["pair", "2 4"],
      ["false", "0 2"],
    ]);
    // One ✕ on the false link, halfway from cell 0 (col ½) to cell 2 (col 2½): col 1½ of 3.
    const crosses = v.qa(".mcw-link-cross");
    expect(crosses).toHaveLength(1);
    expect(crosses[0].textContent).toBe("✕");
    expect(crosses[0].style.left).toBe("50%");
    expect(crosses[0].style.top).toBe("25%");
  });

  it("draw the links under the cards: the overlay comes before the grid", () => {
    const { v } = open({ panels: [PANEL] });
    const board = v.q(".mcw-tpanel-board");
    expect(board.firstElementChild.getAttribute("class")).toBe("mcw-links");
    expect(board.lastElementChild.className).toBe("mcw-tpanel-grid");
    expect(v.qa(".mcw-link-halo")).toHaveLength(0);
  });

  /** A row of five cells, the card texts (or null) given. */
  const row = (...cards) => cards.map((card) => ({ card }));
  const at = (col, row = 0) => ({ row, col });

  it("a crossed link's ✕ is in the space past its first card when no gap is crossed", () => {
    // M9's wrong panel: 8♥ J♥ 8♠ J♠ ·; 8♥–8♠ (cols 0, 2) passes over J♥.
    const cells = row("8H", "JH", "8S", "JS", null);
    const s = linkShape({ from: at(0), to: at(2), kind: "false" }, cells, 5);
    expect(s.lines).toEqual([{ x1: 0.5, y1: 0.5, x2: 2.5, y2: 0.5 }]);
    expect(s.crosses).toEqual([{ x: 1, y: 0.5 }]); // between 8♥ and J♥, not on J♥ (x 1½)
    // Two neighbours on a diagonal (M5's 9♥–J♦): the corner between them.
    const grid = [...row("9H", "4H", null, null, null), ...row("4S", "JD", null, null, null)];
    const d = linkShape({ from: at(0), to: at(1, 1), kind: "no-pair" }, grid, 5);
    expect(d.crosses).toEqual([{ x: 1, y: 1 }]);
  });

  it("a crossed link's ✕ is in the first gap it crosses", () => {
    // M1: Q♥ 4♠ · 4♣ 9♦; 4♠–4♣ (cols 1, 3) across the gap at col 2.
    const cells = row("QH", "4S", null, "4C", "9D");
    const s = linkShape({ from: at(1), to: at(3), kind: "false" }, cells, 5);
    expect(s.crosses).toEqual([{ x: 2.5, y: 0.5 }]);
    // A pair link has no ✕.
    expect(linkShape({ from: at(0), to: at(1), kind: "pair" }, cells, 5).crosses).toEqual([]);
  });

  it("a wrap link is two stubs out through the edges, a ✕ just outside each", () => {
    // M6: 6♠ at column 1 and 6♦ at column 5 of row 2.
    const cells = [...row(), ...row(), ...row()].map(() => ({ card: "2C" }));
    const s = linkShape({ from: at(0, 1), to: at(4, 1), kind: "wrap" }, cells, 5);
    expect(s.lines).toEqual([
      { x1: 0.5, y1: 1.5, x2: -0.25, y2: 1.5 },
      { x1: 4.5, y1: 1.5, x2: 5.25, y2: 1.5 },
    ]);
    expect(s.crosses).toEqual([
      { x: -0.25, y: 1.5 },
      { x: 5.25, y: 1.5 },
    ]);
  });

  it("a wrap link draws two stubs and the board makes room for the ✕", () => {
    const panel = {
      ...PANEL,
      tableau: ["9H", "KH", "9S", "4C", "KD", "9D"],
      links: [{ cells: [0, 2], kind: "wrap" }],
    };
    const { v } = open({ panels: [panel] });
    expect(v.qa('line[data-link="wrap"]')).toHaveLength(2);
    expect(v.qa(".mcw-link-cross").map((c) => c.style.left)).toEqual([
      `${(-0.25 / 3) * 100}%`,
      `${(3.25 / 3) * 100}%`,
    ]);
    expect(v.q(".mcw-tpanel-board").hasAttribute("data-wrap")).toBe(true);
    expect(v.q(".mcw-tpanel").getAttribute("aria-label")).toMatch(
      / Not neighbours: the grid does not wrap round: 9♥ and 9♠\.$/u,
    );
  });

  it("a no-pair link says 'Not a pair', not 'Not neighbours'", () => {
    const [p] = presentPanels(E.formatMessage, [
      { ...PANEL, links: [{ cells: [3, 4], kind: "no-pair" }] },
    ]);
    expect(p.links[0].label).toBe("Not a pair: K♥ and 4♥");
    expect(p.label.endsWith("10♦ row 2, column 3. Not a pair: K♥ and 4♥.")).toBe(true);
  });

  it("leave out the trailing rows empty in every panel, keeping one height", () => {
    // 4 × 2 panels: A holds cards in row 1 only, B in rows 1-2; rows 3-4 are empty in both.
    const base = { title: "", caption: "", verdict: "", rows: 4, cols: 2, marks: [], links: [] };
    const a = { ...base, tableau: ["AS", "2S", null, null, null, null, null, null] };
    const b = { ...base, tableau: ["AS", null, null, "3D", null, null, null, null] };
    const [pa, pb] = presentPanels(E.formatMessage, [a, b]);
    expect([pa.rows, pb.rows]).toEqual([2, 2]);
    expect(pa.cells).toHaveLength(4);
    expect(pa.label).toBe(
      "A♠ row 1, column 1; 2♠ row 1, column 2; gap row 2, column 1; gap row 2, column 2.",
    );
    // A mark or a link end on an empty cell keeps its row.
    const [pc] = presentPanels(E.formatMessage, [{ ...a, marks: [{ cell: 6, kind: "crossed" }] }]);
    expect(pc.rows).toBe(4);
    // A panel alone: its own rows.
    expect(presentPanels(E.formatMessage, [a])[0].rows).toBe(1);
    const { v } = open({ panels: [a, b] });
    expect(v.qa('.mcw-tpanel[data-panel="0"] [data-panel-cell]')).toHaveLength(4);
    expect(v.q(".mcw-tpanel").style.getPropertyValue("--mcw-rows")).toBe("2");
    expect(v.qa("[data-cell]")).toHaveLength(25); // the live board keeps its shape
  });

  it("say everything in words for screen readers", () => {
    const { v } = open({ panels: [PANEL] });
    const panel = v.q(".mcw-tpanel");
    expect(panel.getAttribute("role")).toBe("img");
    expect(panel.getAttribute("aria-label")).toBe(
      // The verdict first: the title does not say it.
      "Wrong: Rows on their own. Cards close up within their row. " +
        "9♥ row 1, column 1, the card this is about; gap row 1, column 2; " +
        "4♣ row 1, column 3, neighbours differ from the right result; K♥ row 2, column 1; " +
        "4♥ row 2, column 2, a real pair, moved; 10♦ row 2, column 3. " +
        "A pair: 4♣ and 4♥. Not neighbours: 9♥ and 4♣.",
    );
  });

  it("the verdict is said once, even when the title does not say it", () => {
    const [p] = presentPanels(E.formatMessage, [
      { ...PANEL, title: "Column gravity", marks: [], links: [] },
    ]);
    expect(p.label.startsWith("Wrong: Column gravity. Cards close up")).toBe(true);
  });

  it("panel text is never markup", () => {
    const { v } = open({
      panels: [{ ...PANEL, title: "<img src=x onerror=alert(1)>", caption: "<script>x</script>" }],
    });
    expect(v.q(".mcw-tpanel-title").textContent).toBe("<img src=x onerror=alert(1)>");
    expect(v.q(".mcw img")).toBeNull();
    expect(v.q(".mcw script")).toBeNull();
  });
});

describe("malformed panels", () => {
  it.each([
    ["not a dict", "oops", "panel"],
    ["rows missing", { ...PANEL, rows: undefined }, "rows"],
    ["marks missing", { ...PANEL, marks: undefined }, "marks"],
    ["links not a list", { ...PANEL, links: "0-2" }, "links"],
    ["too many columns", { ...PANEL, cols: 11 }, "cols"],
    ["tableau of the wrong length", { ...PANEL, tableau: ["9H"] }, "tableau"],
    [
      "a card that is not one",
      { ...PANEL, tableau: ["9H", null, "ZZ", "KH", "4H", "TD"] },
      "tableau[2]",
    ],
    [
      "a mark outside the tableau",
      { ...PANEL, marks: [{ cell: 6, kind: "focus" }] },
      "marks[0].cell",
    ],
    ["an unknown mark", { ...PANEL, marks: [{ cell: 0, kind: "glow" }] }, "marks[0].kind"],
    ["a link to itself", { ...PANEL, links: [{ cells: [1, 1], kind: "pair" }] }, "links[0].cells"],
    ["an unknown link", { ...PANEL, links: [{ cells: [0, 1], kind: "near" }] }, "links[0].kind"],
    ["an unknown verdict", { ...PANEL, verdict: "maybe" }, "verdict"],
    ["a title that is not text", { ...PANEL, title: 3 }, "title"],
  ])("%s: a short error line, the other panels and the board still drawn", (_, bad) => {
    const { v } = open({ panels: [PANEL, bad] });
    // Python's make_panel names the bad part; the board only says which panel.
    const error = v.q('.mcw-panel-error[data-panel="1"]');
    expect(error.textContent).toBe("Panel 2 cannot be drawn.");
    expect(v.qa(".mcw-tpanel")).toHaveLength(1);
    expect(v.qa("[data-cell]")).toHaveLength(25);
    expect(v.status()).toMatch(/Remove pairs/);
  });

  it("a panels trait that is not a list is one error line", () => {
    const { v } = open({ panels: { title: "x" } });
    expect(v.q(".mcw-panel-error").textContent).toBe("Panel 1 cannot be drawn.");
  });
});

describe("the emphasised next step", () => {
  const fresh = E.newState({ layout: GERMAN.layout });
  const emphasised = (state) =>
    Object.entries(present(E.formatMessage, state, null, {}).buttons)
      .filter(([, b]) => b.emphasis)
      .map(([id]) => id);

  it("is not 'Consolidate one card' while a pair can be removed, gaps or not", () => {
    // After removing 4♣ 4♥ (2, 8) the pairs 6–11 and 18–22 remain, and there are gaps.
    const one = E.apply(fresh, { type: "remove", cells: [2, 8] });
    expect(E.canConsolidate(one)).toBe(true);
    expect(emphasised(one)).toEqual([]);
    expect(emphasised(fresh)).toEqual([]);
  });

  it("is 'Consolidate one card' when no pair is left and gaps can close", () => {
    let s = fresh;
    for (const cells of GERMAN.remove) s = E.apply(s, { type: "remove", cells });
    // RULES.md worked example: after the three pairs only 7♦ 7♣ across a gap are left.
    expect(emphasised(s)).toEqual(["consolidate_step"]);
    s = E.apply(s, { type: "consolidate_step" });
    expect(s.phase).toBe("consolidate");
    expect(emphasised(s)).toEqual(["consolidate_step"]);
    s = E.apply(s, { type: "consolidate" });
    expect(s.phase).toBe("refill");
    expect(emphasised(s)).toEqual(["refill_step"]);
  });
});

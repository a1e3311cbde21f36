/**
 * The teaching panels (docs/teaching.md, section 4): small read-only
 * tableaux under the live board, each with its verdict badge (symbol and
 * word, never colour alone), title, cards (the board's card look, smaller),
 * marks (an outline style per kind plus a symbol on the cell, explained in a
 * legend), links between cells (an SVG overlay: a dashed line crossed by ✕
 * for "not neighbours", a solid line for a pair or cards that touch) and
 * caption. Each panel is one `role="img"` whose aria-label says it all in
 * words. A malformed panel (checked in `present-teaching.js`) is one short
 * error line. Panels are redrawn only when their data changes.
 *
 * DOM hooks: `.mcw-tpanel[data-panel="<index>"][data-verdict]`, cells
 * `[data-panel-cell="<index>"]` (not `data-cell`: those are the live
 * board's) with `data-mark-<kind>`, links `line[data-link="<kind>"]`.
 * @module view/panels
 */
import { h } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";

/** How far each end of a link stops short of the cell's centre, in cells. */
const SHORTEN = 0.3;

function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  return el;
}

/**
 * A link as a line between two cell centres, in cell units (the overlay's
 * viewBox is cols × rows: every cell is one unit, gaps included).
 * @param {{from: {row: number, col: number}, to: {row: number, col: number}}} link
 * @returns {{x1: number, y1: number, x2: number, y2: number, mx: number, my: number}}
 */
export function linkLine(link) {
  const x1 = link.from.col + 0.5;
  const y1 = link.from.row + 0.5;
  const x2 = link.to.col + 0.5;
  const y2 = link.to.row + 0.5;
  const length = Math.hypot(x2 - x1, y2 - y1);
  const k = Math.min(SHORTEN, length / 3) / length;
  return {
    x1: x1 + (x2 - x1) * k,
    y1: y1 + (y2 - y1) * k,
    x2: x2 - (x2 - x1) * k,
    y2: y2 - (y2 - y1) * k,
    mx: (x1 + x2) / 2,
    my: (y1 + y2) / 2,
  };
}

/**
 * @param {function(string, Object=): string} t  formatMessage
 * @param {Object} panel  a good presented panel (`presentPanels`)
 * @returns {HTMLElement}
 */
function drawPanel(t, panel) {
  const fig = h("figure", {
    class: "mcw-tpanel",
    role: "img",
    "aria-label": panel.label,
    "data-panel": panel.index,
    "data-verdict": panel.verdict || null,
  });
  fig.style.setProperty("--mcw-cols", String(panel.cols));
  fig.style.setProperty("--mcw-rows", String(panel.rows));

  const head = h("div", { class: "mcw-tpanel-head" });
  if (panel.verdict) {
    const badge = h("span", { class: "mcw-verdict", "data-verdict": panel.verdict });
    badge.append(
      h("span", { class: "mcw-verdict-symbol" }, panel.verdictSymbol),
      h("span", { class: "mcw-verdict-text" }, panel.verdictText),
    );
    head.append(badge);
  }
  if (panel.title) head.append(h("span", { class: "mcw-tpanel-title" }, panel.title));
  if (head.childElementCount) fig.append(head);

  const board = h("div", { class: "mcw-tpanel-board" });
  const grid = h("div", { class: "mcw-tpanel-grid" });
  panel.cells.forEach((c, i) => {
    const attrs = { class: "mcw-tcell", "data-panel-cell": i, "data-gap": c.card === null };
    for (const m of c.marks) attrs[`data-mark-${m.kind}`] = true;
    const cell = h("div", attrs);
    const slot = h("div", { class: "mcw-tslot" });
    if (c.card !== null) {
      const card = h("div", { class: "mcw-card", "data-card": c.card, "data-red": c.red });
      card.append(
        h("span", { class: "mcw-rank" }, c.rank),
        h("span", { class: "mcw-suit" }, c.suit),
      );
      slot.append(card);
    }
    if (c.marks.length) {
      const marks = h("span", { class: "mcw-tmarks" });
      for (const m of c.marks) {
        marks.append(h("span", { class: "mcw-tmark", "data-kind": m.kind }, m.symbol));
      }
      slot.append(marks);
    }
    cell.append(slot);
    grid.append(cell);
  });
  board.append(grid);

  if (panel.links.length) {
    const overlay = svg("svg", {
      class: "mcw-links",
      viewBox: `0 0 ${panel.cols} ${panel.rows}`,
      preserveAspectRatio: "none",
      "aria-hidden": "true",
      focusable: "false",
    });
    for (const link of panel.links) {
      const { x1, y1, x2, y2, mx, my } = linkLine(link);
      const ends = { x1, y1, x2, y2, "vector-effect": "non-scaling-stroke" };
      // A halo in the board's colour under every line keeps it legible over a card.
      overlay.append(svg("line", { ...ends, class: "mcw-link-halo" }));
      overlay.append(
        svg("line", {
          ...ends,
          class: "mcw-link",
          "data-link": link.kind,
          "data-cells": link.cells.join(" "),
        }),
      );
      if (link.kind === "false") {
        const cross = h(
          "span",
          { class: "mcw-link-cross", "aria-hidden": "true" },
          t("panel.mark-crossed"),
        );
        cross.style.left = `${(mx / panel.cols) * 100}%`;
        cross.style.top = `${(my / panel.rows) * 100}%`;
        board.append(cross);
      }
    }
    board.append(overlay);
  }
  fig.append(board);

  if (panel.caption) fig.append(h("p", { class: "mcw-tpanel-caption" }, panel.caption));
  if (panel.legend.length) {
    const legend = h("ul", { class: "mcw-legend" });
    for (const item of panel.legend) {
      const li = h("li", { "data-kind": item.kind });
      li.append(
        h("span", { class: "mcw-tmark", "data-kind": item.kind }, item.symbol),
        h("span", {}, item.text),
      );
      legend.append(li);
    }
    fig.append(legend);
  }
  return fig;
}

/**
 * @param {function(string, Object=): string} t  formatMessage
 * @returns {{el: HTMLElement, update: function(Object): void}}
 */
export function createPanels(t) {
  const el = h("div", {
    class: "mcw-panels",
    role: "group",
    "aria-label": t("panel.region"),
    hidden: true,
  });
  let drawn = "[]";

  /** @param {{panels: Object[]}} p  the presentation */
  function update(p) {
    const panels = Array.isArray(p.panels) ? p.panels : [];
    const key = JSON.stringify(panels);
    if (key === drawn) return;
    drawn = key;
    el.replaceChildren(
      ...panels.map((panel) =>
        panel.ok
          ? drawPanel(t, panel)
          : h(
              "p",
              { class: "mcw-panel-error", role: "note", "data-panel": panel.index },
              panel.error,
            ),
      ),
    );
    if (panels.length) el.removeAttribute("hidden");
    else el.setAttribute("hidden", "");
  }

  return { el, update };
}

/**
 * The teaching panels (docs/teaching.md, section 4): small read-only tableaux
 * above the live board, each one `role="img"` whose aria-label says it all
 * in words, with its verdict badge, cards, marks (an outline per kind and a
 * symbol, in a legend) and links (an SVG under the opaque cards, so a line
 * shows only between them). Nothing drawn on a card hides its rank or suit.
 * Redrawn only when their data changes. DOM hooks: docs/teaching.md.
 * @module view/teaching-panels
 */
import { flag, group, h, svg } from "./dom.js";
import { cardElement } from "./card.js";

/**
 * How a link is drawn, in cell units (the overlay's viewBox is cols × rows:
 * every cell is one unit, its share of the space between cards included).
 * A line joins the two cell centres (under the cards). A `wrap` link is two
 * stubs instead, from each card's centre out through the tableau's edge it
 * sits on, each ending in a ✕ a quarter cell outside. A `false` or `no-pair`
 * link has one ✕: at the first gap the line crosses, else in the space just
 * past its first card, so it never covers a card.
 * @param {{from: {row: number, col: number}, to: {row: number, col: number}, kind: string}} link
 * @param {{card: (string|null)}[]} cells  the panel's cells, reading order
 * @param {number} cols
 * @returns {{lines: {x1: number, y1: number, x2: number, y2: number}[], crosses: {x: number, y: number}[]}}
 */
export const linkShape = (link, cells, cols) => {
  const { from: a, to: b, kind } = link;
  const rows = cells.length / cols;
  if (kind === "wrap") {
    const stubs = [
      [a, b],
      [b, a],
    ].map(([e, o]) => {
      const out = (mine, other, last) =>
        mine === 0 && other === last ? -1 : mine === last && other === 0 ? 1 : 0;
      const x = e.col + 0.5;
      const y = e.row + 0.5;
      return {
        x1: x,
        y1: y,
        x2: x + 0.75 * out(e.col, o.col, cols - 1),
        y2: y + 0.75 * out(e.row, o.row, rows - 1),
      };
    });
    return { lines: stubs, crosses: stubs.map((l) => ({ x: l.x2, y: l.y2 })) };
  }
  const line = { x1: a.col + 0.5, y1: a.row + 0.5, x2: b.col + 0.5, y2: b.row + 0.5 };
  if (kind !== "false" && kind !== "no-pair") return { lines: [line], crosses: [] };
  const dx = b.col - a.col;
  const dy = b.row - a.row;
  const steps = Math.max(Math.abs(dx), Math.abs(dy));
  // The first empty cell on the way (straight or diagonal lines pass through cell centres).
  for (let s = 1; s < steps; s++) {
    const col = a.col + (dx * s) / steps;
    const row = a.row + (dy * s) / steps;
    if (Number.isInteger(col) && Number.isInteger(row) && !cells[row * cols + col].card) {
      return { lines: [line], crosses: [{ x: col + 0.5, y: row + 0.5 }] };
    }
  }
  const k = 0.5 / steps;
  return { lines: [line], crosses: [{ x: line.x1 + dx * k, y: line.y1 + dy * k }] };
};

/** A mark's badge, on a cell and in the legend: `{kind, symbol}`. */
const badge = (mark) => h("span.mcw-tmark", { "data-kind": mark.kind }, mark.symbol);

/**
 * @param {function(string, Object=): string} t  formatMessage
 * @param {Object} panel  a good presented panel (`presentPanels`)
 * @returns {HTMLElement}
 */
const drawPanel = (t, panel) => {
  const fig = h("figure.mcw-tpanel", {
    role: "img",
    "aria-label": panel.label,
    "data-panel": panel.index,
    "data-verdict": panel.verdict || null,
  });
  fig.style.setProperty("--mcw-cols", panel.cols);
  fig.style.setProperty("--mcw-rows", panel.rows);

  const head = h("div.mcw-tpanel-head");
  if (panel.verdict) {
    head.append(
      h(
        "span.mcw-verdict",
        { "data-verdict": panel.verdict },
        h("span.mcw-verdict-symbol", {}, panel.verdictSymbol),
        h("span.mcw-verdict-text", {}, panel.verdictText),
      ),
    );
  }
  if (panel.title) head.append(h("span.mcw-tpanel-title", {}, panel.title));
  if (head.childElementCount) fig.append(head);

  const board = h("div.mcw-tpanel-board", {
    "data-wrap": panel.links.some((l) => l.kind === "wrap"),
  });
  const grid = h("div.mcw-tpanel-grid");
  panel.cells.forEach((c, i) => {
    const attrs = { "data-panel-cell": i, "data-gap": c.card === null };
    for (const m of c.marks) attrs[`data-mark-${m.kind}`] = true;
    const slot = h("div.mcw-tslot");
    if (c.card !== null) {
      slot.append(cardElement("div.mcw-card", { "data-card": c.card, "data-red": c.red }, c));
    }
    if (c.marks.length) {
      slot.append(h("span.mcw-tmarks", {}, ...c.marks.map(badge)));
    }
    grid.append(h("div.mcw-tcell", attrs, slot));
  });
  if (panel.links.length) {
    // Drawn first, so the cards lie over the lines.
    const overlay = svg("svg", {
      class: "mcw-links",
      viewBox: `0 0 ${panel.cols} ${panel.rows}`,
      preserveAspectRatio: "none",
    });
    for (const link of panel.links) {
      const { lines, crosses } = linkShape(link, panel.cells, panel.cols);
      for (const ends of lines) {
        overlay.append(
          svg("line", {
            ...ends,
            "vector-effect": "non-scaling-stroke",
            class: "mcw-link",
            "data-link": link.kind,
            "data-cells": link.cells.join(" "),
          }),
        );
      }
      for (const { x, y } of crosses) {
        // No aria-hidden needed: the figure is one role="img" (its label says it all).
        const cross = h("span.mcw-link-cross", {}, t("panel.mark-crossed"));
        cross.style.left = `${(x / panel.cols) * 100}%`;
        cross.style.top = `${(y / panel.rows) * 100}%`;
        board.append(cross);
      }
    }
    board.prepend(overlay);
  }
  board.append(grid);
  fig.append(board);

  if (panel.caption) fig.append(h("p.mcw-tpanel-caption", {}, panel.caption));
  if (panel.legend.length) {
    const items = panel.legend.map((item) =>
      h("li", { "data-kind": item.kind }, badge(item), h("span", {}, item.text)),
    );
    fig.append(h("ul.mcw-legend", {}, ...items));
  }
  return fig;
};

/**
 * @param {function(string, Object=): string} t  formatMessage
 * @returns {{el: HTMLElement, update: function(Object): void}}
 */
export const createPanels = (t) => {
  const el = h("div.mcw-panels", { ...group(t("panel.region")), hidden: true });
  let drawn = "[]";

  /** @param {{panels: Object[]}} p  the presentation (`presentPanels`: always a list) */
  const update = ({ panels }) => {
    const key = JSON.stringify(panels);
    if (key === drawn) return;
    drawn = key;
    el.replaceChildren(
      ...panels.map((panel) =>
        panel.ok
          ? drawPanel(t, panel)
          : h("p.mcw-panel-error", { role: "note", "data-panel": panel.index }, panel.error),
      ),
    );
    flag(el, "hidden", !panels.length);
    // How many share a row (js/styles/panels.css).
    el.style.setProperty("--mcw-panels", panels.length);
  };

  return { el, update };
};

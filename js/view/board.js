/**
 * The tableau: a `role="grid"` of rows and gridcells, built once for a shape
 * and then updated in place (text and attributes only), so focus stays where
 * it is and an update costs a few attribute writes.
 *
 * DOM hooks (docs/architecture.md, DESIGN.md): each cell has
 * `data-cell="<index>"`; the card in it `data-card="7H"`; gaps have a card
 * element without `data-card`. Highlights are set by `highlights.js`.
 * @module view/board
 */
import { ARIA_HIDDEN, attr, attrWithin, control, flag, h, showText } from "./dom.js";
import { cardElement, drawFace } from "./card.js";
import { applyHighlights } from "./highlights.js";

/**
 * @param {function(string, Object=): string} t  formatMessage, for the marks' text
 * @returns {{el: HTMLElement, grid: HTMLElement, cells: HTMLElement[], cards: HTMLElement[],
 *   update: function(Object): void, shape: function(): [number, number],
 *   cellOf: function(EventTarget): (number|null)}}
 */
export const createBoard = (t) => {
  const el = h("div.mcw-board");
  const grid = h("div.mcw-tableau", { role: "grid" });
  el.append(grid);
  let rows = 0;
  let cols = 0;
  /** @type {HTMLElement[]} */
  let cells = [];
  /** @type {HTMLElement[]} */
  let cards = [];
  /**
   * The cell `target` is (or is in), for clicks, keys and focus.
   * @param {EventTarget} target
   * @returns {number|null} its index, null outside the grid
   */
  const cellOf = (target) => {
    const cell = attrWithin(grid, target, "data-cell");
    return cell === null ? null : Number(cell);
  };

  const build = (r, c) => {
    rows = r;
    cols = c;
    grid.replaceChildren();
    cells = [];
    cards = [];
    // The card size is worked out in CSS from the shape (js/styles/board.css, .mcw-board).
    el.style.setProperty("--mcw-rows", r);
    el.style.setProperty("--mcw-cols", c);
    attr(grid, "aria-rowcount", r);
    attr(grid, "aria-colcount", c);
    for (let row = 0; row < r; row++) {
      const rowEl = h("div.mcw-row", { role: "row", "aria-rowindex": row + 1 });
      for (let col = 0; col < c; col++) {
        const i = row * c + col;
        // Focusable (the grid's roving tab stop), so a control (dom.js).
        const cell = control("div.mcw-cell", {
          role: "gridcell",
          "data-cell": i,
          "aria-colindex": col + 1,
          tabindex: i === 0 ? 0 : -1,
        });
        const card = cardElement("div.mcw-card", ARIA_HIDDEN);
        cell.append(
          card,
          h("span.mcw-mark", ARIA_HIDDEN),
          // The reading-order number (1 … cells), shown with `show_order`.
          h("span.mcw-order", { ...ARIA_HIDDEN, hidden: true }),
        );
        rowEl.append(cell);
        cells.push(cell);
        cards.push(card);
      }
      grid.append(rowEl);
    }
  };

  /**
   * Draw the cells of a presentation (see js/present/presentation.js).
   * @param {Object} p
   */
  const update = (p) => {
    if (p.rows !== rows || p.cols !== cols) build(p.rows, p.cols);
    attr(grid, "aria-label", p.gridLabel);
    p.cells.forEach((c, i) => {
      const cell = cells[i];
      const card = cards[i];
      attr(card, "data-card", c.card);
      drawFace(card, c);
      flag(cell, "data-gap", c.card === null);
      attr(cell, "aria-label", c.label);
      applyHighlights(cell, c);
      showText(cell.querySelector(".mcw-order"), c.order ? String(c.order) : "");
    });
  };

  return {
    el,
    grid,
    get cells() {
      return cells;
    },
    get cards() {
      return cards;
    },
    shape: () => [rows, cols],
    cellOf,
    update,
  };
};

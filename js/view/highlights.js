/**
 * Highlight marks on one cell: attributes for CSS and tests, and a small
 * text mark so no highlight is colour alone (RULES.md, "Common mistakes":
 * M1 false neighbours get ✕ and a dotted outline; partners a "pair" badge;
 * the walkthrough's next card a "next" badge, the gap it fills "here").
 * @module view/highlights
 */
import { attr, flag, showText } from "./dom.js";

/**
 * The highlight flags of a cell presentation: the attribute each sets and
 * the badge it shows (catalogue `ui.mark-<badge>`; null: none). A cell
 * shows one badge, the first of its flags in this order.
 */
export const HIGHLIGHTS = {
  illegal: ["data-illegal", "illegal"],
  // A hint's cells (docs/analysis.md, section 6).
  hint: ["data-hint", "hint"],
  partner: ["data-partner", "pair"],
  falseNeighbour: ["data-false-neighbour", "false-neighbour"],
  // The walkthrough (js/walk.js) and predict mode (js/walk-control.js).
  nextFrom: ["data-next-from", "next-from"],
  nextTo: ["data-next-to", "next-to"],
  predicted: ["data-predicted", "predicted"],
  willTouch: ["data-will-touch", null],
  selected: ["data-selected", null],
  neighbour: ["data-neighbour", null],
};

/**
 * @param {HTMLElement} cell  the `[data-cell]` element
 * @param {{selected: boolean, neighbour: boolean, partner: boolean,
 *   falseNeighbour: boolean, illegal: boolean}} flags
 * @param {function(string, Object=): string} t  formatMessage
 */
export const applyHighlights = (cell, flags, t) => {
  let mark = "";
  for (const [key, [name, badge]] of Object.entries(HIGHLIGHTS)) {
    flag(cell, name, flags[key]);
    if (flags[key] && badge && mark === "") mark = t(`ui.mark-${badge}`);
  }
  attr(cell, "aria-selected", flags.selected ? "true" : "false");
  showText(cell.querySelector(".mcw-mark"), mark);
};

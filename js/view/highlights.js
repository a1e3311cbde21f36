/**
 * Highlight marks on one cell: attributes for CSS and tests, and a small
 * text mark so no highlight is colour alone (RULES.md, "Common mistakes":
 * M1 false neighbours get ✕ and a dotted outline; partners a "pair" badge;
 * the walkthrough's next card a "next" badge, the gap it fills "here").
 * @module view/highlights
 */
import { attr, flag, showText } from "./dom.js";

/**
 * The highlight flags of a cell presentation and the attribute each sets. The
 * badge a cell shows with them (so no highlight is colour alone) comes with
 * the presentation, `c.mark` (js/present/presentation.js, `BADGES`).
 */
export const HIGHLIGHTS = {
  illegal: "data-illegal",
  // A hint's cells (docs/analysis.md, section 6).
  hint: "data-hint",
  partner: "data-partner",
  // A card that can be removed alone now (a Thirteens king).
  lone: "data-lone",
  falseNeighbour: "data-false-neighbour",
  // The pairs a hint leaves for later (hint.remove-keep).
  keep: "data-hint-keep",
  // The walkthrough (js/present/walkthrough-bar.js) and predict mode (js/app/walkthrough-control.js).
  nextFrom: "data-next-from",
  nextTo: "data-next-to",
  predicted: "data-predicted",
  willTouch: "data-will-touch",
  selected: "data-selected",
  neighbour: "data-neighbour",
};

/**
 * @param {HTMLElement} cell  the `[data-cell]` element
 * @param {{selected: boolean, neighbour: boolean, partner: boolean,
 *   falseNeighbour: boolean, illegal: boolean, mark: string}} c  the cell's presentation
 */
export const applyHighlights = (cell, c) => {
  for (const [key, name] of Object.entries(HIGHLIGHTS)) flag(cell, name, c[key]);
  attr(cell, "aria-selected", c.selected ? "true" : "false");
  showText(cell.querySelector(".mcw-mark"), c.mark);
};

/**
 * Highlight marks on one cell: attributes for CSS and tests, and a small
 * text mark so no highlight is colour alone (RULES.md, "Common mistakes":
 * M1 false neighbours get ✕ and a dotted outline; partners a "pair" badge;
 * the walkthrough's next card a "next" badge, the gap it fills "here").
 * @module view/highlights
 */
import { attr, flag, text } from "./dom.js";

/** The highlight flags of a cell presentation and the attribute each sets. */
export const HIGHLIGHTS = {
  selected: "data-selected",
  neighbour: "data-neighbour",
  partner: "data-partner",
  falseNeighbour: "data-false-neighbour",
  illegal: "data-illegal",
  // The walkthrough (js/walk.js) and predict mode (js/walk-control.js).
  nextFrom: "data-next-from",
  nextTo: "data-next-to",
  predicted: "data-predicted",
  willTouch: "data-will-touch",
  // A hint's cells (docs/analysis.md, section 6).
  hint: "data-hint",
};

/**
 * @param {HTMLElement} cell  the `[data-cell]` element
 * @param {{selected: boolean, neighbour: boolean, partner: boolean,
 *   falseNeighbour: boolean, illegal: boolean}} flags
 * @param {function(string, Object=): string} t  formatMessage
 */
export function applyHighlights(cell, flags, t) {
  for (const [key, name] of Object.entries(HIGHLIGHTS)) flag(cell, name, flags[key]);
  attr(cell, "aria-selected", flags.selected ? "true" : "false");
  let mark = "";
  if (flags.illegal) mark = t("ui.mark-illegal");
  else if (flags.hint) mark = t("ui.mark-hint");
  else if (flags.partner) mark = t("ui.mark-pair");
  else if (flags.falseNeighbour) mark = t("ui.mark-false-neighbour");
  else if (flags.nextFrom) mark = t("ui.mark-next-from");
  else if (flags.nextTo) mark = t("ui.mark-next-to");
  else if (flags.predicted) mark = t("ui.mark-predicted");
  const el = cell.querySelector(".mcw-mark");
  text(el, mark);
  flag(el, "hidden", mark === "");
}

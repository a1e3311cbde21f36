/**
 * A card's element as the board, the discards, the animator's ghosts and
 * the teaching panels draw it: the rank and the suit symbol in two spans,
 * `data-red` for hearts and diamonds (the face from js/present/face.js).
 * @module view/card
 */
import { flag, h, text } from "./dom.js";

/**
 * @param {string} tag  as for `h`, e.g. `"div.mcw-card.mcw-mini"`
 * @param {Object} attrs  as for `h`
 * @param {{rank: string, suit: string}} [face]  drawn now; else empty, for `drawFace`
 * @returns {HTMLElement}
 */
export const cardElement = (tag, attrs, face) =>
  h(tag, attrs, h("span.mcw-rank", {}, face?.rank), h("span.mcw-suit", {}, face?.suit));

/**
 * Draw a face on an element from `cardElement`, writing only what changed.
 * @param {HTMLElement} el
 * @param {{rank: string, suit: string, red: boolean}|null|undefined} face  none: empty
 */
export const drawFace = (el, face) => {
  flag(el, "data-red", face?.red);
  text(el.firstChild, face ? face.rank : "");
  text(el.lastChild, face ? face.suit : "");
};

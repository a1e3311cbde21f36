/**
 * The header above the board: the `title` and `caption` traits
 * (docs/teaching.md, section 2) and a match's score line (docs/sessions.md), as text only (`textContent`: a caption
 * holding markup shows the markup as characters and runs nothing). Hidden
 * when both are empty, so a plain board looks as before.
 * @module view/header
 */
import { flag, h, showText } from "./dom.js";

/**
 * @returns {{el: HTMLElement, update: function(Object): void}}
 */
export const createHeader = () => {
  const title = h("div.mcw-header-title", { role: "heading", "aria-level": 3 });
  const caption = h("p.mcw-header-caption");
  const match = h("p.mcw-header-caption.mcw-match");
  const el = h("div.mcw-header", { hidden: true }, title, caption, match);

  /** @param {{header: {title: string, caption: string, match: string, shown: boolean}}} p */
  const update = ({ header }) => {
    showText(title, header.title);
    showText(caption, header.caption);
    showText(match, header.match);
    flag(el, "hidden", !header.shown);
  };

  return { el, update };
};

/**
 * The side column: the stock (a face-down pile with its count), the discards
 * (the last pair removed and the number of pairs) and the counters (round,
 * consolidations, cards removed of the total, time, deal number). The view
 * puts the buttons above them and the win/loss banner under them. During a
 * walkthrough's refill the stock is what moves next: its pile is marked as
 * a card is (`data-next-from`, a "next" badge; docs/teaching.md, section 1).
 * @module view/side-column
 */
import { ARIA_HIDDEN, attr, flag, h, text } from "./dom.js";
import { cardElement, drawFace } from "./card.js";

/**
 * @param {function(string, Object=): string} t  formatMessage
 */
export const createPanel = (t) => {
  const el = h("div.mcw-side");

  // A pile's caption: its name, then the value update() writes.
  const caption = (name) =>
    h(
      "div.mcw-caption",
      ARIA_HIDDEN,
      h("span.mcw-caption-title", {}, name),
      h("span.mcw-caption-value"),
    );
  const stockCount = h("span.mcw-back-count");
  const stockMark = h("span.mcw-mark", { hidden: true }, t("ui.mark-next-from"));
  const stockBack = h("div.mcw-back", ARIA_HIDDEN, stockCount, stockMark);
  const stockCaption = caption(t("ui.stock"));
  const stock = h("div.mcw-pile.mcw-stock", { role: "img" }, stockBack, stockCaption);

  const minis = [0, 1].map(() => cardElement("div.mcw-card.mcw-mini", {}));
  const discardsCaption = caption(t("ui.discards"));
  const discards = h(
    "div.mcw-pile.mcw-discards",
    { role: "img" },
    h("div.mcw-pair", ARIA_HIDDEN, ...minis),
    discardsCaption,
  );

  const counters = h("dl.mcw-counters");
  /** @type {Map<string, HTMLElement>} */
  const values = new Map();

  el.append(h("div.mcw-piles", {}, stock, discards), counters);

  /** @param {Object} p  the presentation */
  const update = (p) => {
    const { stock: shownStock, discards: shownDiscards } = p;
    // The next step deals the top stock card: marked when its gap is (js/present/walkthrough-bar.js).
    const next = p.walk?.next?.kind === "deal" && p.cells.some((c) => c.nextTo);
    flag(stock, "data-next-from", next);
    flag(stockMark, "hidden", !next);
    attr(
      stock,
      "aria-label",
      next ? `${shownStock.label}, ${t("aria.next-from")}` : shownStock.label,
    );
    text(stockCount, String(shownStock.count));
    text(stockCaption.lastChild, shownStock.caption);
    flag(stock, "data-empty", shownStock.count === 0);

    attr(discards, "aria-label", shownDiscards.label);
    text(discardsCaption.lastChild, shownDiscards.caption);
    flag(discards, "data-empty", shownDiscards.last === null);
    minis.forEach((mini, k) => {
      const c = shownDiscards.last?.[k];
      attr(mini, "data-discard", c?.card);
      drawFace(mini, c);
    });

    for (const c of p.counters) {
      let value = values.get(c.id);
      if (!value) {
        value = h("dd");
        counters.append(h("div.mcw-counter", { "data-counter": c.id }, h("dt"), value));
        values.set(c.id, value);
      }
      text(value.previousSibling, c.label);
      text(value, c.value);
    }
  };

  /**
   * Rewrite one counter's value (the running clock, once a second) without
   * drawing anything else.
   * @param {string} id  e.g. `"time"`
   * @param {string} value
   */
  const setCounter = (id, value) => {
    const dd = values.get(id);
    if (dd) text(dd, value);
  };

  return { el, stockPile: stockBack, update, setCounter };
};

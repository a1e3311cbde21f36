/**
 * The side column: the stock (a face-down pile with its count), the discards
 * (the last pair removed and the number of pairs) and the counters (round,
 * consolidations, cards removed of the total, time, deal number). The view
 * puts the buttons above them and the win/loss banner under them. During a
 * walkthrough's refill the stock is what moves next: its pile is marked as
 * a card is (`data-next-from`, a "next" badge; docs/teaching.md, section 1).
 * @module view/panel
 */
import { attr, flag, h, text } from "./dom.js";

/**
 * @param {function(string, Object=): string} t  formatMessage
 */
export function createPanel(t) {
  const el = h("div", { class: "mcw-side" });

  const stock = h("div", { class: "mcw-pile mcw-stock", role: "img" });
  const stockBack = h("div", { class: "mcw-back", "aria-hidden": "true" });
  const stockCount = h("span", { class: "mcw-back-count" });
  const stockMark = h("span", { class: "mcw-mark", hidden: true }, t("ui.mark-next-from"));
  stockBack.append(stockCount, stockMark);
  const stockCaption = h("div", { class: "mcw-caption", "aria-hidden": "true" });
  stockCaption.append(
    h("span", { class: "mcw-caption-title" }, t("ui.stock")),
    h("span", { class: "mcw-caption-value" }),
  );
  stock.append(stockBack, stockCaption);

  const discards = h("div", { class: "mcw-pile mcw-discards", role: "img" });
  const pair = h("div", { class: "mcw-pair", "aria-hidden": "true" });
  const minis = [0, 1].map(() => {
    const mini = h("div", { class: "mcw-card mcw-mini" });
    mini.append(h("span", { class: "mcw-rank" }), h("span", { class: "mcw-suit" }));
    pair.append(mini);
    return mini;
  });
  const discardsCaption = h("div", { class: "mcw-caption", "aria-hidden": "true" });
  discardsCaption.append(
    h("span", { class: "mcw-caption-title" }, t("ui.discards")),
    h("span", { class: "mcw-caption-value" }),
  );
  discards.append(pair, discardsCaption);

  const piles = h("div", { class: "mcw-piles" });
  piles.append(stock, discards);

  const counters = h("dl", { class: "mcw-counters" });
  /** @type {Map<string, HTMLElement>} */
  const values = new Map();

  el.append(piles, counters);

  /** @param {Object} p  the presentation */
  function update(p) {
    // The next step deals the top stock card: marked when its gap is (walk.js).
    const next = p.walk?.next?.kind === "deal" && p.cells.some((c) => c.nextTo);
    flag(stock, "data-next-from", next);
    flag(stockMark, "hidden", !next);
    attr(stock, "aria-label", next ? `${p.stock.label}, ${t("aria.next-from")}` : p.stock.label);
    text(stockCount, String(p.stock.count));
    text(stockCaption.lastChild, p.stock.caption);
    flag(stock, "data-empty", p.stock.count === 0);

    attr(discards, "aria-label", p.discards.label);
    text(discardsCaption.lastChild, p.discards.caption);
    flag(discards, "data-empty", p.discards.last === null);
    minis.forEach((mini, k) => {
      const c = p.discards.last ? p.discards.last[k] : null;
      attr(mini, "data-discard", c ? c.card : null);
      flag(mini, "data-red", Boolean(c && c.red));
      text(mini.firstChild, c ? c.rank : "");
      text(mini.lastChild, c ? c.suit : "");
    });

    for (const c of p.counters) {
      let value = values.get(c.id);
      if (!value) {
        const row = h("div", { class: "mcw-counter", "data-counter": c.id });
        const dt = h("dt", {}, c.label);
        value = h("dd", {});
        row.append(dt, value);
        counters.append(row);
        values.set(c.id, value);
      }
      text(value.previousSibling, c.label);
      text(value, c.value);
    }
  }

  /**
   * Rewrite one counter's value (the running clock, once a second) without
   * drawing anything else.
   * @param {string} id  e.g. `"time"`
   * @param {string} value
   */
  function setCounter(id, value) {
    const dd = values.get(id);
    if (dd) text(dd, value);
  }

  return { el, stockPile: stockBack, update, setCounter };
}

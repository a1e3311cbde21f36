/**
 * The status line (`role="status"`, polite live region: always something
 * useful to read), the win/loss banner, shown in the side panel beside
 * the tableau (never over it: the cards of a finished game stay readable),
 * and the quiet line under it, about moves not saved.
 * @module view/status
 */
import { ARIA_HIDDEN, attr, flag, h, showText, text } from "./dom.js";

/**
 * The status line: one element with `role="status"` whose text and
 * `data-tone` (`info`, `guide`, `illegal`, `error`, `success`, `won`,
 * `lost`) come from the presentation's `status`.
 * @returns {{el: HTMLElement, update: function(Object): void, again: function(): void}}
 *   `update(p)` draws `p.status`; `again()` has the same words said once more
 */
export const createStatus = () => {
  const el = h("div.mcw-status", {
    role: "status",
    "aria-live": "polite",
    "aria-atomic": "true",
  });
  let said = "";
  /** @param {Object} p  the presentation */
  const update = (p) => {
    attr(el, "data-tone", p.status.tone);
    if (p.status.text !== said) el.textContent = said = p.status.text;
  };
  // The same words again (Hint twice, one refusal twice): a live region
  // speaks only when its text changes, so a no-break space comes and goes.
  const again = () => {
    el.textContent = el.textContent === said ? `${said}\u00a0` : said;
  };
  return { el, update, again };
};

/**
 * The banner for a finished game. It repeats what the status line already
 * announces, so it is hidden from screen readers.
 * @returns {{el: HTMLElement, update: function(Object): void}} `update(p)` draws `p.banner`
 */
export const createBanner = () => {
  const message = h("div.mcw-banner-text");
  const el = h("div.mcw-banner", { ...ARIA_HIDDEN, hidden: true }, message);
  /** @param {Object} p  the presentation */
  const update = (p) => {
    flag(el, "hidden", p.banner === null);
    attr(el, "data-outcome", p.banner?.outcome);
    text(message, p.banner?.text ?? "");
  };
  return { el, update };
};

/**
 * The quiet line (js/app/sync.js): moves not saved (`data-sync="offline"`: no
 * kernel) or not yet (`"waiting"`), hidden while all are. Muted, at the end
 * of the side column, so the cards never move when it comes and goes. Not
 * a live region: the status line stays the board's one (each move is said
 * once, there); a screen reader finds the line in reading order. Its text
 * changes only when what it says does.
 * @param {function(string, Object=): string} t  formatMessage
 * @returns {{el: HTMLElement, update: function(Object): void}} `update(p)` draws `p.sync`
 */
export const createSyncLine = (t) => {
  const el = h("div.mcw-sync", { hidden: true });
  /** @param {{sync?: string|null}} p  the presentation: `sync.offline`, `sync.waiting` or null */
  const update = ({ sync }) => {
    attr(el, "data-sync", sync?.slice(5));
    showText(el, sync ? t(sync) : "");
  };
  return { el, update };
};

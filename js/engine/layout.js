/**
 * Layout notation: a position as text, like a chess FEN.
 *
 *     9H KH 4C 5D 2H/8D 2D 8C 4H 6S/… | TS 5C 2S …
 *
 * Rows are separated by `/`, cells by whitespace, a gap is `..`; then `|`
 * and the stock, next card first. No `|` means an empty stock.
 *
 * Implements docs/architecture.md, "Layout notation".
 * @module engine/layout
 */
import { parseCard } from "./cards.js";
import { CardError, LayoutError, excerpt, showValue } from "./errors.js";
import { counted, formatMessage } from "./messages.js";
import { cellPlace } from "./rules.js";

/** The text of a gap. */
export const GAP = "..";

/**
 * @typedef {Object} Position
 * @property {(string|null)[]} tableau  `rows·cols` canonical cards or `null` for a gap, reading order
 * @property {string[]} stock  canonical cards, next card first
 */

/**
 * Where stock card `n` (counted from 1) is, as people say it: "stock card 4".
 * @param {number} n  1 … stock length
 * @returns {string}
 */
export const stockPlace = (n) => formatMessage("stock.place", { index: n });

/** Where row `r` (counted from 0) is, as people say it: "row 2" for `r` 1. */
const rowPlace = (r) => formatMessage("row.place", { row: r + 1 });

/**
 * Read layout notation. Cards may be written in any form `parseCard`
 * accepts; the result is canonical. A layout need not hold the whole deck,
 * but no card may appear more than `rules.decks` times across tableau and
 * stock. Nothing is half-read: either the whole position or an error.
 *
 * Checks, in this order (the first failure is reported): not a string or
 * empty (`layout.not-text`, `layout.empty`), more than one `|`
 * (`layout.bars`), a token with a comma (`layout.commas`: cells are
 * separated by spaces), the number of rows (`layout.row-count`), each row's
 * number of cells (`layout.row-length`, first such row), each cell in
 * reading order (`layout.bad-card`), each stock card (`layout.bad-stock-card`;
 * a gap is not a stock card), then copies beyond `rules.decks`
 * (`layout.duplicate`, `layout.too-many`, at the first extra copy in
 * reading order, tableau before stock).
 *
 * @param {string} text  layout notation
 * @param {import("./rules.js").Rules} rules  fixes the number of rows and columns
 * @returns {Position} fresh arrays
 * @throws {LayoutError} with `token` (the bad text, whole; the message quotes
 *   at most its `excerpt`, 40 characters) and `place` (`"row 2, column 3"`,
 *   `"stock card 4"`, `"row 2"`, or `"layout"` when the whole layout is at fault)
 */
export const parseLayout = (text, rules) => {
  if (typeof text !== "string") {
    const shown = showValue(text);
    throw new LayoutError("layout.not-text", shown, "layout", { value: shown });
  }
  if (text.trim() === "") throw new LayoutError("layout.empty", "", "layout", {});
  const parts = text.split("|");
  if (parts.length > 2) {
    throw new LayoutError("layout.bars", "|", "layout", { count: parts.length - 1 });
  }
  const rowTexts = parts[0].split("/");
  checkCommas(rowTexts, parts[1] ?? "");
  if (rowTexts.length !== rules.rows) {
    throw new LayoutError("layout.row-count", parts[0].trim(), "layout", {
      count: rowTexts.length,
      rows: rules.rows,
      has: counted("count.rows", rowTexts.length),
      needs: counted("count.rows", rules.rows),
    });
  }
  const rowTokens = rowTexts.map(splitTokens);
  rowTokens.forEach((tokens, r) => {
    if (tokens.length !== rules.cols) {
      throw new LayoutError("layout.row-length", rowTexts[r].trim(), rowPlace(r), {
        row: r + 1,
        count: tokens.length,
        cols: rules.cols,
        has: counted("count.cells", tokens.length),
        needs: counted("count.cells", rules.cols),
      });
    }
  });

  const tableau = [];
  for (const tokens of rowTokens) {
    for (const token of tokens) {
      const place = () => cellPlace(rules, tableau.length);
      tableau.push(token === GAP ? null : readCard(token, place, "layout.bad-card"));
    }
  }
  const stock = [];
  for (const token of splitTokens(parts[1] ?? "")) {
    const index = stock.length + 1;
    stock.push(readCard(token, () => stockPlace(index), "layout.bad-stock-card", index));
  }
  checkCopies(rules, tableau, stock);
  return { tableau, stock };
};

/**
 * Throw at the first token with a comma, rows in order then the stock:
 * cells are separated by spaces, and "9H, KH" or "9H,KH" would otherwise be
 * refused as a row of the wrong length or a bad card, which does not say
 * what to change.
 */
const checkCommas = (rowTexts, stockText) => {
  const check = (token, where) => {
    if (token.includes(",")) {
      const place = where();
      throw new LayoutError("layout.commas", token, place, { place, token: excerpt(token) });
    }
  };
  rowTexts.forEach((row, r) =>
    splitTokens(row).forEach((token) => check(token, () => rowPlace(r))),
  );
  splitTokens(stockText).forEach((token, k) => check(token, () => stockPlace(k + 1)));
};

const splitTokens = (text) => {
  const t = text.trim();
  return t === "" ? [] : t.split(/\s+/);
};

const readCard = (token, where, key, index) => {
  try {
    return parseCard(token);
  } catch (err) {
    if (err instanceof CardError) {
      const place = where();
      const shown = excerpt(token);
      const params = index === undefined ? { place, token: shown } : { place, index, token: shown };
      throw new LayoutError(key, token, place, params);
    }
    throw err;
  }
};

/** Throw at the first copy of a card beyond `rules.decks`, tableau then stock. */
const checkCopies = (rules, tableau, stock) => {
  const seen = new Map(); // card → places so far
  const located = [];
  tableau.forEach((card, cell) => {
    if (card !== null) located.push([card, () => cellPlace(rules, cell)]);
  });
  stock.forEach((card, k) => located.push([card, () => stockPlace(k + 1)]));
  for (const [card, where] of located) {
    const places = seen.get(card) ?? [];
    places.push(where);
    seen.set(card, places);
    if (places.length <= rules.decks) continue;
    const names = places.map((f) => f());
    const place = names[names.length - 1];
    if (rules.decks === 1) {
      throw new LayoutError("layout.duplicate", card, place, {
        card,
        first: names[0],
        second: names[1],
      });
    }
    throw new LayoutError("layout.too-many", card, place, {
      card,
      decks: rules.decks,
      // As Python's, the places joined as English text (no list shape has "; ").
      places: names.map(formatMessage.say).join("; "),
    });
  }
};

/**
 * Write a position in canonical layout notation: cells joined by one space,
 * rows by `/`, then ` | ` and the stock joined by one space; with an empty
 * stock the text ends in ` |`.
 *
 * @param {Position} position  `tableau` of `rows·cols` canonical cards or `null`; `stock`
 * @param {import("./rules.js").Rules} rules
 * @returns {string}
 * @throws {RangeError} if the tableau does not have `rows·cols` cells
 */
export const formatLayout = (position, rules) => {
  const { tableau, stock } = position;
  if (tableau.length !== rules.rows * rules.cols) {
    throw new RangeError(`${tableau.length} cells for a ${rules.rows}×${rules.cols} tableau`);
  }
  const cells = tableau.map((c) => c ?? GAP);
  const rows = [];
  for (let k = 0; k < cells.length; k += rules.cols) {
    rows.push(cells.slice(k, k + rules.cols).join(" "));
  }
  const tail = stock.length ? ` | ${stock.join(" ")}` : " |";
  return rows.join("/") + tail;
};

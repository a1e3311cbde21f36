/**
 * Small wordings every part of the presentation shares: a card in a cell in
 * symbols, a number of cards, a list of cards, a cell's aria words.
 * @module present/words
 */
import { cardSymbol, counted, listOf } from "../engine/index.js";

/**
 * The card in a cell in symbols ("7♥").
 * @param {Object} state
 * @param {number} cell  a cell holding a card
 * @returns {string}
 */
export const symbolAt = (state, cell) => cardSymbol(state.tableau[cell]);

/**
 * A number of cards, as a message parameter: said "1 card", "5 cards" (`count.cards`).
 * @param {number} n
 * @returns {{count: number, of: string}}
 */
export const cardCount = (n) => counted("count.cards", n);

/**
 * `{cards}`: the cards in `cells`, in symbols, one or a list ("A, B, and C").
 * @param {Object} state
 * @param {number[]} cells
 * @returns {{cards: {list: string[]}}}
 */
export const cardsAt = (state, cells) => ({
  cards: listOf(cells.map((c) => symbolAt(state, c))),
});

/**
 * A cell's aria-label words for what it is now: the text of each `aria.` key
 * given (a flag's `false` is left out).
 * @param {function(string, Object=): string} t  the board's translator
 * @param {Array<string|false>} keys  e.g. `["aria.selected", false, "aria.illegal"]`
 * @returns {string[]} e.g. `["selected", "refused"]`
 */
export const ariaWords = (t, keys) => keys.filter(Boolean).map((key) => t(key));

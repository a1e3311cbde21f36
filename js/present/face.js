/**
 * How a card is drawn: its rank and suit symbols and its colour, the one
 * shape the board, the discards and the teaching panels share.
 * @module present/face
 */
import { cardSymbol, isRed } from "../engine/index.js";

/**
 * A card as the view draws it; a gap (null) has no rank or suit.
 * @param {function(string, Object=): string} t  the board's translator (its `say`
 *   gives a card in the board's letters: a German queen is D)
 * @param {string|null} card  a card code, or null for a gap
 * @returns {{card: string|null, rank: string, suit: string, red: boolean}}
 */
export const face = (t, card) => {
  if (card === null) return { card, rank: "", suit: "", red: false };
  const symbol = t.say(cardSymbol(card));
  return { card, rank: symbol.slice(0, -1), suit: symbol.slice(-1), red: isRed(card) };
};

/**
 * How a card is drawn: its rank and suit symbols and its colour, the one
 * shape the board, the discards and the teaching panels share
 * (js/present.js, js/present-teaching.js).
 * @module face
 */

/**
 * A card as the view draws it.
 * @param {Object} E  the engine (`cardSymbol`, `isRed`)
 * @param {string} card  a card code
 * @returns {{card: string, rank: string, suit: string, red: boolean}}
 */
export function face(E, card) {
  const symbol = E.cardSymbol(card);
  return { card, rank: symbol.slice(0, -1), suit: symbol.slice(-1), red: E.isRed(card) };
}

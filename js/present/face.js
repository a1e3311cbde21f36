/**
 * How a card is drawn: its rank and suit symbols and its colour, the one
 * shape the board, the discards and the teaching panels share
 * (js/present.js, js/present-teaching.js).
 * @module face
 */

/**
 * A card as the view draws it; a gap (null) has no rank or suit.
 * @param {Object} E  the engine (`cardSymbol`, `isRed`, and `formatMessage.say`: every
 *   translator has it, the engine's English one too)
 * @param {string|null} card  a card code, or null for a gap
 * @returns {{card: string|null, rank: string, suit: string, red: boolean}}
 */
export const face = (E, card) => {
  if (card === null) return { card, rank: "", suit: "", red: false };
  // In the board's letters (a German queen is D): the board's translator says it.
  const symbol = E.formatMessage.say(E.cardSymbol(card));
  return { card, rank: symbol.slice(0, -1), suit: symbol.slice(-1), red: E.isRed(card) };
};

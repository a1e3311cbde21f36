/**
 * Cards. In JavaScript a card is just its canonical ASCII string: a rank
 * letter `A 2 3 4 5 6 7 8 9 T J Q K` and a suit letter `S H D C`, e.g.
 * `"7H"`, `"TD"`, `"AS"`.
 *
 * Implements RULES.md, "Terms" (card) and docs/architecture.md, "Cards".
 * @module engine/cards
 */
import { CardError } from "./errors.js";

// Object.freeze, marked free of side effects so that esbuild drops a frozen
// constant the bundle never reads (docs/performance.md, "Sizes").
const freeze = /* @__NO_SIDE_EFFECTS__ */ (value) => Object.freeze(value);

/** Rank letters in value order: `RANKS[v - 1]` has value `v` (ace = 1 … king = 13). */
export const RANKS = freeze([..."A23456789TJQK"]);

/** Suit letters in deck order: spades, hearts, diamonds, clubs. */
export const SUITS = freeze([..."SHDC"]);

/** Suit letter → symbol. */
export const SUIT_SYMBOLS = freeze({ S: "♠", H: "♥", D: "♦", C: "♣" });

const SYMBOL_SUITS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
const CARD_TEXT = /^(10|[2-9AaTtJjQqKk])([SsHhDdCc♠♥♦♣])$/u;
const CANONICAL = /^[A2-9TJQK][SHDC]$/;

/**
 * Read a card.
 *
 * @param {string} text  rank then suit. Ranks `A 2 … 9 T J Q K` or `10`;
 *   suits `S H D C` or `♠ ♥ ♦ ♣`; letters in either case. No spaces.
 * @returns {string} the canonical card, e.g. `parseCard("10♦") === "TD"`
 * @throws {CardError} naming the text, for anything else
 */
export const parseCard = (text) => {
  if (typeof text === "string") {
    if (CANONICAL.test(text)) return text;
    const m = CARD_TEXT.exec(text);
    if (m) {
      const rank = m[1] === "10" ? "T" : m[1].toUpperCase();
      const suit = SYMBOL_SUITS[m[2]] ?? m[2].toUpperCase();
      return rank + suit;
    }
  }
  throw new CardError(text);
};

/**
 * Hearts and diamonds are red.
 * @param {string} card  any text `parseCard` accepts
 * @returns {boolean}
 * @throws {CardError}
 */
export const isRed = (card) => ["H", "D"].includes(parseCard(card)[1]);

/**
 * The form people see: rank (ten as `10`) then the suit symbol.
 * @param {string} card  any text `parseCard` accepts
 * @returns {string} e.g. `"7♥"`, `"10♦"`, `"A♠"`
 * @throws {CardError}
 */
export const cardSymbol = (card) => {
  const c = parseCard(card);
  return (c[0] === "T" ? "10" : c[0]) + SUIT_SYMBOLS[c[1]];
};

/**
 * The form screen readers get, as a message parameter (docs/i18n.md, section
 * 2): `card.name` with the rank's and the suit's names, said in the board's
 * language ("7 of hearts", "ace of spades"; German "Herz-7").
 * @param {string} card  any text `parseCard` accepts
 * @returns {{key: "card.name", params: Object}}
 * @throws {CardError}
 */
export const cardName = (card) => {
  const [rank, suit] = parseCard(card);
  return {
    key: "card.name",
    params: { rank: { key: `rank.${rank}` }, suit: { key: `suit.${suit}` } },
  };
};

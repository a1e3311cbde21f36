/**
 * Deal numbers: `deal = N` always gives the same deal, in Python and in
 * JavaScript. The PRNG is mulberry32 (public domain, Tommy Ettinger), the
 * shuffle is Fisher–Yates from the end.
 *
 * Implements RULES.md, "Setup" and docs/architecture.md, "Deal numbers".
 * @module engine/deals
 */
import { RANKS, SUITS } from "./cards.js";
import { DealError } from "./errors.js";

/** The largest deal number, 2³² − 1. */
export const MAX_DEAL = 4294967295;

/**
 * Check a deal number.
 * @param {*} n  the deal number
 * @returns {number} `n`, an integer in `0 … 4294967295`
 * @throws {DealError} naming the value, for anything else (negative, too big,
 *   a fraction, NaN, a bool, a string, a BigInt)
 */
export const checkDeal = (n) => {
  if (!Number.isInteger(n) || n < 0 || n > MAX_DEAL) {
    throw new DealError(n);
  }
  return n;
};

/**
 * Read a deal number typed as text (the Deal box): digits only, at most
 * 4294967295. A refused text is quoted as typed, so twenty 9s are refused
 * as typed instead of as 100000000000000000000. (Its value compares exactly
 * as a float: every whole number up to 2⁵³ is one, and any larger one is
 * far above the limit.)
 * @param {string} text  the typed text, already trimmed
 * @returns {number} the deal number (`"0042"` gives 42)
 * @throws {DealError} whose message quotes `text` exactly, in single quotes
 *   (`'99999999999999999999' is not a deal number: …`), as Python's does for a string
 */
export const dealFromText = (text) => {
  if (typeof text === "string" && /^[0-9]+$/.test(text) && Number(text) <= MAX_DEAL) {
    return Number(text);
  }
  throw new DealError(text);
};

/**
 * mulberry32 seeded with a 32-bit integer.
 * @param {number} seed  taken modulo 2³² (`seed >>> 0`)
 * @returns {() => number} a generator: each call returns the next output, an
 *   integer in `0 … 2³² − 1`
 */
export const mulberry32 = (seed) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
};

/**
 * Fisher–Yates from the end: for `i` from `n − 1` down to 1, with `u` the
 * next output, `j = floor(u · (i + 1) / 2³²)`, swap positions `i` and `j`
 * (exact in doubles: `u · (i + 1) < 2⁵³`).
 *
 * @template T
 * @param {T[]} items  not changed
 * @param {() => number} next  a generator of uint32 outputs, e.g. `mulberry32(seed)`
 * @returns {T[]} a shuffled copy
 */
export const shuffle = (items, next) => {
  const out = items.slice();
  for (let i = out.length - 1; i >= 1; i--) {
    const j = Math.floor((next() * (i + 1)) / 4294967296);
    const t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return out;
};

/**
 * The unshuffled deck: for each deck, for suit in `S H D C`, for rank in
 * `A 2 … K` (so `AS 2S … KS AH … KC`).
 * @param {import("./rules.js").Rules} rules  uses `decks`
 * @returns {string[]} `52·decks` canonical cards
 */
export const orderedDeck = (rules) => {
  const deck = [];
  for (let d = 0; d < rules.decks; d++) {
    for (const suit of SUITS) for (const rank of RANKS) deck.push(rank + suit);
  }
  return deck;
};

/**
 * Deal number `n`: shuffle the ordered deck with mulberry32(n); the first
 * `rows·cols` cards fill the tableau in reading order, the rest is the
 * stock, next card first.
 *
 * @param {number} n  deal number, `0 … 4294967295`
 * @param {import("./rules.js").Rules} rules
 * @returns {import("./layout.js").Position} fresh arrays
 * @throws {DealError} for a bad deal number
 */
export const dealLayout = (n, rules) => {
  const deck = shuffle(orderedDeck(rules), mulberry32(checkDeal(n)));
  const cells = rules.rows * rules.cols;
  return { tableau: deck.slice(0, cells), stock: deck.slice(cells) };
};

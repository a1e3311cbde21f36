/**
 * The state value and its JSON form, identical in both engines, and the
 * JSON form of actions.
 *
 * Implements docs/architecture.md, "State (the synced JSON)" and the shape
 * rules of "Actions".
 * @module engine/state
 */
import { parseCard } from "./cards.js";
import { checkDeal, dealLayout } from "./deals.js";
import { StateError, choiceError, excerpt, showValue, typeError } from "./errors.js";
import { formatLayout, parseLayout } from "./layout.js";
import { isLone, makeRules, requireInt } from "./rules.js";

// Object.freeze, marked free of side effects so that esbuild drops a frozen
// constant the bundle never reads (docs/performance.md, "Sizes").
const freeze = /* @__NO_SIDE_EFFECTS__ */ (value) => Object.freeze(value);

/**
 * @typedef {Object} Action
 * @property {string} type  `remove`, `consolidate_step`, `consolidate`, `refill_step`,
 *   `refill`, `undo`, `redo`, `new_deal` or `load`
 * @property {number[]} [cells]  `remove` only: one cell (a card that goes alone) or two (a pair)
 * @property {number} [deal]  `new_deal` only
 * @property {string} [layout]  `load` only
 */

/**
 * @typedef {Object} State
 * @property {import("./rules.js").Rules} rules
 * @property {number|null} deal  the deal number the start came from, or null for a loaded layout
 * @property {string} start  canonical layout of the starting position
 * @property {(string|null)[]} tableau  `rows·cols` cards or null (gap), reading order
 * @property {string[]} stock  next card first
 * @property {string[][]} discards  what was removed, in order: a pair (lower cell's card
 *   first) or one card that went alone
 * @property {"remove"|"consolidate"|"refill"} phase
 * @property {number} round  from 1
 * @property {number} consolidations  consolidations started
 * @property {Action[]} history  game actions since the start
 * @property {number} cursor  how many of `history` are in effect
 * @property {State|null} previous_game  the game a `new_deal`/`load` replaced (a chain of
 *   at most MAX_PREVIOUS_GAMES), or null; optional when reading (missing = null)
 * @property {Action|null} next_game  the `new_deal`/`load` an undo took back (a redo makes
 *   it again), or null; optional when reading (missing = null)
 */

/** The phases, in the order a round goes through them. */
export const PHASES = freeze(["remove", "consolidate", "refill"]);

/**
 * How many earlier games a state keeps in its `previous_game` chain, so that a new deal
 * or a load can be undone (docs/architecture.md, "undo, redo, new_deal, load").
 */
export const MAX_PREVIOUS_GAMES = 8;

/** The keys of the state JSON, as the engine writes them (the last two optional when read). */
export const STATE_KEYS = freeze([
  "rules",
  "deal",
  "start",
  "tableau",
  "stock",
  "discards",
  "phase",
  "round",
  "consolidations",
  "history",
  "cursor",
  "previous_game",
  "next_game",
]);

/** Keys a state may lack when read (saved before a new deal could be undone): null. */
const OPTIONAL_STATE_KEYS = freeze(["previous_game", "next_game"]);

/** The action types that start a game: what a state's `next_game` may hold. */
const GAME_START_ACTIONS = freeze(["new_deal", "load"]);

/** No keys besides `type`. */
const NO_KEYS = freeze([]);

/** Action type → the keys it has besides `type`. */
export const ACTION_KEYS = freeze({
  remove: freeze(["cells"]),
  consolidate_step: NO_KEYS,
  consolidate: NO_KEYS,
  refill_step: NO_KEYS,
  refill: NO_KEYS,
  undo: NO_KEYS,
  redo: NO_KEYS,
  new_deal: freeze(["deal"]),
  load: freeze(["layout"]),
});

/** The action types that are game actions: recorded in `history`, undoable. */
export const GAME_ACTIONS = freeze([
  "remove",
  "consolidate_step",
  "consolidate",
  "refill_step",
  "refill",
]);

/**
 * A fresh game: phase `remove`, round 1, no consolidations, empty history.
 *
 * @param {{deal: number}|{layout: string}} source  a deal number
 *   (`0 … 4294967295`) or layout notation
 * @param {string|import("./rules.js").Rules} [rules="standard"]  preset name or rules value
 * @returns {State} a new state; `deal` is null for a layout
 * @throws {DealError|LayoutError} for a bad deal number or layout (see `dealLayout`, `parseLayout`)
 * @throws {StateError} for bad rules
 * @throws {TypeError} when `source` is not an object with exactly one of `deal`, `layout`
 */
export const newState = (source, rules = "standard") => {
  const r = makeRules(rules);
  const keys = isPlainObject(source) ? Object.keys(source) : [];
  if (keys.length !== 1 || (keys[0] !== "deal" && keys[0] !== "layout")) {
    throw new TypeError("newState needs exactly one of {deal: N} or {layout: text}");
  }
  if (keys[0] === "deal") return freshState(r, checkDeal(source.deal), dealLayout(source.deal, r));
  return freshState(r, null, parseLayout(source.layout, r));
};

/**
 * A fresh state from a checked rules value and position (also used by
 * `new_deal` and `load`).
 * @param {import("./rules.js").Rules} rules
 * @param {number|null} deal
 * @param {import("./layout.js").Position} position
 * @returns {State}
 */
export const freshState = (rules, deal, position) => ({
  rules: { ...rules },
  deal,
  start: formatLayout(position, rules),
  ...startOf(position),
  history: [],
  cursor: 0,
  previous_game: null,
  next_game: null,
});

/**
 * The working position a game starts from: `position`'s cards (copied), no
 * discards, phase `remove`, round 1, no consolidations (also actions.js's
 * replay from `start`; not exported by index.js).
 * @param {import("./layout.js").Position} position
 * @returns {{tableau: (string|null)[], stock: string[], discards: string[][],
 *   phase: "remove", round: number, consolidations: number}}
 */
export const startOf = (position) => ({
  tableau: position.tableau.slice(),
  stock: position.stock.slice(),
  discards: [],
  phase: "remove",
  round: 1,
  consolidations: 0,
});

/**
 * Check an action's shape (not whether the rules allow it): an object with
 * a known `type` and exactly that type's keys; `cells` a list of one or two
 * integers (bools are not integers); `layout` a string. A `deal` of any
 * value passes here and is checked by `new_deal` (a `DealError`).
 *
 * @param {*} action
 * @param {string} [path="action"]  where the action sits, for error messages
 * @returns {Action} a fresh copy
 * @throws {StateError} naming the bad part, e.g. `action.cells[1]`
 */
export const validateAction = (action, path = "action") => {
  if (!isPlainObject(action)) throw typeError(path, "an object");
  if (!("type" in action)) throw new StateError(`${path}.type`, "state.missing");
  const type = action.type;
  if (typeof type !== "string" || !Object.hasOwn(ACTION_KEYS, type)) {
    throw choiceError(`${path}.type`, type, Object.keys(ACTION_KEYS));
  }
  const wanted = ACTION_KEYS[type];
  for (const key of Object.keys(action)) {
    if (key !== "type" && !wanted.includes(key)) {
      throw new StateError(`${path}.${excerpt(key)}`, "state.unknown");
    }
  }
  for (const key of wanted) {
    if (!(key in action)) throw new StateError(`${path}.${key}`, "state.missing");
  }
  const out = { type };
  if (type === "remove") {
    const cells = action.cells;
    if (!Array.isArray(cells) || cells.length < 1 || cells.length > 2) {
      throw typeError(`${path}.cells`, "a list of one or two cells");
    }
    cells.forEach((c, k) => requireInt(c, `${path}.cells[${k}]`));
    out.cells = cells.slice();
  } else if (type === "new_deal") {
    out.deal = action.deal;
  } else if (type === "load") {
    if (typeof action.layout !== "string") {
      throw typeError(`${path}.layout`, "a string");
    }
    out.layout = action.layout;
  }
  return out;
};

/**
 * Check the shape of a state (not its history: `verifyState` in actions.js
 * replays that too). In this order: an object with exactly the keys of the
 * state JSON; valid rules; `deal` null or a deal number; `start` canonical
 * layout notation for the rules; `tableau` of `rows·cols` canonical cards
 * or nulls; `stock` and `discards` (pairs, or one card of a `lone` rank) of
 * canonical cards; a known
 * `phase`; `round ≥ 1`; `consolidations ≥ 0`; `history` of game actions
 * only; `0 ≤ cursor ≤ len(history)`; no card more often than
 * `rules.decks` across tableau, stock and discards; then `next_game`
 * (optional: missing reads as null) null or a `new_deal`/`load` action whose
 * deal number or layout is good for the rules; last `previous_game`
 * (optional too) null or a state checked by these same rules, with the same
 * rules, at most MAX_PREVIOUS_GAMES deep (a ninth earlier game is
 * `state.previous_game.previous_game…`, nine times, key
 * `state.too-many-games`). (A history `remove` with its cells descending is
 * accepted, as in Python, which reads it in ascending order; the engine
 * itself always stores them ascending.)
 *
 * @param {*} json  a state, e.g. as received from the kernel
 * @returns {State} the same object, for chaining
 * @throws {StateError} naming the first bad part, e.g. `state.tableau[3]`,
 *   `state.next_game.deal`, `state.previous_game.tableau[3]`
 */
export const validateState = (json) => validateGame(json, "state", 0);

/** `validateState` for the game `depth` links down a `previous_game` chain, at path `p`. */
const validateGame = (json, p, depth) => {
  if (!isPlainObject(json)) throw typeError(p, "an object");
  for (const key of Object.keys(json)) {
    if (!STATE_KEYS.includes(key)) throw new StateError(`${p}.${excerpt(key)}`, "state.unknown");
  }
  for (const key of STATE_KEYS) {
    if (!(key in json) && !OPTIONAL_STATE_KEYS.includes(key)) {
      throw new StateError(`${p}.${key}`, "state.missing");
    }
  }
  if (!isPlainObject(json.rules)) {
    throw typeError(`${p}.rules`, "an object");
  }
  const rules = makeRules(json.rules, `${p}.rules`);

  if (json.deal !== null) {
    try {
      checkDeal(json.deal);
    } catch {
      throw new StateError(`${p}.deal`, "state.deal", { value: showValue(json.deal) });
    }
  }
  if (typeof json.start !== "string") {
    throw typeError(`${p}.start`, "a string");
  }
  let start;
  try {
    start = parseLayout(json.start, rules);
  } catch (err) {
    throw new StateError(`${p}.start`, "state.layout", { problem: err.message });
  }
  const canonical = formatLayout(start, rules);
  if (canonical !== json.start) {
    throw new StateError(`${p}.start`, "state.canonical", {
      value: showValue(json.start),
      canonical,
    });
  }

  const tableau = list(json.tableau, `${p}.tableau`);
  if (tableau.length !== rules.rows * rules.cols) {
    throw new StateError(`${p}.tableau`, "state.length", {
      expected: rules.rows * rules.cols,
      count: tableau.length,
    });
  }
  const located = [];
  tableau.forEach((c, k) => {
    if (c !== null) located.push([card(c, `${p}.tableau[${k}]`), `${p}.tableau[${k}]`]);
  });
  list(json.stock, `${p}.stock`).forEach((c, k) => {
    located.push([card(c, `${p}.stock[${k}]`), `${p}.stock[${k}]`]);
  });
  list(json.discards, `${p}.discards`).forEach((entry, k) => {
    const where = `${p}.discards[${k}]`;
    if (!Array.isArray(entry) || entry.length < 1 || entry.length > 2) {
      throw typeError(where, "a list of one or two cards");
    }
    entry.forEach((c, n) => located.push([card(c, `${where}[${n}]`), `${where}[${n}]`]));
    // A card leaves alone only when its rank goes alone (rules.lone); whether
    // two cards pair is not checked here (verifyState's replay does).
    if (entry.length === 1 && !isLone(rules, entry[0])) {
      throw new StateError(`${where}[0]`, "state.not-lone", { card: entry[0] });
    }
  });
  if (!PHASES.includes(json.phase)) {
    throw choiceError(`${p}.phase`, json.phase, PHASES);
  }
  count(json.round, `${p}.round`, 1);
  count(json.consolidations, `${p}.consolidations`, 0);
  list(json.history, `${p}.history`).forEach((action, k) => {
    const where = `${p}.history[${k}]`;
    const type = isPlainObject(action) ? action.type : undefined;
    if (typeof type === "string" && type in ACTION_KEYS && !GAME_ACTIONS.includes(type)) {
      throw choiceError(`${where}.type`, type, GAME_ACTIONS);
    }
    validateAction(action, where);
  });
  requireInt(json.cursor, `${p}.cursor`);
  if (json.cursor < 0 || json.cursor > json.history.length) {
    throw new StateError(`${p}.cursor`, "state.range", {
      low: 0,
      high: json.history.length,
      value: showValue(json.cursor),
    });
  }
  const seen = new Map();
  for (const [c, where] of located) {
    const n = (seen.get(c) ?? 0) + 1;
    seen.set(c, n);
    if (n > rules.decks)
      throw new StateError(where, "state.copies", { card: c, decks: rules.decks });
  }
  validateNextGame(json.next_game ?? null, rules, `${p}.next_game`);
  const previous = json.previous_game ?? null;
  if (previous !== null) {
    const where = `${p}.previous_game`;
    if (depth >= MAX_PREVIOUS_GAMES) {
      throw new StateError(where, "state.too-many-games", { max: MAX_PREVIOUS_GAMES });
    }
    validateGame(previous, where, depth + 1);
    const earlier = makeRules(previous.rules, `${where}.rules`);
    if (!sameRules(earlier, rules)) {
      throw new StateError(`${where}.rules`, "state.other-rules", {
        expected: excerpt(rules.name),
        got: excerpt(earlier.name),
      });
    }
  }
  return json;
};

/** A state's `next_game`: null, or a `new_deal`/`load` that a redo can make. */
const validateNextGame = (action, rules, path) => {
  if (action === null) return;
  const type = isPlainObject(action) ? action.type : undefined;
  if (typeof type === "string" && type in ACTION_KEYS && !GAME_START_ACTIONS.includes(type)) {
    throw choiceError(`${path}.type`, type, GAME_START_ACTIONS);
  }
  const a = validateAction(action, path);
  if (a.type === "new_deal") {
    try {
      checkDeal(a.deal);
    } catch {
      throw new StateError(`${path}.deal`, "state.deal", { value: showValue(a.deal) });
    }
  } else {
    try {
      parseLayout(a.layout, rules);
    } catch (err) {
      throw new StateError(`${path}.layout`, "state.layout", { problem: err.message });
    }
  }
};

const sameRules = (a, b) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => a[k] === b[k]);

/** A card in the state JSON: canonical text only, so the JSON round-trips. */
const card = (value, path) => {
  if (typeof value !== "string") {
    throw typeError(path, "a card like 7H");
  }
  let c;
  try {
    c = parseCard(value);
  } catch {
    throw new StateError(path, "state.card", { value: showValue(value) });
  }
  if (c !== value) throw new StateError(path, "state.canonical", { value, canonical: c });
  return c;
};

const list = (value, path) => {
  if (!Array.isArray(value)) throw typeError(path, "a list");
  return value;
};

const count = (value, path, low) => {
  requireInt(value, path);
  if (value < low) throw new StateError(path, "state.at-least", { low, value });
};

const isPlainObject = (value) =>
  value !== null && typeof value === "object" && !Array.isArray(value);

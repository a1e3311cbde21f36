/**
 * The engine's error types. Each has a proper `name`, a finished English
 * `message` from the catalogue where the learner may see it, and the fields
 * of docs/architecture.md, "Errors". Learner-facing errors also carry the
 * catalogue `key` and `params` they were made from, so a view can show them
 * in another language later.
 * @module engine/errors
 */
import { formatMessage } from "./messages.js";

/**
 * An action the rules refuse (RULES.md, "A round" and "End of the game").
 * The state it was applied to is unchanged.
 */
export class IllegalMove extends Error {
  /**
   * @param {string} reason  one of `out-of-range`, `same-cell`, `empty-cell`,
   *   `different-rank`, `not-adjacent`, `across-gap`, `wrong-phase`,
   *   `game-over`, `nothing-to-undo`, `nothing-to-redo`, `no-walkthrough`
   * @param {string} key  the catalogue entry under `illegal.`: the reason itself
   *   (`"across-gap"`) or, for `wrong-phase`, a finer key
   *   (`"remove-during-refill"`); the message is catalogue `illegal.<key>`
   * @param {number[]} [cells]  the cells the refused action named (as given), or `[]`
   * @param {Object<string, string|number>} [params]  the catalogue parameters
   */
  constructor(reason, key = reason, cells = [], params = {}) {
    super(formatMessage(`illegal.${key}`, params));
    this.name = "IllegalMove";
    this.reason = reason;
    this.key = key;
    this.cells = cells;
    this.params = params;
  }
}

/** Bad layout notation; nothing was loaded. */
export class LayoutError extends Error {
  /**
   * @param {string} key  catalogue key (`layout.*`)
   * @param {string} token  the bad piece of text (`"XQ"`; `""` for an empty layout)
   * @param {string} place  where it is: `"row 2, column 3"`, `"stock card 4"`,
   *   `"row 2"`, or `"layout"` when the whole layout is at fault
   * @param {Object<string, string|number>} params  catalogue parameters
   */
  constructor(key, token, place, params) {
    super(formatMessage(key, params));
    this.name = "LayoutError";
    this.key = key;
    this.params = params;
    this.token = token;
    this.place = place;
  }
}

/** Text that is not a card. */
export class CardError extends Error {
  /** @param {*} text  the refused input, as given */
  constructor(text) {
    const params = { text: typeof text === "string" ? text : String(text) };
    super(formatMessage("card.bad", params));
    this.name = "CardError";
    this.key = "card.bad";
    this.params = params;
    this.text = text;
  }
}

/** A deal number outside `0 … 4294967295` or not an integer. */
export class DealError extends Error {
  /**
   * @param {*} value  the refused deal number, as given. A string is shown
   *   exactly, in single quotes (`'7x'`), as Python shows it; other values as JSON.
   */
  constructor(value) {
    const params = { value: typeof value === "string" ? `'${value}'` : showValue(value) };
    super(formatMessage("deal.bad", params));
    this.name = "DealError";
    this.key = "deal.bad";
    this.params = params;
    this.value = value;
  }
}

/**
 * Malformed state or action JSON (a bug or a tampered sync, not a learner's
 * move). `path` names the bad part; the message comes from the catalogue
 * (`state.*`) and names it too.
 */
export class StateError extends Error {
  /**
   * @param {string} path  the bad part, e.g. `"action.cells[1]"`, `"state.tableau[3]"`, `"rules.pair"`
   * @param {string} key  catalogue key (`state.type`, `state.missing`, …)
   * @param {Object<string, string|number>} [params]  catalogue parameters besides `path`
   */
  constructor(path, key, params = {}) {
    const full = { path, ...params };
    super(formatMessage(key, full));
    this.name = "StateError";
    this.path = path;
    this.key = key;
    this.params = full;
  }
}

/**
 * A short JSON-like rendering of a value for error messages (strings
 * quoted), cut to `limit` characters with "…".
 * @param {*} value
 * @param {number} [limit=40]
 * @returns {string}
 */
export function showValue(value, limit = 40) {
  let text;
  if (value === undefined) text = "undefined";
  else if (typeof value === "bigint") text = String(value);
  else if (typeof value === "number" && !Number.isFinite(value)) text = String(value);
  else {
    try {
      text = JSON.stringify(value);
    } catch {
      text = String(value);
    }
    if (text === undefined) text = String(value);
  }
  return text.length <= limit ? text : text.slice(0, limit - 1) + "…";
}

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
 * What every engine error does: its `message` is catalogue entry `messageKey`
 * (`key` unless given) filled with `params`, and it carries `name`, `key`,
 * `params` and its other `fields` as own properties.
 */
class EngineError extends Error {
  constructor(name, key, params, fields, messageKey = key) {
    super(formatMessage(messageKey, params));
    Object.assign(this, { name, key, params }, fields);
  }
}

/**
 * An action the rules refuse (RULES.md, "A round" and "End of the game").
 * The state it was applied to is unchanged.
 */
export class IllegalMove extends EngineError {
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
    super("IllegalMove", key, params, { reason, cells }, `illegal.${key}`);
  }
}

/** Bad layout notation; nothing was loaded. */
export class LayoutError extends EngineError {
  /**
   * @param {string} key  catalogue key (`layout.*`)
   * @param {string} token  the bad piece of text (`"XQ"`; `""` for an empty layout),
   *   kept whole; `params.token`, which the message quotes, is its `excerpt`
   * @param {string|Object} place  where it is, as text or a message parameter
   *   (`cellPlace`): `"row 2, column 3"`, `"stock card 4"`, `"row 2"`, or
   *   `"layout"` when the whole layout is at fault
   * @param {Object<string, string|number>} params  catalogue parameters
   */
  constructor(key, token, place, params) {
    // `place` as English text, as Python's error has it; `params` stay data.
    super("LayoutError", key, params, { token, place: formatMessage.say(place) });
  }
}

/** Text that is not a card. */
export class CardError extends EngineError {
  /**
   * @param {*} text  the refused input, as given (kept whole in `text`); the
   *   message quotes a string's `excerpt` and any other value's `showValue`
   */
  constructor(text) {
    const shown = typeof text === "string" ? excerpt(text) : showValue(text);
    super("CardError", "card.bad", { text: shown }, { text });
  }
}

/** A deal number outside `0 … 4294967295` or not an integer. */
export class DealError extends EngineError {
  /**
   * @param {*} value  the refused deal number, as given (kept whole in
   *   `value`). A string is shown as typed, in single quotes (`'7x'`), as
   *   Python shows it, cut to its `excerpt`; other values as JSON (`showValue`).
   */
  constructor(value) {
    const params = { value: typeof value === "string" ? `'${excerpt(value)}'` : showValue(value) };
    super("DealError", "deal.bad", params, { value });
  }
}

/**
 * Malformed state or action JSON (a bug or a tampered sync, not a learner's
 * move). `path` names the bad part; the message comes from the catalogue
 * (`state.*`) and names it too.
 */
export class StateError extends EngineError {
  /**
   * @param {string} path  the bad part, e.g. `"action.cells[1]"`, `"state.tableau[3]"`, `"rules.pair"`
   * @param {string} key  catalogue key (`state.type`, `state.missing`, …)
   * @param {Object<string, string|number>} [params]  catalogue parameters besides `path`
   */
  constructor(path, key, params = {}) {
    const full = { path, ...params };
    super("StateError", key, full, { path });
  }
}

/**
 * How many characters of a bad input an error quotes (docs/architecture.md,
 * "Errors"): a 5 MB token is refused in a short sentence, not echoed back.
 */
export const EXCERPT = 40;

/**
 * `text` as an error may quote it: whole when it has at most `limit`
 * characters, else its first `limit` characters and "…". Characters are code
 * points (an emoji is one), as in Python's `excerpt`, so both engines cut a
 * text at the same place and never inside a surrogate pair.
 * @param {string} text
 * @param {number} [limit=EXCERPT]
 * @returns {string} `excerpt("XQ")` is `"XQ"`; of `"XQ".repeat(2500000)`, 40 characters and "…"
 */
export const excerpt = (text, limit = EXCERPT) => {
  if (text.length <= limit) return text; // no more code units, so no more code points
  let out = "";
  let count = 0;
  for (const point of text) {
    if (count === limit) return `${out}…`;
    out += point;
    count += 1;
  }
  return text; // more code units than `limit`, but no more code points
};

/**
 * A short JSON-like rendering of a value for error messages (strings
 * quoted), cut to `limit` characters with "…". Never throws: a long string
 * is cut before it is written, and a value JSON cannot write (a cycle, a
 * BigInt, an array nested too deeply) is shown as `String` shows it, or as
 * its type.
 * @param {*} value
 * @param {number} [limit=40]
 * @returns {string}
 */
export const showValue = (value, limit = EXCERPT) => {
  let text;
  if (typeof value === "string") {
    const start = head(value, limit);
    if (start.length > limit) value = start.slice(0, limit).join("");
  }
  // JSON, except for what it shows wrongly or not at all: NaN and ±Infinity
  // (JSON's null), undefined, a BigInt, a cycle; those as String shows them.
  if (typeof value !== "number" || Number.isFinite(value)) {
    try {
      text = JSON.stringify(value);
    } catch {
      // a BigInt, a cycle, or too deep for the stack
    }
  }
  if (text === undefined) {
    try {
      text = String(value);
    } catch {
      text = `<${Array.isArray(value) ? "array" : typeof value}>`; // a cycle of arrays, or too deep
    }
  }
  const start = head(text, limit);
  return start.length <= limit ? text : start.slice(0, limit - 1).join("") + "…";
};

/**
 * The first `n + 1` code points of `text` at most, enough to tell whether it
 * has more than `n` (Python counts code points; a code point is at most two
 * UTF-16 units, so only the start of a 5 MB text is read).
 * @param {string} text
 * @param {number} n
 * @returns {string[]}
 */
const head = (text, n) => Array.from(text.slice(0, 2 * n + 2)).slice(0, n + 1);

/**
 * The `StateError` for a value of the wrong type (catalogue `state.type`). For
 * the engine's own modules; not exported by index.js.
 * @param {string} path  the bad part, e.g. `"action.layout"`
 * @param {string} expected  what it must be, e.g. `"a string"`
 * @returns {StateError}
 */
export const typeError = (path, expected) => new StateError(path, "state.type", { expected });

/**
 * The `StateError` for a value that is none of the allowed ones (catalogue
 * `state.choice`, the choices quoted). For the engine's own modules; not
 * exported by index.js.
 * @param {string} path  the bad part, e.g. `"action.type"`
 * @param {*} value  the value given
 * @param {string[]} choices  the allowed values
 * @returns {StateError}
 */
export const choiceError = (path, value, choices) =>
  new StateError(path, "state.choice", {
    choices: choices.map((c) => `"${c}"`).join(", "),
    value: showValue(value),
  });

/**
 * The message catalogue: every learner-facing sentence, read from the one
 * catalogue shared with the Python engine (`mc_widget/messages/en.json`).
 *
 * Implements docs/architecture.md, "Message catalogue".
 * @module engine/messages
 */
import catalogue from "../../mc_widget/messages/en.json" with { type: "json" };

/** The English catalogue: a flat, frozen object of `key → template`. */
export const messages = Object.freeze({ ...catalogue });

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Fill a catalogue template.
 *
 * @param {string} key  a catalogue key such as `"illegal.different-rank"`
 * @param {Object<string, string|number>} [params]  values for the `{name}`
 *   placeholders; card values are expected in symbol form already (`"7♥"`).
 *   Extra parameters are ignored.
 * @returns {string} the finished sentence
 * @throws {Error} if the key is not in the catalogue or a placeholder has no
 *   parameter (both are bugs in the caller, never the learner's fault)
 */
export function formatMessage(key, params = {}) {
  if (!Object.prototype.hasOwnProperty.call(messages, key)) {
    throw new Error(`no message '${key}' in the catalogue`);
  }
  return messages[key].replace(PLACEHOLDER, (_, name) => {
    if (params == null || !Object.prototype.hasOwnProperty.call(params, name)) {
      throw new Error(`message '${key}' needs the parameter '${name}'`);
    }
    return String(params[name]);
  });
}

/**
 * Whether the catalogue has a key.
 * @param {string} key
 * @returns {boolean}
 */
export function hasMessage(key) {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

/**
 * A number of things in words, from the catalogue's `<key>.one` / `<key>.other`.
 * @param {string} key  e.g. `"count.rows"`
 * @param {number} count
 * @returns {string} e.g. `"1 row"`, `"5 rows"`
 */
export function counted(key, count) {
  return formatMessage(`${key}.${count === 1 ? "one" : "other"}`, { count });
}

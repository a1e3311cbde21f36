/**
 * The message catalogue: every learner-facing sentence, read from the one
 * catalogue shared with the Python engine (`mc_widget/messages/en.json`).
 *
 * That file is flat (`{"illegal.across-gap": "…"}`), and the tests and the
 * conformance vectors import it as it is. The copy the bundle gets
 * (scripts/build.mjs) is the same catalogue nested by each key's first dot
 * (`{"illegal": {"across-gap": "…"}}`), so that no namespace is repeated in
 * the bytes the browser loads. `messages` flattens a nested namespace back
 * into its keys and keeps a flat entry as it is, so it is the same flat
 * object for either shape, and everything below reads only `messages`.
 *
 * Implements docs/architecture.md, "Message catalogue".
 * @module engine/messages
 */
import catalogue from "../../mc_widget/messages/en.json" with { type: "json" };

/** The English catalogue: a flat, frozen object of `key → template`. */
export const messages = Object.freeze(
  Object.fromEntries(
    Object.entries(catalogue).flatMap(([key, value]) =>
      typeof value === "string"
        ? [[key, value]]
        : Object.entries(value).map(([rest, template]) => [`${key}.${rest}`, template]),
    ),
  ),
);

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Whether the catalogue has a key.
 * @param {string} key
 * @returns {boolean}
 */
export const hasMessage = (key) => Object.hasOwn(messages, key);

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
export const formatMessage = (key, params = {}) => {
  if (!hasMessage(key)) {
    throw new Error(`no message '${key}' in the catalogue`);
  }
  return messages[key].replace(PLACEHOLDER, (_, name) => {
    if (params == null || !Object.hasOwn(params, name)) {
      throw new Error(`message '${key}' needs the parameter '${name}'`);
    }
    return String(params[name]);
  });
};

/**
 * A number of things in words, from the catalogue's `<key>.one` / `<key>.other`.
 * @param {string} key  e.g. `"count.rows"`
 * @param {number} count
 * @returns {string} e.g. `"1 row"`, `"5 rows"`
 */
export const counted = (key, count) =>
  formatMessage(`${key}.${count === 1 ? "one" : "other"}`, { count });

/**
 * The message catalogue: every learner-facing sentence, read from the one
 * catalogue shared with the Python engine (`mc_widget/messages/en.json`).
 * The widget bundle's copy holds only the texts the engine formats itself
 * (its errors: mc_widget/messages/engine-keys.json, scripts/build.mjs); a
 * board's view gets all its words, English too, from Python (`_messages`,
 * docs/i18n.md section 2). Unbundled (vitest, node) it is the whole file.
 *
 * Implements docs/architecture.md, "Message catalogue".
 * @module engine/messages
 */
import catalogue from "../../mc_widget/messages/en.json" with { type: "json" };

/** The English catalogue (bundled: the engine's keys only), flat and frozen, `key → template`. */
export const messages = Object.freeze({ ...catalogue });

/** The languages with a catalogue (docs/i18n.md): each board's comes from Python. */
export const LANGUAGES = Object.freeze(["en", "sv", "nl", "de", "it", "fr"]);

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
// A parameter that is exactly a card symbol, "Q♥" or "10♦": shown in the board's letters.
const CARD = /^(10|[2-9AJQK])([♠♥♦♣])$/;

/**
 * Whether the catalogue has a key.
 * @param {string} key
 * @returns {boolean}
 */
export const hasMessage = (key) => Object.hasOwn(messages, key);

/**
 * A board's words (docs/i18n.md, section 2): `t(key, params)` fills the
 * template of `key` from `own` (the board's catalogue, `_messages.messages`,
 * English boards' too), else the bundled English (the engine's own keys).
 * Parameters are data: a number or a string as it is (a card symbol in
 * the language's letters, `letter.*`), a count `{count, of}` with the
 * language's plural rule (`Intl.PluralRules`, falling back to `other`),
 * a list `{list, type?}` with its list rule (`Intl.ListFormat`'s
 * conjunction; `type: "pair"`: two cards joined by a dash), a nested message
 * `{key, params}`. Extra parameters are ignored.
 *
 * On a touch screen (`touch`), a key with a `touch.<key>` template in `own`
 * says that one instead ("tap" for "click": docs/i18n.md, section 1).
 *
 * @param {string} [lang]  a BCP 47 code, `"en"` by default
 * @param {Object<string, string>} [own]  templates that replace English ones
 * @param {{touch?: boolean}} [options]
 * @returns {function(string, Object=): string} `t`; it throws when the key
 *   is in neither catalogue or a placeholder has no parameter (both are bugs
 *   in the caller, never the learner's fault)
 */
export const translator = (lang = "en", own = {}, { touch = false } = {}) => {
  const plural = new Intl.PluralRules(lang);
  const lists = new Intl.ListFormat(lang, { type: "conjunction" });
  const template = (key) =>
    touch && Object.hasOwn(own, `touch.${key}`)
      ? own[`touch.${key}`]
      : Object.hasOwn(own, key)
        ? own[key]
        : messages[key];
  const say = (value) => {
    if (value === null || typeof value !== "object") {
      const card = CARD.exec(String(value));
      return card ? (template(`letter.${card[1]}`) ?? card[1]) + card[2] : String(value);
    }
    if (Array.isArray(value.list)) {
      const items = value.list.map(say);
      // A pair as "7♥–7♣": CLDR's lists without "and" still have one in some languages.
      return value.type === "pair" ? items.join("–") : lists.format(items);
    }
    if ("of" in value) {
      const key = `${value.of}.${plural.select(value.count)}`;
      return t(template(key) === undefined ? `${value.of}.other` : key, value);
    }
    return t(value.key, value.params);
  };
  const t = (key, params = {}) => {
    const text = template(key);
    if (text === undefined) throw new Error(`no message '${key}' in the catalogue`);
    return text.replace(PLACEHOLDER, (_, name) => {
      if (params == null || !Object.hasOwn(params, name)) {
        throw new Error(`message '${key}' needs the parameter '${name}'`);
      }
      return say(params[name]);
    });
  };
  // A parameter said on its own, e.g. a count under a pile ("27 cards").
  t.say = say;
  return t;
};

/**
 * Fill an English catalogue template: `translator()`'s `t` (see there for
 * the parameters and what is thrown).
 * @type {function(string, Object=): string}
 */
export const formatMessage = translator();

/**
 * A number of things, as a message parameter (docs/i18n.md, section 2): said
 * as the catalogue's `<key>.<plural category>` in the board's language.
 * @param {string} key  e.g. `"count.rows"`
 * @param {number} count
 * @returns {{count: number, of: string}} e.g. said `"1 row"`, `"5 rows"` in English
 */
export const counted = (key, count) => ({ count, of: key });

/**
 * Items as one list parameter, said with the language's list rule, a
 * conjunction ("7♥, 7♣, and 7♠"), or with `"pair"` as two cards joined by a
 * dash ("7♥–7♣", in a list of pairs: "7♥–7♣, 9♠–9♣, and 5♦–5♣").
 * @param {Array} items  message parameters
 * @param {"pair"} [type]
 * @returns {{list: Array, type?: "pair"}}
 */
export const listOf = (items, type) => (type ? { list: items, type } : { list: items });

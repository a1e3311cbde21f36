/**
 * The practice board's words: `t(key, params)` of js/engine/messages.js filled
 * from the model's `texts` (Python's catalogue in the board's language). The
 * model is hostile (saved notebooks, exported pages), so only string templates
 * are kept and a missing key or parameter shows the key instead of throwing
 * out of render.
 * @module practice-view/words
 */
import { LANGUAGES, translator } from "../engine/messages.js";
import { cardSymbol } from "../engine/cards.js";

/** The string templates of `texts` (anything else is dropped). */
export const cleanTexts = (texts) =>
  texts !== null && typeof texts === "object" && !Array.isArray(texts)
    ? Object.fromEntries(Object.entries(texts).filter(([, v]) => typeof v === "string"))
    : {};

/**
 * A forgiving translator for the board.
 * @param {*} texts  the model's `texts`
 * @param {*} lang  the model's `lang` (one of LANGUAGES, else English's rules)
 * @param {{touch?: boolean}} [options]
 * @returns {function(string, Object=): string} with `say(param)` and `card(code)`
 */
export const wordsFor = (texts, lang, options = {}) => {
  const code = LANGUAGES.includes(lang) ? lang : "en";
  const strict = translator(code, cleanTexts(texts), options);
  const t = (key, params) => {
    try {
      return strict(key, params);
    } catch {
      return key;
    }
  };
  t.say = (value) => {
    try {
      return strict.say(value);
    } catch {
      return String(value);
    }
  };
  /** A card code ("7H") in the board's letters ("7♥"). */
  t.card = (card) => t.say(cardSymbol(card));
  t.lang = code;
  return t;
};

/** A `PracticeError` (or any error) in the board's words. */
export const errorWords = (t, error) =>
  error && typeof error.key === "string" && error.params
    ? t(error.key, error.params)
    : String(error?.message ?? error).slice(0, 200);

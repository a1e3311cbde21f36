/**
 * The practice layer's one error, Python's `PracticeError`
 * (mc_widget/practice/errors.py): `path` (the bad part, `"answer.cells[3]"`),
 * `key` (`practice-error.*`) and `params` (with `path`; a bad value quoted as
 * a short excerpt by the engine's `showValue`).
 * @module practice/errors
 */
import { formatMessage } from "../engine/index.js";
import { showValue } from "../engine/errors.js";

export class PracticeError extends Error {
  /**
   * @param {string} path
   * @param {string} key  a `practice-error.*` catalogue key
   * @param {Object} [params]
   */
  constructor(path, key, params = {}) {
    const full = { path, ...params };
    super(formatMessage(key, full));
    Object.assign(this, { name: "PracticeError", path, key, params: full });
  }
}

/** `practice-error.type`: `path` must be `expected` (English words), not `value`. */
export const badType = (path, expected, value) =>
  new PracticeError(path, "practice-error.type", { expected, value: showValue(value) });

export { showValue };

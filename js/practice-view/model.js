/**
 * Reading the practice board's model, which is hostile (a saved notebook's
 * widget state, an exported page's JSON): the set is checked with `readSet`
 * and `answers` replayed with the engine as `checkRecord` does, stopping at
 * the first entry that does not replay (the board shows what replayed and a
 * message naming the bad entry). Nothing here throws.
 * @module practice-view/model
 */
import { readSet, session } from "../practice/session.js";
import { exerciseState } from "../practice/generate.js";
import { PracticeError, badType } from "../practice/errors.js";
import { showValue } from "../engine/errors.js";

const FIELDS = ["kind", "level", "seed", "answer", "seconds"];

/** The model's values the board draws from (absent ones as their defaults). */
export const readModel = (model) => {
  const get = (k, fallback) => {
    try {
      const v = model.get(k);
      return v === undefined ? fallback : v;
    } catch {
      return fallback;
    }
  };
  const problem = get("problem", "");
  return {
    set: get("practice_set", null),
    answers: get("answers", []),
    texts: get("texts", {}),
    lang: get("lang", "en"),
    problem: typeof problem === "string" ? problem.slice(0, 300) : "",
    grading: get("grading", false) === true,
  };
};

const entryProblem = (entry, exercise, path) => {
  if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
    return badType(path, "an object", entry);
  }
  for (const key of Object.keys(entry)) {
    if (!FIELDS.includes(key)) {
      return new PracticeError(`${path}.${key.slice(0, 20)}`, "practice-error.unknown", {
        expected: FIELDS.join(", "),
      });
    }
  }
  for (const key of FIELDS) {
    if (!Object.hasOwn(entry, key))
      return new PracticeError(`${path}.${key}`, "practice-error.missing");
  }
  for (const field of ["kind", "level", "seed"]) {
    if (entry[field] !== exercise[field]) {
      return new PracticeError(`${path}.${field}`, "practice-error.schedule", {
        number: Number(path.match(/\d+/)[0]) + 1,
        expected: showValue(exercise[field]),
        value: showValue(entry[field]),
      });
    }
  }
  return null;
};

/**
 * Replay `answers` on the set `setData`.
 * @returns {{set: Object|null, session: Object|null, items: Array<{exercise, state, entry,
 *   result, stars}>, current: Object|null, error: {where: "set"|"answers", index: number,
 *   error: Error}|null}} `items` are the answered exercises that replayed; `current` the
 *   next exercise (null when the set is done or could not be read)
 */
export const replay = (setData, answers) => {
  const out = { set: null, session: null, items: [], current: null, error: null };
  try {
    out.set = readSet(setData);
    out.session = session(out.set);
  } catch (error) {
    out.set = null;
    out.error = { where: "set", index: -1, error };
    return out;
  }
  const list = Array.isArray(answers) ? answers : null;
  if (list === null) {
    out.error = { where: "answers", index: 0, error: badType("answers", "a list", answers) };
  }
  for (const [k, entry] of (list ?? []).entries()) {
    const path = `answers[${k}]`;
    try {
      const exercise = out.session.current();
      if (exercise === null) {
        throw new PracticeError(path, "practice-error.set-done", { n: out.set.n });
      }
      const bad = entryProblem(entry, exercise, path);
      if (bad) throw bad;
      const before = out.session.progress().stars;
      let result;
      try {
        result = out.session.answer(entry.answer, entry.seconds);
      } catch (error) {
        if (!(error instanceof PracticeError)) throw error;
        const { path: inner, ...params } = error.params;
        throw new PracticeError(`${path}.${inner}`, error.key, params);
      }
      out.items.push({
        exercise,
        state: exerciseState(exercise),
        entry,
        result,
        stars: out.session.progress().stars - before,
      });
    } catch (error) {
      out.error = { where: "answers", index: k, error };
      break;
    }
  }
  if (out.error === null) {
    try {
      out.current = out.session.current();
    } catch (error) {
      out.error = { where: "answers", index: out.items.length, error };
    }
  }
  return out;
};

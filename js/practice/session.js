/**
 * Par, stars, streaks, the plan of a set and the check of a record: the twin
 * of mc_widget/practice/{scoring,schedule,record}.py, so an exported page
 * with no kernel scores and schedules a set exactly as Python replays it.
 * @module practice/session
 */
import { PRESETS, makeRules } from "../engine/index.js";
import { excerpt } from "../engine/errors.js";
import { PracticeError, badType, showValue } from "./errors.js";
import { KINDS, generate, rng, shuffled } from "./generate.js";
import { check } from "./check.js";

/** Par in seconds by kind and level (Python's `PAR`). */
export const PAR = Object.freeze({
  neighbours: [10, 15, 20],
  pairs: [20, 30, 40],
  consolidate: [10, 20, 30],
  refill: [10, 20, 30],
  choose: [30, 45, 60],
  verdict: [10, 15, 20],
});
export const MAX_SET = 100;
export const RETURN_AFTER = 3;
export const FORMAT = "mc-practice";
export const VERSION = 1;
export const MAX_RECORD_CHARS = 200000;
export const MAX_SECONDS = 86400;
export const SET_KINDS = Object.freeze([...KINDS, "mixed"]);

export const par = (kind, level) => PAR[kind][level - 1];

/** 0 when wrong; when right 3 within par, 2 within twice par, else 1. */
export const stars = (right, seconds, parSeconds) => {
  if (!right) return 0;
  if (seconds <= parSeconds) return 3;
  return seconds <= 2 * parSeconds ? 2 : 1;
};

/** `{done, right, stars, streak, best_streak}` from `[right, stars]` per exercise. */
export const score = (results) => {
  let done = 0;
  let right = 0;
  let total = 0;
  let streak = 0;
  let best = 0;
  for (const [ok, got] of results) {
    done += 1;
    total += got;
    if (ok) {
      right += 1;
      streak += 1;
      best = Math.max(best, streak);
    } else streak = 0;
  }
  return { done, right, stars: total, streak, best_streak: best };
};

const exactKeys = (data, keys, path) => {
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw badType(path, "an object", data);
  }
  for (const key of Object.keys(data)) {
    if (!keys.includes(key)) {
      throw new PracticeError(`${path}.${excerpt(key)}`, "practice-error.unknown", {
        expected: keys.join(", "),
      });
    }
  }
  for (const key of keys) {
    if (!Object.hasOwn(data, key))
      throw new PracticeError(`${path}.${key}`, "practice-error.missing");
  }
};

const choice = (value, choices, path) => {
  if (typeof value !== "string" || !choices.includes(value)) {
    throw new PracticeError(path, "practice-error.choice", {
      value: showValue(value),
      choices: choices.join(", "),
    });
  }
};

const range = (value, low, high, path) => {
  if (!Number.isInteger(value) || value < low || value > high) {
    throw new PracticeError(path, "practice-error.range", { value: showValue(value), low, high });
  }
};

/**
 * Check a set's JSON `{kind, level, n, seed, rules}` (Python's `PracticeSet.from_json`).
 * @throws {PracticeError}
 */
export const readSet = (data, path = "set") => {
  exactKeys(data, ["kind", "level", "n", "seed", "rules"], path);
  choice(data.kind, SET_KINDS, `${path}.kind`);
  range(data.level, 1, 3, `${path}.level`);
  range(data.n, 1, MAX_SET, `${path}.n`);
  range(data.seed, 0, 4294967295, `${path}.seed`);
  choice(data.rules, Object.keys(PRESETS), `${path}.rules`);
  if (data.kind === "choose" && makeRules(data.rules).touching === "line") {
    throw new PracticeError(`${path}.kind`, "practice-error.choose-line", { rules: data.rules });
  }
  return { kind: data.kind, level: data.level, n: data.n, seed: data.seed, rules: data.rules };
};

const setKinds = (set) => {
  if (set.kind !== "mixed") return [set.kind];
  const line = makeRules(set.rules).touching === "line";
  return KINDS.filter((k) => !(line && k === "choose"));
};

/**
 * Python's `plan`: the exercises of `set` up to the next one, given whether
 * each one done was right; a missed kind comes back `RETURN_AFTER` places later.
 * @returns {Array<{kind, level, seed, review}>}
 */
export const plan = (set, results) => {
  const r = rng(set.seed);
  let order = setKinds(set);
  if (order.length > 1) order = shuffled(r, order);
  const planned = [];
  const due = [];
  let cursor = 0;
  for (let p = 0; p < Math.min(results.length + 1, set.n); p++) {
    let kind;
    let review;
    if (due.length && due[0][0] <= p) {
      kind = due.shift()[1];
      review = true;
    } else {
      kind = order[cursor % order.length];
      review = false;
      cursor += 1;
    }
    planned.push({ kind, level: set.level, seed: r.next(), review });
    if (p < results.length && !results[p]) due.push([p + RETURN_AFTER, kind]);
  }
  return planned;
};

const readSeconds = (value, path) => {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw badType(path, "a number of seconds", value);
  }
  if (value < 0 || value > MAX_SECONDS) {
    throw new PracticeError(path, "practice-error.range", {
      value: showValue(value),
      low: 0,
      high: MAX_SECONDS,
    });
  }
  return value;
};

/**
 * A set being practised (Python's `PracticeSession`): `current()`,
 * `answer(data, seconds)`, `progress()`, `record()`.
 * @param {Object} set  `{kind, level, n, seed, rules}` (checked)
 */
export const session = (set) => {
  const practice = readSet(set);
  const done = [];
  const results = [];
  const current = () =>
    done.length >= practice.n
      ? null
      : (() => {
          const item = plan(
            practice,
            results.map(([ok]) => ok),
          ).at(-1);
          return generate(item.kind, item.level, item.seed, practice.rules);
        })();
  return {
    current,
    answer(data, seconds) {
      const exercise = current();
      if (exercise === null) {
        throw new PracticeError("answer", "practice-error.set-done", { n: practice.n });
      }
      const time = readSeconds(seconds, "seconds");
      const result = check(exercise, data);
      results.push([result.right, stars(result.right, time, par(exercise.kind, exercise.level))]);
      done.push({
        kind: exercise.kind,
        level: exercise.level,
        seed: exercise.seed,
        answer: JSON.parse(JSON.stringify(data)),
        seconds: time,
      });
      return result;
    },
    progress: () => score(results),
    record: () => ({
      format: FORMAT,
      version: VERSION,
      set: { ...practice },
      exercises: done.map((item) => ({ ...item })),
      score: score(results),
    }),
  };
};

/**
 * Python's `check_record`: replay a record (object or text) with the engine
 * and return its score; a `PracticeError` naming the bad part otherwise.
 */
export const checkRecord = (record) => {
  let data = record;
  if (typeof data === "string") {
    if (data.length > MAX_RECORD_CHARS) {
      throw new PracticeError("record", "practice-error.too-long", {
        count: data.length,
        max: MAX_RECORD_CHARS,
      });
    }
    try {
      data = JSON.parse(data);
    } catch (bad) {
      throw new PracticeError("record", "practice-error.json", {
        problem: String(bad.message).slice(0, 40),
      });
    }
  }
  exactKeys(data, ["format", "version", "set", "exercises", "score"], "record");
  choice(data.format, [FORMAT], "record.format");
  if (data.version !== VERSION) {
    throw new PracticeError("record.version", "practice-error.choice", {
      value: showValue(data.version),
      choices: String(VERSION),
    });
  }
  const practice = readSet(data.set, "record.set");
  const items = data.exercises;
  if (!Array.isArray(items)) throw badType("record.exercises", "a list", items);
  if (items.length > practice.n) {
    throw new PracticeError("record.exercises", "practice-error.length", {
      count: items.length,
      low: 0,
      high: practice.n,
    });
  }
  const results = [];
  items.forEach((item, k) => {
    const path = `record.exercises[${k}]`;
    exactKeys(item, ["kind", "level", "seed", "answer", "seconds"], path);
    const planned = plan(
      practice,
      results.map(([ok]) => ok),
    ).at(-1);
    for (const field of ["kind", "level", "seed"]) {
      if (item[field] !== planned[field]) {
        throw new PracticeError(`${path}.${field}`, "practice-error.schedule", {
          number: k + 1,
          expected: showValue(planned[field]),
          value: showValue(item[field]),
        });
      }
    }
    const seconds = readSeconds(item.seconds, `${path}.seconds`);
    const exercise = generate(planned.kind, planned.level, planned.seed, practice.rules);
    let result;
    try {
      result = check(exercise, item.answer);
    } catch (bad) {
      if (!(bad instanceof PracticeError)) throw bad;
      const { path: inner, ...params } = bad.params;
      throw new PracticeError(`${path}.${inner}`, bad.key, params);
    }
    results.push([result.right, stars(result.right, seconds, par(planned.kind, planned.level))]);
  });
  const replayed = score(results);
  exactKeys(data.score, ["done", "right", "stars", "streak", "best_streak"], "record.score");
  if (Object.keys(replayed).some((key) => data.score[key] !== replayed[key])) {
    throw new PracticeError("record.score", "practice-error.score", {
      claimed: showValue(data.score, 200),
      actual: showValue(replayed, 200),
    });
  }
  return replayed;
};

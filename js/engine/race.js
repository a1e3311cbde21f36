/**
 * The race rule (RULES.md, "Scoring" and "Variants"): who wins a race of two
 * players on the same deal. The same rule as mc_widget/sessions/race.py,
 * pinned by tests/vectors/race.json, so a race line in an exported page with
 * no kernel names the winner the kernel would. A side may come from saved
 * widget state, so `raceSide` reads it as hostile input, field by field.
 *
 * @module engine/race
 */
import { StateError, choiceError, excerpt, showValue, typeError } from "./errors.js";
import { judgeRace } from "./race-rule.js";

/** A player's status in a race: the engine's status of their game. */
export const RACE_STATUSES = ["playing", "won", "lost"];
/** The longest finish time a side may claim: a day, in seconds. */
export const MAX_RACE_TIME = 86400;
const SIDE_KEYS = ["status", "removed", "time"];

/**
 * Read one side `{status, removed, time}` (time: seconds on the race clock at
 * the finish, or null). Throws the `StateError` naming the first bad part,
 * as Python's `RaceSide.from_json`.
 * @param {*} data
 * @param {string} [path]
 * @returns {{status: string, removed: number, time: number|null}}
 */
export function raceSide(data, path = "side") {
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw typeError(path, "an object");
  }
  for (const key of Object.keys(data)) {
    if (!SIDE_KEYS.includes(key))
      throw new StateError(`${path}.${excerpt(key)}`, "race-error.unknown");
  }
  for (const key of SIDE_KEYS) {
    if (!(key in data)) throw new StateError(`${path}.${key}`, "state.missing");
  }
  const { status, removed, time } = data;
  if (!RACE_STATUSES.includes(status)) throw choiceError(`${path}.status`, status, RACE_STATUSES);
  if (!Number.isInteger(removed)) throw typeError(`${path}.removed`, "a whole number");
  if (removed < 0 || removed > 104) {
    throw new StateError(`${path}.removed`, "state.range", {
      low: 0,
      high: 104,
      value: showValue(removed),
    });
  }
  if (time !== null) {
    if (typeof time !== "number" || !Number.isFinite(time)) {
      throw typeError(`${path}.time`, "null or a number of seconds");
    }
    if (time < 0 || time > MAX_RACE_TIME) {
      throw new StateError(`${path}.time`, "state.range", {
        low: 0,
        high: MAX_RACE_TIME,
        value: showValue(time),
      });
    }
  }
  return { status, removed, time };
}

/**
 * Judge a race by RULES.md's race rule (`judgeRace`, js/engine/race-rule.js),
 * each side read first by `raceSide` (paths `a.…` and `b.…`).
 * @param {*} a  the first player's side
 * @param {*} b  the second player's side
 * @returns {{decided: boolean, winner: 0|1|null, reason: string}}
 */
export const raceRule = (a, b) => judgeRace(raceSide(a, "a"), raceSide(b, "b"));

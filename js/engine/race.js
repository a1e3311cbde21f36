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

const earlier = (a, b) =>
  a.time === null || b.time === null || a.time === b.time
    ? { decided: true, winner: null, reason: "tie" }
    : { decided: true, winner: a.time < b.time ? 0 : 1, reason: "earlier" };

/**
 * Judge a race: the first to clear wins (both cleared: the earlier finish);
 * both blocked: more cards removed, then the earlier finish; the same time or
 * an unknown one: a tie; else still running (a blocked player beside one
 * still playing has not won or lost yet).
 * @param {*} a  the first player's side
 * @param {*} b  the second player's side
 * @returns {{decided: boolean, winner: 0|1|null, reason: string}}  reason:
 *   "running", "cleared", "earlier", "removed" or "tie"
 */
export function raceRule(a, b) {
  a = raceSide(a, "a");
  b = raceSide(b, "b");
  if (a.status === "won" || b.status === "won") {
    if (a.status === b.status) return earlier(a, b);
    return { decided: true, winner: a.status === "won" ? 0 : 1, reason: "cleared" };
  }
  if (a.status === "lost" && b.status === "lost") {
    if (a.removed !== b.removed) {
      return { decided: true, winner: a.removed > b.removed ? 0 : 1, reason: "removed" };
    }
    return earlier(a, b);
  }
  return { decided: false, winner: null, reason: "running" };
}

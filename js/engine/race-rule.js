/**
 * The race rule itself (RULES.md, "Scoring" and "Variants"), on sides already
 * read: no imports, so the race bar's bundle (js/race-bar.js) stays small.
 * js/engine/race.js reads hostile sides and calls it (`raceRule`); the same
 * rule as mc_widget/sessions/race.py, pinned by tests/vectors/race.json.
 * @module engine/race-rule
 */

const earlier = (a, b) =>
  a.time === null || b.time === null || a.time === b.time
    ? { decided: true, winner: null, reason: "tie" }
    : { decided: true, winner: a.time < b.time ? 0 : 1, reason: "earlier" };

/**
 * Judge a race: the first to clear wins (both cleared: the earlier finish);
 * both blocked: more cards removed, then the earlier finish; the same time or
 * an unknown one: a tie; else still running (a blocked player beside one
 * still playing has not won or lost yet).
 * @param {{status: string, removed: number, time: number|null}} a  the first
 *   player's side, as `raceSide` (js/engine/race.js) reads it
 * @param {{status: string, removed: number, time: number|null}} b  the second's
 * @returns {{decided: boolean, winner: 0|1|null, reason: string}}  reason:
 *   "running", "cleared", "earlier", "removed" or "tie"
 */
export function judgeRace(a, b) {
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

/**
 * The game clock (RULES.md, "Scoring": time from the first move). It is the
 * synced `clock` trait, `{start, stop}`, in milliseconds since 1970 (what
 * `Date.now()` gives): `start` is when the learner's first move on the
 * current game was made (a pair removed, a consolidation or refill step,
 * an undo), `stop` when the game was won or lost; both `null` before the
 * first move, `stop` `null` while the game is on. It is not rules state:
 * the engine, the state JSON and the conformance vectors never see it.
 *
 * Whichever side makes a move updates it in the same change as `state`:
 * this front end for the learner's actions, Python for API calls
 * (`mc_widget/widget.py`, `next_clock`, the same rule except that a Python
 * call never starts the clock: a board set up from Python has a history but
 * no time until the learner plays). Every view computes the time shown from
 * the same two timestamps, so all views agree.
 * @module clock
 */

/** The clock of a game with no move yet. */
export const NO_CLOCK = Object.freeze({ start: null, stop: null });

const stamp = (v) => Number.isFinite(v) && v >= 0;

/**
 * The clock trait as `{start, stop}`; anything malformed (a missing trait, a
 * tampered message) reads as "not started", so the board never breaks on it.
 * @param {*} value  the `clock` trait
 * @returns {{start: number|null, stop: number|null}}
 */
export const readClock = (value) => {
  if (!value || typeof value !== "object" || !stamp(value.start)) return NO_CLOCK;
  const stop = stamp(value.stop) && value.stop >= value.start ? value.stop : null;
  return { start: value.start, stop };
};

/**
 * The clock after a change of the game.
 *
 * - A game with no action in its history (a new deal, a load) has not
 *   started: both `null`.
 * - Otherwise it started at the first move: `start` is kept, or set to `now`.
 * - A game that is over stops the clock (kept if already stopped); a game
 *   that is on again (an undo after the end) has no `stop`, and its time
 *   counts from the first move again.
 *
 * @param {*} clock  the clock before (read with `readClock`)
 * @param {{history: Object[]}} state  the state after the change
 * @param {boolean} finished  whether that state is won or lost
 * @param {number} now  milliseconds since 1970
 * @returns {{start: number|null, stop: number|null}}
 */
export const nextClock = (clock, state, finished, now) => {
  if (state.history.length === 0) return NO_CLOCK;
  const { start, stop } = readClock(clock);
  return { start: start ?? now, stop: finished ? (stop ?? now) : null };
};

/** @returns {boolean} whether the clock is counting (started, not stopped) */
export const running = (clock) => {
  const { start, stop } = readClock(clock);
  return start !== null && stop === null;
};

/**
 * Milliseconds of play: 0 before the first move, up to `now` while running,
 * up to `stop` once the game is over.
 * @param {*} clock
 * @param {number} now
 * @returns {number}
 */
export const elapsed = (clock, now) => {
  const { start, stop } = readClock(clock);
  return start === null ? 0 : Math.max(0, (stop ?? now) - start);
};

/**
 * Milliseconds until the shown time changes (the next whole second of play),
 * so that every view ticks at the same moment.
 * @param {*} clock
 * @param {number} now
 * @returns {number} 1 … 1000
 */
export const untilNextSecond = (clock, now) => 1000 - (elapsed(clock, now) % 1000);

/**
 * The time as people read it, m:ss (catalogue `ui.time`): 0:00, 0:59, 1:05, 75:00.
 * @param {function(string, Object=): string} t  formatMessage
 * @param {number} ms
 * @returns {string}
 */
export const formatElapsed = (t, ms) => {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  return t("ui.time", {
    minutes: Math.floor(seconds / 60),
    seconds: String(seconds % 60).padStart(2, "0"),
  });
};

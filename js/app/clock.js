/**
 * The game clock (RULES.md, "Scoring": time from the first move) as the board
 * changes it: the synced `clock` trait `{start, stop}` (ms since 1970), set in
 * the same change as the move that starts or ends it, and when to redraw the
 * time. Python keeps the same rule for its calls (`next_clock`), except that a
 * Python call never starts the clock. Reading it is js/present/time.js.
 * @module app/clock
 */
import { NO_CLOCK, elapsed, readClock } from "../present/time.js";

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
 * Milliseconds until the shown time changes (the next whole second of play),
 * so that every view ticks at the same moment.
 * @param {*} clock
 * @param {number} now
 * @returns {number} 1 … 1000
 */
export const untilNextSecond = (clock, now) => 1000 - (elapsed(clock, now) % 1000);

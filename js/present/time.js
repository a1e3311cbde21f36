/**
 * The time a board shows, read from the synced `clock` trait `{start, stop}`
 * (ms since 1970; docs/architecture.md): pure, so every view of a board
 * shows the same time. How the clock changes is js/app/clock.js.
 * @module present/time
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

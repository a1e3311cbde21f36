/**
 * The walkthrough bar as the view shows it (docs/teaching.md, sections 1–3):
 * the position in words ("Step 3 of 23"), which controls can be used, the
 * speeds, and per cell the marks of the step about to happen (`nextFrom`,
 * `nextTo`) and the reading-order numbers (`show_order`). Each step's words
 * are js/present/narration.js's. Pure: every fact comes from the engine's
 * `walkthrough(state)` (js/engine/walkthrough.js).
 * @module present/walkthrough-bar
 */
import { walkthrough } from "../engine/index.js";

/** Play speeds, slowest first: id → the time between two steps (ms). */
export const SPEEDS = { slow: 2400, normal: 1200, fast: 600 };

/** The speed a view starts with. */
export const DEFAULT_SPEED = "normal";

/**
 * The time between two steps while playing.
 * @param {string} speed  one of the `SPEEDS` ids
 * @returns {number} milliseconds
 * @throws {RangeError} for an unknown speed (a bug in the caller)
 */
export const stepDelay = (speed) => {
  if (!Object.hasOwn(SPEEDS, speed)) throw new RangeError(`unknown speed '${speed}'`);
  return SPEEDS[speed];
};

/**
 * The predict score `[right, asked]` from the `predictions` trait; anything
 * malformed reads as `[0, 0]`.
 * @param {*} value
 * @returns {[number, number]}
 */
export const readScore = (value) =>
  Array.isArray(value) && value.length === 2 && value.every((x) => Number.isInteger(x) && x >= 0)
    ? [value[0], value[1]]
    : [0, 0];

/**
 * The presented walkthrough.
 * @typedef {Object} PresentedWalk
 * @property {number} position  k, the steps made (0 … n)
 * @property {number} n  moves + deals
 * @property {number} moves  the cards the consolidation moves
 * @property {string} label  "Step 3 of 23" (`ui.walk-position`)
 * @property {{kind: string, from: number|null, to: number, card: string}|null} next
 *   step k + 1, null at the end
 * @property {{first: boolean, back: boolean, forward: boolean, last: boolean, play: boolean}} buttons
 * @property {boolean} predict  predict mode is on
 * @property {string} scoreText  "4 of 5 right" (`predict.score`), "" with predict off
 * @property {boolean} showOrder  the `show_order` trait
 */

/**
 * The walkthrough part of a presentation: `walk` for the bar (null when
 * none is offered) and, per cell, the flags the board draws:
 * `nextFrom` (the card step k + 1 moves), `nextTo` (the gap it fills, or
 * the gap the next stock card fills) and `order` (1 … cells when `show_order`
 * is on, else null); `present()` words them in the cells' aria-labels.
 *
 * The next step is marked once the learner is in the walkthrough: past
 * step 0, during the consolidation or refill, or right after walking back
 * to step 0; never in predict mode, where it is the question.
 * @param {function(string, Object=): string} t  the board's translator
 * @param {Object} state
 * @param {Object|null} feedback  the feedback trait
 * @param {Object} teaching  the teaching traits (`DEFAULT_TEACHING` shape)
 * @returns {{walk: PresentedWalk|null, cells: Array<{nextFrom: boolean, nextTo: boolean,
 *   order: number|null}>}}
 */
export const presentWalk = (t, state, feedback, teaching) => {
  const showOrder = teaching.show_order === true;
  const predict = teaching.predict === true;
  const w = walkthrough(state);
  const n = w ? w.steps.length : 0;
  const k = w ? w.position : 0;
  const next = w && k < n ? w.steps[k] : null;
  const walked = /^walk\./.test(feedback?.key);
  const marked = next !== null && !predict && (k > 0 || walked || state.phase !== "remove");
  const cells = state.tableau.map((_, i) => ({
    nextFrom: marked && next.kind === "move" && next.from === i,
    nextTo: marked && next.to === i,
    order: showOrder ? i + 1 : null,
  }));
  if (!w) return { walk: null, cells };
  const score = readScore(teaching.predictions);
  return {
    walk: {
      position: k,
      n,
      moves: w.moves,
      label: t("ui.walk-position", { k, n }),
      next,
      buttons: { first: k > 0, back: k > 0, forward: k < n, last: k < n, play: k < n },
      predict,
      scoreText: predict ? t("predict.score", { right: score[0], asked: score[1] }) : "",
      showOrder,
    },
    cells,
  };
};

/**
 * The walkthrough as the view shows it (docs/teaching.md, sections 1–3):
 * the round's consolidation and refill as a timeline of single-card steps,
 * with the position in words ("Step 3 of 23"), the narration of each step
 * (the same `feedback` Python's `w.walk_to(k)` gives), which controls can
 * be used, and per cell the marks of the step about to happen (`nextFrom`,
 * `nextTo`) and the reading-order numbers (`show_order`).
 *
 * Pure: no DOM and no rule logic; every fact comes from the engine's
 * `walkthrough(state)` (js/engine/walkthrough.js).
 * @module walk
 */
import { feedback } from "./feedback.js";

/**
 * Play speeds, slowest first: id (also the catalogue suffix,
 * `ui.walk-speed-<id>`) → the time between two steps (ms).
 */
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
 * The narration of step `k` of a walkthrough: the feedback trait after
 * walking there (docs/teaching.md, section 2). Keys and params:
 *
 * - at step 0: `walk.start` `{n, moves, deals}`; `walk.start-no-deals`
 *   `{n, moves}` when the stock is empty (no deals); `walk.start-no-moves`
 *   `{n, deals}` when no card moves. `moves`, `deals` are counted in words
 *   with `count.cards` ("17 cards", "1 card") and `count.stock-cards`
 *   ("6 stock cards");
 * - `walk.move` `{card, from, to, step, n}` for a consolidation step; `card`
 *   in symbols ("5♦"), `from`, `to` as places ("row 1, column 4");
 * - `walk.deal` `{card, place, step, n}` for a refill step;
 * - at step n (n ≥ 1) the last step with the round's end: `walk.end-move`
 *   or `walk.end-deal`, with that step's params (`step` is n).
 *
 * `cells` is `[]` and `tone` `"info"` in every case.
 * @param {Object} E  the engine
 * @param {Object} rules  the state's rules (for the places)
 * @param {{moves: number, deals: number, steps: Object[]}} walk
 * @param {number} k  0 … n
 * @returns {{key: string, params: Object, cells: number[], tone: string}}
 * @throws {RangeError} when `k` is not a step of the walkthrough
 */
export const stepNarration = (E, rules, walk, k) => {
  const n = walk.steps.length;
  if (!Number.isInteger(k) || k < 0 || k > n) {
    throw new RangeError(`step ${k} is not in 0 … ${n}`);
  }
  if (k === 0) {
    const moves = E.counted("count.cards", walk.moves);
    const deals = E.counted("count.stock-cards", walk.deals);
    if (walk.deals === 0) return feedback("walk.start-no-deals", { n, moves });
    if (walk.moves === 0) return feedback("walk.start-no-moves", { n, deals });
    return feedback("walk.start", { n, moves, deals });
  }
  const { kind, card, from, to } = walk.steps[k - 1];
  const place = (cell) => E.cellPlace(rules, cell);
  // walk.move, walk.deal; the last step also says the round is over: walk.end-move, walk.end-deal.
  const where = kind === "move" ? { from: place(from), to: place(to) } : { place: place(to) };
  return feedback(`walk.${k === n ? "end-" : ""}${kind}`, {
    card: E.cardSymbol(card),
    ...where,
    step: k,
    n,
  });
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
 * @param {Object} E  the engine
 * @param {Object} state
 * @param {Object|null} feedback  the feedback trait
 * @param {Object} teaching  the teaching traits (`DEFAULT_TEACHING` shape)
 * @returns {{walk: PresentedWalk|null, cells: Array<{nextFrom: boolean, nextTo: boolean,
 *   order: number|null}>}}
 */
export const presentWalk = (E, state, feedback, teaching) => {
  const t = E.formatMessage;
  const showOrder = teaching.show_order === true;
  const predict = teaching.predict === true;
  const w = E.walkthrough(state);
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

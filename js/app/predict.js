/**
 * Predict first (docs/teaching.md, section 3): before a walkthrough step is
 * shown the learner says what will happen and is told whether that was
 * right, with the rule named; at step 0, which cards will touch one of their
 * rank once the cards have closed up. Pure: the questions, the judging and
 * the score; js/app/walkthrough-control.js keeps the state and commits.
 * @module app/predict
 */
import { cardSymbol, cellPlace, pairs, walkTo, walkthrough } from "../engine/index.js";
import { feedback } from "../present/feedback.js";
import { cardsAt } from "../present/words.js";

/** The question and the rule named in its verdict, by the kind of step asked about. */
const STEP_WORDS = {
  move: { ask: "predict.ask-move", rule: "predict.rule-move" },
  deal: { ask: "predict.ask-deal", rule: "predict.rule-deal" },
};

/** A verdict: `predict.right` (tone `success`) or `predict.wrong` (tone `illegal`). */
const verdict = (right, rule) =>
  feedback(right ? "predict.right" : "predict.wrong", { rule }, right ? "success" : "illegal");

/**
 * The question for the next step (the feedback trait while waiting).
 * @param {{kind: "move"|"deal"}} step  step k + 1 of the walkthrough
 * @returns {{key: string, params: Object, cells: number[], tone: string}}
 *   key `predict.ask-move` or `predict.ask-deal`
 */
export const askFeedback = (step) => feedback(STEP_WORDS[step.kind].ask);

/**
 * Whether a clicked cell is the answer to the next step: the card that
 * moves (a `move`), or the gap the stock card fills (a `deal`).
 * @param {{kind: "move"|"deal", from: number|null, to: number}} step
 * @param {number} cell  the clicked cell
 * @returns {boolean}
 */
export const judgeStep = (step, cell) => cell === (step.kind === "move" ? step.from : step.to);

/**
 * The verdict on a step prediction, naming the rule: `predict.right` (tone
 * `success`) or `predict.wrong` (tone `illegal`), with params `{rule}`, the
 * text of `predict.rule-move` `{card}` or `predict.rule-deal` `{card, place}`.
 * @param {Object} rules  the state's rules (for the place)
 * @param {{kind: string, to: number, card: string}} step
 * @param {boolean} right
 * @returns {{key: string, params: {rule: {key: string, params: Object}}, cells: number[], tone: string}}
 *   (the rule a nested message, docs/i18n.md section 2)
 */
export const stepVerdict = (rules, step, right) =>
  // predict.rule-move names the card; predict.rule-deal also the place.
  verdict(right, {
    key: STEP_WORDS[step.kind].rule,
    params: { card: cardSymbol(step.card), place: cellPlace(rules, step.to) },
  });

/**
 * The score after one more prediction.
 * @param {[number, number]} score  `[right, asked]`
 * @param {boolean} right
 * @returns {[number, number]} `[right + (right ? 1 : 0), asked + 1]`
 */
export const nextScore = ([right, asked], isRight) => [right + (isRight ? 1 : 0), asked + 1];

/**
 * The cells of the *current* tableau whose cards will touch a card of the
 * same rank after the consolidation: the engine's `pairs` of the state at
 * step `moves` (reached with `walkTo`), each card followed back to the cell
 * it stands in now along the walkthrough's moves.
 * @param {Object} state  a state whose walkthrough is at step 0
 * @returns {number[]} ascending cells
 * @throws {RangeError} when no walkthrough is offered or it is not at step 0
 */
export const pairsAfterConsolidation = (state) => {
  const walk = walkthrough(state);
  if (walk === null || walk.position !== 0) {
    throw new RangeError("not at step 0 of a walkthrough");
  }
  const after = walkTo(state, walk.moves);
  // origin[c]: the cell (now) of the card standing in c after the moves.
  const origin = state.tableau.map((card, i) => (card === null ? null : i));
  for (const step of walk.steps.slice(0, walk.moves)) {
    origin[step.to] = origin[step.from];
    origin[step.from] = null;
  }
  const cells = new Set();
  for (const pair of pairs(after)) {
    for (const c of pair) if (origin[c] !== null) cells.add(origin[c]);
  }
  return [...cells].sort((a, b) => a - b);
};

/**
 * Judge a pairs prediction: right when the learner marked exactly the cards
 * that will touch one of their rank.
 * @param {Iterable<number>} predicted  the cells the learner marked
 * @param {Iterable<number>} actual  `pairsAfterConsolidation`
 * @returns {{right: boolean, missed: number[], extra: number[]}}  ascending
 */
export const judgePairs = (predicted, actual) => {
  const p = new Set(predicted);
  const a = new Set(actual);
  const missed = [...a].filter((c) => !p.has(c)).sort((x, y) => x - y);
  const extra = [...p].filter((c) => !a.has(c)).sort((x, y) => x - y);
  return { right: missed.length === 0 && extra.length === 0, missed, extra };
};

/**
 * The verdict on a pairs prediction: `predict.right` / `predict.wrong` (as
 * for a step) with `{rule}` the text of `predict.rule-pairs` `{cards}` (the
 * cards, in symbols, as a list), or of `predict.rule-pairs-none` when no card
 * will touch one of its rank.
 * @param {function(string, Object=): string} t  the board's translator
 * @param {Object} state  the state predicted on
 * @param {number[]} actual  `pairsAfterConsolidation`
 * @param {boolean} right
 * @returns {{key: string, params: Object, cells: number[], tone: string}}
 */
export const pairsVerdict = (t, state, actual, right) => {
  const key = actual.length ? "predict.rule-pairs" : "predict.rule-pairs-none";
  return verdict(right, t(key, cardsAt(state, actual)));
};

/**
 * What the status line says about a move: one done, undone or redone, one
 * refused, and each step of a walkthrough. Pure: a move and the states around
 * it in, a feedback trait value out (its words are the catalogue's). The keys
 * are in one table, written out whole, as Python's narration table is
 * (docs/architecture.md, "Narration").
 * @module present/narration
 */
import {
  IllegalMove,
  StateError,
  cardSymbol,
  cellPlace,
  consolidationMove,
  consolidationMoves,
  counted,
  hasMessage,
  nextRefillCell,
  refillCells,
} from "../engine/index.js";
import { feedback } from "./feedback.js";
import { cardCount, symbolAt } from "./words.js";

/**
 * The catalogue key of each description, by what happened and how: done,
 * undone (taken back) or redone (made again).
 */
export const NARRATION = {
  done: {
    remove: "status.removed",
    alone: "status.removed-alone",
    moved: "status.moved",
    "nothing-moved": "status.nothing-moved",
    consolidated: "status.consolidated",
    dealt: "status.dealt",
    refilled: "status.refilled",
    "new-deal": "status.new-deal",
  },
  undone: {
    remove: "status.undone-remove",
    alone: "status.undone-remove-alone",
    moved: "status.undone-moved",
    "nothing-moved": "status.undone-nothing-moved",
    consolidated: "status.undone-consolidated",
    dealt: "status.undone-dealt",
    refilled: "status.undone-refilled",
    // No parameter: the game it began is gone.
    "new-deal": "status.undone-new-deal",
    load: "status.undone-load",
  },
  redone: {
    remove: "status.redone-remove",
    alone: "status.redone-remove-alone",
    moved: "status.redone-moved",
    "nothing-moved": "status.redone-nothing-moved",
    consolidated: "status.redone-consolidated",
    dealt: "status.redone-dealt",
    refilled: "status.redone-refilled",
    // Names the deal.
    "new-deal": "status.redone-new-deal",
    load: "status.redone-load",
  },
};

/**
 * The catalogue key of each walkthrough step (docs/teaching.md, section 2):
 * the start, by whether cards move and are dealt; a step, by its kind, and
 * the last step, which also says the round is over.
 */
export const STEP_NARRATION = {
  start: "walk.start",
  "start-no-deals": "walk.start-no-deals",
  "start-no-moves": "walk.start-no-moves",
  step: { move: "walk.move", deal: "walk.deal" },
  last: { move: "walk.end-move", deal: "walk.end-deal" },
};

/** The params of `error.unexpected` and `error.show`: what went wrong, in words. */
export const detailOf = (err) => ({ detail: String(err?.message ?? err) });

/**
 * The feedback trait for an error the engine raised.
 * @param {Error} err
 * @param {number[]} [cells]  the cells to mark when it is a refused pair
 * @returns {{key: string, params: Object, cells: number[], tone: string}}
 */
export const feedbackFor = (err, cells = []) => {
  if (err instanceof IllegalMove) {
    // `key` names the catalogue entry under `illegal.` (docs/architecture.md, "Errors").
    const marked = Array.isArray(err.cells) && err.cells.length ? [...err.cells] : cells;
    return feedback(`illegal.${err.key}`, { ...err.params }, "illegal", marked);
  }
  if (err instanceof StateError) {
    return feedback("error.state", { path: err.path, problem: err.message }, "error");
  }
  if (err && typeof err.key === "string" && hasMessage(err.key)) {
    // DealError, LayoutError, CardError: the learner typed something the engine refuses.
    return feedback(err.key, { ...err.params }, "illegal");
  }
  return feedback("error.unexpected", detailOf(err), "error");
};

/**
 * Describe one game action in words (tone `info`): done, undone or redone.
 * @param {Object} action  a game action (`remove`, `consolidate_step`, …)
 * @param {Object} pre  the state the action was applied to
 * @param {Object} post  the state it made
 * @param {"done"|"undone"|"redone"} mode
 * @returns {Object} a feedback trait value (`{}` for none)
 */
const describe = (action, pre, post, mode) => {
  const said = NARRATION[mode];
  const place = (cell) => cellPlace(post.rules, cell);
  switch (action.type) {
    case "remove": {
      // A card removed alone (a Thirteens king): "K♠ removed alone."
      if (action.cells.length === 1)
        return feedback(said.alone, { card: symbolAt(pre, action.cells[0]) });
      // The lower cell's card first, as the discards list them.
      const [i, j] = [...action.cells].sort((x, y) => x - y);
      return feedback(said.remove, { a: symbolAt(pre, i), b: symbolAt(pre, j) });
    }
    case "consolidate_step": {
      const move = consolidationMove(pre);
      if (move === null) return feedback(said["nothing-moved"]);
      const [from, to] = move;
      const card = symbolAt(post, to);
      // Undone, the card goes back: from where it went to where it was.
      const [source, target] = mode === "undone" ? [to, from] : move;
      return feedback(said.moved, { card, from: place(source), to: place(target) });
    }
    case "consolidate":
      return feedback(said.consolidated, { cards: cardCount(consolidationMoves(pre).length) });
    case "refill_step": {
      const cell = nextRefillCell(pre);
      if (cell === null || post.tableau[cell] === null) return {};
      return feedback(said.dealt, { card: symbolAt(post, cell), place: place(cell) });
    }
    case "refill":
      return feedback(said.refilled, { cards: cardCount(refillCells(pre).length) });
    default:
      return {};
  }
};

/**
 * Words for a new deal or a load taken back or made again (tone `info`).
 * @param {{type: string, deal?: number}|null|undefined} action  the `new_deal`/`load`
 * @param {"undone"|"redone"} mode
 * @returns {Object} a feedback trait value (`{}` when there is no such action)
 */
const toldGame = (action, mode) => {
  if (!action) return {};
  const said = NARRATION[mode];
  if (action.type === "load") return feedback(said.load);
  return feedback(said["new-deal"], mode === "undone" ? {} : { deal: action.deal });
};

/**
 * What the status line says after a successful action (tone `info`): which
 * pair was removed, which card moved or was dealt; for undo and redo, which
 * action was taken back or made again, with its cards (a new deal or a load
 * too: undone at the start of a game, redone at the end of its history).
 * @param {Object} action
 * @param {Object} before  the state before
 * @param {Object} after  the state after
 * @returns {Object} a feedback trait value (`{}` for none)
 */
export const narrate = (action, before, after) => {
  switch (action.type) {
    case "undo":
      // At the start of a game, the new deal or load that began it was taken back.
      if (before.cursor === 0) return toldGame(after.next_game, "undone");
      // The action undone made `before` from `after`.
      return describe(before.history[before.cursor - 1], after, before, "undone");
    case "redo":
      if (before.cursor >= before.history.length) return toldGame(before.next_game, "redone");
      return describe(before.history[before.cursor], before, after, "redone");
    case "new_deal":
      return feedback(NARRATION.done["new-deal"], { deal: after.deal });
    default:
      return describe(action, before, after, "done");
  }
};

/**
 * What the walkthrough does next, the words of the step its "next" marks
 * show (js/present/walkthrough-bar.js): `walk.next-move` `{card, to}`,
 * `walk.next-deal` `{place}` (the stock card is face down), or, in predict
 * mode, where the marks are hidden because the next step is the question,
 * `walk.next-predict`. A nested message `{key, params}`.
 * @param {Object} rules
 * @param {{kind: string, card: string, to: number}} step  the next step (k + 1)
 * @param {boolean} predict
 * @returns {{key: string, params: Object}}
 */
const nextStep = (rules, step, predict) => {
  if (predict) return { key: "walk.next-predict", params: {} };
  const to = cellPlace(rules, step.to);
  return step.kind === "move"
    ? { key: "walk.next-move", params: { card: cardSymbol(step.card), to } }
    : { key: "walk.next-deal", params: { place: to } };
};

/**
 * The narration of step `k` of a walkthrough: the feedback trait after
 * walking there (docs/teaching.md, section 2): the step just made, in the
 * past, and the next one, the step the board's "next" marks show. Keys
 * (`STEP_NARRATION`) and params:
 *
 * - at step 0: `walk.start` `{n, moves, deals, next}`; `walk.start-no-deals`
 *   `{n, moves, next}` when the stock is empty (no deals);
 *   `walk.start-no-moves` `{n, deals, next}` when no card moves. `moves`,
 *   `deals` are counted in words with `count.cards` ("17 cards", "1 card")
 *   and `count.stock-cards` ("6 stock cards");
 * - `walk.move` `{card, from, to, step, n, next}` for a consolidation step;
 *   `card` in symbols ("5♦"), `from`, `to` as places ("row 1, column 4");
 * - `walk.deal` `{card, place, step, n, next}` for a refill step;
 * - `next` is step k + 1 (`walk.next-move` `{card, to}`, `walk.next-deal`
 *   `{place}`, `walk.next-predict` `{}` in predict mode);
 * - at step n (n ≥ 1) the last step with the round's end: `walk.end-move`
 *   or `walk.end-deal`, with that step's params (`step` is n) and no `next`.
 *
 * `cells` is `[]` and `tone` `"info"` in every case.
 * @param {Object} rules  the state's rules (for the places)
 * @param {{moves: number, deals: number, steps: Object[]}} walk
 * @param {number} k  0 … n
 * @param {boolean} [predict]  predict mode is on: the next step is not named
 * @returns {{key: string, params: Object, cells: number[], tone: string}}
 * @throws {RangeError} when `k` is not a step of the walkthrough
 */
export const stepNarration = (rules, walk, k, predict = false) => {
  const n = walk.steps.length;
  if (!Number.isInteger(k) || k < 0 || k > n) {
    throw new RangeError(`step ${k} is not in 0 … ${n}`);
  }
  const next = k < n ? { next: nextStep(rules, walk.steps[k], predict) } : {};
  if (k === 0) {
    const moves = counted("count.cards", walk.moves);
    const deals = counted("count.stock-cards", walk.deals);
    if (walk.deals === 0) return feedback(STEP_NARRATION["start-no-deals"], { n, moves, ...next });
    if (walk.moves === 0) return feedback(STEP_NARRATION["start-no-moves"], { n, deals, ...next });
    return feedback(STEP_NARRATION.start, { n, moves, deals, ...next });
  }
  const { kind, card, from, to } = walk.steps[k - 1];
  const place = (cell) => cellPlace(rules, cell);
  const where = kind === "move" ? { from: place(from), to: place(to) } : { place: place(to) };
  const key = (k === n ? STEP_NARRATION.last : STEP_NARRATION.step)[kind];
  return feedback(key, { card: cardSymbol(card), ...where, step: k, n, ...next });
};

/**
 * The queries the view asks on every click and redraw (pairs, lone cards,
 * the removals allowed, highlights, status, what the next step moves, the
 * counts), all derived from a state, never stored in it.
 *
 * Implements RULES.md, "A round", "End of the game" and "Variants", and
 * docs/architecture.md, "Status" and "Queries".
 * @module engine/queries
 */
import { copyPosition, doConsolidate, doRefill, emptyCell } from "./actions.js";
import { canStartConsolidation, isAcrossGap, loneCellsOf, pairsOf, statusOf } from "./position.js";
import { DIRECTIONS, cellToRowCol, checkCell, isLone, pairTest, touching } from "./rules.js";

/**
 * All pairs on the tableau, in any phase: two cards in cells that touch
 * under the rules (`touching`) and pair under the rules' pair rule
 * (`pairTest`; a `lone` or `stay` card pairs with nothing).
 * @param {import("./state.js").State} state
 * @returns {number[][]} `[i, j]` with `i < j`, ascending
 */
export const pairs = (state) => pairsOf(state.rules, state.tableau);

/**
 * The pairs that may be removed now: `pairs(state)` in phase `remove` while
 * the game is being played, otherwise `[]`.
 * @param {import("./state.js").State} state
 * @returns {number[][]} `[i, j]` with `i < j`, ascending
 */
export const legalPairs = (state) =>
  state.phase === "remove" && status(state) === "playing" ? pairs(state) : [];

/**
 * Derived status (RULES.md "End of the game" and "Variants"): `won` when the
 * stock is empty and every card left on the tableau has a `stay` rank (with
 * no `stay` ranks: the tableau is empty too); `lost` (blocked) in phase
 * `remove` with no pair, no lone card and consolidation not allowed (this
 * includes a full tableau with no pair and stock left); `playing` otherwise.
 * @param {import("./state.js").State} state
 * @returns {"playing"|"won"|"lost"}
 */
export const status = (state) => statusOf(state.rules, state);

/**
 * The cells holding a card of a `lone` rank (removed alone, e.g. a king in
 * Thirteens), in any phase (like `pairs`).
 * @param {import("./state.js").State} state
 * @returns {number[]} ascending cells
 */
export const loneCells = (state) => loneCellsOf(state.rules, state.tableau);

/**
 * The lone cards that may be removed now: `loneCells(state)` in phase
 * `remove` while the game is being played, otherwise `[]`.
 * @param {import("./state.js").State} state
 * @returns {number[]} ascending cells
 */
export const legalLone = (state) =>
  state.phase === "remove" && status(state) === "playing" ? loneCells(state) : [];

/** Tuples of cells compared element by element, a shorter prefix first. */
const byCells = (x, y) => x[0] - y[0] || x.length - y.length || (x[1] ?? 0) - (y[1] ?? 0);

/**
 * Every removal allowed now: `[i]` for a lone card, `[i, j]` for a pair,
 * sorted as tuples (`[3] < [3, 7] < [4]`); `[]` outside phase `remove` or
 * when the game is over. (`legalPairs` keeps the pairs alone.)
 * @param {import("./state.js").State} state
 * @returns {number[][]}
 */
export const legalRemovals = (state) => {
  if (state.phase !== "remove" || status(state) !== "playing") return [];
  return [...loneCells(state).map((i) => [i]), ...pairs(state)].sort(byCells);
};

/**
 * The cards the learner can take now with the card in `cell`: the cells
 * touching it under the rules holding a card that pairs with it, in phase
 * `remove` while playing; `[]` in the other phases, for a gap, and for a
 * `lone` or `stay` card (the other cells of its pairs in `legalPairs`).
 * @param {import("./state.js").State} state
 * @param {number} cell
 * @returns {number[]} ascending cells
 * @throws {IllegalMove|StateError} for a cell outside the tableau (see `checkCell`)
 */
export const partners = (state, cell) => {
  const { rules, tableau } = state;
  checkCell(rules, cell);
  const card = tableau[cell];
  if (card === null || state.phase !== "remove" || status(state) !== "playing") return [];
  const test = pairTest(rules);
  return touching(rules, cell).filter((k) => tableau[k] !== null && test(card, tableau[k]));
};

/**
 * The false neighbours of a cell (mistake M1): for each of the 8 directions
 * (N, NE, E, SE, S, SW, W, NW), if the adjacent cell is a gap, walk on
 * through gaps; the first card reached is a false neighbour. Works for a
 * gap cell too.
 * @param {import("./state.js").State} state
 * @param {number} cell  0 … rows·cols − 1
 * @returns {number[]} ascending cells
 * @throws {IllegalMove|StateError} for a cell outside the tableau (see `checkCell`)
 */
export const falseNeighbours = (state, cell) => {
  const { rows, cols } = state.rules;
  const { row: r0, col: c0 } = cellToRowCol(state.rules, cell);
  const t = state.tableau;
  const out = [];
  for (const [dr, dc] of DIRECTIONS) {
    let r = r0 + dr;
    let c = c0 + dc;
    let crossed = false;
    while (r >= 0 && r < rows && c >= 0 && c < cols) {
      const k = r * cols + c;
      if (t[k] !== null) {
        if (crossed) out.push(k);
        break;
      }
      crossed = true;
      r += dr;
      c += dc;
    }
  }
  return out.sort((x, y) => x - y);
};

/**
 * Whether two cards lie across a gap (mistake M1): on one row, column or
 * diagonal, not neighbours, with only gaps strictly between them.
 * @param {import("./state.js").State} state
 * @param {number} a  a cell
 * @param {number} b  a cell
 * @returns {boolean}
 * @throws {IllegalMove|StateError} for a cell outside the tableau (see `checkCell`)
 */
export const acrossGap = (state, a, b) => isAcrossGap(state.rules, state.tableau, a, b);

/**
 * What to mark when a card is selected (any phase).
 * @param {import("./state.js").State} state
 * @param {number} cell  a cell holding a card
 * @returns {{neighbours: number[], partners: number[], falseNeighbours: number[], lone: boolean}}
 *   `neighbours`: every cell touching it under the rules (gaps included), as
 *   `touching(rules, cell)`: the 8 neighbours, or for `line` its whole row and column;
 *   `partners`: as `partners(state, cell)`; `falseNeighbours`: as
 *   `falseNeighbours(state, cell)` for `eight` touching, `[]` for `line` (no gap
 *   breaks contact there); `lone`: whether the card's rank goes alone. All ascending.
 * @throws {IllegalMove} `out-of-range` for a cell outside the tableau, `empty-cell` for a gap
 * @throws {StateError} (path `cell`) when `cell` is not an integer
 */
export const highlights = (state, cell) => {
  const { rules, tableau } = state;
  checkCell(rules, cell);
  const card = tableau[cell];
  if (card === null) throw emptyCell(rules, cell);
  return {
    neighbours: touching(rules, cell),
    partners: partners(state, cell),
    falseNeighbours: rules.touching === "line" ? [] : falseNeighbours(state, cell),
    lone: isLone(rules, card),
  };
};

/**
 * Whether a `consolidate_step` would be accepted: a consolidation is under
 * way, or one can start (phase `remove`, some card has a gap before it, or
 * there is a gap and stock left) in a game being played.
 * @param {import("./state.js").State} state
 * @returns {boolean}
 */
export const canConsolidate = (state) => consolidationAllowed(state, status(state));

const consolidationAllowed = (state, outcome) =>
  outcome === "playing" &&
  (state.phase === "consolidate" || (state.phase === "remove" && canStartConsolidation(state)));

/**
 * Whether a `refill_step` would be accepted: phase `refill` in a game being played.
 * @param {import("./state.js").State} state
 * @returns {boolean}
 */
export const canRefill = (state) => state.phase === "refill" && status(state) === "playing";

/**
 * What the view asks about a state on every redraw, with the status worked
 * out once (each query on its own works it out again): the same values as
 * `status`, `legalPairs`, `legalLone`, `canConsolidate`, `canRefill`,
 * `canUndo`, `canRedo` and `consolidationMoves`.
 * @param {import("./state.js").State} state
 * @returns {{status: "playing"|"won"|"lost", legalPairs: number[][], legalLone: number[],
 *   canConsolidate: boolean, canRefill: boolean, canUndo: boolean, canRedo: boolean,
 *   consolidationMoves: number[][]}}
 */
export const overview = (state) => {
  const outcome = status(state);
  const playing = outcome === "playing";
  const consolidate = consolidationAllowed(state, outcome);
  return {
    status: outcome,
    legalPairs: playing && state.phase === "remove" ? pairs(state) : [],
    legalLone: playing && state.phase === "remove" ? loneCells(state) : [],
    canConsolidate: consolidate,
    canRefill: playing && state.phase === "refill",
    canUndo: canUndo(state),
    canRedo: canRedo(state),
    consolidationMoves: consolidate ? doConsolidate(state.rules, copyPosition(state)) : [],
  };
};

/**
 * @param {import("./state.js").State} state
 * @returns {boolean} whether `undo` would be accepted: `cursor > 0`, or at the start of a
 *   game a new deal or load replaced an earlier one (`previous_game`)
 */
export const canUndo = (state) => state.cursor > 0 || (state.previous_game ?? null) !== null;

/**
 * @param {import("./state.js").State} state
 * @returns {boolean} whether `redo` would be accepted: `cursor < len(history)`, or an
 *   undone new deal or load is left (`next_game`)
 */
export const canRedo = (state) =>
  state.cursor < state.history.length || (state.next_game ?? null) !== null;

/**
 * @param {import("./state.js").State} state
 * @returns {number} cards removed so far: two per pair discarded, one per lone card
 *   (the sum of the discards' lengths)
 */
export const removedCount = (state) => state.discards.reduce((n, entry) => n + entry.length, 0);

/**
 * @param {import("./state.js").State} state
 * @returns {number} cards in play: on the tableau + in the stock + removed
 *   (52 for a dealt standard game; fewer for a partial teaching layout)
 */
export const totalCards = (state) =>
  state.tableau.filter((c) => c !== null).length + state.stock.length + removedCount(state);

/**
 * The move the next `consolidate_step` would make, for animation.
 * @param {import("./state.js").State} state
 * @returns {[number, number]|null} `[from, to]`, or null when no step is
 *   allowed or the step moves no card (the gaps are already at the end):
 *   the first of `consolidationMoves`, since a step that moves no card is
 *   the last of its consolidation
 */
export const consolidationMove = (state) => consolidationMoves(state)[0] ?? null;

/**
 * Every move a `consolidate` would make, in order, for animation.
 * @param {import("./state.js").State} state
 * @returns {number[][]} `[from, to]` pairs; `[]` when consolidation is not allowed
 */
export const consolidationMoves = (state) =>
  canConsolidate(state) ? doConsolidate(state.rules, copyPosition(state)) : [];

/**
 * The cell the next `refill_step` would fill (the first gap).
 * @param {import("./state.js").State} state
 * @returns {number|null} the cell, or null when no refill is allowed (the
 *   first of `refillCells`)
 */
export const nextRefillCell = (state) => refillCells(state)[0] ?? null;

/**
 * Every cell a `refill` would fill, in order.
 * @param {import("./state.js").State} state
 * @returns {number[]} `[]` when no refill is allowed
 */
export const refillCells = (state) =>
  canRefill(state) ? doRefill(state.rules, copyPosition(state)) : [];

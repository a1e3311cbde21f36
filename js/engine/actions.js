/**
 * `apply(state, action)`: the one pure transition of the game, and the
 * queries the view asks on every click (pairs, highlights, status, …).
 *
 * Implements RULES.md, "A round" (remove pairs, consolidate, refill) and
 * "End of the game", and docs/architecture.md, "Actions", "Status" and
 * "Queries".
 * @module engine/actions
 */
import { cardSymbol } from "./cards.js";
import { checkDeal, dealLayout } from "./deals.js";
import { IllegalMove, StateError } from "./errors.js";
import { formatLayout, parseLayout, stockPlace } from "./layout.js";
import {
  DIRECTIONS,
  cellPlace,
  cellToRowCol,
  cellsBetween,
  checkCell,
  neighbourEdges,
  neighbourTable,
  neighbours,
  pairTest,
} from "./rules.js";
import { MAX_PREVIOUS_GAMES, freshState, startOf, validateAction, validateState } from "./state.js";

/* ------------------------------------------------------------------ */
/* The position: the part of the state that replaying history changes. */

/**
 * A working copy of a state's position (also walkthrough.js's): `tableau`, `stock`,
 * `discards`, `phase`, `round`, `consolidations`, sharing no arrays with it.
 * @param {import("./state.js").State|object} state  a state or a working position
 * @returns {object}
 */
export const copyPosition = (state) => ({
  ...startOf(state), // tableau and stock copied, in this order of keys
  discards: state.discards.map((pair) => [pair[0], pair[1]]),
  phase: state.phase,
  round: state.round,
  consolidations: state.consolidations,
});

const firstGap = (tableau) => tableau.indexOf(null);

/** The first card after the first gap, or -1: the card the next consolidation step moves. */
const cardAfterFirstGap = (tableau) => {
  const g = firstGap(tableau);
  return g === -1 ? -1 : tableau.findIndex((c, k) => k > g && c !== null);
};

/** RULES.md "Consolidate": some card has a gap before it, or a gap and stock left. */
const canStartConsolidation = (pos) =>
  cardAfterFirstGap(pos.tableau) !== -1 || (pos.stock.length > 0 && firstGap(pos.tableau) !== -1);

const pairsOf = (rules, tableau, firstOnly = false) => {
  const edges = neighbourEdges(rules);
  const test = pairTest(rules);
  const out = [];
  for (let k = 0; k < edges.length; k++) {
    const edge = edges[k];
    const a = tableau[edge[0]];
    if (a === null) continue;
    const b = tableau[edge[1]];
    if (b !== null && test(a, b)) {
      out.push([edge[0], edge[1]]);
      if (firstOnly) return out;
    }
  }
  return out;
};

const statusOf = (rules, pos) => {
  if (pos.stock.length === 0 && pos.tableau.every((c) => c === null)) return "won";
  if (
    pos.phase === "remove" &&
    !canStartConsolidation(pos) &&
    pairsOf(rules, pos.tableau, true).length === 0
  ) {
    return "lost";
  }
  return "playing";
};

const isAcrossGap = (rules, tableau, a, b) => {
  const between = cellsBetween(rules, a, b);
  return between !== null && between.length > 0 && between.every((k) => tableau[k] === null);
};

/* ------------------------------------------------------------------ */
/* Game actions on a working position (mutated in place).               */

// The reason given when two cards do not pair, per pair rule.
const NO_PAIR_REASON = { "same-rank": "different-rank" };

/** A refusal whose catalogue key is its reason (`game-over`, `same-cell`, …). */
const illegal = (reason, cells, params) => new IllegalMove(reason, reason, cells, params);

/** A `wrong-phase` refusal; `key` says which (`remove-during-refill`, …). */
const wrongPhase = (key) => new IllegalMove("wrong-phase", key);

/** An `empty-cell` refusal for `cell`, naming its row and column (from 1). */
const emptyCell = (rules, cell) => {
  const { row, col } = cellToRowCol(rules, cell);
  return illegal("empty-cell", [cell], { row: row + 1, col: col + 1 });
};

/** The round is over: the next one starts with removing pairs. */
const endRound = (pos) => {
  pos.phase = "remove";
  pos.round += 1;
};

const ensurePlaying = (rules, pos) => {
  if (statusOf(rules, pos) !== "playing") throw illegal("game-over");
};

const doRemove = (rules, pos, cells) => {
  // Checks and errors use the lower cell first, as the action is stored.
  const i = Math.min(cells[0], cells[1]);
  const j = Math.max(cells[0], cells[1]);
  // The cells are whole numbers (validateAction): checkCell refuses one outside the
  // tableau as `out-of-range`.
  checkCell(rules, i);
  checkCell(rules, j);
  if (i === j) throw illegal("same-cell", [i]);
  ensurePlaying(rules, pos);
  if (pos.phase === "consolidate") throw wrongPhase("remove-during-consolidation");
  if (pos.phase === "refill") throw wrongPhase("remove-during-refill");
  const t = pos.tableau;
  for (const c of [i, j]) if (t[c] === null) throw emptyCell(rules, c);
  const names = { a: cardSymbol(t[i]), b: cardSymbol(t[j]) };
  if (!pairTest(rules)(t[i], t[j])) {
    throw illegal(NO_PAIR_REASON[rules.pair], [i, j], names);
  }
  if (!neighbourTable(rules)[i].includes(j)) {
    throw illegal(isAcrossGap(rules, t, i, j) ? "across-gap" : "not-adjacent", [i, j], names);
  }
  pos.discards.push([t[i], t[j]]);
  t[i] = null;
  t[j] = null;
};

const doConsolidateStep = (rules, pos) => {
  ensurePlaying(rules, pos);
  if (pos.phase === "refill") throw wrongPhase("consolidate-during-refill");
  if (pos.phase === "remove") {
    if (!canStartConsolidation(pos)) throw wrongPhase("nothing-to-consolidate");
    pos.consolidations += 1;
    pos.phase = "consolidate";
  }
  const t = pos.tableau;
  const to = firstGap(t);
  const from = cardAfterFirstGap(t);
  let move = null;
  if (from !== -1) {
    t[to] = t[from];
    t[from] = null;
    move = [from, to];
  }
  if (cardAfterFirstGap(t) === -1) {
    if (firstGap(t) !== -1 && pos.stock.length > 0) pos.phase = "refill";
    else endRound(pos);
  }
  return move;
};

/**
 * A whole consolidation or refill: `step` (`doConsolidateStep`,
 * `doRefillStep`) again while the position stays in `phase`; what each
 * step did, in order (a step that moved no card, null, left out).
 */
const allSteps = (step, phase) => (rules, pos) => {
  const done = [];
  do {
    const result = step(rules, pos);
    if (result !== null) done.push(result);
  } while (pos.phase === phase);
  return done;
};

const doConsolidate = allSteps(doConsolidateStep, "consolidate");

const doRefillStep = (rules, pos) => {
  ensurePlaying(rules, pos);
  if (pos.phase === "remove") {
    // The real reason, so Refill and Consolidate never send the learner in a
    // circle: only with a gap and stock left is consolidating the way on.
    if (firstGap(pos.tableau) === -1) throw wrongPhase("nothing-to-refill-full");
    if (pos.stock.length === 0) throw wrongPhase("nothing-to-refill-empty-stock");
    throw wrongPhase("refill-before-consolidation");
  }
  if (pos.phase === "consolidate") throw wrongPhase("refill-during-consolidation");
  const t = pos.tableau;
  const cell = firstGap(t);
  t[cell] = pos.stock.shift();
  if (firstGap(t) === -1 || pos.stock.length === 0) endRound(pos);
  return cell;
};

const doRefill = allSteps(doRefillStep, "refill");

/** Each game action's step on a working position: `(rules, pos, action)`. */
const PLAY = {
  remove: (rules, pos, action) => doRemove(rules, pos, action.cells),
  consolidate_step: doConsolidateStep,
  consolidate: doConsolidate,
  refill_step: doRefillStep,
  refill: doRefill,
};

/**
 * Apply one game action to a working position in place and return what it
 * did (as `perform` in Python); throws `IllegalMove` like `apply`. Also
 * walkthrough.js's (not exported by index.js).
 * @param {import("./rules.js").Rules} rules
 * @param {object} pos  a working position (see `copyPosition`), changed in place
 * @param {{type: string}} action  a shape-checked game action
 * @returns {*}
 */
export const playOn = (rules, pos, action) => {
  if (!Object.hasOwn(PLAY, action.type)) throw new Error(`not a game action: ${action.type}`);
  return PLAY[action.type](rules, pos, action);
};

const storedForm = (action) => {
  if (action.type === "remove") {
    const [i, j] = action.cells;
    return { type: "remove", cells: [Math.min(i, j), Math.max(i, j)] };
  }
  return { type: action.type };
};

/**
 * A state of `state`'s game (its rules, deal and start copied) at the working
 * position `pos`, with `history` and `cursor` as given (not copied); its
 * `previous_game` chain copied, `links` earlier games at most (the oldest beyond
 * are dropped), and `nextGame` copied as its `next_game`. Also walkthrough.js's
 * (not exported by index.js).
 * @param {import("./state.js").State} state
 * @param {object} pos  a working position (see `copyPosition`), not copied
 * @param {import("./state.js").Action[]} history
 * @param {number} cursor
 * @param {import("./state.js").Action|null} [nextGame]  `state`'s `next_game` unless given
 * @param {number} [links=MAX_PREVIOUS_GAMES]
 * @returns {import("./state.js").State}
 */
export const buildState = (
  state,
  pos,
  history,
  cursor,
  nextGame = state.next_game ?? null,
  links = MAX_PREVIOUS_GAMES,
) => ({
  rules: { ...state.rules },
  // `?? null`: JupyterLite's kernel drops a null-valued key of a synced dict,
  // so a loaded layout's state can arrive without its `deal` (docs/export.md).
  deal: state.deal ?? null,
  start: state.start,
  ...pos, // tableau, stock, discards, phase, round, consolidations
  history,
  cursor,
  previous_game: links === 0 ? null : copyGame(state.previous_game ?? null, links - 1),
  next_game: copyStart(nextGame),
});

/**
 * `history[:upTo]` (all of it by default) copied, each `remove` with its cells
 * ascending. Also walkthrough.js's (not exported by index.js).
 * @param {import("./state.js").Action[]} history
 * @param {number} [upTo]
 * @returns {import("./state.js").Action[]}
 */
export const copyHistory = (history, upTo) => history.slice(0, upTo).map(storedForm);

/** A `new_deal`/`load` action (or null), copied. */
const copyStart = (action) =>
  action === null
    ? null
    : action.type === "new_deal"
      ? { type: "new_deal", deal: action.deal }
      : { type: "load", layout: action.layout };

/**
 * A deep copy of a game of a `previous_game` chain (or null), with both chain keys written;
 * `links` earlier games at most (the oldest beyond are dropped).
 */
const copyGame = (game, links, nextGame = game?.next_game ?? null) =>
  game === null
    ? null
    : buildState(game, copyPosition(game), copyHistory(game.history), game.cursor, nextGame, links);

/** The action that starts `state`'s game again: its deal, or its start layout. */
const startingAction = (state) =>
  state.deal !== null
    ? { type: "new_deal", deal: state.deal }
    : { type: "load", layout: state.start };

/**
 * A fresh game from a `new_deal`/`load` with `state`'s rules; `state` becomes its
 * `previous_game`, the chain cut to MAX_PREVIOUS_GAMES. Like a game action after
 * an undo, the new game drops what was waiting for a redo: the replaced game is
 * kept without its redoable tail (`history[:cursor]`) and without `next_game`,
 * so undo and redo stay a stack (after undoing the new deal, redo makes it again).
 */
const newGame = (state, action) => {
  const rules = state.rules;
  const fresh =
    action.type === "new_deal"
      ? freshState(rules, checkDeal(action.deal), dealLayout(action.deal, rules))
      : freshState(rules, null, parseLayout(action.layout, rules));
  const replaced = copyGame(state, MAX_PREVIOUS_GAMES - 1, null);
  replaced.history.length = state.cursor;
  fresh.previous_game = replaced;
  return fresh;
};

/* ------------------------------------------------------------------ */
/* The public transition.                                              */

/**
 * Apply an action to a state. Pure: the input state is never changed, and a
 * refused action throws and returns nothing. The result shares no arrays or
 * objects with the input.
 *
 * Game actions (`remove`, `consolidate_step`, `consolidate`, `refill_step`,
 * `refill`) are recorded in `history`; after an undo they drop the redoable
 * tail and clear `next_game`. `undo` replays `history[:cursor − 1]` from
 * `start`; `redo` applies `history[cursor]`. `new_deal` and `load` start a
 * fresh game with the same rules, keeping the replaced game as
 * `previous_game` (at most MAX_PREVIOUS_GAMES earlier games); `undo` at the
 * start of a game (`cursor` 0) goes back to it, with `next_game` the action
 * taken back, and `redo` at the end of the history makes `next_game` again.
 * A new deal or load drops the replaced game's redoable tail, as a game action
 * does, so redo always makes the last thing undone first.
 *
 * `remove` checks, in this order: `out-of-range`, `same-cell`, `game-over`,
 * `wrong-phase`, `empty-cell`, `different-rank`, `across-gap`, `not-adjacent`
 * (docs/architecture.md, "remove(i, j)"), each on the lower cell first. The
 * error's `cells` are: `[]` for out-of-range, wrong-phase and game-over; the
 * cell for same-cell and empty-cell; both cells (ascending) otherwise.
 *
 * @param {import("./state.js").State} state  a valid state (see `validateState`)
 * @param {import("./state.js").Action} action  e.g. `{type: "remove", cells: [2, 8]}`
 * @returns {import("./state.js").State} the new state
 * @throws {StateError} for a malformed action, naming the bad part (`action.cells[1]`)
 * @throws {IllegalMove} when the rules refuse the action (`reason`, `key`, `cells`, `params`)
 * @throws {DealError} for `new_deal` with a bad deal number
 * @throws {LayoutError} for `load` with bad layout notation
 */
export const apply = (state, action) => {
  const a = validateAction(action);
  const rules = state.rules;
  switch (a.type) {
    case "undo": {
      if (state.cursor === 0) {
        const previous = state.previous_game ?? null;
        if (previous === null) throw illegal("nothing-to-undo");
        return copyGame(previous, MAX_PREVIOUS_GAMES, startingAction(state));
      }
      const cursor = state.cursor - 1;
      const pos = positionAfter(state, cursor);
      return buildState(state, pos, copyHistory(state.history), cursor);
    }
    case "redo": {
      if (state.cursor >= state.history.length) {
        const next = state.next_game ?? null;
        if (next === null) throw illegal("nothing-to-redo");
        return newGame(state, next);
      }
      const pos = copyPosition(state);
      playOn(rules, pos, state.history[state.cursor]);
      return buildState(state, pos, copyHistory(state.history), state.cursor + 1);
    }
    case "new_deal":
    case "load":
      return newGame(state, a);
    default: {
      const pos = copyPosition(state);
      playOn(rules, pos, a);
      const history = copyHistory(state.history, state.cursor);
      history.push(storedForm(a));
      return buildState(state, pos, history, history.length, null);
    }
  }
};

/**
 * The position after `history[:upTo]`, replayed from `start` (a fresh working
 * position, as `copyPosition` makes). Also walkthrough.js's (not exported by index.js).
 * @param {import("./state.js").State} state
 * @param {number} upTo
 * @returns {object}
 */
export const positionAfter = (state, upTo) => {
  const pos = startOf(parseLayout(state.start, state.rules));
  for (let k = 0; k < upTo; k++) playOn(state.rules, pos, state.history[k]);
  return pos;
};

/**
 * Check a state completely, as Python does with a state the front end
 * sends: its shape (`validateState`), that `deal` (when not null) deals
 * exactly `start`, that every action of `history` (the redoable tail too)
 * can be replayed from `start`, and that the position equals the replay of
 * `history[:cursor]` (compared in the order tableau, stock, discards,
 * phase, round, consolidations); then the same for each game of the
 * `previous_game` chain, each once (the chain is validated once, not again
 * for each link).
 *
 * @param {*} json  a state
 * @returns {import("./state.js").State} the same object, for chaining
 * @throws {StateError} naming the first difference, e.g. `state.start`,
 *   `state.history[4]` (cannot be replayed), `state.tableau[7]` or
 *   `state.previous_game.tableau[7]`
 */
export const verifyState = (json) => {
  validateState(json);
  let path = "state";
  for (let game = json; game !== null; game = game.previous_game ?? null) {
    verifyGame(game, path);
    path = `${path}.previous_game`;
  }
  return json;
};

/** Replay one (validated) game of a chain, named by `path`, against its start. */
const verifyGame = (json, path) => {
  const rules = json.rules;
  if (json.deal !== null) checkDealStart(json, path);
  const pos = startOf(parseLayout(json.start, rules));
  let atCursor = json.cursor === 0 ? copyPosition(pos) : null;
  json.history.forEach((action, k) => {
    try {
      playOn(rules, pos, action);
    } catch (err) {
      if (err instanceof IllegalMove) {
        throw new StateError(`${path}.history[${k}]`, "state.replay", {
          action: action.type,
          problem: err.message,
        });
      }
      throw err;
    }
    if (k + 1 === json.cursor) atCursor = copyPosition(pos);
  });
  compareWithReplay(json, atCursor, path);
};

const showCell = (card) => (card === null ? "a gap" : card);

const firstDifference = (a, b, same = (x, y) => x === y) => {
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k++) if (!same(a[k], b[k])) return k;
  return -1;
};

const checkDealStart = (json, path) => {
  const { rules, deal } = json;
  const dealt = dealLayout(deal, rules);
  if (formatLayout(dealt, rules) === json.start) return;
  const given = parseLayout(json.start, rules);
  let k = firstDifference(given.tableau, dealt.tableau);
  if (k >= 0) {
    throw new StateError(`${path}.start`, "state.deal-start", {
      deal,
      place: cellPlace(rules, k),
      expected: showCell(dealt.tableau[k]),
      got: showCell(given.tableau[k]),
    });
  }
  k = firstDifference(given.stock, dealt.stock);
  if (k >= 0) {
    throw new StateError(`${path}.start`, "state.deal-start", {
      deal,
      place: stockPlace(k + 1),
      expected: dealt.stock[k],
      got: given.stock[k],
    });
  }
  throw new StateError(`${path}.start`, "state.deal-start-count", {
    deal,
    expected: dealt.stock.length,
    got: given.stock.length,
  });
};

const compareWithReplay = (json, replayed, path) => {
  const mismatch = (path, got, expected) => {
    throw new StateError(path, "state.mismatch", { got, expected });
  };
  const k = firstDifference(json.tableau, replayed.tableau);
  if (k >= 0) {
    mismatch(`${path}.tableau[${k}]`, showCell(json.tableau[k]), showCell(replayed.tableau[k]));
  }
  const samePair = (x, y) => x[0] === y[0] && x[1] === y[1];
  for (const [name, same, show] of [
    ["stock", undefined, (c) => c],
    ["discards", samePair, (pair) => `${pair[0]} ${pair[1]}`],
  ]) {
    const got = json[name];
    const expected = replayed[name];
    if (got.length !== expected.length) {
      throw new StateError(`${path}.${name}`, "state.mismatch-count", {
        got: got.length,
        expected: expected.length,
      });
    }
    const d = firstDifference(got, expected, same);
    if (d >= 0) mismatch(`${path}.${name}[${d}]`, show(got[d]), show(expected[d]));
  }
  for (const name of ["phase", "round", "consolidations"]) {
    if (json[name] !== replayed[name]) {
      mismatch(`${path}.${name}`, String(json[name]), String(replayed[name]));
    }
  }
};

/* ------------------------------------------------------------------ */
/* Queries.                                                             */

/**
 * All pairs on the tableau: two cards of the same rank in neighbouring
 * cells, in any phase (RULES.md "Remove pairs"; suits never matter).
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
 * Derived status (RULES.md "End of the game"): `won` when the tableau and
 * the stock are both empty; `lost` (blocked) in phase `remove` with no pair
 * and consolidation not allowed (this includes a full tableau with no pair
 * and stock left); `playing` otherwise.
 * @param {import("./state.js").State} state
 * @returns {"playing"|"won"|"lost"}
 */
export const status = (state) => statusOf(state.rules, state);

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
 * @returns {{neighbours: number[], partners: number[], falseNeighbours: number[]}}
 *   `neighbours`: every neighbouring cell (gaps included), as `neighbours(rules, cell)`;
 *   `partners`: the neighbouring cells whose card the learner can remove with it
 *   now, the other cells of its pairs in `legalPairs(state)` (none outside phase
 *   `remove`: a pair touching there waits for the next round, see `pairs`);
 *   `falseNeighbours`: as `falseNeighbours(state, cell)`. All ascending.
 * @throws {IllegalMove} `out-of-range` for a cell outside the tableau, `empty-cell` for a gap
 * @throws {StateError} (path `cell`) when `cell` is not an integer
 */
export const highlights = (state, cell) => {
  const { rules, tableau } = state;
  checkCell(rules, cell);
  const card = tableau[cell];
  if (card === null) throw emptyCell(rules, cell);
  const near = neighbours(rules, cell);
  const test = pairTest(rules);
  const removable = state.phase === "remove" && status(state) === "playing";
  return {
    neighbours: near,
    partners: removable ? near.filter((k) => tableau[k] !== null && test(card, tableau[k])) : [],
    falseNeighbours: falseNeighbours(state, cell),
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
 * `status`, `legalPairs`, `canConsolidate`, `canRefill`, `canUndo`,
 * `canRedo` and `consolidationMoves`.
 * @param {import("./state.js").State} state
 * @returns {{status: "playing"|"won"|"lost", legalPairs: number[][],
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
 * @returns {number} cards removed so far: 2 × the pairs discarded
 */
export const removedCount = (state) => 2 * state.discards.length;

/**
 * @param {import("./state.js").State} state
 * @returns {number} cards in play: on the tableau + in the stock + 2 × the pairs discarded
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

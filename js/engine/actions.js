/**
 * `apply(state, action)`: the one pure transition of the game, and the
 * verification of a state by replaying its history (the queries the view
 * asks are in queries.js).
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
import { listOf } from "./messages.js";
import {
  canStartConsolidation,
  cardAfterFirstGap,
  firstGap,
  isAcrossGap,
  statusOf,
} from "./position.js";
import {
  cellPlace,
  cellToRowCol,
  checkCell,
  isLone,
  isStay,
  pairTest,
  rankValue,
  touchingTable,
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
  discards: state.discards.map((entry) => entry.slice()),
  phase: state.phase,
  round: state.round,
  consolidations: state.consolidations,
});

// The reason given when two cards do not pair, per pair rule.
const NO_PAIR_REASON = {
  "same-rank": "different-rank",
  "sum-13": "not-sum",
  "sum-14": "not-sum",
  "same-suit": "different-suit",
};

/** A refusal whose catalogue key is its reason (`game-over`, `same-cell`, …) unless given. */
const illegal = (reason, cells, params, key = reason) =>
  new IllegalMove(reason, key, cells, params);

/** A `wrong-phase` refusal; `key` says which (`remove-during-refill`, …). */
const wrongPhase = (key) => new IllegalMove("wrong-phase", key);

/** An `empty-cell` refusal for `cell`, naming its row and column (from 1); also queries.js's. */
export const emptyCell = (rules, cell) => {
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

/**
 * Rank letters as a message parameter: the plural name of one rank ("kings"),
 * or of several as a list ("queens and kings"), as Python's `rank_names`.
 */
export const rankNames = (ranks) => {
  const names = ranks.map((rank) => ({ key: `rank-plural.${rank}`, params: {} }));
  return names.length === 1 ? names[0] : listOf(names);
};

/** The checks every remove makes on its cells (ascending), up to `empty-cell`. */
const checkRemovable = (rules, pos, cells) => {
  // The cells are whole numbers (validateAction): checkCell refuses one outside the
  // tableau as `out-of-range`.
  for (const c of cells) checkCell(rules, c);
  if (cells.length === 2 && cells[0] === cells[1]) throw illegal("same-cell", [cells[0]]);
  ensurePlaying(rules, pos);
  if (pos.phase === "consolidate") throw wrongPhase("remove-during-consolidation");
  if (pos.phase === "refill") throw wrongPhase("remove-during-refill");
  for (const c of cells) if (pos.tableau[c] === null) throw emptyCell(rules, c);
};

/** A card removed alone (a `lone` rank, e.g. a king in Thirteens). */
const doRemoveLone = (rules, pos, i) => {
  checkRemovable(rules, pos, [i]);
  const t = pos.tableau;
  if (!isLone(rules, t[i])) {
    const a = cardSymbol(t[i]);
    if (rules.lone === undefined) throw illegal("not-lone", [i], { a }, "needs-partner");
    throw illegal("not-lone", [i], { a, ranks: rankNames(rules.lone) });
  }
  pos.discards.push([t[i]]);
  t[i] = null;
  return [...pos.discards.at(-1)];
};

const doRemove = (rules, pos, cells) => {
  if (cells.length === 1) return doRemoveLone(rules, pos, cells[0]);
  // Checks and errors use the lower cell first, as the action is stored.
  const i = Math.min(cells[0], cells[1]);
  const j = Math.max(cells[0], cells[1]);
  checkRemovable(rules, pos, [i, j]);
  const t = pos.tableau;
  const names = { a: cardSymbol(t[i]), b: cardSymbol(t[j]) };
  if (isStay(rules, t[i]) || isStay(rules, t[j])) {
    throw illegal("stay-rank", [i, j], { ...names, ranks: rankNames(rules.stay) });
  }
  if (isLone(rules, t[i]) || isLone(rules, t[j])) {
    throw illegal("lone-rank", [i, j], { ...names, ranks: rankNames(rules.lone) });
  }
  if (!pairTest(rules)(t[i], t[j])) {
    const reason = NO_PAIR_REASON[rules.pair];
    if (reason !== "not-sum") throw illegal(reason, [i, j], names);
    const sum = rules.pair === "sum-13" ? 13 : 14;
    throw illegal(reason, [i, j], { ...names, sum, total: rankValue(t[i]) + rankValue(t[j]) });
  }
  if (!touchingTable(rules)[i].includes(j)) {
    if (rules.touching === "line") throw illegal("not-in-line", [i, j], names);
    throw illegal(isAcrossGap(rules, t, i, j) ? "across-gap" : "not-adjacent", [i, j], names);
  }
  pos.discards.push([t[i], t[j]]);
  t[i] = null;
  t[j] = null;
  return [...pos.discards.at(-1)];
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

/** A whole consolidation on a working position (also queries.js's). */
export const doConsolidate = allSteps(doConsolidateStep, "consolidate");

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

/** A whole refill on a working position (also queries.js's). */
export const doRefill = allSteps(doRefillStep, "refill");

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
    const cells = action.cells.slice().sort((x, y) => x - y);
    return { type: "remove", cells };
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
  const sameEntry = (x, y) => x.length === y.length && x.every((c, n) => c === y[n]);
  for (const [name, same, show] of [
    ["stock", undefined, (c) => c],
    ["discards", sameEntry, (entry) => entry.join(" ")],
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

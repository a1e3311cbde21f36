/**
 * The rules value (tableau shape, decks, pair rule, what "touching" means)
 * and the geometry of cells.
 *
 * Implements RULES.md, "Terms" (cell, neighbour) and "Variants", and
 * docs/architecture.md, "Rules value" and "Cells and geometry".
 * @module engine/rules
 */
import { RANKS } from "./cards.js";
import { IllegalMove, StateError, choiceError, excerpt, showValue, typeError } from "./errors.js";

// Object.freeze, marked free of side effects so that esbuild drops a frozen
// constant the bundle never reads (docs/performance.md, "Sizes").
const freeze = /* @__NO_SIDE_EFFECTS__ */ (value) => Object.freeze(value);

/**
 * @typedef {Object} Rules
 * @property {string} name  `standard`, `small`, `double`, or a custom name
 * @property {number} rows  tableau rows, 1 … 10
 * @property {number} cols  tableau columns, 1 … 10
 * @property {number} decks  1 or 2
 * @property {string} pair  `same-rank`, `sum-13`, `sum-14` or `same-suit`
 * @property {string} touching  `eight` (the 8 neighbours) or `line` (same row or column)
 * @property {string[]} [lone]  rank letters whose cards are removed alone, ascending;
 *   left out when empty
 * @property {string[]} [stay]  rank letters whose cards never pair and stay (the game is won
 *   when only they are left), ascending; left out when empty
 */

/** The presets of RULES.md, "Variants", in the order pickers and errors list them. */
export const PRESETS = freeze({
  standard: freeze({
    name: "standard",
    rows: 5,
    cols: 5,
    decks: 1,
    pair: "same-rank",
    touching: "eight",
  }),
  small: freeze({
    name: "small",
    rows: 4,
    cols: 5,
    decks: 1,
    pair: "same-rank",
    touching: "eight",
  }),
  double: freeze({
    name: "double",
    rows: 7,
    cols: 7,
    decks: 2,
    pair: "same-rank",
    touching: "eight",
  }),
  thirteens: freeze({
    name: "thirteens",
    rows: 5,
    cols: 5,
    decks: 1,
    pair: "sum-13",
    touching: "eight",
    lone: freeze(["K"]),
  }),
  fourteens: freeze({
    name: "fourteens",
    rows: 5,
    cols: 5,
    decks: 1,
    pair: "sum-14",
    touching: "eight",
  }),
  "fourteens-lines": freeze({
    name: "fourteens-lines",
    rows: 5,
    cols: 5,
    decks: 1,
    pair: "sum-14",
    touching: "line",
  }),
  "aces-square": freeze({
    name: "aces-square",
    rows: 5,
    cols: 5,
    decks: 1,
    pair: "same-suit",
    touching: "line",
    stay: freeze(["A"]),
  }),
});

/** The largest number of rows or columns a rules value may ask for. */
export const MAX_SIDE = 10;

/** The largest number of decks a rules value may ask for. */
export const MAX_DECKS = 2;

const RULE_KEYS = ["name", "rows", "cols", "decks", "pair", "touching"];
// Optional keys: lists of rank letters, `[]` when left out, left out when empty.
const RANK_KEYS = ["lone", "stay"];
/** The pair rules of RULES.md, "Variants". */
export const PAIR_RULES = freeze(["same-rank", "sum-13", "sum-14", "same-suit"]);
/** The touching rules: the 8 neighbours, or anywhere in the same row or column. */
export const TOUCHING_RULES = freeze(["eight", "line"]);

/**
 * Make a rules value from a preset name or check a rules object.
 *
 * A preset name must come with all of the preset's values; any other
 * non-empty name is a custom game (rows and columns 1 … 10, `rows·cols` at
 * most `52·decks`). Checks, in this order: unknown/missing keys, `name`,
 * `rows`, `cols`, `decks`, the number of cells (reported at `rows`), `pair`,
 * `touching`, `lone`, `stay` (each a list of distinct rank letters, no rank
 * in both), then a preset name's `rows`, `cols`, `decks`, `pair`,
 * `touching`, `lone`, `stay`.
 *
 * @param {string|Rules} [spec="standard"]  a preset name or a rules object
 *   with the six keys and optionally `lone` and `stay`
 * @param {string} [path="rules"]  where the value sits, for error messages
 * @returns {Rules} a fresh plain object (never the one given), `lone` and
 *   `stay` in ascending rank value and left out when empty
 * @throws {StateError} naming the bad key, e.g. `rules.pair`, `rules.lone[1]`
 *   (catalogue `state.choice`, `state.type`, `state.range`, `state.preset`, …)
 */
export const makeRules = (spec = "standard", path = "rules") => {
  if (typeof spec === "string") {
    if (!Object.hasOwn(PRESETS, spec)) {
      throw choiceError(path, spec, Object.keys(PRESETS));
    }
    return copyRules(PRESETS[spec]);
  }
  if (spec === null || typeof spec !== "object" || Array.isArray(spec)) {
    throw typeError(path, "an object");
  }
  for (const key of Object.keys(spec)) {
    if (!RULE_KEYS.includes(key) && !RANK_KEYS.includes(key)) {
      throw new StateError(`${path}.${excerpt(key)}`, "state.unknown");
    }
  }
  for (const key of RULE_KEYS) {
    if (!(key in spec)) throw new StateError(`${path}.${key}`, "state.missing");
  }
  const { name, rows, cols, decks, pair, touching } = spec;
  if (typeof name !== "string" || name === "") {
    throw typeError(`${path}.name`, "a non-empty string");
  }
  for (const [key, value, high] of [
    ["rows", rows, MAX_SIDE],
    ["cols", cols, MAX_SIDE],
    ["decks", decks, MAX_DECKS],
  ]) {
    requireInt(value, `${path}.${key}`);
    if (value < 1 || value > high) {
      throw new StateError(`${path}.${key}`, "state.range", {
        low: 1,
        high,
        value: showValue(value),
      });
    }
  }
  if (rows * cols > 52 * decks) {
    throw new StateError(`${path}.rows`, "state.too-many-cells", {
      cells: rows * cols,
      cards: 52 * decks,
    });
  }
  if (typeof pair !== "string" || !PAIR_RULES.includes(pair)) {
    throw choiceError(`${path}.pair`, pair, PAIR_RULES);
  }
  if (typeof touching !== "string" || !TOUCHING_RULES.includes(touching)) {
    throw choiceError(`${path}.touching`, touching, TOUCHING_RULES);
  }
  const lone = rankList(spec.lone, `${path}.lone`, []);
  const stay = rankList(spec.stay, `${path}.stay`, lone);
  const out = { name, rows, cols, decks, pair, touching, lone, stay };
  if (Object.hasOwn(PRESETS, name)) {
    const preset = copyRules(PRESETS[name]);
    for (const key of [...RULE_KEYS.slice(1), ...RANK_KEYS]) {
      const want = preset[key] ?? [];
      if (String(out[key]) !== String(want)) {
        const expected = Array.isArray(want) ? showValue(want) : want;
        throw new StateError(`${path}.${key}`, "state.preset", { name, expected });
      }
    }
  }
  return copyRules(out);
};

/** A rules value as its canonical JSON has it: `lone` and `stay` left out when empty. */
const copyRules = (rules) => {
  const out = { ...rules };
  for (const key of RANK_KEYS) {
    if (out[key] === undefined || out[key].length === 0) delete out[key];
    else out[key] = out[key].slice();
  }
  return out;
};

/**
 * A `lone` or `stay` list (absent: `[]`): distinct rank letters, none of
 * them in `other` (the `lone` list, for `stay`), sorted by rank value.
 */
const rankList = (value, path, other) => {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw typeError(path, "a list of rank letters");
  value.forEach((rank, k) => {
    const where = `${path}[${k}]`;
    if (typeof rank !== "string" || !RANKS.includes(rank)) throw choiceError(where, rank, RANKS);
    if (value.indexOf(rank) < k) throw new StateError(where, "state.duplicate", { value: rank });
    if (other.includes(rank)) throw new StateError(where, "state.lone-and-stay", { value: rank });
  });
  return RANKS.filter((rank) => value.includes(rank));
};

/**
 * Whether `value` is an integer (a bool or a numeric string is not:
 * `Number.isInteger` converts nothing). Not exported by index.js.
 * @param {*} value
 * @returns {boolean}
 */
export const isInt = (value) => Number.isInteger(value);

/**
 * Require a whole number. Also state.js's and walkthrough.js's; not exported by index.js.
 * @param {*} value
 * @param {string} path  where it sits, for the error
 * @throws {StateError} key `state.type` (expected "a whole number") when `value` is not an integer
 */
export const requireInt = (value, path) => {
  if (!isInt(value)) throw typeError(path, "a whole number");
};

/**
 * Whether `cell` is an integer in `0 … rows·cols − 1`.
 * @param {Rules} rules
 * @param {*} cell
 * @returns {boolean}
 */
export const isCell = (rules, cell) => isInt(cell) && cell >= 0 && cell < rules.rows * rules.cols;

/**
 * Check a cell number.
 * @param {import("./rules.js").Rules} rules
 * @param {*} cell
 * @returns {number} `cell`
 * @throws {StateError} (path `cell`) when it is not an integer (bools are not integers)
 * @throws {IllegalMove} `out-of-range` (params `cell`, `last`) outside `0 … rows·cols − 1`
 */
export const checkCell = (rules, cell) => {
  requireInt(cell, "cell");
  if (cell < 0 || cell >= rules.rows * rules.cols) {
    throw new IllegalMove("out-of-range", "out-of-range", [], {
      cell,
      last: rules.rows * rules.cols - 1,
    });
  }
  return cell;
};

/**
 * Row and column of a cell, counted from 0: `row = cell // cols`, `col = cell % cols`.
 * @param {Rules} rules
 * @param {number} cell  0 … rows·cols − 1, reading order
 * @returns {{row: number, col: number}}
 * @throws {IllegalMove|StateError} for a cell outside the tableau (see `checkCell`)
 */
export const cellToRowCol = (rules, cell) => {
  checkCell(rules, cell);
  return { row: Math.floor(cell / rules.cols), col: cell % rules.cols };
};

/**
 * How people see a cell, as a message parameter (docs/i18n.md, section 2):
 * `cell.place` with its row and column counted from 1, said "row 2, column 3"
 * in English for cell 7 of a 5×5 tableau.
 * @param {Rules} rules
 * @param {number} cell  0 … rows·cols − 1
 * @returns {{key: "cell.place", params: {row: number, col: number}}}
 * @throws {IllegalMove|StateError} for a cell outside the tableau (see `checkCell`)
 */
export const cellPlace = (rules, cell) => {
  const { row, col } = cellToRowCol(rules, cell);
  return { key: "cell.place", params: { row: row + 1, col: col + 1 } };
};

// Whether two cells touch, per touching rule, from their row and column steps.
const TOUCHES = freeze({
  eight: (dr, dc) => Math.abs(dr) <= 1 && Math.abs(dc) <= 1,
  line: (dr, dc) => dr === 0 || dc === 0,
});

// One entry per tableau shape and touching rule ("eight 5x5"), built on
// first use: for every cell the cells touching it, and from them the edges
// the pair scan walks.
const GEOMETRY = new Map();

const geometry = (rules, touching = "eight") => {
  const { rows, cols } = rules;
  const key = `${touching} ${rows}x${cols}`;
  let entry = GEOMETRY.get(key);
  if (entry === undefined) {
    const touches = TOUCHES[touching];
    const table = [];
    const edges = [];
    for (let cell = 0; cell < rows * cols; cell++) {
      const row = Math.floor(cell / cols);
      const col = cell % cols;
      const around = [];
      for (let k = 0; k < rows * cols; k++) {
        if (k !== cell && touches(Math.floor(k / cols) - row, (k % cols) - col)) around.push(k);
      }
      for (const n of around) if (n > cell) edges.push([cell, n]);
      table.push(freeze(around));
    }
    entry = { table: freeze(table), edges };
    GEOMETRY.set(key, entry);
  }
  return entry;
};

/**
 * For every cell, its neighbours ascending: one frozen table per tableau
 * shape, cached (Python's `neighbour_table`). No range check.
 * @param {Rules} rules
 * @returns {ReadonlyArray<ReadonlyArray<number>>} `table[cell]`, ascending cells
 */
export const neighbourTable = (rules) => geometry(rules).table;

/**
 * Every pair of neighbour cells `[i, j]` with `i < j`, ascending, from the
 * same cached entry as `neighbourTable` (Python's `neighbour_edges`). For
 * the engine's pair scan: not frozen (frozen pairs read slower), so callers
 * must not change it.
 * @param {Rules} rules
 * @returns {number[][]}
 */
export const neighbourEdges = (rules) => geometry(rules).edges;

/**
 * The neighbours of a cell: the cells touching it by a side or a corner
 * (row and column each differ by at most 1, not the cell itself). The grid
 * does not wrap, so a corner has 3, an edge 5 and an inner cell 8.
 * Implements RULES.md, "Terms" (neighbour) and mistakes M2 and M6.
 *
 * @param {Rules} rules
 * @param {number} cell  0 … rows·cols − 1
 * @returns {number[]} ascending cells (a fresh array)
 * @throws {IllegalMove|StateError} for a cell outside the tableau (see `checkCell`)
 */
export const neighbours = (rules, cell) => {
  checkCell(rules, cell);
  return neighbourTable(rules)[cell].slice();
};

const touchingGeometry = (rules) => geometry(rules, rules.touching);

/**
 * For every cell, the cells touching it under the rules, ascending: the
 * neighbour table for `eight`, every other cell of its row and column for
 * `line` (Python's `touching_table`). Cached per shape; no range check.
 * @param {Rules} rules
 * @returns {ReadonlyArray<ReadonlyArray<number>>}
 */
export const touchingTable = (rules) => touchingGeometry(rules).table;

/**
 * Every pair of touching cells `[i, j]`, `i < j`, ascending (Python's
 * `touching_edges`); shared, so callers must not change it.
 * @param {Rules} rules
 * @returns {number[][]}
 */
export const touchingEdges = (rules) => touchingGeometry(rules).edges;

/**
 * The cells that touch `cell` under the rules (RULES.md, "Variants"):
 * `eight`, its neighbours (a gap breaks contact, which the pair check sees
 * on the tableau); `line`, every other cell of its row and its column, at
 * any distance (diagonals do not count).
 * @param {Rules} rules
 * @param {number} cell  0 … rows·cols − 1
 * @returns {number[]} ascending cells (a fresh array)
 * @throws {IllegalMove|StateError} for a cell outside the tableau (see `checkCell`)
 */
export const touching = (rules, cell) => {
  checkCell(rules, cell);
  return touchingTable(rules)[cell].slice();
};

/**
 * A card's rank value: A = 1 … J = 11, Q = 12, K = 13.
 * @param {string} card  a canonical card
 * @returns {number}
 */
export const rankValue = (card) => RANKS.indexOf(card[0]) + 1;

// The pair rules (`rules.pair`) as tests on two canonical cards; a card's
// first letter is its rank, its second its suit.
const PAIR_TESTS = freeze({
  "same-rank": (a, b) => a[0] === b[0],
  "sum-13": (a, b) => rankValue(a) + rankValue(b) === 13,
  "sum-14": (a, b) => rankValue(a) + rankValue(b) === 14,
  "same-suit": (a, b) => a[1] === b[1],
});

// One test per pair rule and set of ranks that never pair, built on first use.
const TESTS = new Map();

/**
 * Whether a card's rank is in the rules' `lone` list (it is removed alone).
 * @param {Rules} rules
 * @param {string} card  a canonical card
 * @returns {boolean}
 */
export const isLone = (rules, card) => rules.lone?.includes(card[0]) ?? false;

/**
 * Whether a card's rank is in the rules' `stay` list (it never pairs and stays).
 * @param {Rules} rules
 * @param {string} card  a canonical card
 * @returns {boolean}
 */
export const isStay = (rules, card) => rules.stay?.includes(card[0]) ?? false;

/**
 * The pair rule of `rules` as a test on two cards (RULES.md, "A round",
 * step 1, and "Variants"): `same-rank`, the ranks are equal (suits never
 * matter); `sum-13` / `sum-14`, the rank values add up to 13 / 14;
 * `same-suit`, the suits are equal. A card of a `lone` or `stay` rank pairs
 * with nothing. Every pair check of the engine (the pair scan, `remove`,
 * the partners of a card) goes through it, as in Python's `pair_test`.
 * @param {Rules} rules
 * @returns {(a: string, b: string) => boolean} on two canonical cards
 */
export const pairTest = (rules) => {
  const never = [...(rules.lone ?? []), ...(rules.stay ?? [])].join("");
  const key = `${rules.pair}|${never}`;
  let test = TESTS.get(key);
  if (test === undefined) {
    const base = PAIR_TESTS[rules.pair];
    test =
      never === "" ? base : (a, b) => !never.includes(a[0]) && !never.includes(b[0]) && base(a, b);
    TESTS.set(key, test);
  }
  return test;
};

/**
 * The cells strictly between `a` and `b` when both lie on one line (same
 * row, same column, or a diagonal with |Δrow| = |Δcol|), in order from `a`;
 * `null` when they are not on one line. Neighbours give `[]`.
 *
 * @param {Rules} rules
 * @param {number} a  a cell
 * @param {number} b  a cell, different from `a`
 * @returns {number[]|null}
 * @throws {IllegalMove|StateError} for a cell outside the tableau (see `checkCell`)
 */
export const cellsBetween = (rules, a, b) => {
  const p = cellToRowCol(rules, a);
  const q = cellToRowCol(rules, b);
  const dr = q.row - p.row;
  const dc = q.col - p.col;
  if (a === b || (dr !== 0 && dc !== 0 && Math.abs(dr) !== Math.abs(dc))) return null;
  const steps = Math.max(Math.abs(dr), Math.abs(dc));
  const out = [];
  for (let k = 1; k < steps; k++) {
    out.push((p.row + (k * dr) / steps) * rules.cols + p.col + (k * dc) / steps);
  }
  return out;
};

/** The 8 directions as `[Δrow, Δcol]`: N, NE, E, SE, S, SW, W, NW. */
export const DIRECTIONS = freeze(
  [
    [-1, 0],
    [-1, 1],
    [0, 1],
    [1, 1],
    [1, 0],
    [1, -1],
    [0, -1],
    [-1, -1],
  ].map(freeze),
);

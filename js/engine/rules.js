/**
 * The rules value (tableau shape, decks, pair rule, what "touching" means)
 * and the geometry of cells.
 *
 * Implements RULES.md, "Terms" (cell, neighbour) and "Variants", and
 * docs/architecture.md, "Rules value" and "Cells and geometry".
 * @module engine/rules
 */
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
 * @property {string} pair  `same-rank` (the only pair rule playable yet)
 * @property {string} touching  `eight` (the only touching rule playable yet)
 */

/** The presets of RULES.md, "Variants", that are playable now. */
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
});

/** The largest number of rows or columns a rules value may ask for. */
export const MAX_SIDE = 10;

/** The largest number of decks a rules value may ask for. */
export const MAX_DECKS = 2;

const RULE_KEYS = ["name", "rows", "cols", "decks", "pair", "touching"];
// Rule → playable now (true) or reserved for a variant of RULES.md (false).
const PAIR_RULES = { "same-rank": true, "sum-13": false, "sum-14": false, "same-suit": false };
const TOUCHING_RULES = { eight: true, line: false };

/**
 * Make a rules value from a preset name or check a rules object.
 *
 * A preset name must keep the preset's shape; any other non-empty name is a
 * custom shape (rows and columns 1 … 10, `rows·cols` at most `52·decks`).
 * The pair rules `sum-13`, `sum-14`, `same-suit` and the touching rule
 * `line` are reserved for the variants of RULES.md and refused for now.
 * Checks, in this order: unknown/missing keys, `name`, `rows`, `cols`,
 * `decks`, the number of cells (reported at `rows`), `pair`, `touching`,
 * then a preset name's `rows`, `cols`, `decks`.
 *
 * @param {string|Rules} [spec="standard"]  a preset name or a rules object
 *   with exactly the six keys
 * @param {string} [path="rules"]  where the value sits, for error messages
 * @returns {Rules} a fresh plain object (never the one given)
 * @throws {StateError} naming the bad key, e.g. `rules.pair` (catalogue
 *   `state.choice`, `state.type`, `state.range`, `state.reserved`, …)
 */
export const makeRules = (spec = "standard", path = "rules") => {
  if (typeof spec === "string") {
    if (!Object.hasOwn(PRESETS, spec)) {
      throw choiceError(path, spec, Object.keys(PRESETS));
    }
    return { ...PRESETS[spec] };
  }
  if (spec === null || typeof spec !== "object" || Array.isArray(spec)) {
    throw typeError(path, "an object");
  }
  for (const key of Object.keys(spec)) {
    if (!RULE_KEYS.includes(key)) throw new StateError(`${path}.${excerpt(key)}`, "state.unknown");
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
  checkRule(`${path}.pair`, pair, PAIR_RULES);
  checkRule(`${path}.touching`, touching, TOUCHING_RULES);
  if (Object.hasOwn(PRESETS, name)) {
    const preset = PRESETS[name];
    for (const key of ["rows", "cols", "decks"]) {
      if (spec[key] !== preset[key]) {
        throw new StateError(`${path}.${key}`, "state.preset", { name, expected: preset[key] });
      }
    }
  }
  return { name, rows, cols, decks, pair, touching };
};

const checkRule = (path, value, table) => {
  const playable = Object.keys(table).filter((k) => table[k]);
  if (typeof value === "string" && table[value] === true) return;
  if (typeof value === "string" && table[value] === false) {
    throw new StateError(path, "state.reserved", { value, supported: playable[0] });
  }
  throw choiceError(path, value, playable);
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

// One entry per tableau shape ("rows x cols"), built on first use: the
// neighbour table and, from it, the neighbour edges the pair scan walks.
const GEOMETRY = new Map();

const geometry = (rules) => {
  const { rows, cols } = rules;
  const key = `${rows}x${cols}`;
  let entry = GEOMETRY.get(key);
  if (entry === undefined) {
    const table = [];
    const edges = [];
    for (let cell = 0; cell < rows * cols; cell++) {
      const row = Math.floor(cell / cols);
      const col = cell % cols;
      const around = [];
      for (let r = row - 1; r <= row + 1; r++) {
        if (r < 0 || r >= rows) continue;
        for (let c = col - 1; c <= col + 1; c++) {
          if (c < 0 || c >= cols || (r === row && c === col)) continue;
          around.push(r * cols + c);
        }
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

// The playable pair rules (`rules.pair`) as tests on two canonical cards;
// a card's first letter is its rank.
const PAIR_TESTS = freeze({
  "same-rank": (a, b) => a[0] === b[0],
});

/**
 * The pair rule of `rules` as a test on two cards (RULES.md, "A round",
 * step 1): `same-rank`, the ranks are equal and suits never matter. Every
 * pair check of the engine (the pair scan, `remove`, the partners of a
 * card) goes through it, as in Python's `pair_test`.
 * @param {Rules} rules
 * @returns {(a: string, b: string) => boolean} on two canonical cards
 */
export const pairTest = (rules) => PAIR_TESTS[rules.pair];

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

/**
 * Practice exercises generated from `(kind, level, seed, rules)`: the twin of
 * mc_widget/practice/{rng,positions,search,generate}.py, so an exported page
 * with no kernel makes the same exercise from the same seed (pinned by
 * tests/vectors/practice.json; docs/practice.md). Not imported by the widget
 * bundle yet (issue 21's board comes later).
 * @module practice/generate
 */
import {
  PRESETS,
  apply,
  canConsolidate,
  cardSymbol,
  consolidationMoves,
  falseNeighbours,
  formatLayout,
  legalRemovals,
  mulberry32,
  neighbours,
  newState,
  orderedDeck,
  pairTest,
  status,
} from "../engine/index.js";
import { isLone, isStay, makeRules } from "../engine/rules.js";
import { PracticeError, showValue } from "./errors.js";

export { PracticeError };

/** The kinds, in docs/practice.md's order. */
export const KINDS = Object.freeze([
  "neighbours",
  "pairs",
  "consolidate",
  "refill",
  "choose",
  "verdict",
]);
export const MAX_GAMES = 60;
export const MAX_ACTIONS = 400;
export const SKIP = 40;
export const LATE_GAPS = 4;
export const CHOOSE_SIZES = Object.freeze({ 1: [3, 2], 2: [4, 2], 3: [5, 3] });
export const CHOOSE_ATTEMPTS = 3000;
export const VERDICT_GAMES = 3;
const VERDICTS = {
  1: ["won", "lost", "playing-pairs"],
  2: ["lost-stock", "playing-gaps", "playing-pairs"],
  3: ["lost-stock", "playing-gaps", "playing-end-gaps"],
};
const ASK_KEYS = {
  neighbours: "practice.ask.neighbours",
  removals: "practice.ask.removals",
  "next-move": "practice.ask.next-move",
  destination: "practice.ask.destination",
  "next-cells": "practice.ask.next-cells",
  "cells-after-consolidating": "practice.ask.cells-after-consolidating",
  "winnable-removal": "practice.ask.winnable-removal",
  status: "practice.ask.status",
};

/** mulberry32 as Python's `Rng`: `next`, `below(n)` (`next() % n`), `pick(items)`. */
export const rng = (seed) => {
  const next = mulberry32(seed);
  const below = (n) => next() % n;
  return { next, below, pick: (items) => items[below(items.length)] };
};

/** Fisher–Yates from the end with `r.below(i + 1)` (Python's `shuffled`). */
export const shuffled = (r, items) => {
  const out = items.slice();
  for (let i = out.length - 1; i >= 1; i--) {
    const j = r.below(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

export const firstGap = (tableau, start = 0) => {
  for (let c = start; c < tableau.length; c++) if (tableau[c] === null) return c;
  return -1;
};
export const cardAfter = (tableau, cell) => {
  for (let c = cell + 1; c < tableau.length; c++) if (tableau[c] !== null) return c;
  return -1;
};
export const layoutOf = (state) => formatLayout(state, state.rules);

const policy = (r, state) => {
  if (state.phase === "consolidate") return { type: "consolidate" };
  if (state.phase === "refill") return { type: "refill" };
  const removals = legalRemovals(state);
  if (removals.length && (!canConsolidate(state) || r.below(4) > 0)) {
    return { type: "remove", cells: [...r.pick(removals)] };
  }
  return { type: "consolidate" };
};

/** Python's `walk`: `[game, state]` for the positions of seeded games in phase remove. */
export function* walk(r, rules) {
  for (let game = 0; game < MAX_GAMES; game++) {
    let state = newState({ deal: r.next() }, rules);
    const skip = r.below(SKIP);
    for (let count = 0; count < MAX_ACTIONS; count++) {
      const over = status(state) !== "playing";
      if (state.phase === "remove" && (count >= skip || over)) yield [game, state];
      if (over) break;
      state = apply(state, policy(r, state));
    }
  }
}

/** Python's `played`. */
export const played = (r, rules, wanted) => {
  for (const [, state] of walk(r, rules)) {
    const found = wanted(state);
    if (found.length) return [state, found];
  }
  throw new PracticeError("seed", "practice-error.no-position", { games: MAX_GAMES });
};

/** Python's `late_cards`. */
export const lateCards = (r, rules, units) => {
  const deck = orderedDeck(rules);
  const test = pairTest(rules);
  const cards = [];
  let stays = 0;
  let made = 0;
  while (made < units) {
    const card = deck.splice(r.below(deck.length), 1)[0];
    if (isLone(rules, card)) {
      cards.push(card);
      made += 1;
    } else if (isStay(rules, card)) {
      if (stays === 0) {
        cards.push(card);
        stays += 1;
      }
    } else {
      const partners = [];
      deck.forEach((other, k) => {
        if (test(card, other)) partners.push(k);
      });
      if (partners.length) {
        cards.push(card, deck.splice(r.pick(partners), 1)[0]);
        made += 1;
      }
    }
  }
  return cards;
};

/** Python's `laid_out`. */
export const laidOut = (r, rules, cards) => {
  const room = Math.min(rules.rows * rules.cols, cards.length + LATE_GAPS);
  const cells = shuffled(
    r,
    Array.from({ length: room }, (_, k) => k),
  )
    .slice(0, cards.length)
    .sort((a, b) => a - b);
  const tableau = new Array(rules.rows * rules.cols).fill(null);
  const order = shuffled(r, cards);
  cells.forEach((cell, k) => {
    tableau[cell] = order[k];
  });
  return newState({ layout: formatLayout({ tableau, stock: [] }, rules) }, rules);
};

/** Python's search.winnable: an exact search over `apply` for small positions. */
export const winnable = (state, seen = new Set()) => {
  const verdict = status(state);
  if (verdict !== "playing") return verdict === "won";
  const key = layoutOf(state);
  if (seen.has(key)) return false;
  seen.add(key);
  for (const removal of legalRemovals(state)) {
    if (winnable(apply(state, { type: "remove", cells: [...removal] }), seen)) return true;
  }
  if (!canConsolidate(state)) return false;
  let next = apply(state, { type: "consolidate" });
  if (next.phase === "refill") next = apply(next, { type: "refill" });
  return winnable(next, seen);
};

export const gaps = (state) => state.tableau.filter((c) => c === null).length;
const cardCells = (state) => state.tableau.flatMap((c, k) => (c === null ? [] : [k]));
export const place = (rules, cell) => ({
  key: "cell.place",
  params: { row: Math.floor(cell / rules.cols) + 1, col: (cell % rules.cols) + 1 },
});

const makeNeighbours = (r, rules, level) => {
  const wanted = (state) => {
    if (level === 1) {
      if (gaps(state)) return [];
      return cardCells(state).filter((c) => neighbours(rules, c).length < 8);
    }
    const least = level === 2 ? 1 : 2;
    return cardCells(state).filter((c) => falseNeighbours(state, c).length >= least);
  };
  const [state, cells] = played(r, rules, wanted);
  return { layout: layoutOf(state), steps: [], ask: "neighbours", cell: r.pick(cells) };
};

const makePairs = (r, rules, level) => {
  const wanted = (state) => {
    const g = gaps(state);
    const found = legalRemovals(state).length;
    if (level === 1) return g ? [] : [true];
    if (level === 2) return g && found ? [true] : [];
    return g && status(state) === "playing" && [0, 3, 4, 5, 6].includes(found) ? [true] : [];
  };
  const [state] = played(r, rules, wanted);
  return { layout: layoutOf(state), steps: [], ask: "removals" };
};

const makeConsolidate = (r, rules, level) => {
  const least = [1, 2, 4][level - 1];
  const wanted = (state) => {
    const gap = firstGap(state.tableau);
    if (status(state) !== "playing" || gap < 0 || cardAfter(state.tableau, gap) < 0) return [];
    return consolidationMoves(state).length >= least ? [1] : [];
  };
  const [state] = played(r, rules, wanted);
  if (level === 1) return { layout: layoutOf(state), steps: [], ask: "next-move" };
  const moves = consolidationMoves(state);
  const done = level === 3 ? Math.floor(moves.length / 2) : 0;
  const cell = r.pick(moves.slice(done).map(([source]) => source));
  return {
    layout: layoutOf(state),
    steps: Array.from({ length: done }, () => ({ type: "consolidate_step" })),
    ask: "destination",
    cell,
  };
};

const makeRefill = (r, rules, level) => {
  const wanted = (state) => {
    if (status(state) !== "playing" || !state.stock.length || !gaps(state)) return [];
    const moving = cardAfter(state.tableau, firstGap(state.tableau)) >= 0;
    if (level === 3) return moving ? [true] : [];
    return level === 1 || gaps(state) >= 2 ? [true] : [];
  };
  const [state] = played(r, rules, wanted);
  const layout = layoutOf(state);
  if (level === 3) return { layout, steps: [], ask: "cells-after-consolidating", count: null };
  const ready = apply(newState({ layout }, rules), { type: "consolidate" });
  const count = level === 1 ? 1 : Math.min(gaps(ready), ready.stock.length);
  return { layout, steps: [{ type: "consolidate" }], ask: "next-cells", count };
};

const verdictTest = (kind, state) => {
  const verdict = status(state);
  const removals = legalRemovals(state);
  if (kind === "lost") return verdict === "lost";
  if (kind === "lost-stock") return verdict === "lost" && state.stock.length > 0;
  if (verdict !== "playing") return false;
  if (kind === "playing-pairs") return removals.length > 0;
  const gap = firstGap(state.tableau);
  if (removals.length || gap < 0) return false;
  const moving = cardAfter(state.tableau, gap) >= 0;
  if (kind === "playing-gaps") return moving;
  return !moving && state.stock.length > 0;
};

const makeVerdict = (r, rules, level) => {
  const kinds = VERDICTS[level];
  if (kinds.includes("won") && r.below(kinds.length) === 0) {
    const stay = orderedDeck(rules).filter((card) => isStay(rules, card));
    const tableau = [...stay, ...new Array(rules.rows * rules.cols - stay.length).fill(null)];
    return { layout: formatLayout({ tableau, stock: [] }, rules), steps: [], ask: "status" };
  }
  const playedKinds = kinds.filter((k) => k !== "won");
  const found = new Map();
  for (const [game, state] of walk(r, rules)) {
    // After VERDICT_GAMES games, the first kind met ends the search.
    if ((game >= VERDICT_GAMES && found.size) || found.size === playedKinds.length) break;
    for (const kind of playedKinds) {
      if (!found.has(kind) && verdictTest(kind, state)) found.set(kind, state);
    }
  }
  if (!found.size)
    throw new PracticeError("seed", "practice-error.no-position", { games: MAX_GAMES });
  const state = found.get(r.pick(playedKinds.filter((k) => found.has(k))));
  return { layout: layoutOf(state), steps: [], ask: "status" };
};

const makeChoose = (r, rules, level) => {
  if (rules.touching === "line") {
    throw new PracticeError("rules", "practice-error.choose-line", { rules: rules.name });
  }
  const [units, options] = CHOOSE_SIZES[level];
  for (let k = 0; k < CHOOSE_ATTEMPTS; k++) {
    const state = laidOut(r, rules, lateCards(r, rules, units));
    const removals = legalRemovals(state);
    if (removals.length < options) continue;
    const keeps = removals.map((rem) =>
      winnable(apply(state, { type: "remove", cells: [...rem] })),
    );
    if (keeps.some(Boolean) && !keeps.every(Boolean)) {
      return { layout: layoutOf(state), steps: [], ask: "winnable-removal" };
    }
  }
  throw new PracticeError("seed", "practice-error.no-position", { games: CHOOSE_ATTEMPTS });
};

const MAKERS = {
  neighbours: makeNeighbours,
  pairs: makePairs,
  consolidate: makeConsolidate,
  refill: makeRefill,
  choose: makeChoose,
  verdict: makeVerdict,
};

/** The position of an exercise: its layout loaded, then its steps applied. */
export const exerciseState = (exercise) =>
  exercise.steps.reduce(
    (s, step) => apply(s, step),
    newState({ layout: exercise.layout }, exercise.rules),
  );

/** The prompt as message data (Python's `Question.prompt`). */
export const prompt = (exercise, state = exerciseState(exercise)) => {
  let params = {};
  if (exercise.cell !== null) {
    params = {
      card: cardSymbol(state.tableau[exercise.cell]),
      place: place(state.rules, exercise.cell),
    };
  }
  if (exercise.count !== null) params.cards = { count: exercise.count, of: "count.cards" };
  return { key: ASK_KEYS[exercise.ask], params };
};

const check = (ok, path, key, params) => {
  if (!ok) throw new PracticeError(path, key, params);
};

/**
 * The exercise of `kind` at `level` made from `seed` under the preset `rules`:
 * Python's `generate(...).to_json()`.
 * @returns {{kind, level, seed, rules, layout, steps, ask, cell, count, prompt}}
 * @throws {PracticeError} for a bad kind, level, seed or rules name
 */
export const generate = (kind, level = 1, seed = 0, rules = "standard") => {
  check(KINDS.includes(kind), "kind", "practice-error.choice", {
    value: showValue(kind),
    choices: KINDS.join(", "),
  });
  check([1, 2, 3].includes(level), "level", "practice-error.range", {
    value: showValue(level),
    low: 1,
    high: 3,
  });
  check(Number.isInteger(seed) && seed >= 0 && seed <= 4294967295, "seed", "practice-error.range", {
    value: showValue(seed),
    low: 0,
    high: 4294967295,
  });
  check(Object.hasOwn(PRESETS, rules), "rules", "practice-error.choice", {
    value: showValue(rules),
    choices: Object.keys(PRESETS).join(", "),
  });
  const fields = MAKERS[kind](rng(seed), makeRules(rules), level);
  const exercise = { kind, level, seed, rules, cell: null, count: null, ...fields };
  const ordered = {
    kind,
    level,
    seed,
    rules,
    layout: exercise.layout,
    steps: exercise.steps,
    ask: exercise.ask,
    cell: exercise.cell,
    count: exercise.count,
  };
  return { ...ordered, prompt: prompt(ordered) };
};

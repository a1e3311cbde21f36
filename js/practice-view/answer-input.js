/**
 * What a click (or Enter/Space on a focused cell) adds to the answer, per ask
 * (js/practice/check.js ANSWER_KEYS gives the shapes). Pure data in, data out,
 * so each ask's clicks can be tested without a DOM:
 *
 * - `neighbours`: toggle cells; `{cells}` ascending.
 * - `removals`: two cards make a pair, a card of a `lone` rank clicked twice
 *   (or `alone`) goes alone; `takeBack(k)`; `{removals}`; "No pair" is `{removals: []}`.
 * - `next-move`: the card that moves, then the gap; `{move: [from, to]}`.
 * - `destination`: one cell; `{cell}`.
 * - `next-cells`, `cells-after-consolidating`: cells in order, `undo`; `{cells}`.
 * - `winnable-removal`: one pair (or a lone card); `{removal}`.
 * - `status`: buttons only; `{status}`.
 * @module practice-view/answer-input
 */
import { isLone } from "../engine/rules.js";

const ORDERED = ["next-cells", "cells-after-consolidating"];

/** A fresh input for an exercise whose position is `state` (the engine's). */
export const newInput = (ask, state) => ({
  ask,
  tableau: state.tableau,
  rules: state.rules,
  picks: [],
  pairs: [],
  pending: null,
});

const card = (input, cell) => input.tableau[cell] !== null && input.tableau[cell] !== undefined;
const sorted = (cells) => cells.slice().sort((a, b) => a - b);
const sameList = (a, b) => a.length === b.length && a.every((x, k) => x === b[k]);
const lone = (input, cell) => card(input, cell) && isLone(input.rules, input.tableau[cell]);

const addRemoval = (input, removal) =>
  input.pairs.some((p) => sameList(p, removal))
    ? { ...input, pending: null }
    : { ...input, pairs: [...input.pairs, removal], pending: null };

/** Whether a click on `cell` can change the answer of this ask. */
export const clickable = (input, cell) => {
  if (input.ask === "status") return false;
  if (input.ask === "removals" || input.ask === "winnable-removal") return card(input, cell);
  return cell >= 0 && cell < input.tableau.length;
};

/** The input after a click on `cell` (the same input when it changes nothing). */
export const clickCell = (input, cell) => {
  if (!clickable(input, cell)) return input;
  const { ask, picks, pending } = input;
  if (ask === "neighbours") {
    return {
      ...input,
      picks: picks.includes(cell) ? picks.filter((c) => c !== cell) : [...picks, cell],
    };
  }
  if (ask === "destination") return { ...input, picks: picks[0] === cell ? [] : [cell] };
  if (ORDERED.includes(ask)) {
    return {
      ...input,
      picks: picks.includes(cell) ? picks.filter((c) => c !== cell) : [...picks, cell],
    };
  }
  if (ask === "next-move") {
    const [from, to] = picks;
    if (card(input, cell)) return { ...input, picks: from === cell ? [] : [cell] };
    if (from === undefined) return input;
    return { ...input, picks: to === cell ? [from] : [from, cell] };
  }
  if (ask === "removals") {
    if (pending === null) return { ...input, pending: cell };
    if (pending === cell)
      return lone(input, cell) ? addRemoval(input, [cell]) : { ...input, pending: null };
    return addRemoval(input, sorted([pending, cell]));
  }
  // winnable-removal: one removal; a click after a full one starts again.
  if (picks.length) return { ...input, picks: [], pending: cell };
  if (pending === null) return { ...input, pending: cell };
  if (pending === cell)
    return lone(input, cell)
      ? { ...input, picks: [cell], pending: null }
      : { ...input, pending: null };
  return { ...input, picks: sorted([pending, cell]), pending: null };
};

/** "Remove alone": the pending card as a removal of its own. */
export const alone = (input) => {
  if (input.pending === null) return input;
  if (input.ask === "removals") return addRemoval(input, [input.pending]);
  if (input.ask === "winnable-removal") return { ...input, picks: [input.pending], pending: null };
  return input;
};

/** Take back the `k`-th chosen removal (`removals`). */
export const takeBack = (input, k) => ({ ...input, pairs: input.pairs.filter((_, j) => j !== k) });

/** Undo the last pick (ordered cells, next-move, neighbours). */
export const undo = (input) =>
  input.pending !== null
    ? { ...input, pending: null }
    : { ...input, picks: input.picks.slice(0, -1) };

/** Whether the ask has a "Remove alone" button: the rules let some rank go alone. */
export const hasAlone = (input) =>
  ["removals", "winnable-removal"].includes(input.ask) && (input.rules.lone ?? []).length > 0;

/** The answer object the input makes now, or null when it is not complete. */
export const answerOf = (input) => {
  const { ask, picks } = input;
  if (ask === "neighbours") return { cells: sorted(picks) };
  if (ask === "removals") return { removals: input.pairs.map((p) => p.slice()) };
  if (ask === "next-move") return picks.length === 2 ? { move: picks.slice() } : null;
  if (ask === "destination") return picks.length === 1 ? { cell: picks[0] } : null;
  if (ORDERED.includes(ask)) return { cells: picks.slice() };
  if (ask === "winnable-removal") return picks.length ? { removal: picks.slice() } : null;
  return null;
};

/**
 * How each cell is picked now, for drawing and for its accessible name:
 * `Map(cell → {order?: number, pending?: boolean, from?: boolean, to?: boolean,
 *   chosen?: number})` (`chosen`: the number of the chosen removal holding it).
 */
export const pickedCells = (input) => {
  const out = new Map();
  const put = (cell, what) => out.set(cell, { ...(out.get(cell) ?? {}), ...what });
  const { ask, picks } = input;
  if (ORDERED.includes(ask)) picks.forEach((c, k) => put(c, { order: k + 1 }));
  else if (ask === "next-move") {
    if (picks.length) put(picks[0], { from: true });
    if (picks.length > 1) put(picks[1], { to: true });
  } else for (const c of picks) put(c, {});
  input.pairs.forEach((pair, k) => pair.forEach((c) => put(c, { chosen: k + 1 })));
  if (input.pending !== null) put(input.pending, { pending: true });
  return out;
};

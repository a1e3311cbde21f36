/**
 * What the rules say about a position (tableau, stock, phase) before any
 * action: its pairs, its lone cards, whether a consolidation can start, and
 * its status. Shared by actions.js (the transitions) and queries.js (what the
 * view asks); not exported by index.js.
 *
 * Implements RULES.md, "A round", "End of the game" and "Variants".
 * @module engine/position
 */
import { cellsBetween, isLone, isStay, pairTest, touchingEdges } from "./rules.js";

/** The first gap in reading order, or -1. */
export const firstGap = (tableau) => tableau.indexOf(null);

/** The first card after the first gap, or -1: the card the next consolidation step moves. */
export const cardAfterFirstGap = (tableau) => {
  const g = firstGap(tableau);
  return g === -1 ? -1 : tableau.findIndex((c, k) => k > g && c !== null);
};

/** RULES.md "Consolidate": some card has a gap before it, or a gap and stock left. */
export const canStartConsolidation = (pos) =>
  cardAfterFirstGap(pos.tableau) !== -1 || (pos.stock.length > 0 && firstGap(pos.tableau) !== -1);

/**
 * The pairs of a tableau under the rules: two cards in touching cells that
 * pair, `[i, j]` with `i < j`, ascending (only the first when `firstOnly`).
 */
export const pairsOf = (rules, tableau, firstOnly = false) => {
  const edges = touchingEdges(rules);
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

/** The cells of a tableau holding a card of a `lone` rank, ascending. */
export const loneCellsOf = (rules, tableau) => {
  const out = [];
  if (rules.lone === undefined) return out;
  tableau.forEach((card, k) => {
    if (card !== null && isLone(rules, card)) out.push(k);
  });
  return out;
};

/**
 * `won`: the stock is empty and every card left has a `stay` rank (with no
 * `stay` ranks, the tableau is empty); `lost`: phase remove, no pair, no lone
 * card and no consolidation can start; else `playing`.
 */
export const statusOf = (rules, pos) => {
  if (pos.stock.length === 0 && pos.tableau.every((c) => c === null || isStay(rules, c))) {
    return "won";
  }
  if (
    pos.phase === "remove" &&
    !canStartConsolidation(pos) &&
    pairsOf(rules, pos.tableau, true).length === 0 &&
    loneCellsOf(rules, pos.tableau).length === 0
  ) {
    return "lost";
  }
  return "playing";
};

/** Mistake M1: on one row, column or diagonal, not neighbours, only gaps between. */
export const isAcrossGap = (rules, tableau, a, b) => {
  const between = cellsBetween(rules, a, b);
  return between !== null && between.length > 0 && between.every((k) => tableau[k] === null);
};

/**
 * The move list (issue 20): the game's moves numbered as the learner counts
 * them, so that the review's "Move 34 … moves 3, 5, 9" point at something on
 * the board. Why apart: the numbering is the review's (Python's
 * `move_numbers`, mc_widget/analysis/review.py): a pair removed is one move,
 * a whole consolidation or refill one move, however many single steps made
 * it. Moves taken back (after an undo, or the review's walk back) stay in
 * the list, marked undone, so the move a review cites is there to see.
 * @module present/moves
 */
import { apply, cardSymbol } from "../engine/index.js";

/**
 * The move numbers a review's feedback cites (`number`, `moves`, at any depth
 * of its params), or none for other feedback.
 * @param {Object|null} feedback
 * @returns {Set<number>}
 */
const cited = (feedback) => {
  const found = new Set();
  const walk = (value, key) => {
    if (Number.isInteger(value) && (key === "number" || key === "moves")) found.add(value);
    else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value))
        walk(v, Array.isArray(value) || k === "list" ? key : k);
    }
  };
  if (/^review\./.test(feedback?.key)) walk(feedback.params, "");
  return found;
};

/**
 * The move list of `state`: one entry per move of its whole history.
 * @param {function(string, Object=): string} t  the board's translator
 * @param {Object} state
 * @param {Object|null} feedback  the feedback trait (a review's cites moves)
 * @returns {{label: string, moves: Array<{number: number, text: string,
 *   undone: boolean, cited: boolean}>}}
 */
export const presentMoves = (t, state, feedback) => {
  const marked = cited(feedback);
  const moves = [];
  let removed = 0;
  let position = state; // the position before an undone action (index ≥ cursor)
  state.history.forEach((action, k) => {
    const undone = k >= state.cursor;
    const kind = action.type.replace(/_step$/, "");
    const before = state.history[k - 1];
    // A step goes on with the consolidation (refill) a step before it began.
    const goesOn = before && before.type === `${kind}_step`;
    let text;
    if (kind === "remove") {
      // Made: the discards, in order (lower cell first); undone: the cards it took.
      const [a, b] = undone
        ? [...action.cells].sort((x, y) => x - y).map((c) => cardSymbol(position.tableau[c]))
        : state.discards[removed++].map(cardSymbol);
      text = b ? t("move.remove", { a, b }) : t("move.remove-alone", { card: a });
    } else text = t(`move.${kind}`);
    if (undone) position = apply(position, action);
    if (goesOn) return;
    const number = moves.length + 1;
    moves.push({ number, text, undone, cited: marked.has(number) });
  });
  // The summary counts the moves made; the undone ones are listed, marked.
  return { label: t("ui.moves", { n: moves.filter((m) => !m.undone).length }), moves };
};

/**
 * Keyboard only: the grid is one tab stop with roving focus. Arrows move,
 * Home/End go to the row's ends, Enter/Space pick the focused cell, N reads
 * the cells around it (as lichess's blind mode reads the squares around a
 * piece: what lies there, not what the rules make of it), "?" (or Shift+N)
 * lists the keys.
 * @module practice-view/keyboard
 */
import { DIRECTIONS } from "../engine/rules.js";
import { place } from "../practice/generate.js";

const NAMES = [
  "above",
  "above-right",
  "right",
  "below-right",
  "below",
  "below-left",
  "left",
  "above-left",
];

/**
 * What a key on the grid does.
 * @param {{key: string, shiftKey?: boolean, ctrlKey?: boolean}} event
 * @param {number} cell  the focused cell
 * @param {{rows: number, cols: number}} rules
 * @returns {{move: number}|{pick: number}|{announce: number}|{keys: true}|null}
 */
export const gridKey = (event, cell, { rows, cols }) => {
  const r = Math.floor(cell / cols);
  const c = cell % cols;
  const to = (rr, cc) => ({
    move: Math.min(rows - 1, Math.max(0, rr)) * cols + Math.min(cols - 1, Math.max(0, cc)),
  });
  switch (event.key) {
    case "ArrowUp":
      return to(r - 1, c);
    case "ArrowDown":
      return to(r + 1, c);
    case "ArrowLeft":
      return to(r, c - 1);
    case "ArrowRight":
      return to(r, c + 1);
    case "Home":
      return event.ctrlKey ? { move: 0 } : to(r, 0);
    case "End":
      return event.ctrlKey ? { move: rows * cols - 1 } : to(r, cols - 1);
    case "Enter":
    case " ":
      return { pick: cell };
    case "?":
      return { keys: true };
    case "n":
    case "N":
      return event.shiftKey ? { keys: true } : { announce: cell };
    default:
      return null;
  }
};

/**
 * The focused cell and what lies in each of the 8 directions around it:
 * "7♥, row 1, column 1. above: edge of the tableau, …, right: 9♣, …".
 * @param {function} t  the board's words
 * @param {{tableau: Array, rules: Object}} state
 * @param {number} cell
 * @returns {string}
 */
export const aroundWords = (t, state, cell) => {
  const { rows, cols } = state.rules;
  const r = Math.floor(cell / cols);
  const c = cell % cols;
  const what = (code) => (code === null ? t("practice-ui.gap") : t.card(code));
  const items = DIRECTIONS.map(([dr, dc], k) => {
    const rr = r + dr;
    const cc = c + dc;
    const inside = rr >= 0 && rr < rows && cc >= 0 && cc < cols;
    return t("practice-ui.around-item", {
      direction: t(`practice-ui.dir.${NAMES[k]}`),
      what: inside ? what(state.tableau[rr * cols + cc]) : t("practice-ui.edge"),
    });
  });
  const here = state.tableau[cell];
  const name =
    here === null
      ? t("practice-ui.gap-at", { place: place(state.rules, cell) })
      : t("practice-ui.cell", { card: t.card(here), place: place(state.rules, cell) });
  return t("practice-ui.around", { cell: name, around: items.join("; ") });
};

/**
 * After Check: right or wrong, the stars got, the engine's explanation
 * (`result.explanation`, a list of `{key, params}`) and the marks on the
 * board: the right answer's cells and the learner's wrong picks, each with a
 * symbol and words for screen readers, not colour alone. Also the words of
 * an answer ("7♥–7♣ and K♦", "row 2, column 3"), for the end-of-set review.
 * @module practice-view/feedback
 */
import { h } from "../view/dom.js";
import { place } from "../practice/generate.js";

const ORDERED = ["next-move", "next-cells", "cells-after-consolidating"];

/** The cells an answer names, in its order. */
export const answerCells = (answer) => {
  if (answer === null || typeof answer !== "object") return [];
  if (Array.isArray(answer.cells)) return answer.cells;
  if (Array.isArray(answer.removals)) return answer.removals.flat();
  if (Array.isArray(answer.move)) return answer.move;
  if (Number.isInteger(answer.cell)) return [answer.cell];
  if (Array.isArray(answer.removal)) return answer.removal;
  return [];
};

/**
 * The marks after Check: `Map(cell → "right" | "missed" | "wrong")`. For
 * asks in order (next move, next cells), a cell is right only in its place.
 */
export const marksFor = (ask, given, right) => {
  const g = answerCells(given);
  const r = answerCells(right);
  const marks = new Map();
  const ordered = ORDERED.includes(ask);
  g.forEach((cell, k) => {
    const ok = ordered ? r[k] === cell : r.includes(cell);
    marks.set(cell, ok ? "right" : "wrong");
  });
  for (const [k, cell] of r.entries()) {
    const ok = ordered ? g[k] === cell : g.includes(cell);
    if (!ok && !marks.has(cell)) marks.set(cell, "missed");
  }
  return marks;
};

const cellWord = (t, state, cell) =>
  state.tableau[cell] === null || state.tableau[cell] === undefined
    ? t("cell.place", place(state.rules, cell).params)
    : t.card(state.tableau[cell]);
const removalWord = (t, state, removal) => removal.map((c) => cellWord(t, state, c)).join("–");

/** An answer object in words, about the exercise's position `state`. */
export const answerWords = (t, state, answer) => {
  try {
    if (Array.isArray(answer.cells)) {
      return answer.cells.length
        ? t.say({ list: answer.cells.map((c) => cellWord(t, state, c)) })
        : t("practice-ui.answer.no-cells");
    }
    if (Array.isArray(answer.removals)) {
      return answer.removals.length
        ? t.say({ list: answer.removals.map((r) => removalWord(t, state, r)) })
        : t("practice-ui.answer.no-pair");
    }
    if (Array.isArray(answer.move)) {
      return t("practice-ui.answer.move", {
        card: cellWord(t, state, answer.move[0]),
        place: place(state.rules, answer.move[1]),
      });
    }
    if (Number.isInteger(answer.cell))
      return t("cell.place", place(state.rules, answer.cell).params);
    if (Array.isArray(answer.removal)) return removalWord(t, state, answer.removal);
    if (typeof answer.status === "string") return t(`practice-ui.${answer.status}`);
  } catch {
    // A hostile answer that replayed cannot get here; say nothing rather than throw.
  }
  return "";
};

/** An answer's stars of 3, "★★☆", with its words for screen readers. */
const starsElement = (t, got) =>
  h(
    "span.mcw-practice-stars",
    {
      role: "img",
      "aria-label": t("practice-ui.stars", { stars: { count: got, of: "practice-ui.star-count" } }),
    },
    "★".repeat(got) + "☆".repeat(Math.max(0, 3 - got)),
  );

/** The verdict, the stars, the explanation. */
export const drawFeedback = (t, item) => {
  const { result } = item;
  return h(
    "div.mcw-practice-feedback",
    { "data-right": result.right ? "true" : "false" },
    h(
      "p.mcw-practice-verdict",
      {},
      h("span.mcw-practice-verdict-mark", { "aria-hidden": "true" }, result.right ? "✓ " : "✗ "),
      t(result.right ? "practice-ui.right" : "practice-ui.wrong"),
      " ",
      starsElement(t, item.stars),
    ),
    h(
      "ul.mcw-practice-explanation",
      {},
      ...result.explanation.map((m) => h("li", {}, t(m.key, m.params))),
    ),
  );
};

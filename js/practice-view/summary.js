/**
 * The end of a set: the score (right / done, stars, best streak) and a review
 * of the mistakes: for each, the prompt, the learner's answer, the right
 * answer and the engine's explanation.
 * @module practice-view/summary
 */
import { h } from "../view/dom.js";
import { answerWords } from "./feedback.js";

/**
 * @param {function} t  the board's words
 * @param {Array} items  the replayed exercises (js/practice-view/model.js)
 * @param {{done, right, stars, best_streak}} progress
 * @returns {HTMLElement}
 */
export const drawSummary = (t, items, progress) => {
  const mistakes = items.filter((item) => !item.result.right);
  return h(
    "section.mcw-practice-summary",
    { "aria-label": t("practice-ui.summary.title") },
    h("h3.mcw-practice-title", {}, t("practice-ui.summary.title")),
    h(
      "p.mcw-practice-score",
      {},
      t("practice-ui.summary.score", {
        right: progress.right,
        done: progress.done,
        stars: { count: progress.stars, of: "practice-ui.star-count" },
        best: progress.best_streak,
      }),
    ),
    h(
      "h4",
      {},
      t(mistakes.length ? "practice-ui.summary.mistakes" : "practice-ui.summary.no-mistakes"),
    ),
    mistakes.length
      ? h(
          "ol.mcw-practice-review",
          {},
          ...mistakes.map((item) =>
            h(
              "li",
              { "data-practice-review": String(items.indexOf(item)) },
              h("p", {}, t(item.exercise.prompt.key, item.exercise.prompt.params)),
              h(
                "p",
                {},
                t("practice-ui.summary.yours", {
                  answer: answerWords(t, item.state, item.entry.answer),
                }),
              ),
              h(
                "p",
                {},
                t("practice-ui.summary.right-answer", {
                  answer: answerWords(t, item.state, item.result.answer),
                }),
              ),
              h("ul", {}, ...item.result.explanation.map((m) => h("li", {}, t(m.key, m.params)))),
            ),
          ),
        )
      : null,
  );
};

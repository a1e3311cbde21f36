/**
 * The move list (issue 20; js/present/moves.js): a collapsed `<details>`
 * under the tableau (and its walkthrough bar) whose `<ol>` numbers the moves as the
 * review counts them. Native `<details>`/`<summary>`: reachable with Tab,
 * opened with Enter or Space, read by screen readers as a numbered list. A
 * review that cites moves opens it and marks them (`aria-current`).
 * @module view/move-list
 */
import { flag, h, text } from "./dom.js";

/** @param {function(string, Object=): string} t  the board's translator */
export const createMoveList = (t) => {
  const summary = h("summary.mcw-moves-label");
  const list = h("ol");
  const el = h("details.mcw-moves", { hidden: true }, summary, list);
  let drawn = "";
  /** @param {Object} p  the presentation */
  const update = ({ moves: shown }) => {
    flag(el, "hidden", shown.moves.length === 0);
    text(summary, shown.label);
    const key = JSON.stringify(shown.moves);
    if (key === drawn) return;
    drawn = key;
    list.replaceChildren(
      ...shown.moves.map((m) => {
        const undone = m.undone && ` (${t("move.undone")})`;
        const attrs = {
          value: m.number,
          "data-undone": m.undone,
          "aria-current": m.cited && "true",
        };
        return h("li", attrs, m.text, undone || null);
      }),
    );
    // A review's cited moves: shown at once, the first scrolled into the
    // list's view (the list scrolls, never the notebook).
    const first = list.querySelector("[aria-current]");
    if (first) {
      el.open = true;
      list.scrollTop = first.offsetTop - list.offsetTop;
    }
  };
  return { el, update };
};

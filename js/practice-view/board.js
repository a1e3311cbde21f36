/**
 * Drawing an exercise's position: the tableau grid (rows × cols of the rules,
 * gaps as empty cells), the stock count, the card the ask is about, what the
 * learner picked and, after Check, the marks. One tab stop with roving focus
 * (js/practice-view/keyboard.js moves it); each cell has an accessible name
 * ("7♥, row 2, column 3, selected") so nothing is said by colour alone.
 * @module practice-view/board
 */
import { h } from "../view/dom.js";
import { cardElement } from "../view/card.js";
import { face } from "../present/face.js";
import { place } from "../practice/generate.js";

const MARK_SYMBOL = { right: "✓", missed: "!", wrong: "✗" };

/** The accessible name of a cell, with what is picked or marked there. */
export const cellName = (t, state, cell, { asked, picked, mark } = {}) => {
  const where = place(state.rules, cell);
  const code = state.tableau[cell];
  const parts = [
    code === null
      ? t("practice-ui.gap-at", { place: where })
      : t("practice-ui.cell", { card: t.card(code), place: where }),
  ];
  if (asked) parts.push(t("practice-ui.state.asked"));
  if (picked?.order) parts.push(t("practice-ui.state.order", { number: picked.order }));
  else if (picked?.from) parts.push(t("practice-ui.state.from"));
  else if (picked?.to) parts.push(t("practice-ui.state.to"));
  else if (picked?.pending) parts.push(t("practice-ui.state.selected"));
  else if (picked?.chosen) parts.push(t("practice-ui.state.chosen", { number: picked.chosen }));
  else if (picked) parts.push(t("practice-ui.state.selected"));
  if (mark) parts.push(t(`practice-ui.mark.${mark}`));
  return parts.join(", ");
};

/**
 * The grid and the stock line.
 * @param {Object} o
 * @param {function} o.t  the board's words
 * @param {Object} o.state  the exercise's position (engine state)
 * @param {number|null} o.asked  the card the ask is about
 * @param {Map<number, Object>} o.picked  from `pickedCells`
 * @param {Map<number, string>} o.marks  `right | missed | wrong` per cell, after Check
 * @param {number} o.active  the cell holding the tab stop
 * @param {function(number): boolean} o.clickable
 * @returns {{el: HTMLElement, grid: HTMLElement, cells: HTMLElement[]}}
 */
export const drawBoard = ({ t, state, asked, picked, marks, active, clickable }) => {
  const { rows, cols } = state.rules;
  const cells = [];
  const grid = h("div.mcw-practice-grid", {
    role: "grid",
    "aria-label": t("practice-ui.grid"),
    style: `--cols: ${cols}`,
  });
  for (let r = 0; r < rows; r++) {
    const row = h("div.mcw-practice-row", { role: "row" });
    for (let c = 0; c < cols; c++) {
      const cell = r * cols + c;
      const code = state.tableau[cell];
      const pick = picked.get(cell);
      const mark = marks.get(cell);
      const f = face(t, code);
      const el = h(
        "div.mcw-practice-cell",
        {
          role: "gridcell",
          tabindex: cell === active ? "0" : "-1",
          "data-practice-cell": String(cell),
          "data-practice-mark": mark,
          "data-gap": code === null,
          "data-asked": cell === asked,
          "data-picked": pick !== undefined,
          "data-pending": pick?.pending,
          "data-clickable": clickable(cell),
          "aria-selected": pick !== undefined ? "true" : "false",
          "aria-label": cellName(t, state, cell, { asked: cell === asked, picked: pick, mark }),
        },
        code === null
          ? null
          : cardElement("span.mcw-practice-card", { "data-red": f.red, "aria-hidden": "true" }, f),
        cell === asked ? h("span.mcw-practice-asked", { "aria-hidden": "true" }, "?") : null,
        pick?.order
          ? h("span.mcw-practice-order", { "aria-hidden": "true" }, String(pick.order))
          : null,
        pick?.from || pick?.to
          ? h("span.mcw-practice-order", { "aria-hidden": "true" }, pick.from ? "1" : "2")
          : null,
        pick?.chosen && !pick.pending
          ? h("span.mcw-practice-order", { "aria-hidden": "true" }, String(pick.chosen))
          : null,
        mark ? h("span.mcw-practice-badge", { "aria-hidden": "true" }, MARK_SYMBOL[mark]) : null,
      );
      cells.push(el);
      row.append(el);
    }
    grid.append(row);
  }
  const stock = h(
    "p.mcw-practice-stock",
    {},
    t("practice-ui.stock", { cards: { count: state.stock.length, of: "count.cards" } }),
  );
  return { el: h("div.mcw-practice-position", {}, grid, stock), grid, cells };
};

/**
 * The teaching traits in words (docs/teaching.md, sections 2 and 4): the
 * header (`title`, `caption`) and the read-only teaching panels. Python's
 * `make_panel` checks every field; here a panel that does not fit fails while
 * it is worded and becomes a short error line, never an exception that would
 * stop the live board from drawing. A panel shows what its data says (the
 * wrong results are computed in Python, mc_widget/teaching/wrong_rules.py).
 * @module present/teaching
 */
import { cardSymbol, cellPlace, cellToRowCol, parseCard } from "../engine/index.js";
import { face } from "./face.js";

/**
 * Mark kinds, in legend order (as MARK_KINDS in mc_widget/teaching/panels.py):
 * the symbol drawn on the cell and what it means in words.
 */
const MARKS = {
  differs: { symbol: "panel.mark-differs", means: "panel.means-differs" },
  crossed: { symbol: "panel.mark-crossed", means: "panel.means-crossed" },
  focus: { symbol: "panel.mark-focus", means: "panel.means-focus" },
  pair: { symbol: "panel.mark-pair", means: "panel.means-pair" },
  moved: { symbol: "panel.mark-moved", means: "panel.means-moved" },
  dealt: { symbol: "panel.mark-dealt", means: "panel.means-dealt" },
};
export const MARK_KINDS = Object.keys(MARKS);

/** Link kinds (as LINK_KINDS in panels.py) and their words. */
const LINKS = {
  false: "panel.link-false",
  "no-pair": "panel.link-no-pair",
  wrap: "panel.link-wrap",
  pair: "panel.link-pair",
  touch: "panel.link-touch",
};
export const LINK_KINDS = Object.keys(LINKS);

/** A panel's verdict: its word and its symbol (a badge, never colour alone). */
const VERDICTS = {
  wrong: { text: "panel.wrong", symbol: "panel.symbol-wrong" },
  right: { text: "panel.right", symbol: "panel.symbol-right" },
};

/**
 * Refuse a malformed panel unless `ok` (`presentPanels` words it as `panel.bad`).
 * @param {*} ok
 * @throws {Error} when `ok` is falsy
 */
const check = (ok) => {
  if (!ok) throw Error();
};

/**
 * The header above the board: the `title` and `caption` traits and a match's
 * score line (`match_line`, docs/sessions.md) as text. Anything but a string
 * counts as empty.
 * @param {{title?: *, caption?: *, match_line?: *}} teaching  the teaching traits
 * @returns {{title: string, caption: string, match: string, shown: boolean}}
 */
export const presentHeader = (teaching) => {
  const text = (value) => (typeof value === "string" ? value.trim() : "");
  const title = text(teaching.title);
  const caption = text(teaching.caption);
  const match = text(teaching.match_line);
  return { title, caption, match, shown: !!(title || caption || match) };
};

/**
 * Word one panel, drawn with its first `rows` rows.
 * @param {function(string, Object=): string} t  the board's translator
 * @param {Object} panel  one entry of the `panels` trait, shaped as `rowsUsed` checks
 * @param {number} index  its place in the list (0 first)
 * @param {number} rows  how many rows to draw (the rest are empty)
 * @returns {Object} a presented panel (see `presentPanels`)
 * @throws {Error} on a malformed card, mark or link
 */
const presentPanel = (t, panel, index, rows) => {
  const { cols, title = "", caption = "", verdict = "" } = panel;
  const n = rows * cols;
  const tableau = panel.tableau.slice(0, n).map((c) => (c ? parseCard(c) : null));
  // A cell of the rows drawn (the engine's checks: a cell outside them throws).
  const shape = { rows, cols };
  const rowCol = (i) => cellToRowCol(shape, i);
  const place = (i) => cellPlace(shape, i);
  const named = (i) => (tableau[i] ? cardSymbol(tableau[i]) : t("panel.gap", { place: place(i) }));
  const known = (kinds, kind) => {
    check(kinds.includes(kind));
    return kind;
  };

  const marksOf = tableau.map(() => []);
  for (const m of panel.marks) {
    const kind = known(MARK_KINDS, m.kind);
    rowCol(m.cell);
    if (!marksOf[m.cell].includes(kind)) marksOf[m.cell].push(kind);
  }
  const links = panel.links.map(({ cells: [a, b], kind }) => {
    check(a !== b);
    return {
      cells: [a, b],
      from: rowCol(a),
      to: rowCol(b),
      kind: known(LINK_KINDS, kind),
      label: t(LINKS[kind], { a: named(a), b: named(b) }),
    };
  });

  const symbolOf = (kind) => t(MARKS[kind].symbol);
  const meansOf = (kind) => t(MARKS[kind].means);
  const cells = tableau.map((card, i) => ({
    ...face(t, card),
    marks: marksOf[i].map((kind) => ({ kind, symbol: symbolOf(kind) })),
  }));

  // The legend: each mark kind used, in the order of MARK_KINDS.
  const used = marksOf.flat();
  const legend = MARK_KINDS.filter((kind) => used.includes(kind)).map((kind) => ({
    kind,
    symbol: symbolOf(kind),
    text: meansOf(kind),
  }));

  // "wrong" or "right"; any other verdict makes a bad panel.
  if (verdict) check(Object.hasOwn(VERDICTS, verdict));
  const verdictText = verdict ? t(VERDICTS[verdict].text) : "";
  // The words of the whole panel: the verdict (unless the title starts with
  // it already), the title, the caption, every cell drawn with its marks, the links.
  const heading =
    verdictText && !title.toLowerCase().startsWith(verdictText.toLowerCase())
      ? [verdictText, title].filter(Boolean).join(": ")
      : title;
  const cellWords = cells.map((c, i) =>
    [
      c.card ? t("panel.cell", { card: named(i), place: place(i) }) : named(i),
      ...marksOf[i].map(meansOf),
    ].join(", "),
  );
  const label = [heading, caption, cellWords.join("; "), ...links.map((l) => l.label)]
    .map((s) => s.trim().replace(/[.:]$/u, ""))
    .filter(Boolean)
    .map((s) => `${s}.`)
    .join(" ");

  return {
    ok: true,
    index,
    title,
    caption,
    verdict,
    verdictText,
    verdictSymbol: verdict ? t(VERDICTS[verdict].symbol) : "",
    rows,
    cols,
    cells,
    links,
    legend,
    label,
  };
};

/**
 * The rows a panel needs: up to its last row holding a card, a mark or a
 * link end (at least 1). Throws on a panel not shaped like `make_panel`'s
 * output: an object with whole `rows`/`cols` 1 … 10, a `tableau` list of
 * rows × cols entries, `marks` and `links` lists.
 * @param {*} p  one entry of the `panels` trait
 * @returns {number}
 */
const rowsUsed = (p) => {
  const side = (v) => Number.isInteger(v) && v > 0 && v <= 10;
  check(side(p?.rows) && side(p.cols) && p.tableau?.length === p.rows * p.cols);
  check(Array.isArray(p.marks) && Array.isArray(p.links));
  let last = 0;
  p.tableau.forEach((c, i) => c && (last = Math.max(last, i)));
  for (const m of p.marks) last = Math.max(last, m.cell);
  for (const l of p.links) last = Math.max(last, ...l.cells);
  const rows = Math.min(p.rows, Math.floor(last / p.cols) + 1);
  check(rows > 0);
  return rows;
};

/**
 * The `panels` trait in words, one entry per panel, in order.
 *
 * A good panel: `{ok: true, index, title, caption, verdict ("wrong" | "right" | ""),
 * verdictText ("Wrong"), verdictSymbol ("✗"), rows, cols,
 * cells: [{card, rank, suit, red, marks: [{kind, symbol}]}] (reading order),
 * links: [{cells: [a, b], from: {row, col}, to: {row, col}, kind, label}]
 * (rows and columns from 0), legend: [{kind, symbol, text}], label}`
 * (`label`: the whole panel in words, for its aria-label).
 * Every panel has the `rows` of the tallest one: the trailing rows empty in
 * all of them (no card, mark or link) are left out, so the cells and the
 * label cover the rows drawn.
 * A malformed one: `{ok: false, index, error}`, the error line ("Panel 2
 * cannot be drawn."). A `panels` trait that is not a list gives one such
 * error entry.
 *
 * @param {function(string, Object=): string} t  the board's translator
 * @param {*} panels  the `panels` trait (docs/teaching.md, section 4)
 * @returns {Object[]}
 */
export const presentPanels = (t, panels) => {
  const bad = (index) => ({
    ok: false,
    index,
    error: t("panel.bad", { n: index + 1 }),
  });
  if (panels === null || panels === undefined) return [];
  if (!Array.isArray(panels)) return [bad(0)];
  // The trailing rows empty in every panel are left out, so all keep one height.
  const need = panels.map((p) => {
    try {
      return rowsUsed(p);
    } catch {
      return 0;
    }
  });
  const rows = Math.max(1, ...need);
  return panels.map((panel, index) => {
    try {
      check(need[index]);
      return presentPanel(t, panel, index, Math.min(rows, panel.rows));
    } catch {
      return bad(index);
    }
  });
};

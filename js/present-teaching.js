/**
 * The teaching traits in words (docs/teaching.md, sections 2 and 4): the
 * header (`title`, `caption`) and the read-only teaching panels, checked
 * and worded here so the view only draws. A panel comes from Python data or
 * from any kernel message, so every field is checked: a malformed panel
 * becomes a short error line naming the bad field, never an exception that
 * would stop the live board from drawing. No DOM and no rule logic: a panel
 * shows what its data says (the wrong results are computed in Python, in
 * `mc_widget/teaching/wrong_rules.py`).
 *
 * @module present-teaching
 */

/** The verdicts a panel may carry ("" none); the word is `panel.wrong`/`panel.right`, the symbol `panel.symbol-<verdict>`. */
const VERDICTS = Object.freeze(["wrong", "right", ""]);

/**
 * Mark kinds, in legend order (as MARK_KINDS in mc_widget/teaching/panels.py):
 * the symbol drawn on the cell is `panel.mark-<kind>`, what it means in
 * words `panel.means-<kind>`.
 */
export const MARK_KINDS = Object.freeze(["differs", "crossed", "focus", "pair", "moved", "dealt"]);

/** Link kinds (as LINK_KINDS in panels.py); the words of each are `panel.link-<kind>`. */
export const LINK_KINDS = Object.freeze(["false", "pair", "touch"]);

/** The largest side of a panel's tableau (as the engine's MAX_SIDE). */
const MAX_SIDE = 10;

/** A bad field of a panel; `field` names it, e.g. `"marks[2].cell"`. */
class PanelError extends Error {
  constructor(field) {
    super(field);
    this.field = field;
  }
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isIndex = (v, n) => Number.isInteger(v) && v >= 0 && v < n;

/**
 * The header above the board: the `title` and `caption` traits as text.
 * Anything but a string counts as empty.
 * @param {{title?: *, caption?: *}} teaching  the teaching traits
 * @returns {{title: string, caption: string, shown: boolean}}
 */
export function presentHeader(teaching) {
  const title = typeof teaching?.title === "string" ? teaching.title.trim() : "";
  const caption = typeof teaching?.caption === "string" ? teaching.caption.trim() : "";
  return { title, caption, shown: title !== "" || caption !== "" };
}

/**
 * Check one panel dict and word it.
 * @param {Object} E  the engine (parseCard, cardSymbol, cardName, isRed, formatMessage)
 * @param {*} panel  one entry of the `panels` trait
 * @param {number} index  its place in the list (0 first)
 * @returns {Object} a presented panel (see `presentPanels`)
 * @throws {PanelError} naming the first bad field
 */
function presentPanel(E, panel, index) {
  const t = E.formatMessage;
  if (!isObject(panel)) throw new PanelError("panel");
  const text = (name) => {
    const v = panel[name] ?? "";
    if (typeof v !== "string") throw new PanelError(name);
    return v;
  };
  const title = text("title");
  const caption = text("caption");
  const verdict = panel.verdict ?? "";
  if (!VERDICTS.includes(verdict)) throw new PanelError("verdict");
  const { rows, cols } = panel;
  if (!Number.isInteger(rows) || rows < 1 || rows > MAX_SIDE) throw new PanelError("rows");
  if (!Number.isInteger(cols) || cols < 1 || cols > MAX_SIDE) throw new PanelError("cols");
  const n = rows * cols;
  if (!Array.isArray(panel.tableau) || panel.tableau.length !== n) throw new PanelError("tableau");
  const tableau = panel.tableau.map((c, i) => {
    if (c === null) return null;
    try {
      return E.parseCard(c);
    } catch {
      throw new PanelError(`tableau[${i}]`);
    }
  });

  const marks = panel.marks ?? [];
  if (!Array.isArray(marks)) throw new PanelError("marks");
  const marksOf = tableau.map(() => []);
  marks.forEach((m, k) => {
    if (!isObject(m)) throw new PanelError(`marks[${k}]`);
    if (!isIndex(m.cell, n)) throw new PanelError(`marks[${k}].cell`);
    if (!MARK_KINDS.includes(m.kind)) throw new PanelError(`marks[${k}].kind`);
    if (!marksOf[m.cell].includes(m.kind)) marksOf[m.cell].push(m.kind);
  });

  const links = panel.links ?? [];
  if (!Array.isArray(links)) throw new PanelError("links");
  const rowCol = (i) => ({ row: Math.floor(i / cols), col: i % cols });
  const place = (i) => t("cell.place", { row: rowCol(i).row + 1, col: rowCol(i).col + 1 });
  const named = (i) =>
    tableau[i] === null ? t("panel.gap", { place: place(i) }) : E.cardSymbol(tableau[i]);
  const drawnLinks = links.map((l, k) => {
    if (!isObject(l)) throw new PanelError(`links[${k}]`);
    const cells = l.cells;
    if (!Array.isArray(cells) || cells.length !== 2) throw new PanelError(`links[${k}].cells`);
    if (!isIndex(cells[0], n) || !isIndex(cells[1], n) || cells[0] === cells[1]) {
      throw new PanelError(`links[${k}].cells`);
    }
    if (!LINK_KINDS.includes(l.kind)) throw new PanelError(`links[${k}].kind`);
    const [a, b] = cells;
    return {
      cells: [a, b],
      from: rowCol(a),
      to: rowCol(b),
      kind: l.kind,
      label: t(`panel.link-${l.kind}`, { a: named(a), b: named(b) }),
    };
  });

  const symbolOf = (kind) => t(`panel.mark-${kind}`);
  const meansOf = (kind) => t(`panel.means-${kind}`);
  const cells = tableau.map((card, i) => ({
    card,
    rank: card === null ? "" : E.cardSymbol(card).slice(0, -1),
    suit: card === null ? "" : E.cardSymbol(card).slice(-1),
    red: card !== null && E.isRed(card),
    marks: marksOf[i].map((kind) => ({ kind, symbol: symbolOf(kind) })),
  }));

  // The legend: each mark kind used, in the order of MARK_KINDS.
  const used = new Set(marksOf.flat());
  const legend = MARK_KINDS.filter((kind) => used.has(kind)).map((kind) => ({
    kind,
    symbol: symbolOf(kind),
    text: meansOf(kind),
  }));

  const verdictText = verdict ? t(verdict === "wrong" ? "panel.wrong" : "panel.right") : "";
  // The words of the whole panel: the verdict (unless the title starts with
  // it already), the title, the caption, every cell with its marks, the links.
  const heading =
    verdictText && !title.toLowerCase().startsWith(verdictText.toLowerCase())
      ? [verdictText, title].filter(Boolean).join(": ")
      : title;
  const cellWords = cells.map((c, i) => {
    const what =
      c.card === null
        ? t("panel.gap", { place: place(i) })
        : t("panel.cell", { card: E.cardSymbol(c.card), place: place(i) });
    const means = marksOf[i].map(meansOf);
    return [what, ...means].join(", ");
  });
  const sentences = [heading, caption, cellWords.join("; "), ...drawnLinks.map((l) => l.label)];
  const label = sentences
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
    verdictSymbol: verdict ? t(`panel.symbol-${verdict}`) : "",
    rows,
    cols,
    cells,
    links: drawnLinks,
    legend: legend.map((l) => ({
      ...l,
      line: t("panel.legend", { symbol: l.symbol, meaning: l.text }),
    })),
    label,
  };
}

/**
 * The `panels` trait in words, one entry per panel, in order.
 *
 * A good panel: `{ok: true, index, title, caption, verdict ("wrong" | "right" | ""),
 * verdictText ("Wrong"), verdictSymbol ("✗"), rows, cols,
 * cells: [{card, rank, suit, red, marks: [{kind, symbol}]}] (reading order),
 * links: [{cells: [a, b], from: {row, col}, to: {row, col}, kind, label}]
 * (rows and columns from 0), legend: [{kind, symbol, text, line}], label}`
 * (`label`: the whole panel in words, for its aria-label).
 * A malformed one: `{ok: false, index, error}`, the error line ("Panel 2
 * cannot be drawn: marks[0].cell is not valid."). A `panels` trait that is
 * not a list gives one such error entry.
 *
 * @param {Object} E  the engine
 * @param {*} panels  the `panels` trait (docs/teaching.md, section 4)
 * @returns {Object[]}
 */
export function presentPanels(E, panels) {
  const t = E.formatMessage;
  const bad = (index, field) => ({
    ok: false,
    index,
    error: t("panel.bad", { n: index + 1, field }),
  });
  if (panels === null || panels === undefined) return [];
  if (!Array.isArray(panels)) return [bad(0, "panels")];
  return panels.map((panel, index) => {
    try {
      return presentPanel(E, panel, index);
    } catch (err) {
      if (err instanceof PanelError) return bad(index, err.field);
      return bad(index, "panel");
    }
  });
}

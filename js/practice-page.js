/**
 * The practice board of an exported page (docs/practice.md, docs/export.md):
 * with no kernel, each practice placeholder (`[data-mcw-practice]`, holding
 * `{set, answers, texts, lang}` as JSON, as mc_widget/export/page.py's
 * `practice_html` writes it) is drawn by the practice board's own render,
 * on a small model kept in the page's own storage. Skeleton: issue 21 fills it in.
 * @module practice-page
 */
import board from "./practice-board.js";

export { board };

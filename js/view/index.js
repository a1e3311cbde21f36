/**
 * The view: draws a presentation (js/present/presentation.js) and reports
 * what the learner does as small command objects; no rule logic. Layout: the
 * status line, then the tableau beside one column with the buttons, the piles,
 * the counters, the banner and the quiet line (a toolbar above the tableau
 * made the board too tall for one screen). The tableau comes first in the
 * DOM, so it is the first tab stop.
 * @module view
 */
import { createAnimator } from "./anim.js";
import { createBoard } from "./board.js";
import { createControls } from "./controls.js";
import { createHeader } from "./header.js";
import { createPanels } from "./teaching-panels.js";
import { SUPPRESS, attr, group, h, listen } from "./dom.js";
import { createKeyboard } from "./keyboard.js";
import { createMoveList } from "./move-list.js";
import { createPanel } from "./side-column.js";
import { followScheme } from "./scheme.js";
import { createBanner, createStatus, createSyncLine } from "./status.js";
import { createWalkBar } from "./walkthrough-bar.js";

/**
 * @param {HTMLElement} host  the element anywidget gives us
 * @param {Object} options
 * @param {function(string, Object=): string} options.t  formatMessage (catalogue text)
 * @param {function(string): {rank: string, suit: string, red: boolean}} options.face
 *   how a card is drawn (rank and suit symbol, red or not)
 * @param {function(Object): void} options.send  receives the learner's commands:
 *   `{type: "cell", cell}`, `{type: "clear"}`, `{type: "action", action}`,
 *   `{type: "new_deal", value}`, `{type: "random_deal"}`
 * @returns {{root: HTMLElement, status: {el: HTMLElement}, update: function(Object): void,
 *   setCounter: function(string, string): void, focusDeal: function(): void,
 *   destroy: function(): void}}
 */
export const createView = (host, { t, face, send }) => {
  // Focusable but no Tab stop: a click where no control is focuses the
  // board, so its keys stay in it (js/view/keyboard.js).
  const root = h("div.mcw", {
    ...group(t("aria.widget")),
    [SUPPRESS]: true,
    tabindex: -1,
    "data-size": "normal",
  });

  // A new deal asked for here (Enter in the Deal box, New deal, Random deal)
  // that is not refused puts the focus on the tableau's tab stop, the first
  // card: the learner plays next, and from the Deal box that was three Tabs
  // away. The controller redraws before `send` returns (see `update`).
  let dealing = false;
  const sendFromView = (command) => {
    dealing = command.type === "new_deal" || command.type === "random_deal";
    try {
      send(command);
    } finally {
      dealing = false;
    }
  };

  const controls = createControls(t, sendFromView);
  const status = createStatus();
  const board = createBoard(t);
  const banner = createBanner();
  const syncLine = createSyncLine(t);
  const panel = createPanel(t);
  const animator = createAnimator(face);
  panel.el.prepend(controls.el);
  panel.el.append(banner.el, syncLine.el);
  const frame = h("div.mcw-frame", {}, status.el, h("div.mcw-main", {}, board.el, panel.el));
  // The walkthrough bar, in the tableau's panel under the cards it walks
  // through: after the grid in the Tab order, before the toolbar (at the
  // projector size in the side column: see `update`).
  const walk = createWalkBar(t, send);
  // The numbered moves the review cites (js/view/move-list.js), after the
  // bar and with it (under the cards, or at the projector size in the side
  // column): in the shorter of the two columns, so it adds no height.
  const moveList = createMoveList(t);
  board.el.append(walk.el, moveList.el);
  // The title and caption above the board, then the teaching panels, then
  // the live board (docs/teaching.md, sections 2 and 4): a mistake's title,
  // rule and panels are on one screen, the board to try it under them.
  const header = createHeader();
  const panels = createPanels(t);
  root.append(header.el, panels.el, frame);
  host.append(root);
  // The host grows in a flex row (an ipywidgets HBox) instead of collapsing
  // (js/styles/host.css, .mcw-host); a Layout's own inline styles still win.
  host.classList?.add("mcw-host");
  // Light or dark after the host's declared colour scheme (js/view/scheme.js).
  const unscheme = followScheme(root);

  const keyboard = createKeyboard(root, board, controls.input, sendFromView, walk.keyFor);

  const unlisten = listen(board.grid, "click", (event) => {
    const cell = board.cellOf(event.target);
    if (cell !== null) send({ type: "cell", cell });
  });

  let last = null;

  /**
   * Draw a presentation. A new position finishes any running animation
   * first, then animates the change from the previous position.
   * @param {Object} p  from `present()`
   */
  const update = (p) => {
    const snapshot = { start: p.start, tableau: p.tableau, stock: p.stock.cards };
    const moved =
      last !== null &&
      (last.start !== snapshot.start ||
        last.tableau.some((c, i) => c !== snapshot.tableau[i]) ||
        last.stock.length !== snapshot.stock.length);
    // Where the moving cards are, measured before anything changes (js/view/anim.js `prepare`).
    const slide = moved ? animator.prepare(last, snapshot, board, panel.stockPile) : null;
    // A new position ends the running animation at once; a new selection or
    // message does not disturb it.
    if (moved) animator.finish();
    // The classroom size (docs/teaching.md, section 5); anything else is "normal".
    const size = ["normal", "large", "projector"].includes(p.teaching.size)
      ? p.teaching.size
      : "normal";
    attr(root, "data-size", size);
    // At the projector size the bar goes into the side column, under the
    // buttons (js/styles/walkthrough.css): under the tableau, a board with a
    // title and a caption would not fit 1280×720. The Tab order follows what is seen:
    // the grid, the buttons, the bar.
    if (size === "projector") {
      if (walk.el.previousSibling !== controls.el) controls.el.after(walk.el, moveList.el);
    } else if (walk.el.parentNode !== board.el) board.el.append(walk.el, moveList.el);
    const parts = [header, panels, controls, status, board, banner, syncLine, panel, walk];
    for (const part of [...parts, moveList]) {
      part.update(p);
    }
    // A refused deal (a bad or missing number) leaves the focus in the Deal box.
    const dealt = dealing && p.status.tone !== "illegal" && p.status.tone !== "error";
    dealing = false;
    if (dealt) keyboard.rove(0, true);
    else keyboard.rove(keyboard.focusIndex, false);
    slide?.();
    last = snapshot;
  };

  const destroy = () => {
    animator.finish();
    keyboard.destroy();
    controls.destroy();
    walk.destroy();
    unlisten();
    unscheme();
    root.remove();
    if (!host.querySelector?.(".mcw")) host.classList?.remove("mcw-host");
  };

  return {
    root,
    status,
    update,
    setCounter: panel.setCounter,
    // Put the focus in the Deal box, ready to type a number.
    focusDeal: keyboard.focusDeal,
    destroy,
  };
};

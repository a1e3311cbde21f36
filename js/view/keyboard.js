/**
 * Keyboard: a roving tabindex over the cells (one tab stop into the grid),
 * arrow keys / Home / End to move, Enter or Space to select or pair, Escape
 * to clear, and the toolbar shortcuts. The board's keys and every plain key
 * stay in the widget (stopped at the root, and `data-lm-suppress-shortcuts`
 * for hosts that listen in the capture phase), so JupyterLab's command-mode
 * shortcuts never fire while a learner plays; the host's keys pass
 * (docs/accessibility.md, "Keys and the notebook").
 * @module view/keyboard
 */
import { SUPPRESS, attr, flag, listen } from "./dom.js";

/**
 * The toolbar's shortcuts: `event.key` (lower case) → the command without
 * and with Shift (null: none).
 */
const SHORTCUTS = {
  c: ["consolidate_step", "consolidate"],
  r: ["refill_step", "refill"],
  u: ["undo", "redo"],
  n: ["focus_deal", null],
  h: ["hint", null],
};
/** The same with Ctrl or Cmd. */
const ACCEL_SHORTCUTS = { z: ["undo", "redo"], y: ["redo", null] };

/**
 * Whether a key event has Ctrl, Cmd or Alt (Shift is not counted).
 * @param {KeyboardEvent} event
 * @returns {boolean}
 */
export const withModifier = (event) => event.ctrlKey || event.metaKey || event.altKey;

/** Shortcut → command, by `event.key` and modifiers (null: no shortcut). */
const shortcut = (event) => {
  if (event.altKey) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const table = event.ctrlKey || event.metaKey ? ACCEL_SHORTCUTS : SHORTCUTS;
  return table[key]?.[event.shiftKey ? 1 : 0] ?? null;
};

/**
 * @param {HTMLElement} root  the widget root (the handler sits on it)
 * @param {Object} board  from `createBoard`
 * @param {HTMLInputElement} dealInput
 * @param {function(Object): void} send  receives `{type: "cell", cell}`,
 *   `{type: "clear"}`, `{type: "action", action}`, `{type: "new_deal", value}`
 * @param {function(KeyboardEvent): ((function(): void)|null)} walkKey  the
 *   walkthrough's keys (←/→, Home/End, Space; js/view/walkthrough-bar.js), asked only
 *   outside the grid and the Deal box, where those keys have their own use
 */
export const createKeyboard = (root, board, dealInput, send, walkKey) => {
  let focusIndex = 0;

  /** Put the focus in the Deal box, ready to type a number. */
  const focusDeal = () => {
    dealInput.focus();
    dealInput.select();
  };

  /** Make `i` the grid's one tab stop (and focus it when asked). */
  const rove = (i, focus) => {
    const cells = board.cells;
    if (cells.length === 0) return;
    focusIndex = Math.max(0, Math.min(cells.length - 1, i));
    cells.forEach((c, k) => attr(c, "tabindex", k === focusIndex ? 0 : -1));
    if (focus) cells[focusIndex].focus();
  };

  const move = (event, index) => {
    const [rows, cols] = board.shape();
    const row = Math.floor(index / cols);
    const col = index % cols;
    const ctrl = event.ctrlKey || event.metaKey;
    switch (event.key) {
      case "ArrowLeft":
        return col > 0 ? index - 1 : index;
      case "ArrowRight":
        return col < cols - 1 ? index + 1 : index;
      case "ArrowUp":
        return row > 0 ? index - cols : index;
      case "ArrowDown":
        return row < rows - 1 ? index + cols : index;
      case "Home":
        return ctrl ? 0 : row * cols;
      case "End":
        return ctrl ? rows * cols - 1 : row * cols + cols - 1;
      default:
        return null;
    }
  };

  /**
   * Escape: clear the selection or the message (the controller redraws before
   * `send` returns); when that changed nothing, give the focus to the nearest
   * focusable element around the board, if any (the notebook's cell).
   */
  const escape = () => {
    const status = root.querySelector('[role="status"]');
    const before = status?.textContent;
    send({ type: "clear" });
    if (status?.textContent === before) root.parentElement?.closest("[tabindex]")?.focus();
  };

  /**
   * What the board does with a key: a function to run, or null when the
   * board has no use for it.
   * @param {KeyboardEvent} event
   * @returns {(function(): void)|null}
   */
  const boardKey = (event) => {
    const target = event.target;
    const plain = !withModifier(event);
    const enter = event.key === "Enter" && plain && !event.shiftKey;
    if (target === dealInput) {
      if (enter) return () => send({ type: "new_deal", value: dealInput.value });
      if (event.key === "Escape") return () => rove(focusIndex, true);
      return null;
    }
    // A list (the rules, the speed) keeps its letters and arrows; Escape leaves it.
    if (target.tagName === "SELECT") return event.key === "Escape" ? escape : null;
    const index = board.cellOf(target);
    const inGrid = index !== null;
    if (inGrid) {
      const next = move(event, index);
      if (next !== null) return () => rove(next, true);
      if (enter || (event.key === " " && plain)) return () => send({ type: "cell", cell: index });
    }
    if (event.key === "Escape") return escape;
    // Not in the grid (arrows, Home/End, Space are the cards' there).
    const walking = inGrid ? null : walkKey(event);
    if (walking) return walking;
    // From the board's background, an arrow key, Home or End goes into the grid.
    if (target === root && move(event, focusIndex) !== null) return () => rove(focusIndex, true);
    const command = shortcut(event);
    if (command === null) return null;
    if (command === "focus_deal") return focusDeal;
    return () => send({ type: "action", action: command });
  };

  /** Shift+Enter, or a key with Ctrl, Cmd or Alt: the host's, when the board has no use for it. */
  const hostKey = (event) => withModifier(event) || (event.key === "Enter" && event.shiftKey);

  /** Let Lumino match its bindings for this one event (the attribute is back afterwards). */
  const unsuppress = (target) => {
    const lifted = [];
    for (let el = target; el && root.contains(el); el = el.parentElement) {
      if (el.hasAttribute(SUPPRESS)) {
        flag(el, SUPPRESS, false);
        lifted.push(el);
      }
    }
    if (lifted.length) setTimeout(() => lifted.forEach((el) => flag(el, SUPPRESS, true)), 0);
  };

  const onKeydown = (event) => {
    const action = event.isComposing ? null : boardKey(event);
    if (action === null && !event.isComposing && hostKey(event)) {
      unsuppress(event.target);
      return; // on to the notebook
    }
    // Nothing else typed inside the widget is a notebook shortcut.
    event.stopPropagation();
    if (action === null || event.defaultPrevented) return;
    // A button press with Enter/Space is the button's own business.
    event.preventDefault();
    action();
  };

  /** Clicking or focusing a cell makes it the tab stop. */
  const onFocusin = (event) => {
    const index = board.cellOf(event.target);
    if (index !== null) rove(index, false);
  };

  const unlisten = [listen(root, "keydown", onKeydown), listen(root, "focusin", onFocusin)];
  return {
    rove,
    focusDeal,
    get focusIndex() {
      return focusIndex;
    },
    destroy: () => unlisten.forEach((off) => off()),
  };
};

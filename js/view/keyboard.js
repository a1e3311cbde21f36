/**
 * Keyboard: a roving tabindex over the cells (one tab stop into the grid),
 * arrow keys / Home / End to move, Enter or Space to select or pair, Escape
 * to clear, and the toolbar shortcuts. Only keys pressed while focus is
 * inside the widget reach this handler, and none of them travel on to the
 * notebook: JupyterLab's command-mode shortcuts (`a`, `b`, `d d`, `x`, …)
 * must not fire while a learner plays. Lumino skips its key bindings when the
 * focused element or an ancestor has `data-lm-suppress-shortcuts` (checked at
 * each step before the binding's selector, which may match the focused
 * element itself), so every focusable element carries it; stopping the
 * event's propagation covers hosts that listen in the bubble phase.
 * @module view/keyboard
 */

/** Shortcut → command, by `event.key` (lower case) and modifiers. */
function shortcut(event) {
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const accel = event.ctrlKey || event.metaKey;
  if (event.altKey) return null;
  if (accel) {
    if (key === "z") return event.shiftKey ? "redo" : "undo";
    if (key === "y" && !event.shiftKey) return "redo";
    return null;
  }
  switch (key) {
    case "c":
      return event.shiftKey ? "consolidate" : "consolidate_step";
    case "r":
      return event.shiftKey ? "refill" : "refill_step";
    case "u":
      return event.shiftKey ? "redo" : "undo";
    case "n":
      return event.shiftKey ? null : "focus_deal";
    default:
      return null;
  }
}

/**
 * @param {HTMLElement} root  the widget root (the handler sits on it)
 * @param {Object} board  from `createBoard`
 * @param {HTMLInputElement} dealInput
 * @param {function(Object): void} send  receives `{type: "cell", cell}`,
 *   `{type: "clear"}`, `{type: "action", action}`, `{type: "new_deal", value}`
 */
export function createKeyboard(root, board, dealInput, send) {
  let focusIndex = 0;

  /** Make `i` the grid's one tab stop (and focus it when asked). */
  function rove(i, focus) {
    const cells = board.cells;
    if (cells.length === 0) return;
    focusIndex = Math.max(0, Math.min(cells.length - 1, i));
    cells.forEach((c, k) => {
      const want = k === focusIndex ? "0" : "-1";
      if (c.getAttribute("tabindex") !== want) c.setAttribute("tabindex", want);
    });
    if (focus) cells[focusIndex].focus();
  }

  function move(event, index) {
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
  }

  function onKeydown(event) {
    // Nothing typed inside the widget is a notebook shortcut.
    event.stopPropagation();
    if (event.defaultPrevented || event.isComposing) return;
    const target = event.target;

    if (target === dealInput) {
      if (event.key === "Enter") {
        event.preventDefault();
        send({ type: "new_deal", value: dealInput.value });
      } else if (event.key === "Escape") {
        event.preventDefault();
        rove(focusIndex, true);
      }
      return;
    }

    const cellEl = target.closest ? target.closest("[data-cell]") : null;
    if (cellEl && root.contains(cellEl)) {
      const index = Number(cellEl.getAttribute("data-cell"));
      const next = move(event, index);
      if (next !== null) {
        event.preventDefault();
        rove(next, true);
        return;
      }
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        send({ type: "cell", cell: index });
        return;
      }
    }
    if (event.key === "Escape") {
      event.preventDefault();
      send({ type: "clear" });
      return;
    }
    const command = shortcut(event);
    if (command === null) return;
    // A button press with Enter/Space is the button's own business.
    event.preventDefault();
    if (command === "focus_deal") {
      dealInput.focus();
      dealInput.select();
    } else {
      send({ type: "action", action: command });
    }
  }

  /** Clicking or focusing a cell makes it the tab stop. */
  function onFocusin(event) {
    const cellEl = event.target.closest ? event.target.closest("[data-cell]") : null;
    if (cellEl && root.contains(cellEl)) rove(Number(cellEl.getAttribute("data-cell")), false);
  }

  root.addEventListener("keydown", onKeydown);
  root.addEventListener("focusin", onFocusin);
  return {
    rove,
    get focusIndex() {
      return focusIndex;
    },
    destroy() {
      root.removeEventListener("keydown", onKeydown);
      root.removeEventListener("focusin", onFocusin);
    },
  };
}

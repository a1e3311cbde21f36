/**
 * anywidget entry of MonteCarloWidget: wires the model (synced traits
 * `state`, `selected`, `feedback`, `clock`) to the JavaScript engine and the view.
 * One `render` per view; two views of one widget share the model and so
 * always show the same board. Returns the cleanup that removes every listener.
 * Only the default export: anywidget warns "Direct export of a 'render' will
 * likely be deprecated" for a named one (docs/export.md, section 7).
 *
 * See docs/architecture.md, "The widget (sync)".
 * @module widget
 */
import "./widget.css";
import { engine as E } from "./engine-subset.js";
import { createController } from "./app/controller.js";
import { createView } from "./view/index.js";
import { face as faceOf } from "./present/face.js";

/**
 * The default export's one function (anywidget's `render`).
 * @param {{model: Object, el: HTMLElement}} context  from anywidget
 * @param {Object} [options]  for tests: `random`, `now` and `timers` (see `createController`)
 * @returns {function(): void} cleanup
 */
const render = ({ model, el }, options = {}) => {
  const controller = createController(
    model,
    E,
    // The board's engine speaks its language (`formatMessage`): the view's
    // words, and how a card is drawn in its letters (js/face.js).
    (send, board) =>
      createView(el, { t: board.formatMessage, face: (card) => faceOf(board, card), send }),
    options,
  );
  return () => controller.destroy();
};

export default { render };

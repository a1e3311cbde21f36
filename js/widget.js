/**
 * anywidget entry of MonteCarloWidget: one `render` per view wires the model
 * to the controller (js/app/controller.js) and the view (js/view/index.js);
 * two views of one widget share the model and so show the same board. Only
 * the default export: anywidget warns "Direct export of a 'render' will
 * likely be deprecated" for a named one (docs/export.md, section 7).
 * @module widget
 */
import "./widget.css";
import { createController } from "./app/controller.js";
import { face } from "./present/face.js";
import { createView } from "./view/index.js";

/**
 * The default export's one function (anywidget's `render`).
 * @param {{model: Object, el: HTMLElement}} context  from anywidget
 * @param {Object} [options]  for tests: `random`, `now` and `timers` (see `createController`)
 * @returns {function(): void} cleanup, which removes every listener
 */
const render = ({ model, el }, options = {}) => {
  const controller = createController(
    model,
    // The view's words and its cards' letters are the board's language's.
    (send, t) => createView(el, { t, face: (card) => face(t, card), send }),
    options,
  );
  return () => controller.destroy();
};

export default { render };

/**
 * anywidget entry of the practice board (mc_widget/widget/practice_board.py;
 * docs/practice.md): skeleton, issue 21 fills it in. A bundle of its own
 * (scripts/build.mjs), so the main widget bundle does not carry the
 * practice engine.
 * @module practice-board
 */
import "./practice-board.css";

/** Draw the practice board into `el` (anywidget's render). */
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "mcw-practice";
  box.textContent = JSON.stringify(model.get("progress"));
  el.replaceChildren(box);
}

export default { render };

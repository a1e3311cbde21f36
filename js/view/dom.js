/**
 * The one DOM helper of the view: make an element with attributes and
 * content. Text always becomes text nodes (`append` of a string), never
 * `innerHTML`, so nothing in a state or a message can inject markup.
 * @module view/dom
 */

/**
 * @param {string} tag  element name, e.g. `"div"`
 * @param {Object<string, string|number|boolean|null|undefined>} [attrs]
 *   attributes; `class` sets the class list; `null`/`undefined`/`false` are skipped
 * @param {...(Node|string|null|undefined)} content  child elements and
 *   texts, in order; `null`, `undefined` and `""` are skipped
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...content) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? "" : String(value));
  }
  el.append(...content.filter((c) => c !== null && c !== undefined && c !== ""));
  return el;
}

/**
 * A control the learner can focus (a button, an input, a select): `h` plus
 * `data-lm-suppress-shortcuts`, so that JupyterLab's key bindings skip it
 * (js/view/keyboard.js), and `type="button"` on a button (never a submit).
 * @param {string} tag
 * @param {Object} [attrs]  as for `h`
 * @param {...(Node|string|null|undefined)} content  as for `h`
 * @returns {HTMLElement}
 */
export function control(tag, attrs = {}, ...content) {
  const type = tag === "button" ? { type: "button" } : {};
  return h(tag, { ...type, ...attrs, "data-lm-suppress-shortcuts": true }, ...content);
}

/**
 * Set or remove a boolean data attribute without touching the DOM when
 * nothing changes (cheap to call on every update).
 * @param {Element} el
 * @param {string} name  full attribute name, e.g. `"data-neighbour"`
 * @param {boolean} on
 */
export function flag(el, name, on) {
  if (on) {
    if (!el.hasAttribute(name)) el.setAttribute(name, "");
  } else if (el.hasAttribute(name)) {
    el.removeAttribute(name);
  }
}

/**
 * Set an attribute only when its value changes.
 * @param {Element} el
 * @param {string} name
 * @param {string|null} value  `null` removes it
 */
export function attr(el, name, value) {
  if (value === null || value === undefined) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== String(value)) {
    el.setAttribute(name, String(value));
  }
}

/**
 * Set text only when it changes (keeps screen readers from re-announcing).
 * @param {Node} el
 * @param {string} text
 */
export function text(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * The one DOM helper of the view: make an element with attributes and
 * content. Text always becomes text nodes (`append` of a string), never
 * `innerHTML`, so nothing in a state or a message can inject markup.
 * @module view/dom
 */

/**
 * @param {string} tag  element name, e.g. `"div"`, with its classes after
 *   dots as in a CSS selector: `"span.mcw-rank"` is
 *   `<span class="mcw-rank">`, `"div.mcw-pile.mcw-stock"` has both classes
 * @param {Object<string, string|number|boolean|null|undefined>} [attrs]
 *   attributes; `null`/`undefined`/`false` are skipped, `true` is `""`
 * @param {...(Node|string|null|undefined)} content  child elements and
 *   texts, in order; `null`, `undefined` and `""` are skipped
 * @returns {HTMLElement}
 */
export const h = (tag, attrs = {}, ...content) => {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name);
  if (classes.length) el.className = classes.join(" ");
  setAttributes(el, attrs);
  el.append(...content.filter((c) => c != null && c !== ""));
  return el;
};

/**
 * Set `attrs` on `el` as `h` does.
 * @template {Element} T
 * @param {T} el
 * @param {Object} attrs
 * @returns {T} `el`
 */
const setAttributes = (el, attrs) => {
  for (const [key, value] of Object.entries(attrs)) {
    if (value != null && value !== false) el.setAttribute(key, value === true ? "" : value);
  }
  return el;
};

/**
 * An SVG element without content (the teaching panels' links).
 * @param {string} tag  `"svg"`, `"line"`
 * @param {Object} attrs  as for `h`, the class too (`class`)
 * @returns {SVGElement}
 */
export const svg = (tag, attrs) =>
  setAttributes(document.createElementNS("http://www.w3.org/2000/svg", tag), attrs);

/**
 * The attribute that makes JupyterLab's (Lumino's) key bindings skip an
 * element and what is inside it (js/view/keyboard.js).
 */
export const SUPPRESS = "data-lm-suppress-shortcuts";

/**
 * The attributes of a group of parts that screen readers name (the board, its
 * toolbar, the walkthrough bar, the teaching panels).
 * @param {string} label  its name
 * @returns {{role: "group", "aria-label": string}}
 */
export const group = (label) => ({ role: "group", "aria-label": label });

/** The attributes of an element screen readers skip (what it shows is said elsewhere). */
export const ARIA_HIDDEN = { "aria-hidden": "true" };

/**
 * A control the learner can focus (a button, an input, a select, a cell): `h` plus
 * `data-lm-suppress-shortcuts`, so that JupyterLab's key bindings skip it
 * (js/view/keyboard.js), and `type="button"` on a button (never a submit).
 * @param {string} tag  as for `h`: `"button"`, `"input.mcw-deal-input"`, …
 * @param {Object} [attrs]  as for `h`
 * @param {...(Node|string|null|undefined)} content  as for `h`
 * @returns {HTMLElement}
 */
export const control = (tag, attrs = {}, ...content) => {
  const type = tag.startsWith("button") ? { type: "button" } : {};
  return h(tag, { ...type, ...attrs, [SUPPRESS]: true }, ...content);
};

/**
 * Set or remove a boolean attribute without touching the DOM when nothing
 * changes (cheap to call on every update): `toggleAttribute` with a force
 * adds or removes only when the attribute is not already so.
 * @param {Element} el
 * @param {string} name  full attribute name, e.g. `"data-neighbour"`
 * @param {*} on  truthy: present
 */
export const flag = (el, name, on) => el.toggleAttribute(name, Boolean(on));

/**
 * Set an attribute only when its value changes.
 * @param {Element} el
 * @param {string} name
 * @param {string|number|null} value  `null` (or `undefined`) removes it
 */
export const attr = (el, name, value) => {
  // Removing an absent attribute changes nothing (no mutation either).
  if (value == null) el.removeAttribute(name);
  else if (el.getAttribute(name) !== String(value)) el.setAttribute(name, value);
};

/**
 * Dim a control that is not available now (`aria-disabled="true"`); it stays
 * clickable, so that a click can explain why.
 * @param {Element} el
 * @param {*} available  truthy: not dimmed
 */
export const dim = (el, available) => attr(el, "aria-disabled", available ? null : "true");

/**
 * Which cell or button an event is for: the `name` attribute of the element
 * that has it and that `target` is or is in, inside `el`.
 * @param {Element} el
 * @param {EventTarget} target
 * @param {string} name  e.g. `"data-cell"`
 * @returns {string|null} null when no such element is inside `el`
 */
export const attrWithin = (el, target, name) => {
  const found = target.closest?.(`[${name}]`);
  return found && el.contains(found) ? found.getAttribute(name) : null;
};

/**
 * Set text only when it changes (keeps screen readers from re-announcing).
 * @param {Node} el
 * @param {string} text
 */
export const text = (el, text) => {
  if (el.textContent !== text) el.textContent = text;
};

/**
 * Set text as `text` does, and hide the element (`hidden`) while it is empty.
 * @param {Element} el
 * @param {string} value
 */
export const showText = (el, value) => {
  text(el, value);
  flag(el, "hidden", value === "");
};

/**
 * Listen to `type` events on `el`.
 * @param {EventTarget} el
 * @param {string} type  e.g. `"click"`
 * @param {function(Event): void} handler
 * @returns {function(): void} removes the listener again (for `destroy`)
 */
export const listen = (el, type, handler) => {
  el.addEventListener(type, handler);
  return () => el.removeEventListener(type, handler);
};

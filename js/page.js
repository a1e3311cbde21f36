/**
 * The page runtime of an exported board (docs/export.md, section 2): turns
 * every board placeholder of a page (`[data-mcw-board]` holding its traits
 * as JSON) into a live board, with no kernel and no request. Why it works: the
 * rules are in the JavaScript engine, so a page needs the widget bundle once
 * (inline, imported through a `blob:` URL so `file://` works) and per board a
 * model with what anywidget's gives. Built apart from the widget bundle.
 * @module page
 */

/** The element whose text is the widget bundle (written by mc_widget/export/page.py). */
export const ESM_ID = "mcw-widget-esm";

/**
 * A model like anywidget's, for a page with no kernel.
 * `set` fires the `change:<name>` listeners (with the model and the new
 * value) only when the value is not `===` the old one; `save_changes` does
 * nothing, as there is no kernel to save to, and `send` throws, as MyST's
 * does, so a board can say that what needs the kernel (the review) is not
 * here (js/app/controller.js).
 * @param {Object} traits  the board model (mc_widget.export.board_model)
 * @returns {{get: function(string): *, set: function(string, *): void,
 *   on: function(string, Function): void, off: function(string=, Function=): void,
 *   save_changes: function(): void, send: function(): never}}
 */
export function pageModel(traits) {
  const data = { ...traits };
  const listeners = new Map();
  const model = {
    get: (name) => data[name],
    set(name, value) {
      const old = data[name];
      data[name] = value;
      if (old === value) return;
      for (const cb of [...(listeners.get(`change:${name}`) ?? [])]) cb(model, value);
    },
    on(event, cb) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(cb);
    },
    /** Without `cb`, every listener of `event`; without either, every listener. */
    off(event, cb) {
      if (event === undefined) listeners.clear();
      else if (cb === undefined) listeners.delete(event);
      else listeners.get(event)?.delete(cb);
    },
    save_changes() {},
    /** Read by the board: Review, the kernel's, is shown unavailable (docs/export.md, 2). */
    noKernel: true,
    send() {
      throw new Error("no kernel on this page");
    },
  };
  return model;
}

/** An object that is neither null nor an array (what JSON.parse makes of `{…}`). */
const isPlainObject = (value) =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Replace what `placeholder` holds with one line of text, `badText`, and log
 * `reason` for the page's author (the reader sees only the line).
 */
function showBad(placeholder, badText, reason) {
  console.error("mc_widget: a board of this page cannot be drawn:", reason);
  const line = placeholder.ownerDocument.createElement("p");
  line.className = "mcw-page-bad";
  line.textContent = badText;
  placeholder.replaceChildren(line);
}

/**
 * Draw every board placeholder under `root` with `widget` (the bundle's
 * default export). A placeholder whose JSON is missing, does not parse, is
 * not an object or has no object `state`, or whose `render` throws, shows
 * `badText` instead (a line of text, whatever the failed render drew gone),
 * and the others still draw.
 * @param {{render: function({model: Object, el: HTMLElement}): *}} widget
 * @param {ParentNode} root
 * @param {string} badText  what a bad placeholder says (the catalogue text page.bad-board)
 * @returns {number} how many boards were drawn
 */
export function drawBoards(widget, root, badText) {
  let drawn = 0;
  for (const placeholder of root.querySelectorAll("[data-mcw-board]")) {
    try {
      const json = placeholder.querySelector('script[type="application/json"]');
      const traits = JSON.parse(json.textContent);
      if (!isPlainObject(traits)) throw new TypeError("the board model is not an object");
      if (!isPlainObject(traits.state)) throw new TypeError("its state is not an object");
      const el = placeholder.ownerDocument.createElement("div");
      placeholder.append(el);
      const model = pageModel(traits);
      widget.render({ model, el });
      placeholder.mcwModel = model; // for a race bar over it (js/race-page.js)
      drawn += 1;
    } catch (reason) {
      showBad(placeholder, badText, reason);
    }
  }
  return drawn;
}

/** The links a page may open, in a new tab: the web, mail, and files beside it. */
const OPENED = ["http:", "https:", "mailto:", "file:"];

/**
 * A link the reader follows opens in a new tab (no opener, no referrer), so
 * the page and the games on its boards stay: nothing navigates the page away
 * (issue 17, docs/export.md section 4). A link within the page (`#heading`)
 * moves within it as usual; a link of any other scheme does nothing.
 * @param {Document} doc
 */
export function keepThePage(doc) {
  doc.addEventListener("click", (event) => {
    const link = event.target?.closest?.("a[href]");
    if (!link || event.defaultPrevented) return;
    const url = new URL(link.href, doc.baseURI);
    const page = new URL(doc.baseURI);
    if (url.href.split("#")[0] === page.href.split("#")[0]) return;
    event.preventDefault();
    if (OPENED.includes(url.protocol)) {
      doc.defaultView?.open(url.href, "_blank", "noopener,noreferrer");
    }
  });
}

/**
 * Import the page's inline widget bundle once (through a `blob:` URL: no
 * request leaves the page) and draw its boards. If the import fails (a
 * Content-Security-Policy refusing `blob:` scripts, say), every placeholder
 * shows the bad-board line instead; the promise does not reject.
 * @param {Document} doc  a page holding `#mcw-widget-esm`
 * @returns {Promise<number>} how many boards were drawn (0 if the import failed)
 */
export async function start(doc) {
  // A script element: no notebook content can be one (the export drops them), so
  // an element of the content with the same id cannot stand in for the bundle.
  const source = doc.querySelector(`script[type="text/plain"]#${ESM_ID}`);
  // The text comes from the catalogue through the page (mc_widget/export/page.py).
  const badText = source.dataset.badBoard ?? "";
  const url = URL.createObjectURL(new Blob([source.textContent], { type: "text/javascript" }));
  let widget;
  try {
    widget = (await import(/* @vite-ignore */ url)).default;
  } catch (reason) {
    for (const placeholder of doc.querySelectorAll("[data-mcw-board]")) {
      showBad(placeholder, badText, reason);
    }
    return 0;
  } finally {
    URL.revokeObjectURL(url);
  }
  const drawn = drawBoards(widget, doc, badText);
  // A race bar (js/race-page.js, on a page with a race) follows the boards now drawn.
  doc.dispatchEvent(new Event("mcw:drawn"));
  return drawn;
}

if (typeof document !== "undefined" && document.querySelector(`script#${ESM_ID}`)) {
  keepThePage(document);
  start(document);
}

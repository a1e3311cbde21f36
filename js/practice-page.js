/**
 * The practice board of an exported page (docs/practice.md, docs/export.md):
 * with no kernel, each practice placeholder (`[data-mcw-practice]`, holding
 * `{set, answers, texts, lang}` as JSON, as mc_widget/export/page.py's
 * `practice_html` writes it) is drawn by the practice board's own render, on
 * a small model kept in the page's own storage: `answers` under
 * `mc-practice:` + the page's path + the set's JSON, so a reload keeps the
 * learner's progress. Storage that throws (file://, private mode) is
 * tolerated: the board still works, it only forgets on reload. A bad
 * placeholder shows a short message; the others still draw.
 * @module practice-page
 */
import board from "./practice-board.js";
import { formatMessage } from "./engine/messages.js";
import { replay } from "./practice-view/model.js";

export { board };

/** The storage key of a set's answers on the page at `path`. */
export const storageKey = (path, set) => `mc-practice:${path}${JSON.stringify(set)}`;

const read = (storage, key) => {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
};
const write = (storage, key, text) => {
  try {
    storage?.setItem(key, text);
  } catch {
    // Full or refused storage: the board works on, it forgets on reload.
  }
};

/**
 * The model shim the board draws from (get, set, on, off, save_changes, send),
 * `answers` restored from `storage` when the saved list replays on the set.
 * @param {{set: Object, answers?: Array, texts?: Object, lang?: string}} data  the placeholder's JSON
 * @param {Storage|null} storage  `localStorage` (may throw on every call)
 * @param {string} path  the page's `location.pathname`
 * @returns {Object} the model
 */
export const pageModel = (data, storage, path) => {
  const key = storageKey(path, data.set);
  const values = {
    practice_set: data.set,
    answers: Array.isArray(data.answers) ? data.answers : [],
    texts: data.texts ?? {},
    lang: data.lang ?? "en",
    problem: "",
    grading: false,
    progress: {},
  };
  const saved = read(storage, key);
  if (saved !== null) {
    try {
      const answers = JSON.parse(saved);
      const replayed = replay(data.set, answers);
      if (Array.isArray(answers) && replayed.error === null) values.answers = answers;
    } catch {
      // Not JSON: the placeholder's own answers stay.
    }
  }
  const listeners = new Map();
  return {
    get: (k) => values[k],
    set(k, v) {
      values[k] = v;
      for (const f of [...(listeners.get(`change:${k}`) ?? [])]) f();
    },
    on: (e, f) => (listeners.get(e) ?? listeners.set(e, new Set()).get(e)).add(f),
    off: (e, f) => listeners.get(e)?.delete(f),
    save_changes: () => write(storage, key, JSON.stringify(values.answers)),
    send: () => {},
  };
};

const localStore = () => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

/**
 * Draw every practice placeholder under `root`.
 * @param {ParentNode} root
 * @param {{storage?: Storage|null, path?: string}} [options]
 * @returns {number} how many boards were drawn
 */
export function drawPractice(root, options = {}) {
  const storage = "storage" in options ? options.storage : localStore();
  const path = options.path ?? globalThis.location?.pathname ?? "";
  let drawn = 0;
  for (const placeholder of root.querySelectorAll("[data-mcw-practice]")) {
    const el = placeholder.ownerDocument.createElement("div");
    try {
      const data = JSON.parse(placeholder.querySelector("script")?.textContent ?? "");
      if (data === null || typeof data !== "object" || Array.isArray(data)) {
        throw new Error("the placeholder's JSON is not an object");
      }
      placeholder.append(el);
      board.render({ model: pageModel(data, storage, path), el });
      drawn += 1;
    } catch (reason) {
      // Styled as a board's note (js/practice-board.css); there are no texts to read.
      el.className = "mcw-practice";
      const note = placeholder.ownerDocument.createElement("p");
      note.className = "mcw-practice-note";
      note.setAttribute("data-practice-problem", "");
      note.textContent = formatMessage("practice-ui.bad-page");
      el.append(note);
      placeholder.append(el);
      console.error("mc_widget: a practice board of this page cannot be drawn:", reason);
    }
  }
  return drawn;
}

if (typeof document !== "undefined" && !globalThis.__MCW_NO_AUTODRAW__) {
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => drawPractice(document), { once: true });
  } else drawPractice(document);
}

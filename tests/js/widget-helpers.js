/**
 * Helpers for the widget and view tests: a fake anywidget model (get, set,
 * on, off, save_changes, send) that several views can share, like the real
 * ipywidgets model, with a stand-in for the kernel, and readers for the DOM hooks.
 */
import { afterEach, vi } from "vitest";
import { apply, walkTo } from "../../js/engine/index.js";
import widget from "../../js/widget.js";
import german from "../cases/german-worked-example.json";

/** tests/cases/german-worked-example.json */
export const GERMAN = german;

/**
 * A model like anywidget's: `change:<name>` fires only when the value changes.
 * With `kernel` (the default) a `commit` message (js/app/sync.js) is answered at
 * once, as a free kernel would soon after: its action applied to the model's
 * state by the JS engine (a refusal sent back as a `refused` message), its
 * traits set, `_sync` acked; so a test sees a move in `get("state")` right
 * after the click. Without, `send` only records: the test plays the kernel
 * (`set` for its traits, `receive` for its custom messages).
 * @param {Object} traits
 * @param {{kernel?: boolean}} [options]
 */
export function fakeModel(traits, { kernel = true } = {}) {
  const data = {
    selected: null,
    feedback: {},
    clock: { start: null, stop: null },
    _sync: { revision: 0, acks: {} },
    ...traits,
  };
  const handlers = new Map();
  const fire = (event, value) => {
    for (const f of [...(handlers.get(event) ?? [])])
      f(event === "msg:custom" ? value : model, value);
  };
  /** The kernel's side of one commit, simplified: no crossing, one client at a time. */
  const python = ({ client, seq, action, traits: sent }) => {
    let { revision, acks } = data._sync;
    if (action) {
      try {
        const s = data.state;
        model.set("state", action.type === "walk_to" ? walkTo(s, action.k) : apply(s, action));
        revision += 1;
      } catch (err) {
        const feedback = { key: `illegal.${err.key}`, params: {}, cells: [], tone: "illegal" };
        fire("msg:custom", { type: "refused", client, seq, feedback });
        model.set("_sync", { revision, acks: { ...acks, [client]: seq } });
        return;
      }
    }
    for (const [name, value] of Object.entries(sent)) model.set(name, value);
    model.set("_sync", { revision, acks: { ...acks, [client]: seq } });
  };
  const model = {
    get: (name) => data[name],
    set(name, value) {
      const old = data[name];
      data[name] = value;
      if (JSON.stringify(old) !== JSON.stringify(value)) fire(`change:${name}`, value);
    },
    on(event, f) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event).add(f);
    },
    off(event, f) {
      handlers.get(event)?.delete(f);
    },
    save_changes: vi.fn(),
    send: vi.fn((msg) => {
      if (kernel && msg?.type === "commit") python(msg);
    }),
    /** A custom message from the kernel (anywidget's `msg:custom`). */
    receive: (msg) => fire("msg:custom", msg),
    /** The `commit` messages sent, in order. */
    commits: () => model.send.mock.calls.map(([m]) => m).filter((m) => m?.type === "commit"),
    listeners: (event) => handlers.get(event)?.size ?? 0,
  };
  return model;
}

/**
 * Wait for the views to redraw: a view redraws for a trait change once, in a
 * microtask at the end of the turn (see `changed` in js/app/controller.js).
 * @returns {Promise<void>}
 */
export function settled() {
  return new Promise((resolve) => queueMicrotask(resolve));
}

/**
 * A clock and timers under the test's control, for the time counter: `now()`
 * says what `advance` made it; timers fire only inside `advance`, in order.
 * @param {number} [start]  ms since 1970
 */
export function fakeClock(start = 0) {
  let time = start;
  let nextId = 1;
  const pending = new Map();
  return {
    now: () => time,
    timers: {
      set(f, ms) {
        const id = nextId++;
        pending.set(id, { at: time + ms, f });
        return id;
      },
      clear(id) {
        pending.delete(id);
      },
    },
    /** Let `ms` pass, firing each timer that falls due at its own time. */
    advance(ms) {
      const end = time + ms;
      for (;;) {
        let first = null;
        for (const [id, timer] of pending) {
          if (timer.at <= end && (first === null || timer.at < first[1].at)) first = [id, timer];
        }
        if (first === null) break;
        pending.delete(first[0]);
        time = first[1].at;
        first[1].f();
      }
      time = end;
    },
    get pending() {
      return pending.size;
    },
  };
}

/**
 * Render one view of `model` into a fresh element attached to the document.
 * @param {Object} model
 * @param {Object} [options]  passed to the controller: `now`, `timers`, `random`
 */
export function mount(model, options = {}) {
  const el = document.createElement("div");
  document.body.append(el);
  const cleanup = widget.render({ model, el }, options);
  const q = (sel) => el.querySelector(sel);
  const qa = (sel) => [...el.querySelectorAll(sel)];
  return {
    el,
    cleanup,
    q,
    qa,
    cell: (i) => q(`[data-cell="${i}"]`),
    cellsWith: (attr) => qa(`[data-cell][${attr}]`).map((c) => Number(c.dataset.cell)),
    status: () => q('[role="status"]').textContent,
    button: (action) => q(`button[data-action="${action}"]`),
    counter: (id) => q(`[data-counter="${id}"] dd`).textContent,
    click: (i) => q(`[data-cell="${i}"]`).click(),
    key(target, key, init = {}) {
      const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init });
      target.dispatchEvent(event);
      return event;
    },
  };
}

/**
 * `open(model, options)`: `mount` a view that is cleaned up and removed after
 * each test of the file. Call once, at the top level of a test file.
 */
export function mountEach() {
  const views = [];
  afterEach(() => {
    for (const v of views.splice(0)) {
      v.cleanup();
      v.el.remove();
    }
  });
  return (model, options) => {
    const v = mount(model, options);
    views.push(v);
    return v;
  };
}

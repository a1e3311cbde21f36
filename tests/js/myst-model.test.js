// @vitest-environment jsdom
// The front end under Jupyter Book 2 / MyST's anywidget model (docs/export.md,
// section 5): get/set/on work, `off`, `save_changes` and `send` throw, every
// `set` fires its change event (no check that the value changed), listeners
// get a CustomEvent, and the board is drawn in a div inside a shadow root.
// The model copies what jupyter-book/myst-theme packages/anywidget/src/
// models.ts does (MystAnyModel); tests/browser/test_myst_model.py runs the
// same in Chromium.
import { afterEach, describe, expect, it, vi } from "vitest";
import widget from "../../js/widget.js";
import { newState } from "../../js/engine/index.js";
import { GERMAN, settled } from "./widget-helpers.js";

/** A model that behaves like MyST's: exactly its methods, the same throws. */
export function mystModel(state) {
  const target = new EventTarget();
  const data = { ...state };
  return {
    get: (name) => data[name],
    set(key, value) {
      data[key] = value;
      target.dispatchEvent(new CustomEvent(`change:${key}`, { detail: value }));
      target.dispatchEvent(new CustomEvent("change", { detail: value }));
    },
    on: (name, cb) => target.addEventListener(name, cb),
    off() {
      throw new Error("MystAnyModel.off not implemented yet.");
    },
    save_changes() {
      throw new Error("MystAnyModel.save_changes not implemented yet.");
    },
    send() {
      throw new Error("MystAnyModel.send not implemented yet.");
    },
  };
}

/** The traits a MyST page's JSON body gives (board_model, docs/export.md, section 1). */
const traits = (state) => ({
  state,
  selected: null,
  feedback: {},
  clock: { start: null, stop: null },
});

/** A host div with an open shadow root holding the widget's div, as MyST builds it. */
function shadowMount(model) {
  const host = document.createElement("div");
  document.body.append(host);
  const el = document.createElement("div");
  host.attachShadow({ mode: "open" }).replaceChildren(el);
  const cleanup = widget.render({ model, el });
  const q = (sel) => el.querySelector(sel);
  return { host, el, cleanup, q, status: () => q('[role="status"]').textContent };
}

const LEVELS = ["debug", "log", "info", "warn", "error"];
let spies = [];
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
  document.body.replaceChildren();
});

describe("under MyST's model, in a shadow root", () => {
  it("plays a pair, logs nothing, and its cleanup does not throw", async () => {
    spies = LEVELS.map((level) => vi.spyOn(console, level).mockImplementation(() => {}));
    const model = mystModel(traits(newState({ layout: GERMAN.layout })));
    const v = shadowMount(model);
    v.q('[data-cell="2"]').click();
    v.q('[data-cell="8"]').click();
    await settled();
    expect(model.get("state").discards).toEqual([["4C", "4H"]]);
    expect(v.q('[data-cell="2"]').hasAttribute("data-gap")).toBe(true);
    expect(v.q('[data-cell="8"]').hasAttribute("data-gap")).toBe(true);
    expect(() => v.cleanup()).not.toThrow();
    expect(v.el.querySelector(".mcw")).toBeNull();
    // A change after the cleanup (its listener could not be removed) draws nothing.
    model.set("state", newState({ layout: GERMAN.layout }));
    await settled();
    expect(v.el.children).toHaveLength(0);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it("keeps a deal number being typed when another change redraws the board", async () => {
    const model = mystModel(traits(newState({ layout: GERMAN.layout })));
    const v = shadowMount(model);
    const input = v.q(".mcw-deal-input");
    input.focus();
    // Inside a shadow root the document's activeElement is the host, not the box.
    expect(document.activeElement).toBe(v.host);
    input.value = "77";
    model.set("state", newState({ deal: 5 }));
    await settled();
    const first = newState({ deal: 5 }).tableau[0];
    expect(v.q('[data-cell="0"] [data-card]').dataset.card).toBe(first); // redrawn
    expect(input.value).toBe("77");
    v.cleanup();
  });

  it("a deal typed in the Deal box and Enter starts that deal", async () => {
    const model = mystModel(traits(newState({ layout: GERMAN.layout })));
    const v = shadowMount(model);
    const input = v.q(".mcw-deal-input");
    input.focus();
    input.value = "12";
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(model.get("state").deal).toBe(12);
    expect(v.status()).toMatch(/^Deal 12: a new game\./);
    v.cleanup();
  });
});

/**
 * The buttons, at the top of the column beside the tableau: one per action
 * with a visible label and key hint, the deal-number field with New deal,
 * and Random deal, and the rules picker with the rules in words.
 *
 * A button whose action is not available now is dimmed with
 * `aria-disabled="true"` but stays clickable: the click goes to the engine,
 * whose refusal (IllegalMove) the status line explains. The button for the
 * expected next step carries `data-emphasis`.
 * @module view/controls
 */
import { ARIA_HIDDEN, attr, attrWithin, control, dim, flag, group, h, listen } from "./dom.js";

/** Toolbar buttons, in order: id (the command sent) → the keys that trigger it. */
export const BUTTONS = {
  consolidate_step: "c",
  consolidate: "Shift+C",
  refill_step: "r",
  refill: "Shift+R",
  undo: "u Control+Z Meta+Z",
  redo: "Shift+U Control+Y Control+Shift+Z Meta+Shift+Z",
  // docs/analysis.md, section 6: the fair hint (in the browser) and the review (the kernel's).
  hint: "h",
  review: "",
};

/** Each toolbar button's label. */
const LABELS = {
  consolidate_step: "ui.button-consolidate-step",
  consolidate: "ui.button-consolidate",
  refill_step: "ui.button-refill-step",
  refill: "ui.button-refill",
  undo: "ui.button-undo",
  redo: "ui.button-redo",
  hint: "ui.button-hint",
  review: "ui.button-review",
  new_deal: "ui.button-new-deal",
  random_deal: "ui.button-random-deal",
};

/**
 * A button's key hint: the first of its keys, as printed on the key cap
 * ("c" is C, "Shift+C" stays), the same in every language.
 * @param {string} keys  the button's keys (`BUTTONS`), space-separated
 * @returns {string}
 */
const keyHint = (keys) => keys.split(" ")[0].replace(/[a-z]$/, (letter) => letter.toUpperCase());

/**
 * @param {function(string, Object=): string} t  formatMessage
 * @param {function(Object): void} send  receives `{type: "action", action}`,
 *   `{type: "new_deal", value}`, `{type: "random_deal"}` or `{type: "rules", value}`
 */
export const createControls = (t, send) => {
  const el = h("div.mcw-toolbar", group(t("aria.toolbar")));
  /** @type {Map<string, HTMLButtonElement>} */
  const buttons = new Map();

  const button = (id, keys) => {
    const b = control(
      "button.mcw-btn",
      { "data-action": id, "aria-keyshortcuts": keys || null },
      h("span.mcw-btn-label", {}, t(LABELS[id])),
      keys ? h("kbd.mcw-key", ARIA_HIDDEN, keyHint(keys)) : null,
    );
    buttons.set(id, b);
    return b;
  };

  // Pairs of buttons that belong together wrap as one piece.
  const groups = [];
  const list = Object.entries(BUTTONS);
  for (let k = 0; k < list.length; k += 2) {
    const pair = list.slice(k, k + 2).map(([id, keys]) => button(id, keys));
    groups.push(h("div.mcw-group", {}, ...pair));
  }

  const input = control("input.mcw-deal-input", {
    type: "text",
    inputmode: "numeric",
    autocomplete: "off",
    spellcheck: "false",
    size: 10,
  });
  // The rules picker (issue 19), beside Random deal: the same deal by another
  // preset's rules. Its title says the rules being played ("pairs make 13;
  // kings go alone"), as the status line does.
  const rules = control("select.mcw-rules-input", { "aria-label": t("ui.rules-label") });
  const deal = h(
    "div.mcw-group.mcw-deal",
    {},
    h("label.mcw-deal-label", {}, h("span", {}, t("ui.deal-label")), input),
    button("new_deal", "n"),
    button("random_deal", ""),
    rules,
  );
  el.append(...groups, deal);

  const onClick = (event) => {
    const id = attrWithin(el, event.target, "data-action");
    if (id === null) return;
    if (id === "new_deal") send({ type: "new_deal", value: input.value });
    else if (id === "random_deal") send({ type: "random_deal" });
    else send({ type: "action", action: id });
  };
  const unlisten = listen(el, "click", onClick);
  const unpick = listen(rules, "change", () => send({ type: "rules", value: rules.value }));

  let shownDeal = null;
  let shownOptions = "";
  /** @param {Object} p  the presentation */
  const update = (p) => {
    // present() words every button of the toolbar.
    for (const [id, b] of buttons) {
      const state = p.buttons[id];
      dim(b, state.available);
      flag(b, "data-emphasis", state.emphasis);
      // Why a button cannot work here (Review with no kernel), else nothing.
      attr(b, "title", state.why);
      attr(b, "aria-description", state.why);
    }
    // Show the current deal number, unless the learner is typing a new one
    // (the root node's focus: in a shadow root, as in MyST, the document's
    // activeElement is the host).
    if (p.deal !== shownDeal) {
      shownDeal = p.deal;
      if (input.getRootNode().activeElement !== input) input.value = p.deal;
    }
    // Python's presets (again in a new language); none, or a board of its own
    // rules (a teaching board): no picker.
    const { value, options, rule } = p.picker;
    if (String(options) !== shownOptions) {
      shownOptions = String(options);
      rules.replaceChildren(...options.map(([id, label]) => h("option", { value: id }, label)));
    }
    flag(rules, "hidden", value === null);
    if (value !== null) rules.value = value;
    attr(rules, "title", rule);
  };

  return { el, input, update, destroy: () => (unlisten(), unpick()) };
};

/**
 * The walkthrough bar (docs/teaching.md, "The bar"): first · back · "Step i
 * of n" · forward · last, play/pause, the speed, a slider, "Show reading
 * order", and in predict mode the score and Predict pairs / Reveal; under
 * the status line, which narrates each step, so words and controls sit
 * together. Hidden, not removed, when no walkthrough is offered. DOM hooks:
 * DESIGN.md (`data-walk`); `keyFor(event)` gives the keyboard its keys.
 * @module view/walkthrough-bar
 */
import {
  ARIA_HIDDEN,
  attr,
  attrWithin,
  control,
  dim,
  flag,
  group,
  h,
  listen,
  text,
} from "./dom.js";
import { withModifier } from "./keyboard.js";

/** The speeds offered (their ids are the `walk_speed` command's), slowest first. */
const SPEED_NAMES = {
  slow: "ui.walk-speed-slow",
  normal: "ui.walk-speed-normal",
  fast: "ui.walk-speed-fast",
};

/** The step buttons, by their data-walk: name and icon. */
const STEPS = {
  first: { name: "ui.walk-first", icon: "ui.walk-first-icon" },
  back: { name: "ui.walk-back", icon: "ui.walk-back-icon" },
  forward: { name: "ui.walk-forward", icon: "ui.walk-forward-icon" },
  last: { name: "ui.walk-last", icon: "ui.walk-last-icon" },
};

/** The play button's name and icon: play while paused, pause while playing. */
const PLAY = {
  play: { name: "ui.walk-play", icon: "ui.walk-play-icon" },
  pause: { name: "ui.walk-pause", icon: "ui.walk-pause-icon" },
};

/** The step button each key presses. */
const STEP_KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };

/**
 * @param {function(string, Object=): string} t  formatMessage
 * @param {function(Object): void} send  receives `{type: "walk", to, via?}`,
 *   `{type: "walk_play"}`, `{type: "walk_pause"}`, `{type: "walk_toggle"}`,
 *   `{type: "walk_speed", speed}`, `{type: "show_order", on}`,
 *   `{type: "predict_pairs"}`, `{type: "predict_reveal"}`
 * @returns {{el: HTMLElement, update: function(Object): void,
 *   keyFor: function(KeyboardEvent): ((function(): void)|null), destroy: function(): void}}
 */
export const createWalkBar = (t, send) => {
  const el = h("div.mcw-walk", { ...group(t("aria.walk")), hidden: true });
  // A control's name, read out and shown as its tooltip.
  const named = (key) => ({ "aria-label": t(key), title: t(key) });
  const icon = (...content) => h("span.mcw-walk-icon", ARIA_HIDDEN, ...content);

  // The step buttons, named (and keyed in walk.buttons) by their data-walk.
  const stepButtons = Object.entries(STEPS).map(([id, words]) =>
    control(
      "button.mcw-btn.mcw-walk-btn",
      { "data-walk": id, ...named(words.name) },
      icon(t(words.icon)),
    ),
  );
  const [first, back, forward, last] = stepButtons;
  const position = h("span.mcw-walk-position", { "data-walk": "position" });
  const playIcon = icon();
  const playLabel = h("span.mcw-walk-play-label");
  const play = control(
    "button.mcw-btn.mcw-walk-btn.mcw-walk-play",
    { "data-walk": "play" },
    playIcon,
    playLabel,
  );

  const slider = control("input.mcw-walk-slider", {
    type: "range",
    "data-walk": "slider",
    min: 0,
    max: 0,
    step: 1,
    value: 0,
    "aria-label": t("ui.walk-slider"),
  });

  const speed = control(
    "select.mcw-walk-speed",
    { "data-walk": "speed", ...named("ui.walk-speed") },
    ...Object.entries(SPEED_NAMES).map(([id, key]) => h("option", { value: id }, t(key))),
  );

  const order = control("input", { type: "checkbox", "data-walk": "order" });

  const score = h("span.mcw-walk-score", { "data-walk": "score", hidden: true });
  const pairs = control(
    "button.mcw-btn.mcw-walk-text",
    { "data-walk": "pairs", "aria-pressed": "false", hidden: true },
    t("ui.walk-predict-pairs"),
  );
  const reveal = control(
    "button.mcw-btn.mcw-walk-text",
    { "data-walk": "reveal", hidden: true },
    t("ui.walk-reveal"),
  );

  // Steps and play on one line, the slider under them; the options after.
  el.append(
    h(
      "div.mcw-walk-steps",
      {},
      ...[first, back, position, forward, last, play],
      // The speed list with its name in sight ("Speed"), at every size.
      h("label.mcw-walk-speed-label", {}, h("span", {}, t("ui.walk-speed")), speed),
    ),
    slider,
    h(
      "div.mcw-walk-extras",
      {},
      h("label.mcw-walk-order", {}, order, h("span", {}, t("ui.walk-show-order"))),
      score,
      pairs,
      reveal,
    ),
  );

  /** The last presented walkthrough (null: none). */
  let walk = null;

  const to = (k) => send({ type: "walk", to: k });

  /**
   * What a step button (or its key) does now, or null when there is no such
   * step: back from the first step, forward from the last, or no step button.
   * @param {string|undefined} id  `first`, `back`, `forward` or `last`
   * @returns {(function(): void)|null}
   */
  const step = (id) => {
    const k = { first: 0, back: walk.position - 1, forward: walk.position + 1, last: walk.n }[id];
    if (!(k >= 0 && k <= walk.n)) return null;
    return id === "forward" ? () => send({ type: "walk", to: k, via: id }) : () => to(k);
  };

  // A click on a part that is not a button (the slider, the position) is
  // no step: `step` has nothing for it.
  const onClick = (event) => {
    const id = attrWithin(el, event.target, "data-walk");
    if (id === null || walk === null) return;
    if (id === "play") send({ type: walk.playing ? "walk_pause" : "walk_play" });
    else if (id === "pairs") send({ type: "predict_pairs" });
    else if (id === "reveal") send({ type: "predict_reveal" });
    else step(id)?.();
  };

  // One walk per change of the slider's value: `input` fires once per arrow
  // key and at each value while dragging; `change` (fired too) is ignored.
  const onInput = () => {
    if (walk === null) return;
    const k = Number(slider.value);
    if (Number.isInteger(k) && k !== walk.position) to(k);
  };

  const unlisten = [
    listen(el, "click", onClick),
    listen(slider, "input", onInput),
    listen(speed, "change", () => send({ type: "walk_speed", speed: speed.value })),
    listen(order, "change", () => send({ type: "show_order", on: order.checked })),
  ];

  /**
   * Draw `p.walk` (see js/present/walkthrough-bar.js and js/app/walkthrough-control.js); hide the bar when null.
   * @param {Object} p  the presentation
   */
  const update = (p) => {
    walk = p.walk; // null when no walkthrough is offered
    flag(el, "hidden", walk === null);
    if (walk === null) return;
    const { buttons } = walk;
    text(position, walk.label);
    for (const b of stepButtons) dim(b, buttons[b.getAttribute("data-walk")]);
    const playing = walk.playing; // js/app/walkthrough-control.js `decorate`: a boolean
    dim(play, playing || buttons.play);
    const press = PLAY[playing ? "pause" : "play"];
    text(playIcon, t(press.icon));
    const playName = t(press.name);
    text(playLabel, playName);
    // The name also for the tooltip (the label is drawn at every size).
    attr(play, "aria-label", playName);
    attr(play, "title", playName);
    flag(play, "data-playing", playing);
    attr(slider, "max", walk.n);
    const at = String(walk.position);
    if (slider.value !== at) slider.value = at;
    // The position only: the status line (a live region) says the step's
    // narration, and a focused slider's value would say it a second time.
    attr(slider, "aria-valuetext", walk.label);
    if (speed.value !== walk.speed) speed.value = walk.speed;
    order.checked = walk.showOrder;
    flag(score, "hidden", !walk.predict);
    text(score, walk.scoreText);
    const chosen = walk.pairs !== null;
    flag(pairs, "hidden", !(buttons.predictPairs || chosen));
    attr(pairs, "aria-pressed", chosen ? "true" : "false");
    flag(reveal, "hidden", walk.pairs !== "picking");
  };

  /**
   * The walkthrough's keys, for the keyboard module: ←/→ one step, Home/End
   * the first/last step, Space play/pause. Only while a walkthrough is
   * shown, never with a modifier (Shift included), and not where the key has
   * its own use: the slider (native arrows, Home, End: one walk per key
   * through its `input` event; Space there is play/pause), the speed list,
   * and Space on a button or a checkbox (pressing it). The caller keeps the
   * grid and the Deal box out.
   * @param {KeyboardEvent} event
   * @returns {(function(): void)|null}
   */
  const keyFor = (event) => {
    if (walk === null || withModifier(event) || event.shiftKey) return null;
    const { target, key } = event;
    if (target === speed || (target === slider && key !== " ")) return null;
    if (key === " ") {
      const pressable =
        target !== slider &&
        ["BUTTON", "INPUT", "SELECT", "TEXTAREA", "SUMMARY"].includes(target.tagName);
      return pressable ? null : () => send({ type: "walk_toggle" });
    }
    return step(STEP_KEYS[key]);
  };

  return { el, update, keyFor, destroy: () => unlisten.forEach((off) => off()) };
};

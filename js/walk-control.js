/**
 * The walkthrough's commands for one view (docs/teaching.md, sections 1–3):
 * walking to a step, playing and pausing, the speed, the reading-order
 * toggle and predict mode. It is the controller's (js/controller.js) helper,
 * kept apart so the controller stays about game actions.
 *
 * - `{type: "walk", to: k, via?: "forward"}`: the state becomes
 *   `E.walkTo(state, k)`, committed with the clock (as any move) and the
 *   narration of step k (`stepNarration`). With `predict` on, a forward
 *   step (`via: "forward"`: the button, →, Space, play) first asks; the next
 *   click on a cell answers it, and then the step is shown.
 * - `{type: "walk_play"}` / `{type: "walk_pause"}` / `{type: "walk_toggle"}`:
 *   one timer chain per view, never two (pressing play while playing changes
 *   nothing); it stops at step n, and as soon as the state changes by
 *   anything but its own steps (another action, another view, the kernel)
 *   or the walkthrough disappears. In predict mode it waits at each step for
 *   the learner's answer, then goes on.
 * - `{type: "walk_speed", speed}`: `slow` / `normal` / `fast` (`SPEEDS`).
 * - `{type: "show_order", on}`: sets the `show_order` trait.
 * - `{type: "predict_pairs"}` / `{type: "predict_reveal"}`: at step 0, mark
 *   the cards that will touch one of their rank after the consolidation,
 *   then see the engine's answer; scored like a step.
 *
 * A step question is open while the shared `feedback` is the question
 * (`predict.ask-move` / `predict.ask-deal`) for the next step of the state's
 * walkthrough: so every view of the widget can answer it, judged against
 * that step, and the answer (one commit) closes it for all. During a move
 * question a click on a gap is no guess and is ignored. The pair marks are
 * per view (not synced); the `predictions` score is a trait.
 * @module walk-control
 */
import { feedback } from "./feedback.js";
import {
  askFeedback,
  judgePairs,
  judgeStep,
  nextScore,
  pairsAfterConsolidation,
  pairsVerdict,
  stepVerdict,
} from "./predict.js";
import { DEFAULT_SPEED, SPEEDS, currentWalk, readScore, stepDelay, stepNarration } from "./walk.js";

/** The walkthrough commands this module handles. */
export const WALK_COMMANDS = Object.freeze([
  "walk",
  "walk_play",
  "walk_pause",
  "walk_toggle",
  "walk_speed",
  "show_order",
  "predict_pairs",
  "predict_reveal",
]);

/**
 * @param {Object} options
 * @param {Object} options.model  the anywidget model
 * @param {Object} options.E  the engine
 * @param {function(Object): void} options.commit  set traits, save, redraw (the controller's)
 * @param {function(Object, Object, Object=): void} options.commitState  commit a new
 *   state with its clock, no selection, the feedback and other traits (the controller's)
 * @param {function(): void} options.render  redraw this view
 * @param {function(Error): Object} options.refused  the feedback for an engine error
 * @param {function(Object=): string} options.list  joins words as a list ("A, B and C")
 * @param {{set: function(function(): void, number): *, clear: function(*): void}} options.timers
 */
export function createWalkControl({
  model,
  E,
  commit,
  commitState,
  render,
  refused,
  list,
  timers,
}) {
  let playing = false;
  let timer = null;
  let speed = DEFAULT_SPEED;
  /** The position play last made: `{position, length}`, to notice other changes. */
  let made = null;
  /** Predicting pairs: `{position, length, picked: Set<number>, revealed: number[]|null}`. */
  let pairs = null;

  const state = () => model.get("state");
  const predictOn = () => model.get("predict") === true;
  const mark = (s, w) => ({ position: w.position, length: s.history.length, cursor: s.cursor });
  const same = (a, s, w) =>
    a !== null &&
    w !== null &&
    a.position === w.position &&
    a.length === s.history.length &&
    a.cursor === s.cursor;

  function clearTimer() {
    if (timer !== null) timers.clear(timer);
    timer = null;
  }

  function stop() {
    playing = false;
    made = null;
    clearTimer();
  }

  /** Walk to step k and commit; `feedback` replaces the narration, `extra` adds traits. */
  function go(k, feedback = null, extra = {}) {
    const s = state();
    let next;
    let w;
    try {
      w = currentWalk(E, s);
      next = E.walkTo(s, k);
    } catch (err) {
      stop();
      commit({ selected: null, feedback: refused(err) });
      return false;
    }
    pairs = null;
    const nextWalk = currentWalk(E, next);
    if (playing) made = nextWalk ? mark(next, nextWalk) : null;
    commitState(next, feedback ?? stepNarration(E, next.rules, w, k), extra);
    return true;
  }

  /** Whether the shared feedback is the open question for the next step of `w`. */
  function asked(w) {
    return (
      predictOn() &&
      w !== null &&
      w.position < w.steps.length &&
      model.get("feedback")?.key === askFeedback(w.steps[w.position]).key
    );
  }

  /** Ask which card moves (or which cell is filled) next. */
  function ask(w) {
    pairs = null;
    commit({ selected: null, feedback: askFeedback(w.steps[w.position]) });
  }

  function forward(k) {
    const s = state();
    const w = currentWalk(E, s);
    if (w && predictOn() && k === w.position + 1 && k <= w.steps.length && !asked(w)) {
      ask(w);
      return;
    }
    // Forward again while asked: the step is shown, unscored.
    go(k);
  }

  function schedule() {
    clearTimer();
    timer = timers.set(tick, stepDelay(speed));
  }

  function tick() {
    timer = null;
    if (!playing) return;
    const s = state();
    const w = currentWalk(E, s);
    if (w === null || !same(made, s, w) || w.position >= w.steps.length) {
      stop();
      render();
      return;
    }
    if (predictOn()) {
      // Wait here: answering shows the step and play goes on from there.
      if (!asked(w)) ask(w);
      return;
    }
    go(w.position + 1);
    const after = currentWalk(E, state());
    if (playing && (after === null || after.position >= after.steps.length)) stop();
    if (playing) schedule();
    else render();
  }

  function play() {
    if (playing) return; // one timer chain only (ipywidgets #2923)
    const s = state();
    const w = currentWalk(E, s);
    if (w === null || w.position >= w.steps.length) return;
    playing = true;
    made = mark(s, w);
    if (asked(w)) {
      render(); // an open question is answered first; then play goes on
      return;
    }
    schedule();
    render();
  }

  /** Answer the open step question (of `w`, the walkthrough of `s`) with a click on `cell`. */
  function answer(s, w, cell) {
    const step = w.steps[w.position];
    const right = judgeStep(step, cell);
    const score = nextScore(readScore(model.get("predictions")), right);
    const ok = go(w.position + 1, stepVerdict(E, s.rules, step, right), { predictions: score });
    if (!ok || !playing) return;
    const after = currentWalk(E, state());
    if (after === null || after.position >= after.steps.length) {
      stop();
      render();
    } else {
      schedule();
    }
  }

  function startPairs() {
    const s = state();
    const w = currentWalk(E, s);
    if (pairs !== null) {
      pairs = null;
      commit({ feedback: {} });
      return;
    }
    if (w === null || w.position !== 0) return;
    stop();
    pairs = { ...mark(s, w), picked: new Set(), revealed: null };
    commit({
      selected: null,
      feedback: feedback("predict.pairs-ask"),
    });
  }

  function reveal() {
    const s = state();
    const w = currentWalk(E, s);
    if (pairs === null || pairs.revealed !== null || !same(pairs, s, w)) return;
    const actual = pairsAfterConsolidation(E, s);
    const { right } = judgePairs(pairs.picked, actual);
    pairs.revealed = actual;
    commit({
      feedback: pairsVerdict(E, s, actual, right, list),
      predictions: nextScore(readScore(model.get("predictions")), right),
    });
  }

  /**
   * A click on a cell, when the walkthrough wants it: answering a step
   * question, or marking a card while predicting pairs.
   * @param {number} cell
   * @returns {boolean} whether it was used (else it is a normal click)
   */
  function click(cell) {
    const s = state();
    if (!Number.isInteger(cell) || cell < 0 || cell >= s.tableau.length) return false;
    const w = currentWalk(E, s);
    if (asked(w)) {
      // Which card moves? A gap is no answer: the question stays open.
      if (w.steps[w.position].kind === "deal" || s.tableau[cell] !== null) answer(s, w, cell);
      return true;
    }
    if (pairs !== null && same(pairs, s, w) && pairs.revealed === null) {
      if (s.tableau[cell] === null) return true;
      if (pairs.picked.has(cell)) pairs.picked.delete(cell);
      else pairs.picked.add(cell);
      render();
      return true;
    }
    pairs = null;
    return false;
  }

  /**
   * @param {Object} command  one of `WALK_COMMANDS`
   */
  function handle(command) {
    switch (command.type) {
      case "walk":
        if (command.via === "forward") forward(command.to);
        else {
          if (playing && command.via !== "play") stop();
          go(command.to);
        }
        return;
      case "walk_play":
        play();
        return;
      case "walk_pause":
        stop();
        render();
        return;
      case "walk_toggle":
        if (playing) {
          stop();
          render();
        } else play();
        return;
      case "walk_speed":
        if (!SPEEDS.some((s) => s.id === command.speed)) return;
        speed = command.speed;
        if (playing && timer !== null) schedule();
        render();
        return;
      case "show_order":
        commit({ show_order: command.on === true });
        return;
      case "predict_pairs":
        startPairs();
        return;
      case "predict_reveal":
        reveal();
        return;
      default:
    }
  }

  /**
   * Add this view's walkthrough state to a presentation: `walk.playing`,
   * `walk.speed`, `walk.asking`, `walk.pairs` (`null`, `"picking"` or
   * `"revealed"`), `walk.buttons.predictPairs` / `reveal`, and per cell
   * `predicted` (marked by the learner) and `willTouch` (revealed). Play
   * stops here when the state changed by something else.
   * @param {Object} p  from `present()`
   * @returns {Object} p
   */
  function decorate(p) {
    const s = state();
    const w = p.walk ? currentWalk(E, s) : null;
    if (playing && made !== null && !same(made, s, w)) stop();
    if (pairs !== null && !same(pairs, s, w)) pairs = null;
    if (!p.walk) return p;
    const t = E.formatMessage;
    const picked = pairs ? pairs.picked : new Set();
    const revealed = new Set(pairs?.revealed ?? []);
    p.cells = p.cells.map((c, i) => {
      const predicted = picked.has(i);
      const willTouch = revealed.has(i);
      if (!predicted && !willTouch) return c;
      const words = [c.label];
      if (predicted) words.push(t("aria.predicted"));
      if (willTouch) words.push(t("aria.will-touch"));
      return { ...c, predicted, willTouch, label: words.join(", ") };
    });
    p.walk = {
      ...p.walk,
      playing,
      speed,
      asking: asked(w),
      pairs: pairs === null ? null : pairs.revealed === null ? "picking" : "revealed",
      buttons: {
        ...p.walk.buttons,
        predictPairs: p.walk.predict && p.walk.position === 0 && p.walk.moves > 0,
        reveal: pairs !== null && pairs.revealed === null,
      },
    };
    return p;
  }

  return {
    handle,
    click,
    decorate,
    get playing() {
      return playing;
    },
    destroy: stop,
  };
}

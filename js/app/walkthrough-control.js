/**
 * The walkthrough's commands for one view (docs/teaching.md, sections 1–3,
 * "The bar"): walking to a step, playing and pausing (one timer chain per
 * view), the speed, the reading-order toggle and predict mode (a question
 * open while the shared `feedback` is it, so any view may answer; the pair
 * marks are per view). Kept apart so the controller stays about game actions.
 * @module app/walkthrough-control
 */
import { feedback } from "../present/feedback.js";
import {
  askFeedback,
  judgePairs,
  judgeStep,
  nextScore,
  pairsAfterConsolidation,
  pairsVerdict,
  stepVerdict,
} from "./predict.js";
import { walkTo, walkthrough } from "../engine/index.js";
import { stepNarration } from "../present/narration.js";
import { DEFAULT_SPEED, SPEEDS, readScore, stepDelay } from "../present/walkthrough-bar.js";
import { ariaWords } from "../present/words.js";

/**
 * @param {Object} options
 * @param {function(string): *} options.get  a trait as the board has it (js/app/sync.js `trait`)
 * @param {function(): function(string, Object=): string} options.words  the board's
 *   translator now (it changes with the board's language)
 * @param {function(): Object} options.state  the state shown (js/app/sync.js `shown`)
 * @param {function(Object): void} options.commit  set traits, send, redraw (the controller's)
 * @param {function(Object, Object, Object, Object=): void} options.commitState  commit the
 *   action and the state it made, with its clock, no selection, the feedback and other
 *   traits (the controller's)
 * @param {function(): void} options.render  redraw this view
 * @param {function(Object): void} options.tell  commit a feedback trait value, no selection
 * @param {function(Error): void} options.refuse  commit an engine error's feedback, no selection
 * @param {{set: function(function(): void, number): *, clear: function(*): void}} options.timers
 */
export const createWalkControl = ({
  get,
  words,
  state,
  commit,
  commitState,
  render,
  tell,
  refuse,
  timers,
}) => {
  let playing = false;
  let timer = null;
  let speed = DEFAULT_SPEED;
  /** The `moment` play last made, to notice other changes. */
  let made = null;
  /** Predicting pairs: `{at: moment, picked: Set<number>, revealed: number[]|null}`. */
  let pairs = null;

  /** The state now and its walkthrough (null when none is offered). */
  const current = () => {
    const s = state();
    return [s, walkthrough(s)];
  };
  const predictOn = () => get("predict") === true;
  /** The `predictions` trait after one more prediction, right or not. */
  const scored = (right) => nextScore(readScore(get("predictions")), right);
  /** Where the walkthrough `w` of state `s` stands (null without one), to compare. */
  const moment = (s, w) => w && [w.position, s.history.length, s.cursor].join();
  /** Whether there is no step left: no walkthrough, or at step n. */
  const atEnd = (w) => w === null || w.position >= w.steps.length;

  const clearTimer = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };

  const stop = () => {
    playing = false;
    made = null;
    clearTimer();
  };

  const pause = () => {
    stop();
    render();
  };

  /** Walk to step k and commit; `feedback` replaces the narration, `extra` adds traits. */
  const go = (k, feedback = null, extra = {}) => {
    const s = state();
    let next;
    let w;
    try {
      w = walkthrough(s);
      next = walkTo(s, k);
    } catch (err) {
      stop();
      refuse(err);
      return false;
    }
    pairs = null;
    if (playing) made = moment(next, walkthrough(next));
    commitState(
      { type: "walk_to", k },
      next,
      feedback ?? stepNarration(next.rules, w, k, predictOn()),
      extra,
    );
    return true;
  };

  /** Whether the shared feedback is the open question for the next step of `w`. */
  const asked = (w) =>
    predictOn() && !atEnd(w) && get("feedback")?.key === askFeedback(w.steps[w.position]).key;

  /** Ask which card moves (or which cell is filled) next. */
  const ask = (w) => {
    pairs = null;
    tell(askFeedback(w.steps[w.position]));
  };

  const forward = (k) => {
    const w = walkthrough(state());
    if (w && predictOn() && k === w.position + 1 && k <= w.steps.length && !asked(w)) {
      ask(w);
      return;
    }
    // Forward again while asked: the step is shown, unscored.
    go(k);
  };

  const schedule = () => {
    clearTimer();
    timer = timers.set(tick, stepDelay(speed));
  };

  /** After a step made while playing: the next one later, or stop at the end. */
  const goOn = () => {
    if (playing && !atEnd(walkthrough(state()))) schedule();
    else pause();
  };

  const tick = () => {
    timer = null;
    if (!playing) return;
    const [s, w] = current();
    if (atEnd(w) || made !== moment(s, w)) {
      pause();
      return;
    }
    if (predictOn()) {
      // Wait here: answering shows the step and play goes on from there.
      if (!asked(w)) ask(w);
      return;
    }
    go(w.position + 1);
    goOn();
  };

  const play = () => {
    if (playing) return; // one timer chain only (ipywidgets #2923)
    const [s, w] = current();
    if (atEnd(w)) return;
    playing = true;
    made = moment(s, w);
    // An open question is answered first; then play goes on.
    if (!asked(w)) schedule();
    render();
  };

  /** Answer the open step question (of `w`, the walkthrough of `s`) with a click on `cell`. */
  const answer = (s, w, cell) => {
    const step = w.steps[w.position];
    const right = judgeStep(step, cell);
    const ok = go(w.position + 1, stepVerdict(s.rules, step, right), {
      predictions: scored(right),
    });
    if (ok && playing) goOn();
  };

  const startPairs = () => {
    if (pairs !== null) {
      pairs = null;
      commit({ feedback: {} });
      return;
    }
    const [s, w] = current();
    if (w === null || w.position !== 0) return;
    stop();
    pairs = { at: moment(s, w), picked: new Set(), revealed: null };
    tell(feedback("predict.pairs-ask"));
  };

  const reveal = () => {
    const [s, w] = current();
    if (pairs === null || pairs.revealed !== null || pairs.at !== moment(s, w)) return;
    const actual = pairsAfterConsolidation(s);
    const { right } = judgePairs(pairs.picked, actual);
    pairs.revealed = actual;
    commit({
      feedback: pairsVerdict(words(), s, actual, right),
      predictions: scored(right),
    });
  };

  /**
   * A click on a cell, when the walkthrough wants it: answering a step
   * question, or marking a card while predicting pairs.
   * @param {number} cell  a cell of the tableau (`isCell`)
   * @returns {boolean} whether it was used (else it is a normal click)
   */
  const click = (cell) => {
    const [s, w] = current();
    if (asked(w)) {
      // Which card moves? A gap is no answer: the question stays open.
      if (w.steps[w.position].kind === "deal" || s.tableau[cell] !== null) answer(s, w, cell);
      return true;
    }
    if (pairs !== null && pairs.at === moment(s, w) && pairs.revealed === null) {
      if (s.tableau[cell] === null) return true;
      if (pairs.picked.has(cell)) pairs.picked.delete(cell);
      else pairs.picked.add(cell);
      render();
      return true;
    }
    pairs = null;
    return false;
  };

  /**
   * The walkthrough's commands (docs/teaching.md, "The bar"), by type:
   * `walk`, `walk_play`, `walk_pause`, `walk_toggle`, `walk_speed`,
   * `show_order`, `predict_pairs`, `predict_reveal`.
   */
  const commands = {
    walk({ to, via }) {
      if (via === "forward") return forward(to);
      if (playing && via !== "play") stop();
      return go(to);
    },
    walk_play: play,
    walk_pause: pause,
    walk_toggle: () => (playing ? pause() : play()),
    walk_speed(command) {
      if (!Object.hasOwn(SPEEDS, command.speed)) return;
      speed = command.speed;
      if (playing && timer !== null) schedule();
      render();
    },
    show_order: ({ on }) => commit({ show_order: on === true }),
    predict_pairs: startPairs,
    predict_reveal: reveal,
  };

  /**
   * Add this view's walkthrough state to a presentation: `walk.playing`,
   * `walk.speed`, `walk.pairs` (`null`, `"picking"` or
   * `"revealed"`), `walk.buttons.predictPairs` / `reveal`, and per cell
   * `predicted` (marked by the learner) and `willTouch` (revealed). Play
   * stops here when the state changed by something else.
   * @param {Object} p  from `present()`
   * @returns {Object} p
   */
  const decorate = (p) => {
    const t = words();
    const s = state();
    const w = p.walk ? walkthrough(s) : null;
    const now = moment(s, w);
    if (playing && made !== null && made !== now) stop();
    if (pairs !== null && pairs.at !== now) pairs = null;
    if (!p.walk) return p;
    const picked = pairs ? pairs.picked : new Set();
    const revealed = new Set(pairs?.revealed ?? []);
    p.cells = p.cells.map((c, i) => {
      const predicted = picked.has(i);
      const willTouch = revealed.has(i);
      const said = ariaWords(t, [predicted && "aria.predicted", willTouch && "aria.will-touch"]);
      if (said.length === 0) return c;
      // A marked pick shows "?" unless the cell has a badge already (js/present/presentation.js, BADGES).
      const mark = c.mark || (predicted ? t("ui.mark-predicted") : "");
      return { ...c, predicted, willTouch, mark, label: [c.label, ...said].join(", ") };
    });
    p.walk = {
      ...p.walk,
      playing,
      speed,
      pairs: pairs === null ? null : pairs.revealed === null ? "picking" : "revealed",
      buttons: {
        ...p.walk.buttons,
        predictPairs: p.walk.predict && p.walk.position === 0 && p.walk.moves > 0,
        reveal: pairs !== null && pairs.revealed === null,
      },
    };
    return p;
  };

  return { commands, click, decorate, destroy: stop };
};

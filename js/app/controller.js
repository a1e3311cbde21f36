/**
 * The controller of one view: turns the learner's commands (from the view)
 * into engine actions and trait changes, and redraws the view when a trait
 * changes, once per turn. Why apart from the view: the view draws a
 * presentation and reports clicks; what a click means (select, pair, refuse,
 * deal) is decided here, with the engine, and every change goes to Python
 * through js/app/sync.js. The commands and what each does are in
 * docs/architecture.md, "The front end"; the sync in "The widget (sync)".
 * @module app/controller
 */
import {
  LANGUAGES,
  apply,
  dealFromText,
  fairHint,
  formatMessage,
  legalLone,
  lineHint,
  status as outcomeOf,
  translator,
} from "../engine/index.js";
import { feedback } from "../present/feedback.js";
import { detailOf, feedbackFor, narrate } from "../present/narration.js";
import {
  DEFAULT_TEACHING,
  isCell,
  offlineWinnable,
  present,
  validSelection,
} from "../present/presentation.js";
import { elapsed, formatElapsed } from "../present/time.js";
import { nextClock, running, untilNextSecond } from "./clock.js";
import { giveUpQuestion } from "./give-up.js";
import { syncOf } from "./sync.js";
import { createWalkControl } from "./walkthrough-control.js";

/** The synced traits of the teaching layer (docs/teaching.md, section 2). */
export const TEACHING_TRAITS = Object.keys(DEFAULT_TEACHING);

/**
 * The synced traits of the game (docs/architecture.md, "The widget (sync)"):
 * `selected` is the last selection anyone made (Python's to know), `_pointer`
 * Python's pointing, which every view shows.
 */
const GAME_TRAITS = ["state", "selected", "_pointer", "feedback", "clock"];

/** The board's language and its catalogue (docs/i18n.md, section 2). */
const LANG_TRAITS = ["lang", "_messages"];

/** The rules picker's presets, `[[name, label], …]`, Python's (mc_widget/widget/picker.py). */
const PRESETS_TRAIT = "_presets";

/** The real timers; tests pass their own (and their own `now`). */
const TIMERS = {
  set: (f, ms) => setTimeout(f, ms),
  clear: (id) => clearTimeout(id),
};

/**
 * A random deal number (every browser this bundle runs in has `crypto`,
 * also on a page served without https).
 * @returns {number} 0 … 2³²−1
 */
export const randomDeal = () => crypto.getRandomValues(new Uint32Array(1))[0];

/**
 * Wire one view to the model.
 *
 * @param {Object} model  the anywidget model: get, set, on, off, send
 *   (`off` and `send` may throw, as MyST's do: docs/export.md, section 5)
 * @param {function(function(Object): void, function(string, Object=): string): Object} makeView
 *   `(send, t) => view` (see `createView`): `t` is the board's translator, in its
 *   language (made again, with the view, when the language changes)
 * @param {{random?: function(): number, now?: function(): number,
 *   timers?: {set: function(function(): void, number): *, clear: function(*): void}}} [options]
 *   `random` gives Random deal its number; `now` (ms since 1970) and
 *   `timers` drive the clock (tests inject both)
 * @returns {{handle: function(Object): void, render: function(): void, destroy: function(): void}}
 */
export const createController = (
  model,
  makeView,
  { random = randomDeal, now = Date.now, timers = TIMERS } = {},
) => {
  let ticker = null;
  let queued = false; // a redraw is due at the end of this turn
  let destroyed = false;

  // The board's words (docs/i18n.md, section 2): the catalogue Python sent for
  // the board's language (`_messages`, English too; the bundle has only the
  // engine's own texts under it), said by `t`; a new
  // language draws the view again, labels and all.
  let t = formatMessage;
  const sync = syncOf(model, { now, timers });
  // Every trait as the board has it: its own moves not yet acked win (js/app/sync.js).
  const get = sync.trait;
  let spoken;
  const speak = () => {
    const said = get("_messages");
    if (said === spoken) return false;
    spoken = said;
    // A phone or tablet (no hover, a finger) says "tap" where others say "click".
    const touch = globalThis.matchMedia?.("(hover: none) and (pointer: coarse)").matches;
    t = translator(said?.lang ?? "en", said?.messages ?? {}, { touch });
    return true;
  };
  speak();
  const send = (command) => handle(command);
  let view = makeView(send, t);
  // With `lang` null the notebook's language, asked of Python when the page's
  // (then the browser's) first language has a catalogue; with no kernel, English.
  const wanted = [
    globalThis.document?.documentElement.lang,
    ...(globalThis.navigator?.languages ?? []),
  ]
    .map((code) =>
      String(code ?? "")
        .slice(0, 2)
        .toLowerCase(),
    )
    .find((code) => LANGUAGES.includes(code));
  if (get("lang") == null && !spoken?.lang && wanted && wanted !== "en") {
    try {
      model.send({ type: "lang", lang: wanted });
    } catch {}
  }

  /**
   * This view's selection, `{cell, card}` or null (docs/architecture.md,
   * "Selections"): a pair is two clicks in one view, so another tab's click
   * never completes this view's pair. `pointed`: the `_pointer.n` last taken.
   */
  let mine = null;
  let pointed;
  /** Select `cell` of `state` in this view (null, a gap or junk: none). */
  const choose = (cell, state) => {
    mine =
      isCell(state, cell) && state.tableau[cell] !== null
        ? { cell, card: state.tableau[cell] }
        : null;
  };

  /**
   * @returns {{state: Object, selected: *, feedback: Object, clock: Object}} the game
   *   traits as the board has them (`sync.trait`), the state as shown
   *   (`sync.shown()`), and this view's selection
   */
  const read = () => {
    const state = sync.shown();
    // Python pointed again (`w.select`): every view takes it. A board with no
    // `_pointer` (a page saved before it existed) takes its `selected` once.
    const pointer = model.get("_pointer");
    if ((pointer?.n ?? 0) !== pointed) {
      pointed = pointer?.n ?? 0;
      choose(pointer ? pointer.cell : get("selected"), state);
    }
    // A selection whose card left or moved is gone, whoever moved it.
    if (mine && state.tableau[mine.cell] !== mine.card) mine = null;
    return { state, selected: mine?.cell ?? null, feedback: get("feedback"), clock: get("clock") };
  };

  /**
   * The teaching traits (docs/teaching.md, section 2), with their defaults
   * (`DEFAULT_TEACHING`) for a model that lacks them or holds null (an older
   * kernel, a test's fake model).
   * @returns {{size: string, title: string, caption: string, panels: Object[],
   *   predict: boolean, predictions: number[], show_order: boolean}}
   */
  const readTeaching = () =>
    Object.fromEntries(TEACHING_TRAITS.map((name) => [name, get(name) ?? DEFAULT_TEACHING[name]]));

  // The position Python's `winnable` was made for; with no kernel it stays the
  // last one Python saw (`offlineWinnable`).
  const judged = model.get("state");

  /** Stop the time counter's timer, if one is set. */
  const stopTicker = () => {
    if (ticker !== null) timers.clear(ticker);
    ticker = null;
  };

  /** While the clock runs, rewrite the time counter at each new second of play. */
  const schedule = () => {
    stopTicker();
    const clock = get("clock");
    if (!running(clock)) return;
    ticker = timers.set(
      () => {
        ticker = null;
        const shown = get("clock");
        view.setCounter("time", formatElapsed(t, elapsed(shown, now())));
        schedule();
      },
      untilNextSecond(clock, now()),
    );
  };

  /**
   * A trait changed (the kernel, or another view of the model): redraw once,
   * at the end of this turn, when all the traits of that change are set. A
   * view's commit or Python's one message sets up to four traits one after
   * another; drawing at each would first show the new state with the old
   * selection and feedback.
   */
  const changed = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      if (queued && !destroyed) render();
    });
  };

  const render = () => {
    queued = false;
    if (speak()) {
      view.destroy();
      view = makeView(send, t);
    }
    view.root?.setAttribute("lang", spoken?.lang ?? "en");
    const { state, selected, feedback, clock } = read();
    let p;
    try {
      const teaching = readTeaching();
      if (sync.line() === "sync.offline") {
        const line = get("solution");
        teaching.winnable = offlineWinnable(state, { ...teaching, judged, line });
      }
      const presets = get(PRESETS_TRAIT) ?? [];
      p = present(t, state, selected, feedback, { clock, now: now(), teaching, presets });
    } catch (err) {
      const { el } = view.status;
      el.textContent = t("error.show", detailOf(err));
      el.setAttribute("data-tone", "error");
      return;
    }
    // The quiet line: moves not saved (no kernel) or not yet (js/app/sync.js).
    p.sync = sync.line();
    // Review is the kernel's: with none (an exported page says so from the
    // start, `noKernel`; MyST once a send threw) it is shown unavailable, why
    // in its title (issue 20).
    if (model.noKernel === true || p.sync === "sync.offline") {
      const why = t("review.no-kernel");
      p.buttons.review = { ...p.buttons.review, available: false, emphasis: false, why };
    }
    view.update(walker.decorate(p));
    schedule();
  };

  /**
   * Set traits as one change, with the state `next` made by `action` (js/app/sync.js
   * sends them), and redraw this view now.
   * @param {Object} changes  traits, e.g. `{selected, feedback}`
   * @param {Object|null} [action]  the action that made `next` from the state shown
   * @param {Object|null} [next]
   */
  const commit = (changes, action = null, next = null) => {
    const before = view.status.el.textContent;
    if (Object.hasOwn(changes, "selected")) choose(changes.selected, next ?? sync.shown());
    sync.commit(action, next, changes);
    render();
    // Asked again, answered in the same words (Hint twice, one refusal twice):
    // say them again (view/status.js).
    if (changes.feedback?.key && view.status.el.textContent === before) view.status.again?.();
  };

  /** Say `said` (a feedback trait value) with no selection. */
  const tell = (said) => commit({ selected: null, feedback: said });

  /** A refused command (not a pair): no selection, and why (`feedbackFor`). */
  const refuse = (err) => tell(feedbackFor(err));

  /**
   * Commit a new state: its clock (js/app/clock.js), no selection, the feedback,
   * and any other traits in `extra` (the walkthrough's, js/app/walkthrough-control.js).
   * @param {Object} action  the action that made it from the state shown
   * @param {Object} next  the state made
   * @param {Object} feedback  a feedback trait value
   * @param {Object} [extra]  more traits, e.g. `{predictions}`
   */
  const commitState = (action, next, feedback, extra = {}) => {
    const over = outcomeOf(next) !== "playing";
    const clock = nextClock(get("clock"), next, over, now());
    commit({ clock, selected: null, feedback, ...extra }, action, next);
  };

  /**
   * Apply an engine action; on refusal only `feedback` and the selection
   * change (the selection becomes `refusedSelection`, null by default).
   */
  const act = (action, cells = [], refusedSelection = null) => {
    const { state } = read();
    let next;
    try {
      next = apply(state, action);
    } catch (err) {
      commit({ selected: refusedSelection, feedback: feedbackFor(err, cells) });
      return;
    }
    commitState(action, next, narrate(action, state, next));
  };

  const clickCell = (cell) => {
    const { state, selected, feedback } = read();
    const current = validSelection(state, selected);
    if (state.tableau[cell] === null) {
      // A gap clears the selection, and the feedback only if it is about a refused pair.
      tell(feedback?.tone === "illegal" ? {} : (feedback ?? {}));
    } else if (current === cell && legalLone(state).includes(cell)) {
      // The selected card again, one that goes alone now (a Thirteens king): removed.
      act({ type: "remove", cells: [cell] }, [cell], cell);
    } else if (current === null || current === cell) {
      // A card is selected; the selected one again is deselected.
      commit({ selected: current === cell ? null : cell, feedback: {} });
    } else {
      // A legal pair clears selection and feedback; a refused one marks both
      // cards and selects the clicked one, so its neighbours show at once
      // (docs/teaching.md, section 5).
      const pair = [current, cell];
      act({ type: "remove", cells: pair }, pair, cell);
    }
  };

  /**
   * New deal with the number typed in the Deal box. An empty box (a board
   * loaded from a layout has no deal number) starts nothing: the status line
   * says what to type, or to press Random deal, and the box gets the focus.
   */
  const newDeal = (value) => {
    const text = String(value ?? "").trim();
    if (text === "") {
      tell(feedback("deal.empty", {}, "illegal"));
      view.focusDeal?.();
      return;
    }
    let deal;
    try {
      // Read as text, so a long number is quoted back as typed, not rounded.
      deal = dealFromText(text);
    } catch (err) {
      refuse(err);
      return;
    }
    act({ type: "new_deal", deal });
  };

  /**
   * The Hint button and H (docs/analysis.md, section 6): the fair hint, made
   * here; with `hints` "perfect" the kernel's (the solver is Python's), or,
   * with no kernel to ask, the winning line stored with the board (`solution`).
   */
  const hint = () => {
    const { state } = read();
    let h, note;
    if (get("hints") !== "perfect") h = fairHint(state);
    else {
      try {
        return model.send({ type: "hint" });
      } catch {
        // No kernel: follow the winning line the export stored, if any.
        ({ hint: h, note } = lineHint(state, get("solution")) ?? {});
      }
    }
    tell(h ? { ...feedback(h.key, h.params, "info", [...h.cells]), note } : feedback("hint.none"));
  };

  /**
   * The Review button: the review is the kernel's (the solver is Python's), so
   * say it is asked, then ask (in that order, so Python's answer comes last).
   * A model with no kernel throws on `send` (an exported page, MyST).
   */
  const review = () => {
    tell(feedback("review.asked"));
    try {
      model.send({ type: "review" });
    } catch {
      tell(feedback("review.no-kernel"));
    }
  };

  /**
   * The rules picker (issue 19): Python starts the same deal by the preset
   * `name`'s rules (mc_widget/widget/picker.py); a board with no kernel has no
   * picker (Python sends its presets, `_presets`).
   */
  const pickRules = (name) => {
    try {
      model.send({ type: "rules", rules: name });
    } catch {}
  };

  // The walkthrough's commands and predict mode (js/app/walkthrough-control.js).
  const walker = createWalkControl({
    get,
    words: () => t,
    state: sync.shown,
    commit,
    commitState,
    render,
    tell,
    refuse,
    timers,
  });

  /** The view's commands by type: the game's, then the walkthrough's (js/app/walkthrough-control.js). */
  const commands = {
    cell({ cell }) {
      // Junk is ignored; a predict answer or a pair mark, else a normal click.
      if (isCell(read().state, cell) && !walker.click(cell)) clickCell(cell);
    },
    clear() {
      const { selected, feedback } = read();
      const hasFeedback = feedback && Object.keys(feedback).length > 0;
      if (selected !== null || hasFeedback) tell({});
    },
    action({ action }) {
      if (action === "hint") return hint();
      if (action === "review") return review();
      // "Consolidate one card" with pairs left: the first press says what it gives up (give-up.js).
      const { state, feedback: said } = read();
      const asked = action === "consolidate_step" && giveUpQuestion(state, said, action);
      return asked ? tell(asked) : act({ type: action });
    },
    new_deal: ({ value }) => newDeal(value),
    random_deal: () => newDeal(String(random())),
    rules: ({ value }) => pickRules(value),
    ...walker.commands,
  };

  /** @param {Object} command  from the view (one of another type is ignored) */
  const handle = (command) => {
    if (Object.hasOwn(commands, command.type)) commands[command.type](command);
  };

  const events = [...GAME_TRAITS, ...TEACHING_TRAITS, ...LANG_TRAITS, PRESETS_TRAIT].map(
    (name) => `change:${name}`,
  );
  for (const e of events) model.on(e, changed);
  const unwatch = sync.watch(changed);
  render();

  return {
    get view() {
      return view;
    },
    handle,
    render,
    destroy() {
      destroyed = true;
      walker.destroy();
      unwatch();
      stopTicker();
      view.destroy();
      // MyST's model has no working `off` (it throws): a listener left behind
      // does nothing once `destroyed` is set (see `changed`).
      try {
        for (const e of events) model.off(e, changed);
      } catch {}
    },
  };
};

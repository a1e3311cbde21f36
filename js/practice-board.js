/**
 * anywidget entry of the practice board (mc_widget/widget/practice_board.py;
 * docs/practice.md): one generated exercise at a time, checked by the engine,
 * with par, stars, a streak, an end-of-set review and a record to copy. A
 * bundle of its own (scripts/build.mjs), so the main widget bundle does not
 * carry the practice engine.
 *
 * The view generates each exercise itself from the set and the answers so far
 * (js/practice/) and answers by setting `answers` to the old list plus one
 * entry; Python replays it and may send its own list back, so everything is
 * drawn again from the model (js/practice-view/model.js replays it). The
 * model is hostile: render never throws.
 * @module practice-board
 */
import "./practice-board.css";
import { h, SUPPRESS } from "./view/dom.js";
import { followScheme } from "./view/scheme.js";
import { check } from "./practice/check.js";
import { exerciseState } from "./practice/generate.js";
import { PAR, MAX_SECONDS, plan } from "./practice/session.js";
import { readModel, replay } from "./practice-view/model.js";
import { errorWords, wordsFor } from "./practice-view/words.js";
import {
  alone,
  answerOf,
  clickCell,
  clickable,
  hasAlone,
  newInput,
  pickedCells,
  takeBack,
  undo,
} from "./practice-view/answer-input.js";
import { cellName, drawBoard } from "./practice-view/board.js";
import { aroundWords, gridKey } from "./practice-view/keyboard.js";
import { answerWords, drawFeedback, marksFor } from "./practice-view/feedback.js";
import { drawSummary } from "./practice-view/summary.js";
import { copyRecord } from "./practice-view/record.js";

const WATCHED = ["answers", "problem", "texts", "grading", "lang", "practice_set"];
const ORDERED = ["next-cells", "cells-after-consolidating"];

const button = (action, label, onClick, extra = {}) => {
  const b = h(
    "button.mcw-practice-button",
    { type: "button", "data-practice-action": action, ...extra },
    label,
  );
  b.addEventListener("click", onClick);
  return b;
};

/** Seconds from `shownAt` to `now` (ms), to 0.1 s, at most a day. */
export const secondsBetween = (shownAt, now) =>
  Math.min(MAX_SECONDS, Math.max(0, Math.round((now - shownAt) / 100) / 10));

/**
 * Draw the practice board into `el` and follow the model.
 * @param {{model: Object, el: HTMLElement}} context  from anywidget (or js/practice-page.js)
 * @param {{now?: function(): number, timers?: {set: Function, clear: Function},
 *   clipboard?: Object, touch?: boolean}} [options]  for tests and hosts
 * @returns {function(): void} cleanup
 */
function render({ model, el }, options = {}) {
  const now = options.now ?? Date.now;
  const timers = options.timers ?? {
    set: (f, ms) => setInterval(f, ms),
    clear: (id) => clearInterval(id),
  };
  const touch = options.touch ?? globalThis.matchMedia?.("(pointer: coarse)")?.matches ?? false;
  const root = h("div.mcw-practice", { [SUPPRESS]: true });
  const main = h("div.mcw-practice-main");
  const status = h("p.mcw-practice-status", {
    role: "status",
    "aria-live": "polite",
    "data-practice-status": "",
  });
  const recordBox = h("div.mcw-practice-record-box");
  root.append(main, status, recordBox);
  el.replaceChildren(root);
  let stopScheme = () => {};
  try {
    stopScheme = followScheme(root);
  } catch {
    // A host without MutationObserver or computed styles: light colours.
  }

  // What the view keeps between draws: the exercise shown (`key`, its position
  // `state`, the learner's `input` and when it was shown), the answered one whose
  // result is shown (`showing`, an index into the replay), the grid's tab stop
  // (`active`), where focus goes after the next draw, what was said last.
  const view = {
    key: null,
    state: null,
    input: null,
    inputKey: null,
    shownAt: now(),
    showing: null,
    active: 0,
    focus: undefined,
    said: "",
    clock: null,
  };
  let t = wordsFor({}, "en");
  let rep = null;
  let repKey = null;
  let problem = "";

  const showStatus = () => {
    status.textContent = [problem, view.said].filter(Boolean).join(" ");
  };
  const say = (text) => {
    view.said = text;
    showStatus();
  };

  const exerciseNow = () => (rep && view.showing === null ? rep.current : null);

  const tickClock = () => {
    const ex = exerciseNow();
    if (!view.clock || !ex) return;
    const seconds = Math.floor((now() - view.shownAt) / 1000);
    view.clock.textContent = t("practice-ui.clock", { seconds, par: PAR[ex.kind][ex.level - 1] });
    view.clock.toggleAttribute("data-over", seconds > PAR[ex.kind][ex.level - 1]);
  };

  const submit = (answer) => {
    const ex = exerciseNow();
    if (!ex) return;
    try {
      check(ex, answer);
    } catch (error) {
      say(errorWords(t, error));
      return;
    }
    const entry = {
      kind: ex.kind,
      level: ex.level,
      seed: ex.seed,
      answer,
      seconds: secondsBetween(view.shownAt, now()),
    };
    const answers = Array.isArray(model.get("answers")) ? model.get("answers") : [];
    view.showing = rep.items.length;
    view.focus = "next";
    model.set("answers", [...answers, entry]);
    model.save_changes?.();
    draw();
    const item = rep.items[view.showing];
    if (item) {
      say(
        [
          t(item.result.right ? "practice-ui.right" : "practice-ui.wrong"),
          `${t("practice-ui.stars", { stars: { count: item.stars, of: "practice-ui.star-count" } })}.`,
          ...item.result.explanation.map((m) => t(m.key, m.params)),
        ].join(" "),
      );
    }
  };

  const change = (next, cell) => {
    view.input = next;
    if (cell !== undefined) view.active = cell;
    draw();
    if (cell !== undefined && rep?.current) {
      const state = view.state;
      say(
        cellName(t, state, cell, {
          asked: cell === rep.current.cell,
          picked: pickedCells(view.input).get(cell),
        }),
      );
    }
  };

  const header = (ex, index) => {
    const p = rep.session.progress();
    const clock = h("span.mcw-practice-clock", { "aria-hidden": "true" });
    view.clock = clock;
    return h(
      "div.mcw-practice-header",
      {},
      h(
        "h3.mcw-practice-title",
        {},
        t("practice-ui.exercise", { k: index + 1, n: rep.set.n }),
        " · ",
        t(`practice.kind.${ex.kind}.title`),
        " · ",
        t("practice-ui.level", { level: ex.level }),
      ),
      h(
        "p.mcw-practice-progress",
        {},
        h("span", {}, t("practice-ui.progress", { right: p.right, done: p.done })),
        // The set's stars in words only: a glyph each would be up to 300 of them.
        h(
          "span",
          {},
          t("practice-ui.stars", { stars: { count: p.stars, of: "practice-ui.star-count" } }),
        ),
        h("span", {}, t("practice-ui.streak", { streak: p.streak, best: p.best_streak })),
        clock,
      ),
      // A kind missed earlier, back for another try (the set's spacing, docs/practice.md).
      isReview(index)
        ? h("p.mcw-practice-again", { "data-practice-again": "" }, t("practice-ui.again"))
        : null,
    );
  };

  /** Whether exercise `index` of the set is a missed kind come back (`plan`'s `review`). */
  const isReview = (index) =>
    plan(
      rep.set,
      rep.items.map((item) => item.result.right),
    )[index]?.review === true;

  const controls = (ex) => {
    const input = view.input;
    const row = h("div.mcw-practice-controls", {
      role: "group",
      "aria-label": t("practice-ui.answer-label"),
    });
    if (ex.ask === "status") {
      for (const s of ["won", "lost", "playing"]) {
        row.append(button(s, t(`practice-ui.${s}`), () => submit({ status: s })));
      }
      return [row];
    }
    const out = [row];
    if (ex.ask === "removals") {
      const chosen = input.pairs.map((pair, k) =>
        h(
          "li",
          {},
          button(
            "take-back",
            t("practice-ui.take-back", {
              removal: pair.map((c) => t.card(input.tableau[c])).join("–"),
            }),
            () => change(takeBack(view.input, k)),
          ),
        ),
      );
      out.unshift(
        h(
          "div.mcw-practice-chosen",
          {},
          h("span", {}, t(chosen.length ? "practice-ui.chosen" : "practice-ui.chosen-none")),
          chosen.length ? h("ul", {}, ...chosen) : null,
        ),
      );
    }
    if (hasAlone(input)) {
      row.append(
        button("alone", t("practice-ui.alone"), () => change(alone(view.input)), {
          disabled: input.pending === null,
        }),
      );
    }
    if (ex.ask === "removals") {
      row.append(button("none", t("practice-ui.none"), () => submit({ removals: [] })));
    }
    if (ORDERED.includes(ex.ask) || ex.ask === "next-move") {
      row.append(
        button("undo", t("practice-ui.undo"), () => change(undo(view.input)), {
          disabled: !input.picks.length,
        }),
      );
    }
    const answer = answerOf(input);
    row.append(
      button(
        "check",
        t("practice-ui.check"),
        () => {
          const a = answerOf(view.input);
          if (a) submit(a);
        },
        { disabled: answer === null },
      ),
    );
    return out;
  };

  const copyButton = () =>
    button("copy", t("practice-ui.copy"), async () => {
      const text = JSON.stringify(rep.session.record());
      const done = await copyRecord(
        text,
        recordBox,
        options.clipboard ?? globalThis.navigator?.clipboard,
        t("practice-ui.record-label"),
      );
      say(t(done ? "practice-ui.copied" : "practice-ui.copy-fallback"));
    });

  const gridEvents = (grid, cells, state, interactive) => {
    const focusCell = (cell) => {
      cells[view.active]?.setAttribute("tabindex", "-1");
      view.active = cell;
      cells[cell].setAttribute("tabindex", "0");
      cells[cell].focus();
    };
    grid.addEventListener("click", (event) => {
      const target = event.target.closest?.("[data-practice-cell]");
      if (!target) return;
      const cell = Number(target.dataset.practiceCell);
      view.focus = "grid";
      if (interactive && clickable(view.input, cell)) change(clickCell(view.input, cell), cell);
      else focusCell(cell);
    });
    grid.addEventListener("keydown", (event) => {
      const target = event.target.closest?.("[data-practice-cell]");
      if (!target) return;
      const what = gridKey(event, Number(target.dataset.practiceCell), state.rules);
      if (!what) return;
      event.preventDefault();
      event.stopPropagation();
      view.focus = "grid";
      if ("move" in what) focusCell(what.move);
      else if ("pick" in what) {
        if (interactive && clickable(view.input, what.pick))
          change(clickCell(view.input, what.pick), what.pick);
      } else if ("announce" in what) say(aroundWords(t, state, what.announce));
      else say(t("practice-ui.keys"));
    });
  };

  const restoreFocus = (focus, cells) => {
    if (focus === "grid") cells?.[view.active]?.focus();
    else if (focus)
      root.querySelector(`[data-practice-action="${focus}"]:not([disabled])`)?.focus();
  };

  const drawInner = () => {
    const m = readModel(model);
    t = wordsFor(m.texts, m.lang, { touch });
    root.setAttribute("lang", t.lang);
    root.setAttribute("role", "group");
    root.setAttribute("aria-label", t("practice-ui.label"));
    problem = m.problem;
    const key = JSON.stringify([m.set, m.answers]);
    if (key !== repKey) {
      rep = replay(m.set, m.answers);
      repKey = key;
    }
    const active = root.ownerDocument.activeElement;
    const focus =
      view.focus ??
      (active && root.contains(active)
        ? active.closest("[data-practice-cell]")
          ? "grid"
          : active.dataset?.practiceAction
        : null);
    view.focus = undefined;
    view.clock = null;
    // Python's refusal of an answer, seen as well as heard (the live region is for screen readers).
    const parts = problem
      ? [h("p.mcw-practice-note", { "data-practice-problem": "" }, problem)]
      : [];
    let cells = null;
    if (m.grading) {
      main.replaceChildren(h("p.mcw-practice-note", {}, t("practice-ui.grading")));
      showStatus();
      return;
    }
    if (rep.set === null) {
      main.replaceChildren(
        h(
          "p.mcw-practice-note",
          { "data-practice-problem": "" },
          t("practice-ui.bad-set", { problem: errorWords(t, rep.error.error) }),
        ),
      );
      showStatus();
      return;
    }
    if (rep.error) {
      parts.push(
        h(
          "p.mcw-practice-note",
          { "data-practice-problem": "" },
          t("practice-ui.bad-answer", {
            number: rep.error.index + 1,
            problem: errorWords(t, rep.error.error),
          }),
        ),
      );
    }
    if (view.showing !== null && view.showing >= rep.items.length) view.showing = null;
    const item = view.showing === null ? null : rep.items[view.showing];
    const ex = item ? item.exercise : rep.current;
    if (ex) {
      const index = item ? view.showing : rep.items.length;
      const exKey = `${index}:${ex.kind}:${ex.seed}`;
      if (!item && view.key !== exKey) {
        view.key = exKey;
        view.state = exerciseState(ex);
      }
      const shown = item ? item.state : view.state;
      if (!item && (view.input === null || view.inputKey !== view.key)) {
        view.input = newInput(ex.ask, shown);
        view.inputKey = view.key;
        view.shownAt = now();
        view.active = ex.cell ?? 0;
      }
      parts.push(header(ex, index));
      parts.push(h("p.mcw-practice-prompt", {}, t(ex.prompt.key, ex.prompt.params)));
      const interactive = !item;
      const board = drawBoard({
        t,
        state: shown,
        asked: ex.cell,
        picked: interactive ? pickedCells(view.input) : new Map(),
        marks: item ? marksFor(ex.ask, item.entry.answer, item.result.answer) : new Map(),
        active: view.active,
        clickable: (c) => interactive && clickable(view.input, c),
      });
      cells = board.cells;
      gridEvents(board.grid, board.cells, shown, interactive);
      // The answer's controls and feedback beside the tableau where there is room
      // (a projector's 720 px keeps them on screen), under it in a narrow column.
      const side = [];
      if (item) {
        side.push(drawFeedback(t, item));
        if (!item.result.right) {
          side.push(
            h(
              "p.mcw-practice-yours",
              {},
              t("practice-ui.summary.yours", {
                answer: answerWords(t, item.state, item.entry.answer),
              }),
            ),
          );
        }
        side.push(
          h(
            "div.mcw-practice-controls",
            {},
            button("next", t("practice-ui.next"), () => {
              view.showing = null;
              view.focus = rep.current ? "grid" : "copy";
              draw();
              say(
                rep.current
                  ? t(rep.current.prompt.key, rep.current.prompt.params)
                  : t("practice-ui.summary.title"),
              );
            }),
          ),
        );
      } else if (!rep.error) side.push(...controls(ex));
      side.push(h("div.mcw-practice-record-row", {}, copyButton()));
      parts.push(h("div.mcw-practice-play", {}, board.el, h("div.mcw-practice-side", {}, ...side)));
    } else {
      if (!rep.error) parts.push(drawSummary(t, rep.items, rep.session.progress()));
      parts.push(h("div.mcw-practice-record-row", {}, copyButton()));
    }
    main.replaceChildren(...parts);
    tickClock();
    showStatus();
    restoreFocus(focus, cells);
  };

  const draw = () => {
    try {
      drawInner();
    } catch (error) {
      main.replaceChildren(
        h("p.mcw-practice-note", { "data-practice-problem": "" }, errorWords(t, error)),
      );
      console.error("mc_widget: the practice board cannot be drawn:", error);
    }
  };

  draw();
  const ticker = timers.set(tickClock, 1000);
  const redraw = () => draw();
  for (const k of WATCHED) model.on?.(`change:${k}`, redraw);
  return () => {
    timers.clear(ticker);
    stopScheme();
    for (const k of WATCHED) model.off?.(`change:${k}`, redraw);
  };
}

export default { render };

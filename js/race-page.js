/**
 * The race bar of an exported page (docs/sessions.md, "Races"; docs/export.md):
 * with no kernel, each race placeholder (`[data-mcw-race]`, holding
 * `{players, texts}` as JSON) follows the two boards after it, judging with
 * the JS race rule as the kernel's race would. Page.js draws the boards and
 * then fires `mcw:drawn` on the document, each board placeholder holding its
 * model (`mcwModel`); this runtime is on a page only when it has a race.
 * A bundle of its own (scripts/build.mjs), inline in the page.
 * @module race-page
 */
import { removedCount, status, totalCards } from "./engine/queries.js";
import { raceRule } from "./engine/race.js";
import bar from "./race-bar.js";

/**
 * A race side of one board model: the engine's status of its state, the cards
 * removed, and, for a finished game, the time (s) from the race clock's
 * `start` to `now`: this page stamps a finish when it sees it (as the kernel's
 * race does), never from a board's `clock.stop`.
 * @param {Object} model  a board's page model
 * @param {number|null} start  ms since 1970
 * @param {string} layout  the race's starting layout (the boards' `state.start` when drawn)
 * @param {number} [now]  ms since 1970 (default `Date.now()`)
 * @returns {{status: string, removed: number, total: number, time: number|null}}
 */
export const sideOf = (model, start, layout, now = Date.now()) => {
  const state = model.get("state");
  // Another deal on a race board (its New deal button): not started, as in Python.
  if (state.start !== layout)
    return { status: "playing", removed: 0, total: totalCards(state), time: null };
  const result = status(state);
  const time =
    result !== "playing" && start !== null
      ? Math.min(Math.max((now - start) / 1000, 0), 86400)
      : null;
  return { status: result, removed: removedCount(state), total: totalCards(state), time };
};

/**
 * Why `boards` cannot be this race's (the race's start layout and rules, `fixed`),
 * naming the bad part, or null when both are its boards.
 * @param {{layout: string, rules: Object}} fixed
 * @param {Object[]} boards  the two board models
 * @returns {string|null}
 */
export const boardsProblem = (fixed, boards) => {
  if (typeof fixed.layout !== "string" || fixed.rules === null || typeof fixed.rules !== "object")
    return "the race has no start layout and rules";
  const want = JSON.stringify(Object.entries(fixed.rules).sort());
  for (const [k, m] of boards.entries()) {
    const state = m.get("state");
    if (JSON.stringify(Object.entries(state.rules).sort()) !== want)
      return `board ${k + 1}: its rules are not the race's`;
    if (state.start !== fixed.layout) return `board ${k + 1}: its start layout is not the race's`;
  }
  return null;
};

/** The race clock's start: the first board clock's start, or null. */
export const startOf = (models) => {
  const starts = models.map((m) => m.get("clock")?.start).filter((s) => Number.isFinite(s));
  return starts.length ? Math.min(...starts) : null;
};

/**
 * A small model for the bar (get, set, on, off), fed from the two boards. As
 * the kernel's race: a side is kept from its first finish (undo or New deal
 * does not reopen it), and once the race rule decides, nothing changes.
 * @param {{players: string[], texts: Object}} fixed
 * @param {Object[]} boards  the two board models
 * @param {() => number} [now]  the clock that stamps a finish, ms since 1970
 *
 * The race clock starts again on the page: at the first change of either
 * board after it is drawn (a saved board's clock is the notebook's).
 */
export const barModel = (fixed, boards, now = Date.now) => {
  const data = { ...fixed, sides: [], start: null };
  const listeners = new Map();
  const model = {
    get: (k) => data[k],
    on: (e, f) => (listeners.get(e) ?? listeners.set(e, new Set()).get(e)).add(f),
    off: (e, f) => listeners.get(e)?.delete(f),
  };
  const layouts = boards.map((m) => fixed.layout ?? m.get("state").start);
  const drawn = boards.map((m) => m.get("state"));
  const finished = boards.map(() => null);
  let decided = false;
  const follow = () => {
    if (decided) return;
    if (data.start === null && boards.some((m, k) => m.get("state") !== drawn[k]))
      data.start = now();
    data.sides = boards.map((m, k) => {
      if (finished[k] === null) {
        const side = sideOf(m, data.start, layouts[k], now());
        if (side.status === "playing") return side;
        finished[k] = side;
      }
      return { ...finished[k] };
    });
    const [a, b] = data.sides.map(({ status: s, removed, time }) => ({ status: s, removed, time }));
    decided = raceRule(a, b).decided;
    for (const k of ["sides", "start"]) for (const f of listeners.get(`change:${k}`) ?? []) f();
  };
  for (const m of boards) for (const k of ["state", "clock"]) m.on(`change:${k}`, follow);
  follow();
  return model;
};

/**
 * Draw every race placeholder under `root`: the bar over the next two boards
 * in the page. A placeholder whose JSON is bad, or without two drawn boards
 * after it, stays empty.
 * @param {ParentNode} root
 * @returns {number} how many race bars were drawn
 */
export function drawRaces(root) {
  let drawn = 0;
  const boards = [...root.querySelectorAll("[data-mcw-board]")];
  for (const placeholder of root.querySelectorAll("[data-mcw-race]")) {
    try {
      const fixed = JSON.parse(placeholder.querySelector("script").textContent);
      const after = boards.filter(
        (b) => placeholder.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
      const models = after.slice(0, 2).map((b) => b.mcwModel);
      if (models.length !== 2 || !models.every(Boolean)) throw new Error("two boards are needed");
      const problem = boardsProblem(fixed, models);
      if (problem !== null) throw new Error(problem);
      const el = placeholder.ownerDocument.createElement("div");
      placeholder.append(el);
      bar.render({ model: barModel(fixed, models), el });
      drawn += 1;
    } catch (reason) {
      console.error("mc_widget: a race bar of this page cannot be drawn:", reason);
    }
  }
  return drawn;
}

if (typeof document !== "undefined") {
  // Page.js may have drawn the boards already (it imports its bundle first).
  const drawn = [...document.querySelectorAll("[data-mcw-board]")].some((b) => b.mcwModel);
  if (drawn) drawRaces(document);
  else document.addEventListener("mcw:drawn", () => drawRaces(document), { once: true });
}

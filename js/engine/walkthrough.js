/**
 * The walkthrough: a round's consolidation and refill as a timeline of
 * single-card steps (docs/teaching.md, section 1; RULES.md, "A round",
 * "One card at a time"), so a view can show the round one card at a time
 * and walk back and forth. The rules stay in actions.js: the timeline comes
 * from replaying single `consolidate_step` / `refill_step` actions, and
 * walking is plain undo/redo over a history of such steps. Mirrors
 * `mc_widget/engine/walkthrough.py`; pinned by tests/vectors/walkthrough.json.
 * @module engine/walkthrough
 */
import { buildState, copyHistory, copyPosition, playOn, positionAfter } from "./actions.js";
import { canConsolidate } from "./queries.js";
import { IllegalMove } from "./errors.js";
import { requireInt } from "./rules.js";

// Object.freeze, marked free of side effects like the other engine modules' (the
// results here are always read, so it only shortens the bundle).
const freeze = /* @__NO_SIDE_EFFECTS__ */ (value) => Object.freeze(value);

/** The actions of a round's consolidation and refill. */
const ROUND_ACTIONS = new Set(["consolidate_step", "consolidate", "refill_step", "refill"]);
const STEP = { type: "consolidate_step" };
const DEAL = { type: "refill_step" };

// One analysis per state object: the view asks on every redraw. States are
// values (apply never changes one), so the answer for an object never goes stale.
const CACHE = new WeakMap();

/** `cursor` moved back over the trailing consolidation and refill actions. */
const roundStart = (state) => {
  let j = state.cursor;
  while (j > 0 && ROUND_ACTIONS.has(state.history[j - 1].type)) j--;
  return j;
};

/** Every single-card step from `base` (phase `remove`) to the end of the round. */
const timeline = (rules, base) => {
  const pos = copyPosition(base);
  const steps = [];
  do {
    const move = playOn(rules, pos, STEP);
    if (move) {
      const [from, to] = move;
      steps.push(freeze({ kind: "move", from, to, card: pos.tableau[to] }));
    }
  } while (pos.phase === "consolidate");
  while (pos.phase === "refill") {
    const card = pos.stock[0];
    const to = playOn(rules, pos, DEAL);
    steps.push(freeze({ kind: "deal", from: null, to, card }));
  }
  return steps;
};

/** How many timeline steps `actions` make from `base` (docs/teaching.md, "position"). */
const stepsMade = (rules, base, actions) => {
  const pos = copyPosition(base);
  let made = 0;
  for (const action of actions) {
    const result = playOn(rules, pos, action);
    if (action.type === "consolidate_step") made += result ? 1 : 0;
    else if (action.type === "refill_step") made += 1;
    else made += result.length; // consolidate: its moves; refill: its cells
  }
  return made;
};

/** `{json, base}` (base: the working position the timeline starts from), or null. */
const analyse = (state) => {
  if (CACHE.has(state)) return CACHE.get(state);
  const j = roundStart(state);
  let found = null;
  if (j < state.cursor || (state.phase === "remove" && canConsolidate(state))) {
    // canConsolidate in phase remove: the game is being played and a consolidation can start.
    const base = j < state.cursor ? positionAfter(state, j) : copyPosition(state);
    const steps = freeze(timeline(state.rules, base));
    const moves = steps.filter((step) => step.kind === "move").length;
    const json = freeze({
      base: j,
      position: stepsMade(state.rules, base, state.history.slice(j, state.cursor)),
      moves,
      deals: steps.length - moves,
      steps,
    });
    found = { json, base };
  }
  CACHE.set(state, found);
  return found;
};

/**
 * The walkthrough offered in `state`, or null (docs/teaching.md, section 1).
 *
 * When the last actions in effect are the round's consolidation and refill
 * (`consolidate_step`, `consolidate`, `refill_step`, `refill`), the timeline
 * is that round's, from the position before them (`base` actions into the
 * history), and `position` counts the steps they made. Otherwise one is
 * offered only in phase `remove` of a game being played when a consolidation
 * can start, at step 0. Null otherwise (a full tableau, a game that is over, …).
 *
 * Pure and cached per state object (call it on every redraw); the result is
 * frozen, do not change it.
 * @param {import("./state.js").State} state  a valid state
 * @returns {{base: number, position: number, moves: number, deals: number,
 *   steps: {kind: "move"|"deal", from: number|null, to: number, card: string}[]}|null}
 *   `moves` steps of kind `move` (the first card after the first gap moves into
 *   it: `from` → `to`), then `deals` of kind `deal` (the top stock card fills
 *   `to`; `from` null); `n = moves + deals`; `0 ≤ position ≤ n`
 */
export const walkthrough = (state) => analyse(state)?.json ?? null;

/**
 * The state at step `k` (0 … n) of the walkthrough offered in `state`. Pure.
 *
 * The history becomes `history[:base]` followed by one `consolidate_step` per
 * move and one `refill_step` per deal (with one `consolidate_step` that moves
 * nothing first when there are deals but no moves), and the cursor stands
 * after the first `k` steps' actions: walking back one step is `undo`,
 * walking on is `redo`.
 *
 * When `state` already stands at step `k` it is returned as it is, the same
 * object (its history, a redoable tail and `next_game` kept): at
 * `k === position`, except at step 0 of a round with no moves when its empty
 * `consolidate_step` is in effect (phase `refill`, `cursor > base`):
 * `walkTo(state, 0)` from there goes back to the round's base.
 * @param {import("./state.js").State} state  a valid state
 * @param {number} k  the step, a whole number 0 … n
 * @returns {import("./state.js").State} `state` itself when it stands at step `k`,
 *   else a new state sharing nothing with `state`
 * @throws {IllegalMove} `no-walkthrough` when `walkthrough(state)` is null (checked first);
 *   reason `out-of-range`, key `walk-out-of-range`, params `{k, n}` for k outside 0 … n
 * @throws {StateError} path `k`, key `state.type`, when `k` is not a whole number
 *   (Python raises `ArgumentError` here)
 */
export const walkTo = (state, k) => {
  const found = analyse(state);
  if (found === null) throw new IllegalMove("no-walkthrough");
  const { json, base } = found;
  const n = json.moves + json.deals;
  requireInt(k, "k");
  if (k < 0 || k > n) throw new IllegalMove("out-of-range", "walk-out-of-range", [], { k, n });
  if (k === json.position && (k > 0 || state.cursor === json.base)) return state;
  const actions = [];
  if (json.moves === 0) actions.push(STEP);
  for (let s = 0; s < json.moves; s++) actions.push(STEP);
  for (let s = 0; s < json.deals; s++) actions.push(DEAL);
  const done = k > 0 ? k + (json.moves === 0 ? 1 : 0) : 0;
  const pos = copyPosition(base);
  for (let s = 0; s < done; s++) playOn(state.rules, pos, actions[s]);
  const history = copyHistory([...state.history.slice(0, json.base), ...actions]);
  // The games a new deal or a load replaced (undoable) come along, copied; the
  // undone one waiting for a redo goes when the history gets a new tail, as
  // after a game action. (The first `base` actions are the same.)
  const sameTail =
    history.length === state.history.length &&
    state.history.slice(json.base).every((a, s) => a.type === actions[s].type);
  const next = buildState(
    state,
    pos,
    history,
    json.base + done,
    sameTail ? (state.next_game ?? null) : null,
  );
  // The new state's walkthrough is this one at step k: the same base and
  // steps. Known now, it saves replaying the game from its start on the next
  // redraw (about 1 ms a step in JupyterLab, docs/performance.md).
  CACHE.set(next, { json: freeze({ ...json, position: k }), base });
  return next;
};

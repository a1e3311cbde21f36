/**
 * The fair hint (docs/analysis.md, section 3; RULES.md, "Strategy facts"):
 * a move and its reason from what a player sees, the tableau and the
 * stock's size, never the stock's order. Inside a round it weighs every way
 * of playing the round (a plan: legal pairs, no card twice) by the pairs it
 * takes now plus the pairs it leaves touching once the cards close up, so
 * it can say when keeping a pair is right (mistake M9). Mirrors
 * `mc_widget/analysis/hint.py`; pinned by tests/vectors/hints.json.
 * @module engine/hint
 */
import {
  canConsolidate,
  consolidationMove,
  legalLone,
  legalPairs,
  pairs,
  refillCells,
  status,
} from "./queries.js";
import { cardSymbol } from "./cards.js";
import { isLone, isStay, rankValue } from "./rules.js";
import { counted, listOf } from "./messages.js";

const freeze = /* @__NO_SIDE_EFFECTS__ */ (value) => Object.freeze(value);

// One hint per state object: states are values, so it never goes stale.
const CACHE = new WeakMap();

/**
 * Every matching of `pairs` (`[i, j]`, ascending; no cell twice), in
 * lexicographic order of their pairs: the empty one first (when `empty`),
 * then a depth-first walk that takes each pair before skipping it, as
 * Python's `sequence.matchings`.
 * @param {number[][]} pairs
 * @param {boolean} empty
 * @returns {number[][][]}
 */
export const matchings = (pairs, empty) => {
  const out = empty ? [[]] : [];
  const chosen = [];
  const used = new Set();
  const walk = (k) => {
    for (; k < pairs.length; k++) {
      const [i, j] = pairs[k];
      if (used.has(i) || used.has(j)) continue;
      chosen.push(pairs[k]);
      used.add(i).add(j);
      out.push(chosen.slice());
      walk(k + 1);
      chosen.pop();
      used.delete(i);
      used.delete(j);
    }
  };
  walk(0);
  return out;
};

/**
 * The number of edges in a maximum matching of a small graph (no vertex
 * twice). Some maximum matching covers the least vertex `a` that has an
 * edge (if one missed it, `a`'s neighbour `b` is matched, and trading `b`'s
 * edge for `a`–`b` keeps the size), so only "`a` with each of its
 * neighbours" is tried.
 * @param {number[][]} edges  `[i, j]` with `i < j`, ascending
 * @returns {number}
 */
export const maximumMatchingSize = (edges) => {
  let best = 0;
  for (const [a, b] of edges) {
    if (a !== edges[0][0]) break; // ascending: the least vertex's edges come first
    const rest = edges.filter(([i, j]) => i !== a && i !== b && j !== b);
    best = Math.max(best, 1 + maximumMatchingSize(rest));
  }
  return best;
};

/**
 * `future(plan)`: delete the plan's cards, close up the rest in reading
 * order (the cells after them will hold stock cards the player cannot see,
 * which pair with nothing here) and count a maximum matching of that
 * tableau's pairs under the rules (their pair rule and touching rule).
 */
const future = (state, plan) => {
  const gone = plan.flat();
  const kept = state.tableau.filter((card, i) => card !== null && !gone.includes(i));
  const tableau = state.tableau.map((_, i) => kept[i] ?? null);
  return maximumMatchingSize(pairs({ rules: state.rules, tableau }));
};

/**
 * The most pairs the tableau's cards could ever make among themselves under
 * the pair rule, wherever they lie: per rank (`same-rank`) or suit
 * (`same-suit`) half its cards; per `sum-13`/`sum-14` couple of ranks the
 * fewer of the two (for 14, half the sevens). Lone and stay cards pair with
 * nothing. No plan scores more. As Python's `_pair_bound`.
 */
const pairBound = (state) => {
  const { rules } = state;
  const { pair } = rules;
  const same = pair === "same-rank" || pair === "same-suit";
  const counts = new Map();
  for (const card of state.tableau) {
    if (card === null || (same && (isLone(rules, card) || isStay(rules, card)))) continue;
    const key = pair === "same-suit" ? card[1] : rankValue(card);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  if (same) {
    let sum = 0;
    for (const count of counts.values()) sum += Math.floor(count / 2);
    return sum;
  }
  const total = pair === "sum-13" ? 13 : 14;
  let sum = 0;
  for (let r = 1; r < total - r; r++)
    sum += Math.min(counts.get(r) ?? 0, counts.get(total - r) ?? 0);
  return total === 14 ? sum + Math.floor((counts.get(7) ?? 0) / 2) : sum;
};

/**
 * The best plan: highest `|M| + future(M)`, then more pairs now, then the
 * first in lexicographic order (the order `matchings` lists them). No plan
 * scores more than `pairBound`, so the walk (the same order) stops at a plan
 * that scores it with the most pairs a plan takes, and once the best scores
 * it, skips the plans that cannot take more pairs than the best: the same
 * answer. `future` is remembered by the cards it leaves. As Python's
 * `_best_plan`.
 * @returns {{pairs: number[][], future: number, most: number}} `most`: the
 *   most pairs any plan takes
 */
const bestPlan = (state) => {
  const legal = legalPairs(state);
  const most = maximumMatchingSize(legal);
  const top = pairBound(state);
  const { rules } = state;
  const same = rules.pair === "same-rank" || rules.pair === "same-suit";
  const keyOf = (card) =>
    same && (isLone(rules, card) || isStay(rules, card))
      ? "0"
      : rules.pair === "same-suit"
        ? card[1]
        : card[0];
  const futures = new Map();
  let best = null;
  const consider = (plan) => {
    const gone = new Set(plan.flat());
    const key = state.tableau
      .map((card, i) => (card === null || gone.has(i) ? "" : keyOf(card)))
      .join("");
    let touching = futures.get(key);
    if (touching === undefined) futures.set(key, (touching = future(state, plan)));
    const score = plan.length + touching;
    if (
      best === null ||
      score > best.score ||
      (score === best.score && plan.length > best.pairs.length)
    ) {
      best = { pairs: plan, future: touching, score };
    }
    return best.score === top && best.pairs.length === most;
  };
  const room = (k, used) => {
    const free = new Set();
    for (const [i, j] of legal.slice(k)) {
      if (!used.has(i) && !used.has(j)) free.add(i).add(j);
    }
    return Math.floor(free.size / 2);
  };
  const chosen = [];
  const used = new Set();
  // matchings()'s order: each pair taken (and scored) before it is skipped.
  const walk = (start) => {
    for (let k = start; k < legal.length; k++) {
      const [i, j] = legal[k];
      if (used.has(i) || used.has(j)) continue;
      chosen.push(legal[k]);
      used.add(i).add(j);
      const done =
        consider(chosen.slice()) ||
        (!(best.score === top && chosen.length + room(k + 1, used) <= best.pairs.length) &&
          walk(k + 1));
      chosen.pop();
      used.delete(i);
      used.delete(j);
      if (done) return true;
    }
    return false;
  };
  if (!(canConsolidate(state) && consider([]))) walk(0);
  return { pairs: best.pairs, future: best.future, most };
};

const hint = (type, key, params, cells, extra = {}) =>
  freeze({
    action: freeze({ type, ...extra }),
    key,
    params: freeze(params),
    cells: freeze(cells),
    kind: "fair",
  });

const makeHint = (state) => {
  if (status(state) !== "playing") return null;
  if (state.phase === "consolidate") {
    return hint("consolidate", "hint.finish-consolidation", {}, consolidationMove(state));
  }
  if (state.phase === "refill") {
    const cells = refillCells(state);
    return hint(
      "refill",
      "hint.refill",
      { count: counted("count.stock-cards", cells.length) },
      cells,
    );
  }
  // A card that goes alone (a Thirteens king) needs no partner and only takes room.
  const lone = legalLone(state);
  if (lone.length > 0) {
    const params = { card: cardSymbol(state.tableau[lone[0]]) };
    return hint("remove", "hint.remove-lone", params, [lone[0]], { cells: freeze([lone[0]]) });
  }
  if (legalPairs(state).length === 0) {
    return hint("consolidate", "hint.consolidate-no-pair", {}, []);
  }
  const plan = bestPlan(state);
  const future = counted("count.pairs", plan.future);
  if (plan.pairs.length === 0) return hint("consolidate", "hint.consolidate-keep", { future }, []);
  const [i, j] = plan.pairs[0];
  const params = {
    first: cardSymbol(state.tableau[i]),
    second: cardSymbol(state.tableau[j]),
    future,
  };
  let key = "hint.remove";
  const kept = plan.most > plan.pairs.length ? keptPairs(state, plan.pairs) : [];
  if (kept.length > 0) {
    key = "hint.remove-keep";
    const symbols = ([a, b]) =>
      listOf([cardSymbol(state.tableau[a]), cardSymbol(state.tableau[b])], "pair");
    params.kept = listOf(kept.map(symbols));
  }
  return hint("remove", key, params, [i, j], { cells: freeze([i, j]) });
};

/**
 * The pairs a plan leaves for later: the legal pairs (ascending) with no card
 * in the plan's pairs, each card in one of them at most (the first that takes
 * it). `hint.remove-keep` names them and the board marks them
 * (`data-hint-keep`; mistake M9). The same as Python's `kept_pairs`.
 * @param {Object} state
 * @param {number[][]} plan  the plan's pairs
 * @returns {number[][]}
 */
export const keptPairs = (state, plan) => {
  const used = new Set(plan.flat());
  const kept = [];
  for (const [a, b] of legalPairs(state)) {
    if (used.has(a) || used.has(b)) continue;
    kept.push([a, b]);
    used.add(a).add(b);
  }
  return kept;
};

/**
 * The fair hint for a state (docs/analysis.md, section 3), the same as
 * Python's `fair_hint(state).to_json()`:
 *
 * - phase `consolidate`: `{type: "consolidate"}`, `hint.finish-consolidation`,
 *   cells `[from, to]` of the next step;
 * - phase `refill`: `{type: "refill"}`, `hint.refill` with `count` (stock
 *   cards dealt, in words), cells the gaps filled;
 * - phase `remove` with a card that goes alone (a Thirteens king): the first,
 *   `{type: "remove", cells: [i]}`, `hint.remove-lone` with `card`;
 * - phase `remove`, no legal pair: `{type: "consolidate"}`, `hint.consolidate-no-pair`;
 * - otherwise the best plan's first pair, `hint.remove` `{first, second,
 *   future}` or, when another plan takes more pairs now and this one leaves
 *   pairs that still touch (mistake M9), `hint.remove-keep` with `kept`
 *   (those pairs, `keptPairs`, a list of pairs "7♥–7♣ and Q♠–Q♦"); an empty
 *   best plan is `{type: "consolidate"}`, `hint.consolidate-keep` `{future}`.
 *
 * Cards are in symbol form (`"9♠"`), counts in words (`"3 pairs"`). The
 * action is always one `apply` accepts.
 * @param {import("./state.js").State} state  a valid state
 * @returns {{action: object, key: string, params: object, cells: number[], kind: "fair"}|null}
 *   a frozen object, or null when the game is over
 */
export const fairHint = (state) => {
  if (!CACHE.has(state)) CACHE.set(state, makeHint(state));
  return CACHE.get(state);
};

/**
 * Consolidating with pairs still on the tableau gives them up for the round
 * (RULES.md, "A round": once consolidation starts, no pair may be removed
 * until the round is over). Why apart: a click on "Consolidate one card" (or
 * the C key) is not taken at once then; the first press says which pairs it
 * gives up and the second consolidates (issue 20). "Consolidate" (all at
 * once, Shift+C) is the learner's explicit choice to close the round up and
 * does not ask. The
 * question is the `feedback` trait itself, so any other move, refusal or
 * word in between asks again. Python's `w.consolidate…` is not a click: it
 * never asks.
 * @module app/give-up
 */
import { canConsolidate, counted, legalPairs, listOf } from "../engine/index.js";
import { feedback } from "../present/feedback.js";
import { symbolAt } from "../present/words.js";

/** The catalogue key of the question. */
export const GIVE_UP = "status.consolidate-gives-up";

/**
 * The question to ask before consolidating, or null when the press consolidates.
 *
 * Null when no pair can be removed now, when consolidating is refused anyway
 * (the engine says why), or when `said` (the feedback trait) is this
 * question, asked for the same `type`: the second press (a change of the
 * tableau in between, made anywhere, replaced the feedback).
 * Otherwise `status.consolidate-gives-up` `{count, pairs, action}` (tone
 * `info`; `count` counted with `count.pairs`, `pairs` the pairs as
 * "7♥–7♣ and Q♠–Q♦", `action` the type asked), with the pairs' cells
 * marked.
 * @param {Object} state
 * @param {Object|null} said  the feedback trait
 * @param {"consolidate_step"|"consolidate"} type
 * @returns {Object|null} a feedback trait value
 */
export const giveUpQuestion = (state, said, type) => {
  const found = legalPairs(state);
  if (found.length === 0 || !canConsolidate(state)) return null;
  // The same question again, not yet answered: any move or other word in
  // between replaced the feedback trait (a move made elsewhere is narrated).
  if (said?.key === GIVE_UP && said.params?.action === type) return null;
  const pairs = listOf(
    found.map(([i, j]) => listOf([symbolAt(state, i), symbolAt(state, j)], "pair")),
  );
  return feedback(
    GIVE_UP,
    { count: counted("count.pairs", found.length), pairs, action: type },
    "info",
    found.flat(),
  );
};

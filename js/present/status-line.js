/**
 * The status line's words (docs/teaching.md, section 5): a feedback trait's
 * text, the guidance for the phase or a finished game's result, and what a
 * selected card touches. Pure: a state and the engine's facts in, words out.
 * @module present/status-line
 */
import {
  cellPlace,
  counted,
  legalLone,
  listOf,
  pairs,
  rankNames,
  removedCount,
  totalCards,
  walkthrough,
} from "../engine/index.js";
import { ruleWords } from "./rules.js";
import { cardCount, cardsAt, symbolAt } from "./words.js";

/**
 * A finished game's result, by outcome, then its score (RULES.md, "Scoring"):
 * with the time, or untimed (no clock). A game won with cards left that never
 * pair (Aces Square's four aces) says which are left.
 */
const RESULT = { won: "status.won", stay: "status.won-stay", lost: "status.lost" };

/** A selected card's other cards, in a sentence for one card or for several. */
const SELECTED = {
  later: { one: "status.selected-later-one", many: "status.selected-later-many" },
  false: { one: "status.selected-false-one", many: "status.selected-false-many" },
};

/**
 * The text of a feedback trait, or "" when there is none.
 * @param {function(string, Object=): string} t
 * @param {Object|null} feedback  `{key, params, cells, tone, text?, note?}`; Python
 *   adds `text`, the finished sentence, to keys only it makes, which the
 *   bundled catalogue leaves out (`layout.`, `api.`: docs/i18n.md, section 2)
 * @returns {string}
 */
export const feedbackText = (t, feedback) => {
  if (!feedback || typeof feedback.key !== "string" || feedback.key === "") return "";
  // A note goes first: why this hint is the fair one (js/engine/line-hint.js).
  const note = feedback.note ? feedbackText(t, feedback.note) + " " : "";
  try {
    return note + t(feedback.key, feedback.params ?? {});
  } catch {
    // A key this front end does not have: Python's own sentence for it, or
    // (none sent: a newer kernel) the key as it is.
    return typeof feedback.text === "string" ? feedback.text : feedback.key;
  }
};

/**
 * What the status line says when there is no feedback and no selection: the
 * guidance for the phase, or the result of a finished game with its score
 * (RULES.md, "Scoring"): cards removed, the time and the consolidations.
 * Just after a round's consolidation (and refill), when pairs can be removed,
 * it names the pairs that touch now ("Now touching: 4♠ and 4♣."; mistakes
 * M1 and M8: closing the gaps brings cards together).
 * @param {function(string, Object=): string} t  the board's translator
 * @param {Object} state
 * @param {Object} facts  `overview(state)`
 * @param {string|null} [time]  the time of play as m:ss, or null when the
 *   clock never started (a game played only from Python): then no time is said
 * @returns {string}
 */
export const guidance = (t, state, facts, time = null) => {
  const { rules } = state;
  if (facts.status !== "playing") {
    const stay = facts.status === "won" && rules.stay?.length > 0;
    const score = t(time === null ? "status.score-untimed" : "status.score", {
      total: totalCards(state),
      removed: removedCount(state),
      consolidations: counted("count.consolidations", state.consolidations),
      time,
    });
    const result = t(RESULT[stay ? "stay" : facts.status], {
      ranks: stay ? rankNames(rules.stay) : "",
    });
    return `${result} ${score}`;
  }
  if (state.phase === "consolidate") {
    return t("status.consolidate", { cards: cardCount(facts.consolidationMoves.length) });
  }
  if (state.phase === "refill") {
    return t("status.refill", {
      gaps: counted("count.gaps", state.tableau.filter((c) => c === null).length),
      stock: cardCount(state.stock.length),
    });
  }
  if (facts.legalPairs.length === 0) {
    // No pair, but a card that goes alone (a Thirteens king) can still be removed.
    if (facts.legalLone.length > 0) return t("status.remove-lone", cardsAt(state, facts.legalLone));
    // "Close the gaps" only when a gap lies before some card; else the round
    // only deals stock cards into the gaps at the end (M6's position).
    if (facts.consolidationMoves.length > 0) return t("status.remove-no-pair");
    const dealt = Math.min(state.stock.length, state.tableau.filter((c) => c === null).length);
    return t("status.remove-no-pair-refill", { stock: cardCount(dealt) });
  }
  // Mention consolidating only when it can start (not on a full tableau); a
  // relative of Monte Carlo names its rules ("pairs make 14"); Monte Carlo's
  // own ("same rank" alone) keeps the sentence it always had.
  const rule = ruleWords(t, rules);
  const guide = [
    rule === t("rule.same-rank") ? t("status.remove") : t("status.remove-rule", { rule }),
    facts.canConsolidate && t("status.consolidate-when-done"),
  ]
    .filter(Boolean)
    .join(" ");
  // The walkthrough at its last step: the round's consolidation has just finished.
  const walk = walkthrough(state);
  if (!walk || !walk.position || walk.position < walk.moves + walk.deals) return guide;
  // "7♥–7♣, 9♠–9♣, and 5♦–5♣": the pairs as a list, each pair with a dash.
  const touching = listOf(
    facts.legalPairs.map(([a, b]) => listOf([symbolAt(state, a), symbolAt(state, b)], "pair")),
  );
  return `${guide} ${t("status.now-touching", { pairs: touching })}`;
};

/** "4♣ and 4♥ can pair with it." (`status.selected-partners`) */
const pairWith = (t, state, partners) => t("status.selected-partners", cardsAt(state, partners));

/**
 * Describe a selected card in words: its neighbours, who can pair with it
 * now (or, outside the remove phase, which cards of its rank touch it and
 * must wait for the round to end), and the false neighbours beyond a gap
 * (RULES.md, mistake M1).
 * @param {function(string, Object=): string} t
 * @param {Object} state
 * @param {number} cell  a cell holding a card
 * @param {{neighbours: number[], partners: number[], falseNeighbours: number[]}} hl
 * @returns {string}
 */
export const describeSelection = (t, state, cell, hl) => {
  const { partners, falseNeighbours: fa } = hl;
  // Outside the remove phase no card is a partner (the engine's highlights),
  // but one of the same rank may touch it already: say it waits for the round.
  const later =
    partners.length === 0 && state.phase !== "remove"
      ? pairs(state).flatMap(([i, j]) => (i === cell ? [j] : j === cell ? [i] : []))
      : [];
  const howMany = (cells) => (cells.length === 1 ? "one" : "many");
  // A card that goes alone now (a Thirteens king): how to remove it.
  if (legalLone(state).includes(cell)) {
    return t("status.selected-lone", {
      card: symbolAt(state, cell),
      place: cellPlace(state.rules, cell),
    });
  }
  return [
    t("status.selected", {
      card: symbolAt(state, cell),
      place: cellPlace(state.rules, cell),
      neighbours: counted("count.neighbours", hl.neighbours.length),
    }),
    partners.length > 0
      ? pairWith(t, state, partners)
      : later.length > 0
        ? t(SELECTED.later[howMany(later)], cardsAt(state, later))
        : t("status.selected-no-partner"),
    fa.length > 0 && t(SELECTED.false[howMany(fa)], cardsAt(state, fa)),
  ]
    .filter(Boolean)
    .join(" ");
};

/**
 * After a refused pair the clicked card is selected (docs/teaching.md,
 * section 5): the status line gives the reason, then this short sentence,
 * "Now showing 4♣'s neighbours." and who can pair with it, if any.
 * @param {function(string, Object=): string} t
 * @param {Object} state
 * @param {number} cell  the newly selected cell (it holds a card)
 * @param {{partners: number[]}} hl  `highlights(state, cell)`
 * @returns {string}
 */
export const describeNewSelection = (t, state, cell, hl) =>
  [
    t("status.now-showing", { card: symbolAt(state, cell) }),
    hl.partners.length > 0 && pairWith(t, state, hl.partners),
  ]
    .filter(Boolean)
    .join(" ");

/**
 * From the synced traits to what the view draws: a plain "presentation"
 * object with every text already taken from the message catalogue and every
 * rule fact (neighbours, partners, false neighbours, status, what can be done
 * now) taken from the JavaScript engine's queries. No DOM here and no rule
 * logic of its own: it only counts and words what the engine says.
 *
 * @module present
 */
import { elapsed, formatElapsed, readClock } from "../app/clock.js";
import { face } from "./face.js";
import { presentHeader, presentPanels } from "./teaching.js";
import { presentWalk } from "./walkthrough-bar.js";

/**
 * A cell shows one badge (no highlight is colour alone): the catalogue's
 * `ui.mark-<word>` of its first flag in this order; predict mode's "?" comes
 * after (js/walk-control.js).
 */
const BADGES = {
  illegal: "illegal",
  hint: "hint",
  partner: "pair",
  falseNeighbour: "false-neighbour",
  nextFrom: "next-from",
  nextTo: "next-to",
};

/**
 * Whether `cell` is a cell of the tableau, a card or a gap (a whole number
 * in range; anything else is junk from a tampered message).
 * @param {Object} state
 * @param {*} cell
 * @returns {boolean}
 */
export const isCell = (state, cell) =>
  Number.isInteger(cell) && cell >= 0 && cell < state.tableau.length;

/**
 * A cell's aria-label words for what it is now: `aria.<word>` of each word
 * given (a flag's `false` is left out).
 * @param {function(string, Object=): string} t  formatMessage
 * @param {Array<string|false>} words  e.g. `["selected", false, "illegal"]`
 * @returns {string[]} e.g. `["selected", "refused"]`
 */
export const ariaWords = (t, words) => words.filter(Boolean).map((word) => t(`aria.${word}`));

/**
 * The selected cell, if the trait names a card on the tableau; else null
 * (a stale selection after a state change, a gap, or junk from a tampered
 * message is simply not shown).
 * @param {Object} state
 * @param {*} selected  the `selected` trait
 * @returns {number|null}
 */
export const validSelection = (state, selected) =>
  isCell(state, selected) && state.tableau[selected] !== null ? selected : null;

/**
 * The card in a cell in symbols ("7♥").
 * @param {Object} E  the engine
 * @param {Object} state
 * @param {number} cell  a cell holding a card
 * @returns {string}
 */
export const symbolAt = (E, state, cell) => E.cardSymbol(state.tableau[cell]);

/**
 * A number of cards in words: "1 card", "5 cards" (`count.cards`).
 * @param {Object} E  the engine
 * @param {number} n
 * @returns {string}
 */
export const cardCount = (E, n) => E.counted("count.cards", n);

/**
 * The text of a feedback trait, or "" when there is none.
 * @param {function(string, Object=): string} t
 * @param {Object|null} feedback  `{key, params, cells, tone, text?, note?}`; Python
 *   adds `text`, the finished sentence, to keys only it makes, which the
 *   bundled catalogue leaves out (`layout.`, `api.`: scripts/build.mjs)
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
 * @param {Object} E  the engine
 * @param {Object} state
 * @param {Object} facts  `E.overview(state)`
 * @param {string|null} [time]  the time of play as m:ss, or null when the
 *   clock never started (a game played only from Python): then no time is said
 * @returns {string}
 */
export const guidance = (E, state, facts, time = null) => {
  const t = E.formatMessage;
  if (facts.status !== "playing") {
    // status.won or status.lost, and -untimed when the clock never started.
    return t(`status.${facts.status}${time === null ? "-untimed" : ""}`, {
      total: E.totalCards(state),
      removed: E.removedCount(state),
      consolidations: E.counted("count.consolidations", state.consolidations),
      time,
    });
  }
  if (state.phase === "consolidate") {
    return t("status.consolidate", {
      cards: cardCount(E, facts.consolidationMoves.length),
    });
  }
  if (state.phase === "refill") {
    return t("status.refill", {
      gaps: E.counted("count.gaps", state.tableau.filter((c) => c === null).length),
      stock: cardCount(E, state.stock.length),
    });
  }
  if (facts.legalPairs.length === 0) return t("status.remove-no-pair");
  // Mention consolidating only when it can start (not on a full tableau).
  const guide = t(facts.canConsolidate ? "status.remove-or-consolidate" : "status.remove");
  // The walkthrough at its last step: the round's consolidation has just finished.
  const walk = E.walkthrough(state);
  if (!walk || !walk.position || walk.position < walk.moves + walk.deals) return guide;
  // "7♥–7♣, 9♠–9♣, and 5♦–5♣": the pairs as a list, each pair with a dash.
  const pairs = E.listOf(
    facts.legalPairs.map(([a, b]) =>
      E.listOf([symbolAt(E, state, a), symbolAt(E, state, b)], "pair"),
    ),
  );
  return `${guide} ${t("status.now-touching", { pairs })}`;
};

/**
 * `{cards}`: the cards in `cells`, in symbols, one or a list ("A, B, and C").
 * @param {Object} E
 * @param {Object} state
 * @param {number[]} cells
 * @returns {{cards: {list: string[]}}}
 */
export const cardsAt = (E, state, cells) => ({
  cards: E.listOf(cells.map((c) => symbolAt(E, state, c))),
});

/** "4♣ and 4♥ can pair with it." (`status.selected-partners`) */
const pairWith = (E, state, partners) =>
  E.formatMessage("status.selected-partners", cardsAt(E, state, partners));

/**
 * Describe a selected card in words: its neighbours, who can pair with it
 * now (or, outside the remove phase, which cards of its rank touch it and
 * must wait for the round to end), and the false neighbours beyond a gap
 * (RULES.md, mistake M1).
 * @param {Object} E
 * @param {Object} state
 * @param {number} cell  a cell holding a card
 * @param {{neighbours: number[], partners: number[], falseNeighbours: number[]}} hl
 * @returns {string}
 */
export const describeSelection = (E, state, cell, hl) => {
  const t = E.formatMessage;
  const { partners, falseNeighbours: fa } = hl;
  // Outside the remove phase no card is a partner (the engine's highlights),
  // but one of the same rank may touch it already: say it waits for the round.
  const later =
    partners.length === 0 && state.phase !== "remove"
      ? E.pairs(state).flatMap(([i, j]) => (i === cell ? [j] : j === cell ? [i] : []))
      : [];
  // The sentences for one card or for a list of them: `-one`, `-many`.
  const one = (cells) => (cells.length === 1 ? "one" : "many");
  return [
    t("status.selected", {
      card: symbolAt(E, state, cell),
      place: E.cellPlace(state.rules, cell),
      neighbours: E.counted("count.neighbours", hl.neighbours.length),
    }),
    partners.length > 0
      ? pairWith(E, state, partners)
      : later.length > 0
        ? t(`status.selected-later-${one(later)}`, cardsAt(E, state, later))
        : t("status.selected-no-partner"),
    fa.length > 0 && t(`status.selected-false-${one(fa)}`, cardsAt(E, state, fa)),
  ]
    .filter(Boolean)
    .join(" ");
};

/**
 * After a refused pair the clicked card is selected (docs/teaching.md,
 * section 5): the status line gives the reason, then this short sentence,
 * "Now showing 4♣'s neighbours." and who can pair with it, if any.
 * @param {Object} E
 * @param {Object} state
 * @param {number} cell  the newly selected cell (it holds a card)
 * @param {{partners: number[]}} hl  `E.highlights(state, cell)`
 * @returns {string}
 */
export const describeNewSelection = (E, state, cell, hl) =>
  [
    E.formatMessage("status.now-showing", { card: symbolAt(E, state, cell) }),
    hl.partners.length > 0 && pairWith(E, state, hl.partners),
  ]
    .filter(Boolean)
    .join(" ");

/**
 * A cell as the view draws it.
 * @typedef {Object} PresentedCell
 * @property {string|null} card  canonical card, null for a gap
 * @property {string} rank  what the face shows (`"10"`, `"K"`; `""` for a gap)
 * @property {string} suit  the suit symbol (`""` for a gap)
 * @property {boolean} red  hearts or diamonds
 * @property {string} label  the cell's aria-label ("7 of hearts, row 2, column 3, selected")
 * @property {boolean} selected  the selected card
 * @property {boolean} neighbour  a neighbour of the selected card
 * @property {boolean} partner  a neighbour that can pair with it
 * @property {boolean} falseNeighbour  beyond a gap from it (mistake M1)
 * @property {boolean} illegal  one of the cards of a refused pair
 */

/**
 * Everything the view draws, all text already in words.
 * @typedef {Object} Presentation
 * @property {number} rows  tableau rows
 * @property {number} cols  tableau columns
 * @property {string} start  the state's `start` (a new one means a new game: no animation)
 * @property {string} gridLabel  the grid's aria-label
 * @property {PresentedCell[]} cells  in reading order
 * @property {Array<string|null>} tableau  a copy of the state's tableau (for animation)
 * @property {{cards: string[], count: number, caption: string, label: string}} stock
 * @property {{caption: string, label: string,
 *   last: Array<{card: string, rank: string, suit: string, red: boolean}>|null}} discards
 *   `last` is the last pair removed, null before the first
 * @property {Array<{id: string, label: string, value: string}>} counters  round,
 *   consolidations, cards removed, time, deal, in that order
 * @property {string} deal  the deal number as text, `""` for a loaded layout
 * @property {Object<string, {available: boolean, emphasis: boolean}>} buttons  by
 *   command id (`consolidate_step`, …, `new_deal`, `random_deal`): whether the
 *   engine would accept it now, and whether it is the expected next step
 * @property {{text: string, tone: string}} status  the status line; tone is the
 *   feedback's, else `info` with a selection, `guide` while playing, or the outcome
 * @property {Object} teaching  the teaching traits as read (docs/teaching.md, section 2)
 * @property {{title: string, caption: string, shown: boolean}} header  the title
 *   and caption above the board (`present-teaching.js`)
 * @property {Object[]} panels  the teaching panels in words (`presentPanels`)
 * @property {{outcome: string, text: string}|null} banner  a finished
 *   game's result, null while playing
 */

/** The teaching traits of a model that has none (docs/teaching.md, section 2). */
export const DEFAULT_TEACHING = {
  size: "normal",
  title: "",
  caption: "",
  panels: [],
  predict: false,
  predictions: [0, 0],
  show_order: false,
  // docs/analysis.md, section 6.
  hints: "fair",
  show_winnable: false,
  winnable: null,
};

/** A position as text: what a "can still be won?" answer is about. */
const position = (state) => JSON.stringify([state.tableau, state.stock, state.phase]);

/**
 * The "Can still be won?" answer of a board with no kernel (an exported page,
 * MyST; docs/export.md, section 4). Python's `winnable` is about the position
 * it was made for (`judged`, the state the board was given), and no solver
 * runs here to answer for another. So: that position (again, after an undo),
 * Python's answer; a finished game, won or lost; a game whose rounds so far
 * are those of the winning line stored with the board (`solution`,
 * docs/analysis.md, section 3), yes, as the line still wins from here; a deal
 * the line says no play wins, no; anything else, not known (null).
 * @param {Object} E  the engine (`status`, `lineHint`)
 * @param {Object} state  the state shown
 * @param {{winnable: (boolean|null), judged: Object,
 *   line: ({start: string, moves: (Object[]|null)}|null|undefined)}} known
 * @returns {boolean|null}
 */
export const offlineWinnable = (E, state, { winnable, judged, line }) => {
  if (judged && position(state) === position(judged)) return winnable ?? null;
  const outcome = E.status(state);
  if (outcome !== "playing") return outcome === "won";
  if (!line || line.start !== state.start) return null;
  if (line.moves === null) return false;
  return E.lineHint(state, line)?.note === null ? true : null;
};

/**
 * Build the presentation of one moment of the game.
 *
 * @param {Object} E  the engine module (`js/engine/index.js`)
 * @param {Object} state  the `state` trait (docs/architecture.md, "State")
 * @param {*} selected  the `selected` trait
 * @param {Object|null} feedback  the `feedback` trait
 * @param {{clock?: Object, now?: number, teaching?: Object}} [timing]  the `clock` trait and the
 *   time now (ms since 1970), for the time counter (see `clock.js`), and
 *   the teaching traits (`DEFAULT_TEACHING` when left out)
 * @returns {Presentation} what `view.update` draws
 */
export const present = (
  E,
  state,
  selected,
  feedback,
  { clock = null, now = 0, teaching = DEFAULT_TEACHING } = {},
) => {
  const t = E.formatMessage;
  const { rules, stock, discards } = state;
  const { rows, cols } = rules;
  // Every rule fact of this redraw, with the status worked out once.
  const facts = E.overview(state);
  const outcome = facts.status;
  const playing = outcome === "playing";
  const sel = validSelection(state, selected);
  const hl = sel === null ? null : E.highlights(state, sel);
  const { neighbours = [], partners = [], falseNeighbours = [] } = hl ?? {};
  const tone = feedback && typeof feedback.tone === "string" ? feedback.tone : null;
  // The cells the feedback names: a refused pair's, or a hint's (docs/analysis.md,
  // section 6: feedback of a `hint.` key, or a review's, the move that still wins).
  const named = Array.isArray(feedback?.cells) ? feedback.cells : [];
  const marked = tone === "illegal" ? named : [];
  const hinted = /^(hint|review)\./.test(feedback?.key) ? named : [];
  // The walkthrough bar and its marks on the cells (js/walk.js).
  const walking = presentWalk(E, state, feedback, teaching);

  const cells = state.tableau.map((card, i) => {
    const place = E.cellPlace(rules, i);
    const flags = {
      selected: i === sel,
      neighbour: neighbours.includes(i),
      partner: partners.includes(i),
      falseNeighbour: falseNeighbours.includes(i),
      illegal: marked.includes(i) && card !== null,
      hint: hinted.includes(i),
      ...walking.cells[i],
    };
    // The card (or gap) and its place, then each flag's words (`aria.selected`, …).
    const words = ariaWords(t, [
      flags.selected && "selected",
      flags.partner ? "partner" : flags.neighbour && "neighbour",
      flags.falseNeighbour && "false-neighbour",
      flags.illegal && "illegal",
      flags.hint && "hint",
      flags.nextFrom && "next-from",
      flags.nextTo && "next-to",
    ]);
    const drawn = face(E, card);
    const badge = Object.keys(BADGES).find((key) => flags[key]);
    const mark = badge ? t(`ui.mark-${BADGES[badge]}`) : "";
    // The label starts with what the cell shows, card and badge (WCAG 2.5.3).
    const shown = [drawn.rank + drawn.suit, mark].filter(Boolean).join(" ");
    return {
      ...drawn,
      mark,
      label: [
        card === null
          ? [mark, t("aria.cell-gap", { place })].filter(Boolean).join(", ")
          : t("aria.cell-card", { symbol: shown, card: E.cardName(card), place }),
        ...words,
      ].join(", "),
      ...flags,
    };
  });

  const { canConsolidate, canRefill } = facts;
  // The expected next step (docs/teaching.md, section 5): consolidating only
  // when no pair can be removed (or while the cards are closing up), never
  // while a pair remains; refilling during the refill; a new deal at the end.
  const consolidateNext =
    state.phase === "consolidate" || (state.phase === "remove" && facts.legalPairs.length === 0);
  const button = (available, emphasis = false) => ({ available, emphasis });
  const buttons = {
    consolidate_step: button(canConsolidate, playing && canConsolidate && consolidateNext),
    consolidate: button(canConsolidate),
    refill_step: button(canRefill, playing && canRefill),
    refill: button(canRefill),
    undo: button(facts.canUndo),
    redo: button(facts.canRedo),
    new_deal: button(true, !playing),
    hint: button(playing),
    review: button(state.cursor > 0),
    random_deal: button(true),
  };

  const fb = feedbackText(t, feedback);
  const played = formatElapsed(t, elapsed(clock, now));
  const guide = guidance(E, state, facts, readClock(clock).start === null ? null : played);
  let status;
  if (fb === "") {
    status = hl ? describeSelection(E, state, sel, hl) : guide;
  } else if (tone === "illegal" && hl) {
    // A refused pair selects the clicked card: say why, then that it is selected.
    status = `${fb} ${describeNewSelection(E, state, sel, hl)}`;
  } else if (
    tone === "error" ||
    (tone === "illegal" && !/^predict/.test(feedback.key)) ||
    hinted === feedback.cells
  ) {
    // An error, a refused move, a hint or a review: the feedback alone (a
    // hint says what to do next already; the guidance would repeat it).
    status = fb;
  } else {
    // Other feedback reads on with the guidance; a wrong prediction (tone
    // illegal) does so like a right one.
    status = `${fb} ${guide}`;
  }

  const last = discards[discards.length - 1]; // the last pair removed, if any
  const stockCards = cardCount(E, stock.length);
  const discardPairs = E.counted("count.pairs", discards.length);
  const deal = state.deal == null ? "" : String(state.deal); // missing in JupyterLite
  const counter = (id, value) => ({ id, label: t(`ui.counter-${id}`), value: String(value) });
  return {
    rows,
    cols,
    start: state.start,
    gridLabel: t("aria.grid", { rows, cols }),
    cells,
    tableau: state.tableau.slice(),
    stock: {
      cards: stock.slice(),
      count: stock.length,
      caption: t.say(stockCards),
      label: t("aria.stock", { cards: stockCards }),
    },
    discards: {
      caption: t.say(discardPairs),
      last: last ? last.map((card) => face(E, card)) : null,
      label: last
        ? t("aria.discards", {
            pairs: discardPairs,
            a: E.cardName(last[0]),
            b: E.cardName(last[1]),
          })
        : t("aria.discards-none"),
    },
    counters: [
      counter("round", state.round),
      counter("consolidations", state.consolidations),
      counter("removed", t("ui.of", { part: E.removedCount(state), whole: E.totalCards(state) })),
      counter("time", played),
      counter("deal", deal || t("ui.deal-none")),
      // "Can still be won?" (docs/analysis.md, section 6): Python's solver answers.
      ...(teaching.show_winnable
        ? [counter("winnable", t(`ui.winnable-${teaching.winnable ?? "unknown"}`))]
        : []),
    ],
    deal,
    buttons,
    status: {
      text: status,
      tone: fb !== "" ? tone : sel !== null ? "info" : playing ? "guide" : outcome,
    },
    teaching,
    header: presentHeader(teaching),
    panels: presentPanels(E, teaching.panels),
    walk: walking.walk,
    banner: playing ? null : { outcome, text: guide },
  };
};

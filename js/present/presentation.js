/**
 * From the synced traits to what the view draws: a plain "presentation"
 * object with every text already taken from the message catalogue and every
 * rule fact (neighbours, partners, false neighbours, status, what can be done
 * now) taken from the JavaScript engine's queries. No DOM here and no rule
 * logic of its own: it only counts and words what the engine says.
 * @module present/presentation
 */
import {
  cardName,
  cellPlace,
  counted,
  highlights,
  lineHint,
  overview,
  removedCount,
  status as outcomeOf,
  totalCards,
} from "../engine/index.js";
import { face } from "./face.js";
import { ruleWords } from "./rules.js";
import { describeNewSelection, describeSelection, feedbackText, guidance } from "./status-line.js";
import { presentHeader, presentPanels } from "./teaching.js";
import { elapsed, formatElapsed, readClock } from "./time.js";
import { presentMoves } from "./moves.js";
import { presentWalk } from "./walkthrough-bar.js";
import { ariaWords, cardCount, symbolAt } from "./words.js";

/**
 * A cell shows one badge (no highlight is colour alone): the catalogue key
 * of its first flag in this order; predict mode's "?" comes after
 * (js/app/walkthrough-control.js).
 */
const BADGES = {
  illegal: "ui.mark-illegal",
  hint: "ui.mark-hint",
  keep: "ui.mark-hint-keep",
  partner: "ui.mark-pair",
  lone: "ui.mark-lone",
  falseNeighbour: "ui.mark-false-neighbour",
  nextFrom: "ui.mark-next-from",
  nextTo: "ui.mark-next-to",
};

/** The counters' labels, by id, in the order shown. */
const COUNTERS = {
  round: "ui.counter-round",
  consolidations: "ui.counter-consolidations",
  removed: "ui.counter-removed",
  time: "ui.counter-time",
  deal: "ui.counter-deal",
  winnable: "ui.counter-winnable",
};

/** "Can still be won?": the `winnable` trait's answer in words. */
const WINNABLE = {
  true: "ui.winnable-true",
  false: "ui.winnable-false",
  unknown: "ui.winnable-unknown",
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
 * @property {boolean} lone  a card that can be removed alone now (a Thirteens king)
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
 * @property {{value: (string|null), options: Array<string[]>, rule: string}} picker  the
 *   rules picker: the preset played (null: rules of the board's own, or no presets
 *   from Python: no picker), Python's `[name, label]` for each preset, and the
 *   rules in words ("pairs make 14")
 * @property {Object<string, {available: boolean, emphasis: boolean}>} buttons  by
 *   command id (`consolidate_step`, …, `new_deal`, `random_deal`): whether the
 *   engine would accept it now, and whether it is the expected next step
 * @property {{text: string, tone: string}} status  the status line; tone is the
 *   feedback's, else `info` with a selection, `guide` while playing, or the outcome
 * @property {Object} teaching  the teaching traits as read (docs/teaching.md, section 2)
 * @property {{title: string, caption: string, match: string, shown: boolean}} header
 *   the title, caption and match line above the board (`teaching.js`)
 * @property {Object[]} panels  the teaching panels in words (`presentPanels`)
 * @property {{outcome: string, text: string}|null} banner  a finished
 *   game's result, null while playing
 */

/** The teaching traits of a model that has none (docs/teaching.md, section 2). */
export const DEFAULT_TEACHING = {
  size: "normal",
  title: "",
  caption: "",
  // A match on the board (docs/sessions.md): its score line, made by Python.
  match_line: "",
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
 * @param {Object} state  the state shown
 * @param {{winnable: (boolean|null), judged: Object,
 *   line: ({start: string, moves: (Object[]|null)}|null|undefined)}} known
 * @returns {boolean|null}
 */
export const offlineWinnable = (state, { winnable, judged, line }) => {
  if (judged && position(state) === position(judged)) return winnable ?? null;
  const outcome = outcomeOf(state);
  if (outcome !== "playing") return outcome === "won";
  if (!line || line.start !== state.start) return null;
  if (line.moves === null) return false;
  return lineHint(state, line)?.note === null ? true : null;
};

/**
 * The cells of the pairs a hint leaves for later (`hint.remove-keep`, whose
 * `kept` names them as a list of pairs of card symbols; mistake M9): the
 * cells of each pair that may be removed now whose two cards are a named
 * pair. `[]` for any other feedback.
 * @param {Object} state
 * @param {number[][]} legal  the pairs that may be removed now
 * @param {Object|null} feedback
 * @returns {number[]}
 */
const keptCells = (state, legal, feedback) => {
  const list = feedback?.key === "hint.remove-keep" ? feedback.params?.kept?.list : null;
  if (!Array.isArray(list)) return [];
  const named = new Set(list.map((pair) => (Array.isArray(pair?.list) ? pair.list.join(" ") : "")));
  return legal.filter(([a, b]) => named.has(`${symbolAt(state, a)} ${symbolAt(state, b)}`)).flat();
};

/**
 * Build the presentation of one moment of the game.
 *
 * @param {function(string, Object=): string} t  the board's translator
 * @param {Object} state  the `state` trait (docs/architecture.md, "State")
 * @param {*} selected  the `selected` trait
 * @param {Object|null} feedback  the `feedback` trait
 * @param {{clock?: Object, now?: number, teaching?: Object, presets?: Array<string[]>}} [timing]
 *   the `clock` trait and the time now (ms since 1970), for the time counter
 *   (see `time.js`), the teaching traits (`DEFAULT_TEACHING` when left out),
 *   and the rules picker's presets from Python (`_presets`; none: no picker)
 * @returns {Presentation} what `view.update` draws
 */
export const present = (
  t,
  state,
  selected,
  feedback,
  { clock = null, now = 0, teaching = DEFAULT_TEACHING, presets = [] } = {},
) => {
  const { rules, stock, discards } = state;
  const { rows, cols } = rules;
  // Every rule fact of this redraw, with the status worked out once.
  const facts = overview(state);
  const outcome = facts.status;
  const playing = outcome === "playing";
  const sel = validSelection(state, selected);
  const hl = sel === null ? null : highlights(state, sel);
  const { neighbours = [], partners = [], falseNeighbours = [] } = hl ?? {};
  const tone = feedback && typeof feedback.tone === "string" ? feedback.tone : null;
  // The cells the feedback names: a refused pair's, or a hint's (docs/analysis.md,
  // section 6: feedback of a `hint.` key, or a review's, the move that still wins).
  const named = Array.isArray(feedback?.cells) ? feedback.cells : [];
  const marked = tone === "illegal" ? named : [];
  const hinted = /^(hint|review)\./.test(feedback?.key) ? named : [];
  // The pairs consolidating now would give up (js/app/give-up.js): marked as pairs.
  const touching = feedback?.key === "status.consolidate-gives-up" ? named : [];
  // The pairs a hint leaves for later (`hint.remove-keep`'s `kept`): their own mark.
  const kept = keptCells(state, facts.legalPairs, feedback);
  // The walkthrough bar and its marks on the cells (walkthrough-bar.js).
  const walking = presentWalk(t, state, feedback, teaching);

  const cells = state.tableau.map((card, i) => {
    const place = cellPlace(rules, i);
    const flags = {
      selected: i === sel,
      neighbour: neighbours.includes(i),
      partner: partners.includes(i) || (touching.includes(i) && card !== null),
      lone: facts.legalLone.includes(i),
      falseNeighbour: falseNeighbours.includes(i),
      illegal: marked.includes(i) && card !== null,
      hint: hinted.includes(i),
      keep: kept.includes(i),
      ...walking.cells[i],
    };
    // The card (or gap) and its place, then each flag's words.
    const words = ariaWords(t, [
      flags.selected && "aria.selected",
      flags.partner ? "aria.partner" : flags.neighbour && "aria.neighbour",
      flags.lone && "aria.lone",
      flags.falseNeighbour && "aria.false-neighbour",
      flags.illegal && "aria.illegal",
      flags.hint && "aria.hint",
      flags.keep && "aria.hint-keep",
      flags.nextFrom && "aria.next-from",
      flags.nextTo && "aria.next-to",
    ]);
    const drawn = face(t, card);
    const badge = Object.keys(BADGES).find((key) => flags[key]);
    const mark = badge ? t(BADGES[badge]) : "";
    // The label starts with what the cell shows, card and badge (WCAG 2.5.3).
    const shown = [drawn.rank + drawn.suit, mark].filter(Boolean).join(" ");
    return {
      ...drawn,
      mark,
      label: [
        card === null
          ? [mark, t("aria.cell-gap", { place })].filter(Boolean).join(", ")
          : t("aria.cell-card", { symbol: shown, card: cardName(card), place }),
        ...words,
      ].join(", "),
      ...flags,
    };
  });

  const { canConsolidate, canRefill } = facts;
  // The expected next step (docs/teaching.md, section 5): consolidating only
  // when no pair (nor a card that goes alone) can be removed, or while the
  // cards are closing up, never while a pair remains; refilling during the refill; a new deal at the end.
  const consolidateNext =
    state.phase === "consolidate" ||
    (state.phase === "remove" && facts.legalPairs.length === 0 && facts.legalLone.length === 0);
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
  const guide = guidance(t, state, facts, readClock(clock).start === null ? null : played);
  let status;
  if (fb === "") {
    status = hl ? describeSelection(t, state, sel, hl) : guide;
  } else if (tone === "illegal" && hl) {
    // A refused pair selects the clicked card: say why, then that it is selected.
    status = `${fb} ${describeNewSelection(t, state, sel, hl)}`;
  } else if (
    tone === "error" ||
    (tone === "illegal" && !/^predict/.test(feedback.key)) ||
    hinted === feedback.cells ||
    touching === feedback.cells
  ) {
    // An error, a refused move, a hint, a review or the give-up question: the
    // feedback alone (each says what to do next already; the guidance would repeat it).
    status = fb;
  } else {
    // Other feedback reads on with the guidance; a wrong prediction (tone
    // illegal) does so like a right one.
    status = `${fb} ${guide}`;
  }

  const last = discards[discards.length - 1]; // the last pair (or lone card) removed, if any
  const stockCards = cardCount(stock.length);
  // Pairs are counted as pairs; once a card went alone (a Thirteens king), as cards.
  const discardPairs = discards.some((entry) => entry.length === 1)
    ? cardCount(removedCount(state))
    : counted("count.pairs", discards.length);
  const deal = state.deal == null ? "" : String(state.deal); // missing in JupyterLite
  const counter = (id, value) => ({ id, label: t(COUNTERS[id]), value: String(value) });
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
      last: last ? last.map((card) => face(t, card)) : null,
      label: !last
        ? t("aria.discards-none")
        : last.length === 2
          ? t("aria.discards", {
              pairs: discardPairs,
              a: cardName(last[0]),
              b: cardName(last[1]),
            })
          : t("aria.discards-lone", { cards: discardPairs, a: cardName(last[0]) }),
    },
    counters: [
      counter("round", state.round),
      counter("consolidations", state.consolidations),
      counter("removed", t("ui.of", { part: removedCount(state), whole: totalCards(state) })),
      counter("time", played),
      counter("deal", deal || t("ui.deal-none")),
      // "Can still be won?" (docs/analysis.md, section 6): Python's solver answers.
      ...(teaching.show_winnable
        ? [counter("winnable", t(WINNABLE[teaching.winnable ?? "unknown"]))]
        : []),
    ],
    deal,
    // The rules picker: the preset played (null for rules of a board's own) and the rules in words.
    picker: {
      value: presets.some(([name]) => name === rules.name) ? rules.name : null,
      options: presets,
      rule: ruleWords(t, rules),
    },
    buttons,
    status: {
      text: status,
      tone: fb !== "" ? tone : sel !== null ? "info" : playing ? "guide" : outcome,
    },
    teaching,
    header: presentHeader(teaching),
    panels: presentPanels(t, teaching.panels),
    walk: walking.walk,
    moves: presentMoves(t, state, feedback),
    banner: playing ? null : { outcome, text: guide },
  };
};

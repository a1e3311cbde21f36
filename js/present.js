/**
 * From the synced traits to what the view draws: a plain "presentation"
 * object with every text already taken from the message catalogue and every
 * rule fact (neighbours, partners, false neighbours, status, what can be done
 * now) taken from the JavaScript engine's queries. No DOM here and no rule
 * logic of its own: it only counts and words what the engine says.
 *
 * @module present
 */
import { elapsed, formatElapsed, readClock } from "./clock.js";
import { face } from "./face.js";
import { presentHeader, presentPanels } from "./present-teaching.js";
import { presentWalk } from "./walk.js";

/**
 * Pick `${key}.one` or `${key}.other` and fill `{count}`.
 * @param {function(string, Object=): string} t  formatMessage
 * @param {string} key  e.g. `"count.cards"`
 * @param {number} count
 * @returns {string} e.g. "1 card", "27 cards"
 */
export function counted(t, key, count) {
  return t(`${key}.${count === 1 ? "one" : "other"}`, { count });
}

/**
 * Join words as a list: "A", "A and B", "A, B and C" (catalogue `list.*`).
 * @param {function(string, Object=): string} t  formatMessage
 * @param {string[]} items
 * @returns {string}
 */
export function listOf(t, items) {
  if (items.length === 0) return "";
  let out = items[items.length - 1];
  if (items.length >= 2) out = t("list.and", { a: items[items.length - 2], b: out });
  for (let i = items.length - 3; i >= 0; i--) out = t("list.comma", { a: items[i], b: out });
  return out;
}

/**
 * The selected cell, if the trait names a card on the tableau; else null
 * (a stale selection after a state change, a gap, or junk from a tampered
 * message is simply not shown).
 * @param {Object} state
 * @param {*} selected  the `selected` trait
 * @returns {number|null}
 */
export function validSelection(state, selected) {
  if (typeof selected !== "number" || !Number.isInteger(selected)) return null;
  if (selected < 0 || selected >= state.tableau.length) return null;
  return state.tableau[selected] === null ? null : selected;
}

/**
 * What the counters count, all from the engine.
 * @param {Object} E  the engine
 * @param {Object} state
 * @returns {{removed: number, total: number, gaps: number}}
 */
export function tally(E, state) {
  return {
    removed: E.removedCount(state),
    total: E.totalCards(state),
    gaps: state.tableau.filter((c) => c === null).length,
  };
}

/**
 * The text of a feedback trait, or "" when there is none.
 * @param {function(string, Object=): string} t
 * @param {Object|null} feedback  `{key, params, cells, tone}`
 * @returns {string}
 */
export function feedbackText(t, feedback) {
  if (!feedback || typeof feedback.key !== "string" || feedback.key === "") return "";
  try {
    return t(feedback.key, feedback.params ?? {});
  } catch {
    // A key this front end does not know (a newer kernel): show it as it is.
    return feedback.key;
  }
}

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
export function guidance(E, state, facts, time = null) {
  const t = E.formatMessage;
  const { removed, total, gaps } = tally(E, state);
  if (facts.status === "won" || facts.status === "lost") {
    const score = {
      total,
      removed,
      consolidations: counted(t, "count.consolidations", state.consolidations),
    };
    const won = facts.status === "won";
    if (time === null) return t(won ? "status.won-untimed" : "status.lost-untimed", score);
    return t(won ? "status.won" : "status.lost", { ...score, time });
  }
  if (state.phase === "consolidate") {
    return t("status.consolidate", {
      cards: counted(t, "count.cards", facts.consolidationMoves.length),
    });
  }
  if (state.phase === "refill") {
    return t("status.refill", {
      gaps: counted(t, "count.gaps", gaps),
      stock: counted(t, "count.cards", state.stock.length),
    });
  }
  if (facts.legalPairs.length === 0) return t("status.remove-no-pair");
  // Mention consolidating only when it can start (not on a full tableau).
  const guide = t(facts.canConsolidate ? "status.remove-or-consolidate" : "status.remove");
  // The walkthrough at its last step: the round's consolidation has just finished.
  const walk = E.walkthrough(state);
  if (!walk || !walk.position || walk.position < walk.moves + walk.deals) return guide;
  const sym = (cell) => E.cardSymbol(state.tableau[cell]);
  const pairs = facts.legalPairs
    .map(([a, b]) => t("list.and", { a: sym(a), b: sym(b) }))
    .reduce((a, b) => t("list.comma", { a, b }));
  return `${guide} ${t("status.now-touching", { pairs })}`;
}

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
export function describeSelection(E, state, cell, hl) {
  const t = E.formatMessage;
  const sym = (c) => E.cardSymbol(state.tableau[c]);
  const parts = [
    t("status.selected", {
      card: sym(cell),
      place: E.cellPlace(state.rules, cell),
      neighbours: counted(t, "count.neighbours", hl.neighbours.length),
    }),
  ];
  // Outside the remove phase no card is a partner (the engine's highlights),
  // but one of the same rank may touch it already: say it waits for the round.
  const later =
    hl.partners.length === 0 && state.phase !== "remove"
      ? E.pairs(state).flatMap(([i, j]) => (i === cell ? [j] : j === cell ? [i] : []))
      : [];
  // One card or a list of them ("A, B and C": listOf).
  const cards = (cells) => ({ cards: listOf(t, cells.map(sym)) });
  const one = (cells) => cells.length === 1;
  if (hl.partners.length > 0) {
    parts.push(t("status.selected-partners", cards(hl.partners)));
  } else if (later.length > 0) {
    const key = one(later) ? "status.selected-later-one" : "status.selected-later-many";
    parts.push(t(key, cards(later)));
  } else {
    parts.push(t("status.selected-no-partner"));
  }
  const fa = hl.falseNeighbours;
  if (fa.length > 0) {
    parts.push(t(one(fa) ? "status.selected-false-one" : "status.selected-false-many", cards(fa)));
  }
  return parts.join(" ");
}

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
export function describeNewSelection(E, state, cell, hl) {
  const t = E.formatMessage;
  const sym = (c) => E.cardSymbol(state.tableau[c]);
  const parts = [t("status.now-showing", { card: sym(cell) })];
  if (hl.partners.length > 0) {
    parts.push(t("status.selected-partners", { cards: listOf(t, hl.partners.map(sym)) }));
  }
  return parts.join(" ");
}

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
 * @property {{pairs: number, caption: string, label: string,
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
 * @property {{outcome: string, text: string, tone: string}|null} banner  a finished
 *   game's result, null while playing
 */

/** The teaching traits of a model that has none (docs/teaching.md, section 2). */
export const DEFAULT_TEACHING = Object.freeze({
  size: "normal",
  title: "",
  caption: "",
  panels: [],
  predict: false,
  predictions: [0, 0],
  show_order: false,
});

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
export function present(
  E,
  state,
  selected,
  feedback,
  { clock = null, now = 0, teaching = DEFAULT_TEACHING } = {},
) {
  const t = E.formatMessage;
  const { rules } = state;
  // Every rule fact of this redraw, with the status worked out once.
  const facts = E.overview(state);
  const outcome = facts.status;
  const sel = validSelection(state, selected);
  const hl = sel === null ? null : E.highlights(state, sel);
  const tone = feedback && typeof feedback.tone === "string" ? feedback.tone : null;
  const marked =
    tone === "illegal" && Array.isArray(feedback.cells) ? new Set(feedback.cells) : new Set();
  const nb = new Set(hl ? hl.neighbours : []);
  const pa = new Set(hl ? hl.partners : []);
  const fa = new Set(hl ? hl.falseNeighbours : []);
  // The walkthrough bar and its marks on the cells (js/walk.js).
  const walking = presentWalk(E, state, feedback, teaching);

  const cells = state.tableau.map((card, i) => {
    const place = E.cellPlace(rules, i);
    const flags = {
      selected: i === sel,
      neighbour: nb.has(i),
      partner: pa.has(i),
      falseNeighbour: fa.has(i),
      illegal: marked.has(i) && card !== null,
      nextFrom: walking.cells[i].nextFrom,
      nextTo: walking.cells[i].nextTo,
      order: walking.cells[i].order,
    };
    const words = [
      card === null
        ? t("aria.cell-gap", { place })
        : t("aria.cell-card", { card: E.cardName(card), place }),
    ];
    if (flags.selected) words.push(t("aria.selected"));
    if (flags.partner) words.push(t("aria.partner"));
    else if (flags.neighbour) words.push(t("aria.neighbour"));
    if (flags.falseNeighbour) words.push(t("aria.false-neighbour"));
    if (flags.illegal) words.push(t("aria.illegal"));
    words.push(...walking.cells[i].words);
    return {
      ...(card === null ? { card, rank: "", suit: "", red: false } : face(E, card)),
      label: words.join(", "),
      ...flags,
    };
  });

  const { removed, total } = tally(E, state);
  const playing = outcome === "playing";
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
    random_deal: button(true),
  };

  const fb = feedbackText(t, feedback);
  const played = formatElapsed(t, elapsed(clock, now));
  const guide = guidance(E, state, facts, readClock(clock).start === null ? null : played);
  let status;
  // A refused pair selects the clicked card: say why, then that it is selected.
  if (fb !== "" && tone === "illegal" && hl)
    status = `${fb} ${describeNewSelection(E, state, sel, hl)}`;
  // A wrong prediction (tone illegal) reads on like a right one.
  else if (
    fb !== "" &&
    (tone === "error" || (tone === "illegal" && !/^predict/.test(feedback.key)))
  )
    status = fb;
  else if (fb !== "") status = `${fb} ${guide}`;
  else if (hl) status = describeSelection(E, state, sel, hl);
  else status = guide;

  const last = state.discards.length ? state.discards[state.discards.length - 1] : null;
  const stockCards = counted(t, "count.cards", state.stock.length);
  const discardPairs = counted(t, "count.pairs", state.discards.length);
  return {
    rows: rules.rows,
    cols: rules.cols,
    start: state.start,
    gridLabel: t("aria.grid", { rows: rules.rows, cols: rules.cols }),
    cells,
    tableau: state.tableau.slice(),
    stock: {
      cards: state.stock.slice(),
      count: state.stock.length,
      caption: stockCards,
      label: t("aria.stock", { cards: stockCards }),
    },
    discards: {
      pairs: state.discards.length,
      caption: discardPairs,
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
      { id: "round", label: t("ui.counter-round"), value: String(state.round) },
      {
        id: "consolidations",
        label: t("ui.counter-consolidations"),
        value: String(state.consolidations),
      },
      {
        id: "removed",
        label: t("ui.counter-removed"),
        value: t("ui.of", { part: removed, whole: total }),
      },
      {
        id: "time",
        label: t("ui.counter-time"),
        value: played,
      },
      {
        id: "deal",
        label: t("ui.counter-deal"),
        value: state.deal === null ? t("ui.deal-none") : String(state.deal),
      },
    ],
    deal: state.deal === null ? "" : String(state.deal),
    buttons,
    status: {
      text: status,
      tone: fb !== "" ? tone : sel !== null ? "info" : playing ? "guide" : outcome,
    },
    teaching,
    header: presentHeader(teaching),
    panels: presentPanels(E, teaching.panels),
    walk: walking.walk,
    banner:
      outcome === "playing"
        ? null
        : { outcome, text: guide, tone: outcome === "won" ? "success" : "error" },
  };
}

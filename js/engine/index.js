/**
 * The JavaScript rules engine of mc_widget: pure, DOM-free, no dependencies.
 * The same modules and vocabulary as the Python engine in `mc_widget/engine/`
 * (docs/architecture.md is the contract; RULES.md the rule book).
 *
 *     import { newState, apply, legalPairs, status } from "./engine/index.js";
 *     let s = newState({ deal: 7 });
 *     s = apply(s, { type: "remove", cells: [2, 8] });
 *
 * @module engine
 */
export { RANKS, SUITS, SUIT_SYMBOLS, parseCard, isRed, cardSymbol, cardName } from "./cards.js";
export {
  PRESETS,
  DIRECTIONS,
  MAX_SIDE,
  makeRules,
  checkCell,
  isCell,
  cellToRowCol,
  cellPlace,
  neighbours,
  neighbourTable,
  touching,
  pairTest,
  cellsBetween,
} from "./rules.js";
export { GAP, parseLayout, formatLayout, stockPlace } from "./layout.js";
export {
  MAX_DEAL,
  checkDeal,
  dealFromText,
  mulberry32,
  shuffle,
  orderedDeck,
  dealLayout,
} from "./deals.js";
export { IllegalMove, LayoutError, CardError, DealError, StateError } from "./errors.js";
export {
  LANGUAGES,
  messages,
  formatMessage,
  hasMessage,
  counted,
  listOf,
  translator,
} from "./messages.js";
export {
  PHASES,
  MAX_PREVIOUS_GAMES,
  STATE_KEYS,
  ACTION_KEYS,
  GAME_ACTIONS,
  newState,
  validateState,
  validateAction,
} from "./state.js";
export { apply, rankNames, verifyState } from "./actions.js";
export {
  pairs,
  legalPairs,
  loneCells,
  legalLone,
  legalRemovals,
  partners,
  highlights,
  status,
  falseNeighbours,
  acrossGap,
  canConsolidate,
  canRefill,
  canUndo,
  canRedo,
  removedCount,
  totalCards,
  consolidationMove,
  consolidationMoves,
  nextRefillCell,
  refillCells,
  overview,
} from "./queries.js";
export { walkthrough, walkTo } from "./walkthrough.js";
export { fairHint } from "./hint.js";
export { lineHint } from "./line-hint.js";
export { raceRule } from "./race.js";

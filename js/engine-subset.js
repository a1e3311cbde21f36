/**
 * The part of the JavaScript engine the front end uses, gathered in one
 * object that `widget.js` hands to the controller, the presentation and
 * the view (they receive it as `E`).
 *
 * Why not `import * as E from "./engine/index.js"`: a namespace passed
 * around as a value keeps every export alive, so esbuild cannot drop what
 * the browser never runs (`verifyState`, `validateState`, the vector-only
 * helpers). Naming the functions here lets it (issue 5's bundle budget,
 * docs/performance.md "Sizes"). tests/js/engine-subset.test.js checks that
 * every `E.<name>` the front-end sources use is here, so a new use that is
 * missing fails a test rather than a learner's click.
 * @module engine-subset
 */
import {
  apply,
  consolidationMove,
  consolidationMoves,
  highlights,
  nextRefillCell,
  overview,
  pairs,
  refillCells,
  removedCount,
  status,
  totalCards,
} from "./engine/actions.js";
import { cardName, cardSymbol, isRed, parseCard } from "./engine/cards.js";
import { dealFromText } from "./engine/deals.js";
import { IllegalMove, StateError } from "./engine/errors.js";
import { fairHint } from "./engine/hint.js";
import { lineHint } from "./engine/line-hint.js";
import {
  LANGUAGES,
  counted,
  formatMessage,
  hasMessage,
  listOf,
  translator,
} from "./engine/messages.js";
import { cellPlace, cellToRowCol } from "./engine/rules.js";
import { walkTo, walkthrough } from "./engine/walkthrough.js";

/** The engine functions and error classes the front end calls, frozen. */
export const engine = Object.freeze({
  apply,
  cardName,
  cardSymbol,
  cellPlace,
  cellToRowCol,
  consolidationMove,
  consolidationMoves,
  counted,
  dealFromText,
  fairHint,
  lineHint,
  formatMessage,
  hasMessage,
  highlights,
  IllegalMove,
  isRed,
  LANGUAGES,
  listOf,
  nextRefillCell,
  overview,
  pairs,
  parseCard,
  refillCells,
  removedCount,
  StateError,
  status,
  totalCards,
  translator,
  walkTo,
  walkthrough,
});

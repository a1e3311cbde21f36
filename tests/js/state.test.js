// Checking state JSON: docs/architecture.md "State (the synced JSON)" — the position always
// equals replaying history[:cursor] from start; that is how a sent state is verified.
import { describe, expect, test } from "vitest";
import {
  StateError,
  apply,
  newState,
  validateAction,
  validateState,
  verifyState,
} from "../../js/engine/index.js";
import { GERMAN, deepFreeze, expectError } from "./helpers.js";

const remove = (i, j) => ({ type: "remove", cells: [i, j] });

function played() {
  let s = newState({ deal: 7 });
  // Deal 7 (see deals.test.js): 4♥ (7) and 4♦ (11) touch diagonally; 2♠ (23) and 2♣ (8)
  // do not. Remove the 4s, consolidate one step, undo it: history 2, cursor 1.
  s = apply(s, remove(7, 11));
  s = apply(s, { type: "consolidate_step" });
  s = apply(s, { type: "undo" });
  return s;
}

/** A deep copy with one change made by `edit`. */
function tampered(state, edit) {
  const copy = JSON.parse(JSON.stringify(state));
  edit(copy);
  return copy;
}

describe("validateState: the shape", () => {
  test.each([5, null, [], "state"])("%j is not a state", (value) => {
    expectError(() => validateState(value), StateError, { path: "state", key: "state.type" });
    expectError(() => verifyState(value), StateError, { path: "state" });
  });

  test("states made by the engine pass, and the same object comes back", () => {
    const s = played();
    expect(s.history).toHaveLength(2);
    expect(s.cursor).toBe(1);
    expect(validateState(s)).toBe(s);
    expect(verifyState(s)).toBe(s);
    expect(verifyState(deepFreeze(newState({ layout: GERMAN })))).toBeTruthy();
  });

  test.each([
    ["an extra key", (s) => (s.status = "won"), "state.status", "state.unknown"],
    ["a missing key", (s) => delete s.cursor, "state.cursor", "state.missing"],
    ["rules as a name", (s) => (s.rules = "standard"), "state.rules", "state.type"],
    ["an unknown pair rule", (s) => (s.rules.pair = "sum-15"), "state.rules.pair", "state.choice"],
    [
      "a standard game with another pair rule",
      (s) => (s.rules.pair = "sum-13"),
      "state.rules.pair",
      "state.preset",
    ],
    ["a bad deal", (s) => (s.deal = -1), "state.deal", "state.deal"],
    ["a deal as a string", (s) => (s.deal = "7"), "state.deal", "state.deal"],
    ["start not text", (s) => (s.start = null), "state.start", "state.type"],
    ["start not a layout", (s) => (s.start = "7H"), "state.start", "state.layout"],
    [
      "start not canonical",
      (s) => (s.start = s.start.replace(" | ", "|")),
      "state.start",
      "state.canonical",
    ],
    ["a short tableau", (s) => s.tableau.pop(), "state.tableau", "state.length"],
    ["a tableau that is not a list", (s) => (s.tableau = {}), "state.tableau", "state.type"],
    ["a lower-case card", (s) => (s.tableau[0] = "jh"), "state.tableau[0]", "state.canonical"],
    ["a number as a card", (s) => (s.tableau[3] = 7), "state.tableau[3]", "state.type"],
    ["not a card", (s) => (s.stock[2] = "1H"), "state.stock[2]", "state.card"],
    ["a gap in the stock", (s) => (s.stock[0] = null), "state.stock[0]", "state.type"],
    ["a single discard", (s) => (s.discards[0] = ["4H"]), "state.discards[0][0]", "state.not-lone"],
    [
      "three cards in a discard",
      (s) => s.discards[0].push("9S"),
      "state.discards[0]",
      "state.type",
    ],
    ["a bad discard", (s) => (s.discards[0][1] = "4X"), "state.discards[0][1]", "state.card"],
    ["an unknown phase", (s) => (s.phase = "deal"), "state.phase", "state.choice"],
    ["round 0", (s) => (s.round = 0), "state.round", "state.at-least"],
    ["round 1.5", (s) => (s.round = 1.5), "state.round", "state.type"],
    ["consolidations -1", (s) => (s.consolidations = -1), "state.consolidations", "state.at-least"],
    [
      "undo in the history",
      (s) => (s.history[1] = { type: "undo" }),
      "state.history[1].type",
      "state.choice",
    ],
    [
      "a malformed history action",
      (s) => (s.history[0].cells = [7, true]),
      "state.history[0].cells[1]",
      "state.type",
    ],
    ["cursor past the history", (s) => (s.cursor = 3), "state.cursor", "state.range"],
    ["cursor not an integer", (s) => (s.cursor = true), "state.cursor", "state.type"],
    ["a card twice", (s) => (s.stock[0] = s.tableau[0]), "state.stock[0]", "state.copies"],
  ])("%s → %s", (_, edit, path, key) => {
    const bad = tampered(played(), edit);
    const err = expectError(() => validateState(bad), StateError, { path, key });
    expect(err.message).toContain(path);
    expectError(() => verifyState(bad), StateError, { path });
  });
});

describe("verifyState: the replay", () => {
  test.each([
    ["a card taken away", (s) => (s.tableau[0] = null), "state.tableau[0]", "state.mismatch"],
    [
      "two cards swapped",
      (s) => ([s.tableau[1], s.tableau[2]] = [s.tableau[2], s.tableau[1]]),
      "state.tableau[1]",
      "state.mismatch",
    ],
    ["a stock card dropped", (s) => s.stock.pop(), "state.stock", "state.mismatch-count"],
    [
      "stock reordered",
      (s) => ([s.stock[0], s.stock[1]] = [s.stock[1], s.stock[0]]),
      "state.stock[0]",
      "state.mismatch",
    ],
    ["discards dropped", (s) => (s.discards = []), "state.discards", "state.mismatch-count"],
    ["the phase", (s) => (s.phase = "refill"), "state.phase", "state.mismatch"],
    ["the round", (s) => (s.round = 2), "state.round", "state.mismatch"],
    ["the consolidations", (s) => (s.consolidations = 1), "state.consolidations", "state.mismatch"],
    ["the cursor", (s) => (s.cursor = 2), "state.tableau[7]", "state.mismatch"],
    [
      "an illegal action in the history",
      (s) => (s.history[0].cells = [0, 1]),
      "state.history[0]",
      "state.replay",
    ],
    [
      "an illegal action in the redoable tail",
      (s) => (s.history[1] = { type: "refill" }),
      "state.history[1]",
      "state.replay",
    ],
    ["a start that is not the deal's", (s) => (s.deal = 8), "state.start", "state.deal-start"],
  ])("%s → %s", (_, edit, path, key) => {
    const bad = tampered(played(), edit);
    const err = expectError(() => verifyState(bad), StateError, { path, key });
    expect(err.message).toContain(path);
  });

  test("a history remove with its cells descending is read as ascending (as in Python)", () => {
    const s = tampered(played(), (t) => (t.history[0].cells = [11, 7]));
    expect(verifyState(s)).toBe(s);
  });

  test("a replay error says why the action cannot be replayed", () => {
    const bad = tampered(played(), (s) => (s.history[0].cells = [0, 1]));
    const err = expectError(() => verifyState(bad), StateError);
    expect(err.message).toContain("do not pair");
  });

  test("the deal-start error names the first differing place", () => {
    const bad = tampered(newState({ deal: 7 }), (s) => (s.deal = 8));
    const err = expectError(() => verifyState(bad), StateError, {
      params: { deal: 8, place: { key: "cell.place", params: { row: 1, col: 1 } }, got: "JH" },
    });
    expect(err.message).toContain("row 1, column 1");
  });
});

describe("validateAction", () => {
  test("returns a fresh copy of a good action", () => {
    const a = deepFreeze({ type: "remove", cells: [8, 2] });
    const b = validateAction(a);
    expect(b).toEqual({ type: "remove", cells: [8, 2] });
    expect(b).not.toBe(a);
    expect(validateAction({ type: "load", layout: "x" })).toEqual({ type: "load", layout: "x" });
    expect(validateAction({ type: "new_deal", deal: "anything" })).toEqual({
      type: "new_deal",
      deal: "anything",
    });
  });

  test("the path prefix can be chosen", () => {
    expectError(() => validateAction({ type: "x" }, "state.history[3]"), StateError, {
      path: "state.history[3].type",
      key: "state.choice",
    });
  });
});

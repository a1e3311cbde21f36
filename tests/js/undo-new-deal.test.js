// Undoing a new deal or a load like any move (docs/architecture.md, "undo, redo, new_deal,
// load"): the replaced game is kept in `previous_game` (at most 8 earlier games), undo at the
// start of a game goes back to it, redo makes the new game again (`next_game`); the status line
// says so (`narrate` in js/present/narration.js). Expected values come from the case file and the deal
// numbers, worked out by hand; none are produced by the code under test.
import { describe, expect, test } from "vitest";
import germanCase from "../cases/german-worked-example.json";
import * as E from "../../js/engine/index.js";
import { narrate } from "../../js/present/narration.js";
import { deepFreeze } from "./helpers.js";

const GERMAN = germanCase.layout; // canonical already
const UNDO = { type: "undo" };
const REDO = { type: "redo" };
const EMPTY_ROW = ".. .. .. .. ..";

/** Apply with the input frozen: `apply` never changes its input. */
const step = (state, action) => E.apply(deepFreeze(state), action);
const play = (state, ...actions) => actions.reduce(step, state);
/** The case after its first pair, cells 2 and 8 (4♣ 4♥). */
const germanPlayed = () => step(E.newState({ layout: GERMAN }), { type: "remove", cells: [2, 8] });
const said = (feedback) => E.formatMessage(feedback.key, feedback.params);

describe("undo and redo of a new deal", () => {
  test("undo gives back the game as it was, with the new deal to redo", () => {
    const played = germanPlayed();
    const dealt = step(played, { type: "new_deal", deal: 8 });
    expect([dealt.deal, dealt.cursor, dealt.history, dealt.next_game]).toEqual([8, 0, [], null]);
    expect(dealt.previous_game).toEqual(played);
    const back = step(dealt, UNDO);
    expect(back).toEqual({ ...played, next_game: { type: "new_deal", deal: 8 } });
    expect(back.discards).toEqual([["4C", "4H"]]);
    const again = step(back, REDO);
    expect(again).toEqual(dealt);
    expect(again.previous_game.next_game).toBeNull();
  });

  test("a load is taken back and made again with its canonical layout", () => {
    // "7h 10♠ …" is written 7H TS in canonical notation (architecture.md, "Cards").
    const loose = ["7h 10♠ .. .. ..", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW].join("/");
    const canonical =
      ["7H TS .. .. ..", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW].join("/") + " |";
    const back = play(E.newState({ deal: 7 }), { type: "load", layout: loose }, UNDO);
    expect(back.next_game).toEqual({ type: "load", layout: canonical });
    expect([back.deal, back.previous_game]).toEqual([7, null]);
    const again = step(back, REDO);
    expect([again.start, again.deal, again.previous_game.deal]).toEqual([canonical, null, 7]);
  });

  test("a move clears next_game; undo and redo inside a game keep both links", () => {
    const played = germanPlayed();
    const back = play(played, { type: "new_deal", deal: 8 }, UNDO);
    expect(step(back, UNDO).next_game).toEqual({ type: "new_deal", deal: 8 });
    expect(play(back, UNDO, REDO).next_game).toEqual({ type: "new_deal", deal: 8 });
    const moved = step(back, { type: "remove", cells: [6, 11] }); // 2♦ 2♣, the case's 2nd pair
    expect(moved.next_game).toBeNull();
    expect(E.canRedo(moved)).toBe(false);
    // deal 8 has J♥ and J♦ in cells 2 and 7
    const dealt = step(played, { type: "new_deal", deal: 8 });
    const moves = play(dealt, { type: "remove", cells: [2, 7] }, UNDO, REDO);
    expect(moves.previous_game).toEqual(played);
  });

  test("canUndo and canRedo count the earlier and next games", () => {
    const fresh = E.newState({ deal: 7 });
    expect([E.canUndo(fresh), E.canRedo(fresh)]).toEqual([false, false]);
    const dealt = step(fresh, { type: "new_deal", deal: 8 });
    expect([E.canUndo(dealt), E.canRedo(dealt)]).toEqual([true, false]);
    const back = step(dealt, UNDO);
    expect([E.canUndo(back), E.canRedo(back)]).toEqual([false, true]);
    expect(() => step(back, UNDO)).toThrow("There is nothing to undo.");
  });

  test("at most 8 earlier games are kept: the oldest are dropped", () => {
    expect(E.MAX_PREVIOUS_GAMES).toBe(8);
    let s = E.newState({ deal: 0 });
    for (let deal = 1; deal <= 10; deal++) s = step(s, { type: "new_deal", deal });
    const deals = [];
    for (let link = s.previous_game; link !== null; link = link.previous_game) {
      deals.push(link.deal);
    }
    expect(deals).toEqual([9, 8, 7, 6, 5, 4, 3, 2]); // deals 0 and 1 were dropped
    for (let k = 0; k < 8; k++) s = step(s, UNDO);
    expect([s.deal, E.canUndo(s)]).toEqual([2, false]);
  });
});

describe("reading and verifying the links", () => {
  test("a state without the two keys still reads, and the engine writes both", () => {
    const old = { ...germanPlayed() };
    delete old.previous_game;
    delete old.next_game;
    expect(E.verifyState(old)).toBe(old);
    const moved = step(old, { type: "remove", cells: [6, 11] });
    expect([moved.previous_game, moved.next_game]).toEqual([null, null]);
  });

  test.each([
    ["next_game", { type: "undo" }, "state.next_game.type", "state.choice"],
    ["next_game", { type: "new_deal", deal: -1 }, "state.next_game.deal", "state.deal"],
    ["next_game", { type: "load", layout: "7H" }, "state.next_game.layout", "state.layout"],
    ["previous_game", "deal 7", "state.previous_game", "state.type"],
    [
      "previous_game",
      E.newState({ deal: 1 }, "small"),
      "state.previous_game.rules",
      "state.other-rules",
    ],
  ])("a bad %s is named by its path", (key, value, path, errorKey) => {
    const data = JSON.parse(JSON.stringify(step(germanPlayed(), { type: "new_deal", deal: 8 })));
    data[key] = value;
    expect(() => E.validateState(data)).toThrow(expect.objectContaining({ path, key: errorKey }));
  });

  test("a ninth earlier game is refused with its path", () => {
    let data = E.newState({ deal: 0 });
    for (let deal = 1; deal <= 9; deal++) data = { ...E.newState({ deal }), previous_game: data };
    expect(() => E.validateState(data)).toThrow(
      expect.objectContaining({
        path: "state" + ".previous_game".repeat(9),
        key: "state.too-many-games",
        message: expect.stringContaining("at most 8 earlier games"),
      }),
    );
  });

  test("an earlier game that does not replay is named", () => {
    const data = JSON.parse(JSON.stringify(step(germanPlayed(), { type: "new_deal", deal: 8 })));
    data.previous_game.cursor = 0; // the removal of 4♣ 4♥ is still on the tableau
    expect(() => E.verifyState(data)).toThrow(
      expect.objectContaining({ path: "state.previous_game.tableau[2]", key: "state.mismatch" }),
    );
  });
});

describe("the status line (narrate in js/present/narration.js)", () => {
  test("says the new deal was undone, then made again", () => {
    const played = germanPlayed();
    const dealt = step(played, { type: "new_deal", deal: 8 });
    const back = step(dealt, UNDO);
    expect(said(narrate(UNDO, dealt, back))).toBe(
      "Undone: the new deal; back to the game you were playing.",
    );
    expect(said(narrate(REDO, back, step(back, REDO)))).toBe("Redone: deal 8, a new game.");
  });

  test("says the load was undone, then made again", () => {
    const loaded = step(E.newState({ deal: 7 }), { type: "load", layout: GERMAN });
    const back = step(loaded, UNDO);
    expect(said(narrate(UNDO, loaded, back))).toBe(
      "Undone: loading the layout; back to the game you were playing.",
    );
    expect(said(narrate(REDO, back, step(back, REDO)))).toBe(
      "Redone: the layout is loaded again, a new game.",
    );
  });

  test("undo and redo of a move still name the move", () => {
    const played = germanPlayed();
    const back = step(played, UNDO);
    expect(said(narrate(UNDO, played, back))).toBe("Undone: removing 4♣ and 4♥.");
  });
});

describe("undo and redo are a stack across a new deal", () => {
  test("at step 5 of a walkthrough, new deal, undo, redo: the deal comes back, not step 6", () => {
    let state = E.newState({ layout: GERMAN });
    for (const cells of germanCase.remove) state = step(state, { type: "remove", cells });
    state = E.walkTo(state, 5);
    expect([state.cursor, state.history.length]).toEqual([3 + 5, 3 + 23]);
    const back = play(state, { type: "new_deal", deal: 3 }, UNDO);
    // Back at step 5; the new deal dropped the walk's tail, as a move would.
    expect(E.walkthrough(back).position).toBe(5);
    expect(back.history.length).toBe(3 + 5);
    const again = step(back, REDO);
    expect([again.deal, again.cursor]).toEqual([3, 0]);
  });

  test("a pair undone after the deal is redone before the deal", () => {
    const played = germanPlayed();
    const back = play(played, { type: "new_deal", deal: 8 }, UNDO, UNDO);
    expect([back.cursor, back.next_game]).toEqual([0, { type: "new_deal", deal: 8 }]);
    const first = step(back, REDO);
    expect([first.deal, first.cursor]).toEqual([null, 1]);
    const second = step(first, REDO);
    expect(second.deal).toBe(8);
    expect(second.previous_game).toEqual(played);
  });
});

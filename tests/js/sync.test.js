// @vitest-environment jsdom
// The board's half of the move protocol (js/app/sync.js, issue 9): a move goes to
// Python as one `commit` message, the board shows Python's state with its
// moves not yet acked applied again, and no move made elsewhere is lost.
// Here the test plays the kernel (fakeModel with `kernel: false`): it sets
// `state` and `_sync` as Python would and sends `refused` messages.
//
// Deal 7's tableau (tests/js/engine.test.js, "a fresh game from a deal number"):
//   row 1:  0 J♥   1 10♠  2 Q♣   3 5♥   4 7♣
//   row 2:  5 9♠   6 A♦   7 4♥   8 2♣   9 8♦
//   row 3: 10 9♣  11 4♦  12 A♣  13 3♠  14 K♣
//   row 4: 15 5♣  16 3♥  17 Q♠  18 J♣  19 10♥
//   row 5: 20 J♦  21 K♠  22 K♦  23 2♠  24 8♣
// 9♠ 5 and 9♣ 10 touch (one above the other); so do A♦ 6 and A♣ 12
// (diagonally) and K♠ 21 and K♦ 22.
import { describe, expect, it } from "vitest";
import { apply, newState } from "../../js/engine/index.js";
import { syncOf } from "../../js/app/sync.js";
import { fakeClock, fakeModel, mountEach, settled } from "./widget-helpers.js";

const open = mountEach();

const NINES = { type: "remove", cells: [5, 10] };
const ACES = { type: "remove", cells: [6, 12] };
const KINGS = { type: "remove", cells: [21, 22] };

/** A model of deal 7 with no kernel answering: the test is Python. */
const deal7 = (revision = 0, state = newState({ deal: 7 })) =>
  fakeModel({ state, _sync: { revision, acks: {} } }, { kernel: false });

/** What Python sends after a change of its state: `state` and `_sync` in one message. */
const python = (model, state, acks = {}) => {
  const { revision, acks: before } = model.get("_sync");
  model.set("state", state);
  model.set("_sync", { revision: revision + 1, acks: { ...before, ...acks } });
};

/** Python's ack of `seq` from `client` with no change of its state (a refusal, a selection). */
const ack = (model, client, seq) => {
  const { revision, acks } = model.get("_sync");
  model.set("_sync", { revision, acks: { ...acks, [client]: seq } });
};

/** The quiet line: its hook and text, or null while it is hidden. */
const quiet = (v) => {
  const el = v.q(".mcw-sync");
  return el.hidden ? null : { hook: el.dataset.sync, text: el.textContent };
};

describe("a move is sent as one commit", () => {
  it("with client, seq, base, action and traits; never save_changes", () => {
    const model = deal7(3);
    const clock = fakeClock(1000);
    const v = open(model, { now: clock.now, timers: clock.timers });
    v.click(5);
    expect(model.send).toHaveBeenCalledTimes(1);
    v.click(10);
    expect(model.send).toHaveBeenCalledTimes(2);
    const [select, pair] = model.commits();
    expect(select.client).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(select).toEqual({
      type: "commit",
      client: select.client,
      seq: 1,
      base: 3,
      action: null,
      traits: { selected: 5, feedback: {} },
    });
    expect(pair).toEqual({
      type: "commit",
      client: select.client,
      seq: 2,
      base: 3,
      action: NINES,
      traits: {
        clock: { start: 1000, stop: null },
        selected: null,
        feedback: { key: "status.removed", params: { a: "9♠", b: "9♣" }, cells: [], tone: "info" },
        // no `state`: Python makes its own from the action
      },
    });
    expect(model.save_changes).not.toHaveBeenCalled();
    // Shown at once; Python's state is untouched until Python changes it.
    expect(v.cellsWith("data-gap")).toEqual([5, 10]);
    expect(model.get("state").tableau[5]).toBe("9S");
    expect(v.status()).toMatch(/^Removed 9♠ and 9♣\./);
  });

  it("two views of one model share one sync: a move on one redraws the other", async () => {
    const model = deal7();
    const a = open(model);
    const b = open(model);
    a.click(5);
    a.click(10);
    await settled();
    expect(b.cellsWith("data-gap")).toEqual([5, 10]);
    expect(b.status()).toBe(a.status());
    // One client, one count: the second view sent nothing of its own.
    expect(model.commits().map((m) => [m.client, m.seq])).toEqual([
      [model.commits()[0].client, 1],
      [model.commits()[0].client, 2],
    ]);
    // A move on the second view follows on in the same count.
    b.click(6);
    b.click(12);
    await settled();
    expect(a.cellsWith("data-gap")).toEqual([5, 6, 10, 12]);
    expect(model.commits().map((m) => m.seq)).toEqual([1, 2, 3, 4]);
  });
});

describe("crossing moves (the race of issue 9)", () => {
  it("Python's pair arriving before the ack of the board's: both are shown, before and after", async () => {
    const model = deal7();
    const v = open(model);
    v.click(5);
    v.click(10); // 9♠ and 9♣ on the board
    const client = model.commits()[0].client;
    // Meanwhile `race.remove_pair(6, 12)` ran: Python's state has A♦ and A♣ gone, not the nines.
    const pythons = apply(newState({ deal: 7 }), ACES);
    python(model, pythons);
    await settled();
    expect(v.cellsWith("data-gap")).toEqual([5, 6, 10, 12]);
    expect(syncOf(model).shown().discards).toEqual([
      ["AD", "AC"],
      ["9S", "9C"],
    ]);
    // Python then takes the board's two commits in order: the selection, then the nines.
    ack(model, client, 1);
    python(model, apply(pythons, NINES), { [client]: 2 });
    await settled();
    expect(v.cellsWith("data-gap")).toEqual([5, 6, 10, 12]);
    expect(model.get("state").discards).toEqual([
      ["AD", "AC"],
      ["9S", "9C"],
    ]);
    // Nothing pending: what is shown is Python's state itself.
    expect(syncOf(model).shown()).toBe(model.get("state"));
  });

  it("an ack drops the pending move: shown is Python's state again", async () => {
    const model = deal7();
    const v = open(model);
    v.click(21);
    v.click(22);
    const client = model.commits()[0].client;
    expect(syncOf(model).shown()).not.toBe(model.get("state"));
    python(model, apply(newState({ deal: 7 }), KINGS), { [client]: 2 });
    await settled();
    expect(syncOf(model).shown()).toBe(model.get("state"));
    expect(v.cellsWith("data-gap")).toEqual([21, 22]);
  });

  it("a refusal for this board says why here, with the crossing note; acked, the move is gone", async () => {
    const model = deal7();
    const v = open(model);
    const other = open(model);
    v.click(5);
    v.click(10);
    const client = model.commits()[0].client;
    // The teacher's cell took the same nines first.
    python(model, apply(newState({ deal: 7 }), NINES));
    await settled();
    // The board's own pair cannot be made again there: the engine skips it.
    expect(v.cellsWith("data-gap")).toEqual([5, 10]);
    const feedback = {
      key: "illegal.empty-cell",
      params: { row: 2, col: 1 },
      cells: [5],
      tone: "illegal",
      note: { key: "sync.crossed", params: {} },
    };
    ack(model, client, 1);
    model.receive({ type: "refused", client, seq: 2, feedback });
    ack(model, client, 2);
    await settled();
    const said =
      "Another move reached the board first. Row 2, column 1 is empty: only cards can be paired.";
    expect(v.status()).toBe(said);
    expect(v.q('[role="status"]').dataset.tone).toBe("illegal");
    expect(syncOf(model).shown()).toBe(model.get("state"));
    expect(model.get("state").discards).toEqual([["9S", "9C"]]);
    // This page's alone: set on its model (both views show it), never sent as a
    // move; the one save says that Python's answers came (`_seen`, for marimo),
    // and Python reads that save for `_seen` alone.
    expect(other.status()).toBe(said);
    expect(model.get("feedback")).toEqual(feedback);
    // `_seen` counts the saves: a new value each time, so each save carries it.
    expect(model.get("_seen")).toBeGreaterThan(0);
    expect(model.save_changes).toHaveBeenCalledTimes(model.get("_seen"));
  });

  it("a crossed undo is shown until Python refuses it, and is gone with the refusal", async () => {
    const start = apply(newState({ deal: 7 }), KINGS);
    const model = deal7(1, start);
    const v = open(model);
    v.button("undo").click();
    const client = model.commits()[0].client;
    expect(v.cellsWith("data-gap")).toEqual([]); // the kings are back, on the board
    // Python's nines land first; the board's undo, re-applied, would take them back.
    const pythons = apply(start, NINES);
    python(model, pythons);
    expect(syncOf(model).shown().cursor).toBe(1);
    const text =
      "Not done: another move reached the board first. Look at the board again, then try once more.";
    const feedback = { key: "sync.crossed-back", params: {}, cells: [], tone: "illegal", text };
    model.receive({ type: "refused", client, seq: 1, feedback });
    // The refusal alone takes the undo off the board: Python's kings and nines stay gone.
    expect(syncOf(model).shown()).toBe(pythons);
    await settled();
    expect(v.cellsWith("data-gap")).toEqual([5, 10, 21, 22]);
    expect(v.status()).toBe(text);
    ack(model, client, 1);
    await settled();
    expect(syncOf(model).shown()).toBe(pythons);
    expect(v.cellsWith("data-gap")).toEqual([5, 10, 21, 22]);
    expect(v.status()).toBe(text);
  });

  it("a pair whose cells now hold other cards (Python's new deal) is not made again there", async () => {
    const model = deal7();
    const v = open(model);
    v.click(5);
    v.click(10); // 9♠ and 9♣, pending
    expect(v.cellsWith("data-gap")).toEqual([5, 10]);
    // Meanwhile a cell ran `w.new_deal(2)`: deal 2 has 9♣ at 5 and 9♥ at 10, a pair too.
    const deal2 = apply(newState({ deal: 7 }), { type: "new_deal", deal: 2 });
    expect([deal2.tableau[5], deal2.tableau[10]]).toEqual(["9C", "9H"]);
    python(model, deal2);
    await settled();
    // The learner picked 9♠ and 9♣, not these: deal 2 is shown as Python dealt it.
    expect(syncOf(model).shown()).toBe(deal2);
    expect(v.cellsWith("data-gap")).toEqual([]);
  });

  it("Python's late echo of an older commit's traits does not undo the board's newer ones", async () => {
    const model = deal7();
    const v = open(model);
    v.click(5); // commit 1: 9♠ selected
    v.click(10); // commit 2: the nines, no selection
    v.click(6); // commit 3: A♦ selected
    const client = model.commits()[0].client;
    // Python's answer to commit 1 only now: the echo of its traits, then the ack.
    model.set("selected", 5);
    model.set("feedback", {});
    ack(model, client, 1);
    await settled();
    expect(v.cellsWith("data-selected")).toEqual([6]);
    v.click(12); // A♣ with the A♦ the learner selected: the pair
    await settled();
    expect(model.commits()[3]).toMatchObject({ seq: 4, action: ACES });
    expect(v.cellsWith("data-gap")).toEqual([5, 6, 10, 12]);
  });

  it("a refusal for another client is ignored", async () => {
    const model = deal7();
    const v = open(model);
    v.click(5);
    v.click(10);
    const said = v.status();
    const feedback = { key: "illegal.nothing-to-undo", params: {}, cells: [], tone: "illegal" };
    model.receive({ type: "refused", client: "someone-else-entirely", seq: 2, feedback });
    model.receive({ type: "review" }); // and any other message
    await settled();
    expect(v.status()).toBe(said);
    expect(syncOf(model).trait("feedback").key).toBe("status.removed");
    expect(v.cellsWith("data-gap")).toEqual([5, 10]);
  });
});

describe("no kernel, a busy kernel", () => {
  it("offline: send throws, the board plays on, says so once, and no move says an error", () => {
    const model = deal7();
    model.send.mockImplementation(() => {
      throw new Error("no kernel on this page");
    });
    const v = open(model);
    expect(quiet(v)).toBeNull();
    // Every change of the quiet line's text, from here on.
    const line = v.q(".mcw-sync");
    const said = new MutationObserver(() => {});
    said.observe(line, { childList: true, characterData: true, subtree: true });
    v.click(5);
    v.click(10);
    v.click(6);
    v.click(12);
    expect(v.cellsWith("data-gap")).toEqual([5, 6, 10, 12]);
    // Local only: the model's own state holds the moves, nothing is pending.
    expect(model.get("state").discards).toEqual([
      ["9S", "9C"],
      ["AD", "AC"],
    ]);
    expect(syncOf(model).shown()).toBe(model.get("state"));
    expect(model.send).toHaveBeenCalledTimes(1); // tried once, then not again
    expect(v.qa("[data-sync]")).toHaveLength(1);
    expect(quiet(v)).toEqual({
      hook: "offline",
      text: "Playing without Python: moves are not saved.",
    });
    expect(v.q('[role="status"]').dataset.tone).toBe("info");
    expect(v.status()).toMatch(/^Removed A♦ and A♣\./);
    // Not a live region (the status line is the board's one, docs/accessibility.md),
    // and its text is set once for four moves and their redraws.
    expect(line.hasAttribute("aria-live")).toBe(false);
    expect(line.getAttribute("role")).toBeNull();
    expect(said.takeRecords()).toHaveLength(1);
    said.disconnect();
  });

  it("waiting: no ack for about 3 s says so quietly, and the ack clears it", async () => {
    const model = deal7();
    const clock = fakeClock(0);
    const v = open(model, { now: clock.now, timers: clock.timers });
    v.click(5);
    v.click(10);
    const client = model.commits()[0].client;
    clock.advance(2999);
    await settled();
    expect(quiet(v)).toBeNull();
    clock.advance(101); // the redraw comes just after 3 s
    await settled();
    expect(quiet(v)).toEqual({ hook: "waiting", text: "Waiting for Python to save your moves…" });
    expect(v.cellsWith("data-gap")).toEqual([5, 10]); // still shown
    ack(model, client, 1);
    await settled();
    expect(quiet(v)?.hook).toBe("waiting"); // the pair is still not acked
    python(model, apply(newState({ deal: 7 }), NINES), { [client]: 2 });
    await settled();
    expect(quiet(v)).toBeNull();
    clock.advance(10_000); // nothing pending: it does not come back
    await settled();
    expect(quiet(v)).toBeNull();
  });

  it("five moves while the kernel is busy show at once, sent in order on one base", async () => {
    // Python's board: the nines gone (revision 4); the learner closes up five cards.
    const pythons = apply(newState({ deal: 7 }), NINES);
    const model = deal7(4, pythons);
    const v = open(model);
    // Pairs still touch: the first press only asks (js/app/give-up.js), a
    // commit of words alone (seq 1), no action.
    v.button("consolidate_step").click();
    expect(model.commits().map((m) => [m.seq, m.action ?? null])).toEqual([[1, null]]);
    for (let i = 0; i < 5; i++) v.button("consolidate_step").click();
    // The first gap takes the first card after it, five times:
    // A♦ 6→5, 4♥ 7→6, 2♣ 8→7, 8♦ 9→8, then (10 is a gap) 4♦ 11→9.
    const shown = syncOf(model).shown();
    expect(shown.tableau.slice(5, 13)).toEqual(["AD", "4H", "2C", "8D", "4D", null, null, "AC"]);
    expect(v.cellsWith("data-gap")).toEqual([10, 11]);
    const sent = model.commits().slice(1);
    expect(sent.map((m) => [m.seq, m.base, m.action])).toEqual(
      [2, 3, 4, 5, 6].map((seq) => [seq, 4, { type: "consolidate_step" }]),
    );
    // The kernel is free: it takes them in order, one message each.
    const client = sent[0].client;
    let state = pythons;
    for (const m of sent) {
      state = apply(state, m.action);
      python(model, state, { [client]: m.seq });
    }
    await settled();
    expect(syncOf(model).shown()).toBe(model.get("state"));
    expect(model.get("state").tableau.slice(5, 13)).toEqual([
      "AD",
      "4H",
      "2C",
      "8D",
      "4D",
      null,
      null,
      "AC",
    ]);
    expect(v.cellsWith("data-gap")).toEqual([10, 11]);
  });
});

describe("walk_to", () => {
  it("a walkthrough jump is sent as walk_to and re-applied by walkTo", async () => {
    const pythons = apply(newState({ deal: 7 }), NINES);
    const model = deal7(1, pythons);
    const v = open(model);
    v.q('[data-walk="last"]').click();
    const [m] = model.commits();
    // The round's steps, one card each, with gaps at 5 and 10: A♦ 4♥ 2♣ 8♦ (6-9) close up
    // one cell each (4 moves), the 14 cards of 11-24 two cells each (14 moves), then the
    // stock fills 23 and 24 (2 deals): step 20, after the nines' pair (cursor 1 + 20).
    expect(m.action).toEqual({ type: "walk_to", k: 20 });
    // After the round every gap is at the end and refilled: none is left.
    expect(v.cellsWith("data-gap")).toEqual([]);
    // Python's state sent again (a new object, not yet with the jump): re-applied by walkTo.
    python(model, structuredClone(pythons));
    expect(syncOf(model).shown().tableau.includes(null)).toBe(false);
    expect(syncOf(model).shown().cursor).toBe(21);
  });
});

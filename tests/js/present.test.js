// present(): the presentation of one redraw. It asks the engine for the rule
// facts once (overview), not query by query, each of which works the
// status out again (docs/architecture.md, "Queries").
import { describe, expect, test, vi } from "vitest";
import * as E from "../../js/engine/index.js";
import { narrate } from "../../js/present/narration.js";
import { present } from "../../js/present/presentation.js";
import { GERMAN } from "./widget-helpers.js";

/** The status-computing queries, counted as the front end calls them (js/engine/index.js). */
const COUNTED = vi.hoisted(() => [
  "status",
  "legalPairs",
  "pairs",
  "canConsolidate",
  "canRefill",
  "consolidationMoves",
  "consolidationMove",
  "overview",
]);

// The engine's own modules call each other directly, so only what the front
// end asks of the engine through its index is counted, as it was when the
// engine was handed to present() as an object.
vi.mock("../../js/engine/index.js", async (importOriginal) => {
  const engine = await importOriginal();
  const counted = Object.fromEntries(COUNTED.map((name) => [name, vi.fn(engine[name])]));
  return { ...engine, ...counted };
});

/** The counted queries, from zero. */
function countingEngine() {
  const counted = {};
  for (const name of COUNTED) {
    counted[name] = E[name];
    counted[name].mockClear();
  }
  return { t: E.formatMessage, counted };
}

function statusCalls(counted) {
  const { overview, ...others } = counted;
  return {
    overview: overview.mock.calls.length,
    others: Object.values(others).reduce((n, f) => n + f.mock.calls.length, 0),
  };
}

describe("present() works the status out once per redraw", () => {
  const fresh = E.newState({ layout: GERMAN.layout });
  let consolidating = fresh;
  for (const cells of GERMAN.remove)
    consolidating = E.apply(consolidating, { type: "remove", cells });
  consolidating = E.apply(consolidating, { type: "consolidate_step" });

  test.each([
    ["a fresh deal, a card selected", fresh, 2],
    ["mid-consolidation", consolidating, null],
  ])("%s", (_, state, selected) => {
    const { t, counted } = countingEngine();
    const p = present(t, state, selected, {});
    expect(statusCalls(counted)).toEqual({ overview: 1, others: 0 });
    expect(p.buttons.undo.available).toBe(state.cursor > 0);
  });

  test("the overview agrees with the single queries (German case, by hand)", () => {
    // RULES.md worked example: three pairs, no gap, nothing to consolidate or refill.
    expect(E.overview(fresh)).toEqual({
      status: "playing",
      legalPairs: [
        [2, 8],
        [6, 11],
        [18, 22],
      ],
      legalLone: [],
      canConsolidate: false,
      canRefill: false,
      canUndo: false,
      canRedo: false,
      consolidationMoves: [],
    });
    // After the three pairs and one step (3 -> 2): a consolidation under way,
    // no pair may be removed; 16 cards still to move (the README's count).
    const o = E.overview(consolidating);
    expect(o.status).toBe("playing");
    expect(o.legalPairs).toEqual([]);
    expect(o.canConsolidate).toBe(true);
    expect(o.canRefill).toBe(false);
    expect(o.canUndo).toBe(true);
    expect(o.consolidationMoves).toHaveLength(16);
  });
});

describe("after a round's consolidation the status names the pairs that touch now", () => {
  const statusOf = (state) => present(E.formatMessage, state, null, {}).status.text;
  const play = (state, ...actions) => actions.reduce((s, a) => E.apply(s, a), state);

  test("M1's layout: the gap closes and 4♠ 4♣ touch", () => {
    // mc_widget/teaching/mistakes.py M1_LAYOUT; consolidated: QH 4S 4C 9D 2H/8C JS 6D KH ..
    const m1 = E.newState({
      layout: "QH 4S .. 4C 9D/2H 8C JS 6D KH/" + ".. .. .. .. ../".repeat(2) + ".. .. .. .. .. |",
    });
    expect(statusOf(m1)).not.toMatch(/Now touching/);
    const after = play(m1, { type: "consolidate" });
    expect(after.phase).toBe("remove");
    expect(statusOf(after)).toBe(
      // The gaps are all at the end: nothing to consolidate, so it is not offered.
      "Remove pairs: click two touching cards of the same rank. Now touching: 4♠–4♣.",
    );
    // One card at a time, the same once the last card has moved.
    let steps = m1;
    // 7 cards move (4♣ 9♦ 2♥ 8♣ J♠ 6♦ K♥, one cell each).
    for (let k = 0; k < 7; k++) steps = play(steps, { type: "consolidate_step" });
    expect(steps.phase).toBe("remove");
    expect(statusOf(steps)).toMatch(/ Now touching: 4♠–4♣\.$/u);
    // Removing the pair ends the news.
    expect(statusOf(play(after, { type: "remove", cells: [1, 2] }))).not.toMatch(/Now touching/);
  });

  test("the German worked example: round 2 starts with four pairs", () => {
    let s = E.newState({ layout: GERMAN.layout });
    for (const cells of GERMAN.remove) s = play(s, { type: "remove", cells });
    const mid = play(s, { type: "consolidate_step" });
    expect(statusOf(mid)).not.toMatch(/Now touching/);
    const round2 = play(s, { type: "consolidate" }, { type: "refill" });
    // after_refill_layout: QD QH (7, 8), KD KS (10, 11), 7D 7C (13, 14), AH AD (18, 22).
    expect(statusOf(round2)).toMatch(/ Now touching: Q♦–Q♥, K♦–K♠, 7♦–7♣, and A♥–A♦\.$/u);
    // Walked back one step (undo): the round is not over, nothing is said.
    expect(statusOf(E.walkTo(round2, E.walkthrough(round2).position - 1))).not.toMatch(
      /Now touching/,
    );
  });
});

describe("a card removed alone (a Thirteens king, issue 19) on the board's piles", () => {
  // K♦ 7♥ 6♣ / …: the king goes alone, then the pair 7♥–6♣.
  const rows = ["KD 7H 6C .. ..", ...Array(4).fill(".. .. .. .. ..")];
  const start = E.newState({ layout: `${rows.join("/")} | 5S` }, "thirteens");
  const alone = E.apply(start, { type: "remove", cells: [0] });

  test("the discards count cards once a card went alone, and name the lone card", () => {
    const p = present(E.formatMessage, alone, null, null);
    expect(p.discards.caption).toBe("1 card");
    expect(p.discards.label).toBe("Discards: 1 card; last king of diamonds, removed alone");
    expect(p.counters.find((c) => c.id === "removed").value).toBe("1 of 4");
    const both = E.apply(alone, { type: "remove", cells: [1, 2] });
    expect(present(E.formatMessage, both, null, null).discards.caption).toBe("3 cards");
  });

  test("pairs only: the discards still count pairs", () => {
    const pair = E.apply(start, { type: "remove", cells: [1, 2] });
    const p = present(E.formatMessage, pair, null, null);
    expect(p.discards.caption).toBe("1 pair");
    expect(p.discards.label).toBe("Discards: 1 pair; last pair 7 of hearts and 6 of clubs");
  });

  test("Consolidate is not the expected next step while a king can still go", () => {
    // After the pair only the king is left to remove: not "consolidate next".
    const pair = E.apply(start, { type: "remove", cells: [1, 2] });
    expect(present(E.formatMessage, pair, null, null).buttons.consolidate_step.emphasis).toBe(
      false,
    );
    const done = E.apply(pair, { type: "remove", cells: [0] });
    expect(present(E.formatMessage, done, null, null).buttons.consolidate_step.emphasis).toBe(true);
  });

  test("a lone removal is narrated as the card removed alone, done, undone and redone", () => {
    const said = (action, pre, post) =>
      E.formatMessage(narrate(action, pre, post).key, narrate(action, pre, post).params);
    expect(said({ type: "remove", cells: [0] }, start, alone)).toBe("K♦ removed alone.");
    expect(said({ type: "undo" }, alone, start)).toBe("Undone: removing K♦ alone.");
    const back = E.apply(alone, { type: "undo" });
    expect(said({ type: "redo" }, back, alone)).toBe("Redone: removing K♦ alone.");
  });
});

describe("with no pair the status line says what consolidating does on this board (issue 20)", () => {
  const statusOf = (state) => present(E.formatMessage, state, null, {}).status.text;

  test("M6's position: no gap before a card, so no 'close the gaps'", () => {
    // mc_widget/teaching/mistakes.py M6_LAYOUT: three full rows (no pair; the
    // sixes 6♠ 6♦ are at both ends of row 2, no wrap), two empty rows, stock Q♦ 3♥.
    const m6 = E.newState({
      layout:
        "2D JC 8H QS TD/6S KH 3C 9S 6D/5C AH 7D 4S 8C/" + ".. .. .. .. ../.. .. .. .. .. | QD 3H",
    });
    expect(statusOf(m6)).toBe(
      "No pair touches now, and the cards are closed up already: consolidate (no card moves), then refill," +
        " and 2 cards from the stock will go into the gaps at the end, where they may make new pairs.",
    );
  });

  test("a gap before a card: consolidating closes it", () => {
    // 7♥ 8♣ with a gap between 7♥ and 7♠: no pair across a gap (M1), 7♠ has a gap before it.
    const gap = E.newState({
      layout: "7H .. 7S 8C .." + "/.. .. .. .. ..".repeat(4) + " |",
    });
    expect(statusOf(gap)).toBe(
      "No pair touches now: consolidate to close the gaps, which may bring new pairs together.",
    );
  });
});

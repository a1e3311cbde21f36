// present(): the presentation of one redraw. It asks the engine for the rule
// facts once (E.overview), not query by query, each of which works the
// status out again (docs/architecture.md, "Queries").
import { describe, expect, test, vi } from "vitest";
import * as E from "../../js/engine/index.js";
import { present } from "../../js/present.js";
import { GERMAN } from "./widget-helpers.js";

/** The engine, with every status-computing query counted. */
function countingEngine() {
  const counted = {};
  for (const name of [
    "status",
    "legalPairs",
    "pairs",
    "canConsolidate",
    "canRefill",
    "consolidationMoves",
    "consolidationMove",
    "overview",
  ]) {
    counted[name] = vi.fn(E[name]);
  }
  return { engine: { ...E, ...counted }, counted };
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
    const { engine, counted } = countingEngine();
    const p = present(engine, state, selected, {});
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

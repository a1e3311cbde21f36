// The race bar (js/race-bar.js; docs/sessions.md, "Races"): its words from a
// model snapshot, judged by the JS race rule; hostile values show nothing.
// Expected texts are written by hand from the English catalogue's templates.
import { describe, expect, it } from "vitest";
import { clockText, fill, goodSide, raceWords } from "../../js/race-bar.js";
import en from "../../mc_widget/messages/en.json" with { type: "json" };

const texts = Object.fromEntries(Object.entries(en).filter(([k]) => k.startsWith("race.")));
const side = (status, removed, time = null, total = 52) => ({ status, removed, total, time });
const model = (a, b, start = null) => ({ players: ["Ann", "Ben"], sides: [a, b], start, texts });

describe("raceWords", () => {
  it("names each player's cards removed while the race runs, and the clock", () => {
    const words = raceWords(model(side("playing", 2), side("playing", 0), 1_000_000), 1_065_000);
    expect(words).toEqual({
      sides: ["Ann: 2 of 52 removed", "Ben: 0 of 52 removed"],
      result: "the race is on",
      clock: "clock 1:05",
      label: "Race",
      winner: null,
    });
  });

  it("names the winner by the race rule", () => {
    const cleared = raceWords(model(side("lost", 40, 50), side("won", 52, 300), 0), 999_999);
    expect([cleared.result, cleared.winner, cleared.clock]).toEqual([
      "Ben wins: cleared first",
      1,
      "clock 5:00",
    ]);
    const removed = raceWords(model(side("lost", 40, 50), side("lost", 38, 30)), 0);
    expect(removed.result).toBe("Ann wins: more cards removed");
    const earlier = raceWords(model(side("lost", 40, 50), side("lost", 40, 30)), 0);
    expect(earlier.result).toBe("Ben wins: finished first");
    expect(raceWords(model(side("won", 52, 9), side("won", 52, 9)), 0).result).toBe("a tie");
    // Aces Square: won at 48 of 52.
    expect(raceWords(model(side("won", 48, 9), side("playing", 46)), 0).result).toBe(
      "Ann wins: cleared first",
    );
  });

  it("shows nothing for a malformed model", () => {
    const good = model(side("playing", 0), side("playing", 0));
    for (const bad of [
      { ...good, players: ["Ann"] },
      { ...good, sides: [side("playing", 0)] },
      { ...good, sides: [side("playing", 0), null] },
      { ...good, sides: [side("cleared", 0), side("playing", 0)] },
      { ...good, sides: [side("playing", 53), side("playing", 0)] },
      { ...good, sides: [side("won", 52, -1), side("playing", 0)] },
      { ...good, sides: [side("won", 52, "1"), side("playing", 0)] },
      { ...good, texts: null },
    ]) {
      expect(raceWords(bad, 0)).toBeNull();
    }
  });

  it("keeps a name as text and short, and a missing template empty", () => {
    const m = { ...model(side("playing", 0), side("playing", 0)), texts: {} };
    expect(raceWords(m, 0).sides).toEqual(["", ""]);
    const long = { ...model(side("playing", 0), side("playing", 0)), players: ["<b>x</b>", 7] };
    expect(raceWords(long, 0).sides).toEqual(["<b>x</b>: 0 of 52 removed", "?: 0 of 52 removed"]);
  });
});

describe("helpers", () => {
  it("fills placeholders and formats seconds", () => {
    expect(fill("{a} and {b}", { a: 1 })).toBe("1 and {b}");
    expect(fill(undefined, {})).toBe("");
    expect([clockText(0), clockText(65.9), clockText(3600 + 61)]).toEqual([
      "0:00",
      "1:05",
      "1:01:01",
    ]);
  });

  it("goodSide checks a side as raceSide does", () => {
    expect(goodSide(side("won", 48, 1.5))).toBe(true);
    expect(goodSide({ ...side("won", 52), total: 105 })).toBe(false);
    expect(goodSide(side("won", 52, Infinity))).toBe(false);
  });
});

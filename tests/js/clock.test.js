// The game clock (js/app/clock.js, js/present/time.js): RULES.md "Scoring", time from the first move.
// Times are plain numbers chosen by hand; nothing here reads the wall clock.
import { describe, expect, it } from "vitest";
import { nextClock, running, untilNextSecond } from "../../js/app/clock.js";
import { NO_CLOCK, elapsed, formatElapsed, readClock } from "../../js/present/time.js";
import { formatMessage } from "../../js/engine/index.js";

const played = { history: [{ type: "remove", cells: [2, 8] }] };
const fresh = { history: [] };

describe("readClock", () => {
  it("keeps a good clock", () => {
    expect(readClock({ start: 1000, stop: null })).toEqual({ start: 1000, stop: null });
    expect(readClock({ start: 1000, stop: 4000 })).toEqual({ start: 1000, stop: 4000 });
  });

  it("reads junk as not started, and a stop before the start as running", () => {
    for (const junk of [undefined, null, 7, "x", [], {}, { start: "1" }, { start: -5 }]) {
      expect(readClock(junk), JSON.stringify(junk)).toEqual(NO_CLOCK);
    }
    expect(readClock({ start: 1000, stop: 500 })).toEqual({ start: 1000, stop: null });
    expect(readClock({ start: 1000, stop: "2000" })).toEqual({ start: 1000, stop: null });
  });
});

describe("nextClock", () => {
  it("starts at the first move", () => {
    expect(nextClock(NO_CLOCK, played, false, 5000)).toEqual({ start: 5000, stop: null });
  });

  it("keeps the start on later moves", () => {
    expect(nextClock({ start: 5000, stop: null }, played, false, 9000)).toEqual({
      start: 5000,
      stop: null,
    });
  });

  it("stops when the game is over, and keeps the first stop", () => {
    const stopped = nextClock({ start: 5000, stop: null }, played, true, 9000);
    expect(stopped).toEqual({ start: 5000, stop: 9000 });
    expect(nextClock(stopped, played, true, 12000)).toEqual({ start: 5000, stop: 9000 });
  });

  it("a first move that ends the game starts and stops it at once", () => {
    expect(nextClock(NO_CLOCK, played, true, 7000)).toEqual({ start: 7000, stop: 7000 });
  });

  it("runs again when the game is on again (an undo after the end)", () => {
    expect(nextClock({ start: 5000, stop: 9000 }, played, false, 20000)).toEqual({
      start: 5000,
      stop: null,
    });
  });

  it("a game with no move (a new deal, a load) has no time", () => {
    expect(nextClock({ start: 5000, stop: 9000 }, fresh, false, 20000)).toEqual(NO_CLOCK);
    expect(nextClock({ start: 5000, stop: null }, fresh, false, 20000)).toEqual(NO_CLOCK);
  });
});

describe("elapsed and its text", () => {
  it("counts from the start to now, or to the stop", () => {
    expect(elapsed(NO_CLOCK, 99999)).toBe(0);
    expect(elapsed({ start: 1000, stop: null }, 66500)).toBe(65500);
    expect(elapsed({ start: 1000, stop: 31000 }, 99999)).toBe(30000);
    expect(running(NO_CLOCK)).toBe(false);
    expect(running({ start: 1000, stop: null })).toBe(true);
    expect(running({ start: 1000, stop: 2000 })).toBe(false);
  });

  it("a clock ahead of now shows no negative time", () => {
    expect(elapsed({ start: 5000, stop: null }, 4000)).toBe(0);
  });

  it("waits until the next whole second of play", () => {
    expect(untilNextSecond({ start: 1000, stop: null }, 1000)).toBe(1000);
    expect(untilNextSecond({ start: 1000, stop: null }, 1250)).toBe(750);
    expect(untilNextSecond({ start: 1000, stop: null }, 2999)).toBe(1);
  });

  it("writes m:ss", () => {
    const t = formatMessage;
    expect(formatElapsed(t, 0)).toBe("0:00");
    expect(formatElapsed(t, 999)).toBe("0:00");
    expect(formatElapsed(t, 59999)).toBe("0:59");
    expect(formatElapsed(t, 65000)).toBe("1:05");
    expect(formatElapsed(t, 600000)).toBe("10:00");
    expect(formatElapsed(t, 75 * 60000 + 3000)).toBe("75:03");
  });
});

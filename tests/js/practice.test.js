// Practice in JavaScript (issue 21; docs/practice.md): the twin of tests/test_practice.py.
// Expected values are written by hand (RULES.md, the German worked example in tests/cases/),
// never computed by js/practice/. The same exercises in both engines: tests/vectors/practice.json.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { formatMessage, mulberry32 } from "../../js/engine/index.js";
import { KINDS, generate, exerciseState } from "../../js/practice/generate.js";
import { check, rightAnswer } from "../../js/practice/check.js";
import { checkRecord, plan, score, session, stars } from "../../js/practice/session.js";
import { PracticeError } from "../../js/practice/errors.js";
import { expectError } from "./helpers.js";

const GERMAN = JSON.parse(
  readFileSync(new URL("../cases/german-worked-example.json", import.meta.url), "utf8"),
);
const lay = (rows, stock = "") => {
  const full = rows.map((row) =>
    [...row.split(" ").filter(Boolean), ...Array(5).fill("..")].slice(0, 5).join(" "),
  );
  while (full.length < 5) full.push(".. .. .. .. ..");
  return `${full.join("/")} | ${stock}`;
};
const exercise = (
  layout,
  ask,
  { cell = null, count = null, steps = [], rules = "standard" } = {},
) => ({
  kind: "pairs",
  level: 1,
  seed: 0,
  rules,
  layout,
  steps,
  ask,
  cell,
  count,
});
const keys = (result) => result.explanation.map((m) => m.key);
const say = (result) => result.explanation.map((m) => formatMessage(m.key, m.params));

const FULL = lay(
  ["AS 2S 3S 4S 5S", "6S 7S 8S 9S TS", "JS QS KS AH 2H", "3H 4H 5H 6H 7H", "8H 9H TH JH QH"],
  "KH",
);
const AFTER_PAIRS = GERMAN.remove.map((cells) => ({ type: "remove", cells }));

describe("neighbours", () => {
  test.each([
    [0, [1, 5, 6]],
    [4, [3, 8, 9]],
    [2, [1, 3, 6, 7, 8]],
    [12, [6, 7, 8, 11, 13, 16, 17, 18]],
  ])("cell %i of a full tableau touches %j", (cell, expected) => {
    const ex = exercise(FULL, "neighbours", { cell });
    expect(rightAnswer(ex)).toEqual({ cells: expected });
    expect(check(ex, { cells: expected.slice().reverse() }).right).toBe(true);
    expect(check(ex, { cells: expected.slice(1) }).right).toBe(false);
  });

  test("a card beyond a gap is named a false neighbour", () => {
    const ex = exercise(lay(["AS 2S 3S 4S 5S", "6S .. 8S 9S TS", "JS QS KS AH 2H"]), "neighbours", {
      cell: 0,
    });
    expect(rightAnswer(ex)).toEqual({ cells: [1, 5] });
    const result = check(ex, { cells: [1, 5, 12] });
    expect(result.right).toBe(false);
    expect(say(result)).toContain("K♠ is beyond a gap: not a neighbour until you consolidate.");
  });
});

describe("pairs, consolidate, refill: the German worked example", () => {
  test("three pairs, and Q♦–Q♣ refused as not neighbours", () => {
    const ex = exercise(GERMAN.layout, "removals");
    expect(rightAnswer(ex)).toEqual({ removals: GERMAN.legal_pairs });
    expect(
      check(ex, {
        removals: [
          [22, 18],
          [8, 2],
          [11, 6],
        ],
      }).right,
    ).toBe(true);
    const result = check(ex, {
      removals: [
        [2, 8],
        [6, 11],
        [10, 23],
      ],
    });
    expect(keys(result)).toEqual([
      "practice.pairs.answer",
      "practice.pairs.missed",
      "illegal.not-adjacent",
    ]);
  });

  test("the next move, a destination, and the refill at the end", () => {
    const next = exercise(GERMAN.layout, "next-move", { steps: AFTER_PAIRS });
    expect(rightAnswer(next)).toEqual({ move: [3, 2] });
    const last = exercise(GERMAN.layout, "destination", { cell: 24, steps: AFTER_PAIRS });
    expect(rightAnswer(last)).toEqual({ cell: 18 });
    const refill = exercise(GERMAN.layout, "cells-after-consolidating", { steps: AFTER_PAIRS });
    expect(rightAnswer(refill)).toEqual({ cells: [19, 20, 21, 22, 23, 24] });
    expect(keys(check(refill, { cells: [2, 6, 8, 11, 18, 22] }))[0]).toBe(
      "illegal.refill-before-consolidation",
    );
  });
});

describe("verdict and choose", () => {
  test.each([
    [FULL, "standard", "lost"],
    [lay(["AS .. 2S"]), "standard", "playing"],
    [lay(["AS 2S"], "3S"), "standard", "playing"],
    [lay(["AS 2S"]), "standard", "lost"],
    [lay([]), "standard", "won"],
    [lay(["AS AH AD AC"]), "aces-square", "won"],
  ])("%s (%s) is %s", (layout, rules, expected) => {
    expect(rightAnswer(exercise(layout, "status", { rules }))).toEqual({ status: expected });
  });

  test("5♠–5♥ keeps the deal winnable, 5♠–5♣ loses it (worked out by hand)", () => {
    const ex = exercise(lay(["2H 5S 5H 2S 5D", "5C"]), "winnable-removal");
    expect(rightAnswer(ex)).toEqual({ removal: [1, 2] });
    expect(check(ex, { removal: [2, 1] }).right).toBe(true);
    expect(keys(check(ex, { removal: [1, 5] }))).toEqual([
      "practice.choose.loses",
      "practice.choose.winners",
    ]);
  });

  test("choose is refused under line touching", () => {
    expectError(() => generate("choose", 1, 1, "aces-square"), PracticeError, {
      key: "practice-error.choose-line",
    });
  });
});

describe("hostile answers", () => {
  const ex = exercise(FULL, "neighbours", { cell: 0 });
  test.each([
    [null, "answer", "practice-error.type"],
    [{}, "answer.cells", "practice-error.missing"],
    [{ cells: [1], why: 1 }, "answer.why", "practice-error.unknown"],
    [{ cells: [1, 1] }, "answer.cells[1]", "practice-error.duplicate"],
    [{ cells: [1, 25] }, "answer.cells[1]", "practice-error.range"],
    [{ cells: [true] }, "answer.cells[0]", "practice-error.type"],
    [{ ["X".repeat(5000000)]: 1 }, `answer.${"X".repeat(40)}…`, "practice-error.unknown"],
  ])("%#: a named error", (answer, path, key) => {
    const error = expectError(() => check(ex, answer), PracticeError, { path, key });
    expect(error.message.length).toBeLessThan(300);
  });

  test("random JSON answers are checked or refused by name, and change nothing", () => {
    const next = mulberry32(21);
    const value = (depth) => {
      const pick = next() % (depth > 2 ? 5 : 8);
      if (pick === 0) return null;
      if (pick === 1) return (next() % 60) - 3;
      if (pick === 2) return next() % 2 === 0;
      if (pick === 3) return ["", "7", "won", "x"][next() % 4];
      if (pick === 4) return 1.5;
      if (pick === 5) return Array.from({ length: next() % 4 }, () => value(depth + 1));
      const keysOf = ["cells", "cell", "move", "removal", "removals", "status", "x"];
      return Object.fromEntries(
        Array.from({ length: next() % 3 }, () => [
          keysOf[next() % keysOf.length],
          value(depth + 1),
        ]),
      );
    };
    for (const kind of KINDS) {
      const generated = generate(kind, 2, 17);
      const before = JSON.stringify(exerciseState(generated));
      for (let k = 0; k < 200; k++) {
        try {
          expect(typeof check(generated, value(0)).right).toBe("boolean");
        } catch (error) {
          expect(error).toBeInstanceOf(PracticeError);
          expect(error.key.startsWith("practice-error.")).toBe(true);
        }
      }
      expect(JSON.stringify(exerciseState(generated))).toBe(before);
    }
  });
});

describe("stars, streaks, sets and records", () => {
  test("stars by hand", () => {
    expect([
      stars(true, 10, 10),
      stars(true, 10.5, 10),
      stars(true, 21, 10),
      stars(false, 1, 10),
    ]).toEqual([3, 2, 1, 0]);
  });

  test("a hand-scored session", () => {
    expect(
      score([
        [true, 3],
        [true, 2],
        [false, 0],
        [true, 1],
        [true, 3],
      ]),
    ).toEqual({ done: 5, right: 4, stars: 9, streak: 2, best_streak: 2 });
  });

  test("a missed kind comes back three exercises later", () => {
    const set = { kind: "mixed", level: 1, n: 10, seed: 7, rules: "standard" };
    const first = plan(set, Array(9).fill(true));
    expect(
      first
        .slice(0, 6)
        .map((p) => p.kind)
        .sort(),
    ).toEqual([...KINDS].sort());
    const missed = plan(set, [false, true, true, true]);
    expect(missed.map((p) => p.review)).toEqual([false, false, false, true, false]);
    expect(missed[3].kind).toBe(first[0].kind);
  });

  test("a session's record replays to its score; forged ones are refused", () => {
    const s = session({ kind: "pairs", level: 1, n: 3, seed: 5, rules: "standard" });
    while (s.current() !== null) s.answer(rightAnswer(s.current()), 10);
    const record = s.record();
    expect(checkRecord(JSON.stringify(record))).toEqual({
      done: 3,
      right: 3,
      stars: 9,
      streak: 3,
      best_streak: 3,
    });
    const forged = (change, path, key) => {
      const copy = JSON.parse(JSON.stringify(record));
      change(copy);
      expectError(() => checkRecord(copy), PracticeError, { path, key });
    };
    forged((r) => (r.score.stars = 10), "record.score", "practice-error.score");
    forged((r) => (r.exercises[1].seed = 1), "record.exercises[1].seed", "practice-error.schedule");
    forged(
      (r) => (r.exercises[0].answer = { removals: [] }),
      "record.score",
      "practice-error.score",
    );
    forged(
      (r) => (r.exercises[2].answer = "7-8"),
      "record.exercises[2].answer",
      "practice-error.type",
    );
    forged((r) => (r.extra = 1), "record.extra", "practice-error.unknown");
    expectError(() => checkRecord("{".repeat(200001)), PracticeError, {
      key: "practice-error.too-long",
    });
  });
});

test("the widget bundle does not import js/practice/ yet (its budget, tests/test_bundle_budget.py)", () => {
  const entry = readFileSync(new URL("../../js/widget.js", import.meta.url), "utf8");
  expect(entry).not.toContain("practice");
});

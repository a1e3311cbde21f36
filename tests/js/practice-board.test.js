// @vitest-environment jsdom
/**
 * The practice board's view (js/practice-board.js, js/practice-view/) with a
 * fake anywidget model: for each ask, the clicks and the keys that make the
 * answer; the announce key; the end-of-set review; the record it copies;
 * hostile models. Every expected answer is worked out by hand from the
 * exercise's layout in the comments (tests/js/practice.test.js pins the
 * layouts to Python), never taken from the code under test.
 */
import { afterEach, describe, expect, it } from "vitest";
import board, { secondsBetween } from "../../js/practice-board.js";
import { checkRecord, plan } from "../../js/practice/session.js";
import en from "../../mc_widget/messages/en.json" with { type: "json" };
import { TEXTS, fakeModel } from "./practice-helpers.js";

const mounted = [];
afterEach(() => {
  for (const [el, stop] of mounted.splice(0)) {
    stop();
    el.remove();
  }
});

const noTimers = { set: () => 0, clear: () => {} };

/** Mount a board on a one-kind set (seed 0: its first exercise is seed 1144304738). */
const mount = (
  kind,
  { level = 1, n = 1, rules = "standard", answers = [], extra = {}, options = {} } = {},
) => {
  const model = fakeModel({
    practice_set: { kind, level, n, seed: 0, rules },
    answers,
    texts: TEXTS,
    lang: "en",
    problem: "",
    grading: false,
    ...extra,
  });
  let clock = 1000;
  const el = document.createElement("div");
  document.body.append(el);
  const stop = board.render({ model, el }, { now: () => clock, timers: noTimers, ...options });
  mounted.push([el, stop]);
  const q = (s) => el.querySelector(s);
  return {
    el,
    model,
    q,
    advance: (ms) => (clock += ms),
    cell: (c) => q(`[data-practice-cell="${c}"]`),
    click: (...cells) => cells.forEach((c) => q(`[data-practice-cell="${c}"]`).click()),
    action: (a) => q(`[data-practice-action="${a}"]`),
    press(key, opts = {}) {
      const target = document.activeElement;
      target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, ...opts }));
    },
    status: () => q("[data-practice-status]").textContent,
    last: () => model.values.answers.at(-1),
  };
};

// The first exercise of every seed-0 set below is made from seed 1144304738;
// its layout (standard rules, rows of five, cells 0 to 24 in reading order):
//   row 1: QH TS 5D 7D 5C     cells  0 to  4
//   row 2: 8H 7S 6D TC 8C     cells  5 to  9
//   row 3: AS 9C KD 5H 4S     cells 10 to 14
//   row 4: 9D JS KH TD 6H     cells 15 to 19
//   row 5: 2C 9S 4D 7C JD     cells 20 to 24
// (consolidate and refill: the same with gaps at 15 and 21).

describe("answering each ask by mouse", () => {
  it("neighbours: the five cards around 4D (cell 22) are 16, 17, 18, 21, 23", () => {
    const b = mount("neighbours");
    expect(b.cell(22).getAttribute("aria-label")).toBe("4♦, row 5, column 3, the card asked about");
    b.click(23, 16, 21, 18, 17, 0, 0);
    expect(b.cell(16).getAttribute("aria-selected")).toBe("true");
    b.advance(4000);
    b.action("check").click();
    expect(b.last()).toEqual({
      kind: "neighbours",
      level: 1,
      seed: 1144304738,
      answer: { cells: [16, 17, 18, 21, 23] },
      seconds: 4,
    });
    expect(b.model.saved).toBe(1);
    expect(b.q("[data-right]").dataset.right).toBe("true");
    // Par 10 s for neighbours at level 1: 4 s is three stars.
    expect(b.q(".mcw-practice-feedback .mcw-practice-stars").textContent).toBe("★★★");
    expect(b.cell(16).dataset.practiceMark).toBe("right");
  });

  it("pairs: 9C–9D, KD–KH and 9D–9S; No pair answers []", () => {
    const b = mount("pairs");
    b.click(15, 11, 17, 12, 21, 15);
    expect(b.q(".mcw-practice-chosen").textContent).toContain("9♣–9♦");
    b.action("check").click();
    expect(b.last().answer).toEqual({
      removals: [
        [11, 15],
        [12, 17],
        [15, 21],
      ],
    });
    expect(b.q("[data-right]").dataset.right).toBe("true");

    const c = mount("pairs");
    c.action("none").click();
    expect(c.last().answer).toEqual({ removals: [] });
    expect(c.q("[data-right]").dataset.right).toBe("false");
    // The three missed pairs are marked: 11, 12, 15, 17, 21.
    expect(
      [...c.el.querySelectorAll('[data-practice-mark="missed"]')].map(
        (e) => e.dataset.practiceCell,
      ),
    ).toEqual(["11", "12", "15", "17", "21"]);
  });

  it("pairs under thirteens: a king goes alone, by two clicks or Remove alone; a pair taken back", () => {
    // Sum 13, K alone: 7D+6D (3,7), 5C+8C (4,9), 7S+6D (6,7), 8C+5H (9,13),
    // KD (12), JS+2C (16,20), KH (17), 6H+7C (19,23), 9S+4D (21,22).
    const b = mount("pairs", { rules: "thirteens" });
    b.click(12, 12);
    expect(b.cell(12).getAttribute("aria-label")).toBe("K♦, row 3, column 3, in chosen removal 1");
    b.click(17);
    b.action("alone").click();
    b.click(0, 1);
    expect(b.q(".mcw-practice-chosen").textContent).toContain("Q♥–10♠");
    [...b.el.querySelectorAll('[data-practice-action="take-back"]')].at(-1).click();
    b.click(7, 3, 9, 4, 6, 7, 13, 9, 20, 16, 23, 19, 22, 21);
    b.action("check").click();
    expect(b.last().answer.removals).toEqual([
      [12],
      [17],
      [3, 7],
      [4, 9],
      [6, 7],
      [9, 13],
      [16, 20],
      [19, 23],
      [21, 22],
    ]);
    expect(b.q("[data-right]").dataset.right).toBe("true");
  });

  it("next move: the first gap is 15, the first card after it JS (16) moves in", () => {
    const b = mount("consolidate");
    expect(b.action("check").disabled).toBe(true);
    b.click(16, 15);
    b.action("check").click();
    expect(b.last().answer).toEqual({ move: [16, 15] });
    expect(b.q("[data-right]").dataset.right).toBe("true");
  });

  it("destination: JS (16) has 15 cards before it, so it ends in cell 15", () => {
    const b = mount("consolidate", { level: 2 });
    b.click(20, 15);
    b.action("check").click();
    expect(b.last().answer).toEqual({ cell: 15 });
    expect(b.q("[data-right]").dataset.right).toBe("true");
  });

  it("next cells: after consolidating 23 cards fill 0 to 22, so the next stock card goes to 23", () => {
    const b = mount("refill");
    b.click(24, 23);
    b.action("undo").click();
    expect(b.cell(24).getAttribute("aria-label")).toBe("gap, row 5, column 5, pick 1");
    b.click(24, 23);
    b.action("check").click();
    expect(b.last().answer).toEqual({ cells: [23] });
    expect(b.q("[data-right]").dataset.right).toBe("true");
  });

  it("cells after consolidating, in order: 23 then 24; the wrong order is wrong", () => {
    const b = mount("refill", { level: 3 });
    b.click(24, 23);
    b.action("check").click();
    expect(b.last().answer).toEqual({ cells: [24, 23] });
    expect(b.q("[data-right]").dataset.right).toBe("false");
    expect(b.cell(24).dataset.practiceMark).toBe("wrong");
    expect(b.cell(24).getAttribute("aria-label")).toContain("wrong pick");
  });

  it("winnable removal: of 2D–2S, 2D–2C, 2D–2H, 2S–2H only 2D–2C and 2S–2H leave the kings able to meet", () => {
    // .. .. 2D 2S KD / .. 2C KH 2H .. : after 2D–2C and 2S–2H the kings close up to cells 0, 1.
    const b = mount("choose");
    b.click(6, 2);
    b.action("check").click();
    expect(b.last().answer).toEqual({ removal: [2, 6] });
    expect(b.q("[data-right]").dataset.right).toBe("true");
    const c = mount("choose");
    c.click(2, 3);
    c.action("check").click();
    expect(c.q("[data-right]").dataset.right).toBe("false");
  });

  it("status: an empty tableau and stock is won; three buttons, no Check", () => {
    const b = mount("verdict");
    expect(b.action("check")).toBeNull();
    b.action("won").click();
    expect(b.last().answer).toEqual({ status: "won" });
    expect(b.q("[data-right]").dataset.right).toBe("true");
    const c = mount("verdict");
    c.action("playing").click();
    expect(c.q("[data-right]").dataset.right).toBe("false");
  });
});

describe("the progress line", () => {
  it("says the set's stars once, in words: no star glyph per star (a set of 100 has up to 300)", () => {
    const b = mount("verdict", { n: 2 });
    b.action("won").click(); // right at once: 3 stars
    b.action("next").click();
    const line = b.q(".mcw-practice-progress");
    expect(line.textContent).toContain("3 stars");
    expect(line.textContent.split("3 stars")).toHaveLength(2);
    expect(line.textContent).not.toContain("★");
    expect(line.querySelector('[role="img"]')).toBeNull(); // not heard twice
  });
});

describe("answering by keyboard only", () => {
  const focusGrid = (b) => b.q('[data-practice-cell][tabindex="0"]').focus();

  it("the grid is one tab stop; arrows, Home and End move it; Enter and Space pick", () => {
    const b = mount("neighbours");
    expect(b.el.querySelectorAll('[data-practice-cell][tabindex="0"]')).toHaveLength(1);
    focusGrid(b);
    expect(document.activeElement.dataset.practiceCell).toBe("22");
    for (const key of ["ArrowUp", "ArrowLeft", "Enter", "ArrowRight", " ", "ArrowRight", "Enter"])
      b.press(key);
    for (const key of ["ArrowDown", "Enter", "Home", "ArrowRight", "Enter", "End"]) b.press(key);
    expect(document.activeElement.dataset.practiceCell).toBe("24");
    b.action("check").click();
    expect(b.last().answer).toEqual({ cells: [16, 17, 18, 21, 23] });
  });

  it("next move, destination, next cells, a pair and a verdict by keys", () => {
    const move = mount("consolidate");
    focusGrid(move); // cell 0
    for (const key of [
      "ArrowDown",
      "ArrowDown",
      "ArrowDown",
      "ArrowRight",
      "Enter",
      "ArrowLeft",
      "Enter",
    ])
      move.press(key);
    move.action("check").click();
    expect(move.last().answer).toEqual({ move: [16, 15] });

    const dest = mount("consolidate", { level: 2 });
    focusGrid(dest); // cell 16, the card asked about
    dest.press("ArrowLeft");
    dest.press(" ");
    dest.action("check").click();
    expect(dest.last().answer).toEqual({ cell: 15 });

    const cells = mount("refill", { level: 3 });
    focusGrid(cells);
    cells.press("End", { ctrlKey: true });
    cells.press("ArrowLeft");
    cells.press("Enter");
    cells.press("ArrowRight");
    cells.press("Enter");
    cells.action("check").click();
    expect(cells.last().answer).toEqual({ cells: [23, 24] });

    const choose = mount("choose");
    focusGrid(choose);
    for (const key of ["ArrowRight", "ArrowRight", "Enter", "ArrowDown", "ArrowLeft", "Enter"])
      choose.press(key);
    choose.action("check").click();
    expect(choose.last().answer).toEqual({ removal: [2, 6] });
    expect(choose.q("[data-right]").dataset.right).toBe("true");
  });

  it("N reads the corner card's eight surroundings; Shift+N and ? list the keys", () => {
    const b = mount("neighbours");
    focusGrid(b);
    b.press("Home", { ctrlKey: true });
    b.press("n");
    expect(b.status()).toBe(
      "Q♥, row 1, column 1. Around it: above: edge of the tableau; above right: edge of the tableau; " +
        "right: 10♠; below right: 7♠; below: 8♥; below left: edge of the tableau; " +
        "left: edge of the tableau; above left: edge of the tableau.",
    );
    b.press("N", { shiftKey: true });
    expect(b.status()).toMatch(/^Keys: /);
    b.press("?");
    expect(b.status()).toMatch(/^Keys: /);
  });

  it("a pick is announced in the live region with the cell's name", () => {
    const b = mount("neighbours");
    b.click(16);
    expect(b.status()).toBe("J♠, row 4, column 2, selected");
    expect(b.q("[data-practice-status]").getAttribute("aria-live")).toBe("polite");
  });
});

describe("the end of a set and the record", () => {
  it("reviews the mistakes: prompt, the learner's answer, the right answer, the explanation", () => {
    const b = mount("neighbours");
    b.click(16);
    b.action("check").click();
    expect(b.q("[data-right]").dataset.right).toBe("false");
    b.action("next").click();
    const review = b.q(".mcw-practice-review");
    expect(review.querySelectorAll("li[data-practice-review]")).toHaveLength(1);
    const text = review.textContent;
    expect(text).toContain("Click every card that touches 4♦ (row 5, column 3).");
    expect(text).toContain("Your answer: J♠");
    expect(text).toContain("Right answer: J♠, K♥, 10♦, 9♠, and 7♣");
    expect(text).toContain("Missed: K♥, 10♦, 9♠, and 7♣.");
    expect(b.q(".mcw-practice-score").textContent).toContain("0 of 1 right");
  });

  it("copies the record, which checkRecord accepts; during the set too", async () => {
    let copied = null;
    const clipboard = { writeText: async (text) => void (copied = text) };
    const b = mount("verdict", { n: 2, options: { clipboard } });
    b.action("won").click();
    await b.action("copy").click();
    await new Promise((r) => setTimeout(r, 0));
    const record = JSON.parse(copied);
    expect(record.set).toEqual({ kind: "verdict", level: 1, n: 2, seed: 0, rules: "standard" });
    expect(record.exercises).toHaveLength(1);
    expect(checkRecord(record)).toEqual({ done: 1, right: 1, stars: 3, streak: 1, best_streak: 1 });
    expect(b.status()).toBe("The record is copied.");
  });

  it("shows the record selected in a read-only text area when the clipboard refuses", async () => {
    const clipboard = { writeText: async () => Promise.reject(new Error("denied")) };
    const b = mount("verdict", { options: { clipboard } });
    b.action("copy").click();
    await new Promise((r) => setTimeout(r, 0));
    const area = b.el.querySelector("textarea[data-practice-record]");
    expect(area.readOnly).toBe(true);
    expect(JSON.parse(area.value).format).toBe("mc-practice");
    expect(document.activeElement).toBe(area);
  });

  it("seconds run from the exercise being shown to Check, to 0.1 s, at most a day", () => {
    expect(secondsBetween(0, 12345)).toBe(12.3);
    expect(secondsBetween(0, 1e12)).toBe(86400);
  });
});

describe("a hostile model", () => {
  it("a forged answers list stops at the bad entry and says which, without throwing", () => {
    const forged = [{ kind: "neighbours", level: 1, seed: 5, answer: { cells: [] }, seconds: 1 }];
    const b = mount("neighbours", { answers: forged });
    const note = b.q("[data-practice-problem]").textContent;
    expect(note).toContain("Answer 1 of this board does not replay");
    expect(note).toContain("answers[0].seed");
    expect(b.action("check")).toBeNull();
  });

  it("a bad answer inside an entry is named by its path", () => {
    const bad = [
      { kind: "neighbours", level: 1, seed: 1144304738, answer: { cells: [99] }, seconds: 1 },
    ];
    const b = mount("neighbours", { answers: bad });
    expect(b.q("[data-practice-problem]").textContent).toContain("answers[0].answer.cells[0]");
  });

  it("a bad set, non-object answers and texts: messages, no exception", () => {
    const b = mount("nope");
    expect(b.q("[data-practice-problem]").textContent).toContain("set.kind");
    const c = mount("neighbours", { answers: "x", extra: { texts: [1, 2] } });
    expect(c.q("[data-practice-problem]")).not.toBeNull();
    const d = mount("neighbours", { extra: { practice_set: null } });
    expect(d.q("[data-practice-problem]")).not.toBeNull();
  });

  it("redraws when Python refuses an answer: the old list comes back, with its problem", () => {
    const b = mount("verdict", { n: 2 });
    b.action("won").click();
    b.model.set("problem", "refused: not the view's answer");
    b.model.set("answers", []);
    expect(b.action("won")).not.toBeNull();
    expect(b.status()).toContain("refused: not the view's answer");
    // Seen as well as heard: the live region is visually hidden.
    expect(b.q("[data-practice-problem]").textContent).toBe("refused: not the view's answer");
    b.model.set("problem", "");
    expect(b.q("[data-practice-problem]")).toBeNull();
  });

  it("a kind missed comes back 3 exercises later, labelled as such", () => {
    // Three wrong answers (no cell picked: a level-1 card always has neighbours),
    // so exercise 4 is the first one back (docs/practice.md: RETURN_AFTER 3).
    const set = { kind: "neighbours", level: 1, n: 5, seed: 0, rules: "standard" };
    const answers = [0, 1, 2].map((k) => ({
      kind: "neighbours",
      level: 1,
      seed: plan(set, Array(k).fill(false))[k].seed,
      answer: { cells: [] },
      seconds: 5,
    }));
    const b = mount("neighbours", { n: 5, answers });
    expect(b.q(".mcw-practice-title").textContent).toContain("Exercise 4 of 5");
    expect(b.q("[data-practice-again]").textContent).toBe(en["practice-ui.again"]);
    expect(mount("neighbours", { n: 5 }).q("[data-practice-again]")).toBeNull();
  });

  it("grading: a note and no input", () => {
    const b = mount("neighbours", { extra: { grading: true } });
    expect(b.q(".mcw-practice-note").textContent).toBe(en["practice-ui.grading"]);
    expect(b.cell(0)).toBeNull();
  });
});

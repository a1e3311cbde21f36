// The message catalogue: docs/architecture.md "Message catalogue".
import { readdirSync } from "node:fs";
import { describe, expect, test } from "vitest";
import catalogue from "../../mc_widget/messages/en.json";
import {
  LANGUAGES,
  formatMessage,
  hasMessage,
  messages,
  translator,
} from "../../js/engine/index.js";

test("LANGUAGES are the catalogues in mc_widget/messages, English first", () => {
  // The same six as Python's (tests/test_i18n_python.py, tests/test_catalogues.py).
  const dir = new URL("../../mc_widget/messages/", import.meta.url);
  const files = readdirSync(dir)
    .filter(
      (name) =>
        name.endsWith(".json") &&
        !["python-only.json", "engine-keys.json", "practice-keys.json"].includes(name),
    )
    .map((name) => name.slice(0, -".json".length));
  expect([...LANGUAGES].sort()).toEqual(files.sort());
  expect(LANGUAGES[0]).toBe("en");
});

describe("formatMessage", () => {
  test("fills placeholders", () => {
    expect(formatMessage("card.name", { rank: "7", suit: "hearts" })).toBe("7 of hearts");
    expect(formatMessage("cell.place", { row: 2, col: 3 })).toBe("row 2, column 3");
    expect(formatMessage("illegal.out-of-range", { cell: 30, last: 24 })).toBe(
      "There is no cell 30: cells are numbered 0 to 24.",
    );
  });

  test("a template without placeholders needs no parameters; extra ones are ignored", () => {
    expect(formatMessage("illegal.nothing-to-undo")).toBe("There is nothing to undo.");
    expect(formatMessage("illegal.same-cell", { unused: 1 })).toBe(
      "That is the same card twice: a pair needs two cards.",
    );
  });

  test("a missing key is a bug and throws", () => {
    expect(() => formatMessage("illegal.no-such-thing")).toThrow(/illegal.no-such-thing/);
    expect(hasMessage("illegal.no-such-thing")).toBe(false);
    expect(hasMessage("illegal.across-gap")).toBe(true);
  });

  test("a missing parameter is a bug and throws", () => {
    expect(() => formatMessage("illegal.across-gap", { a: "7♦" })).toThrow(/'b'/);
    expect(() => formatMessage("card.name")).toThrow(/rank/);
  });

  test("the engine reads the one shared catalogue", () => {
    expect(messages).toEqual(catalogue);
    expect(Object.isFrozen(messages)).toBe(true);
  });

  test("every reason and wrong-phase key the engine uses has a message", () => {
    for (const key of [
      "out-of-range",
      "same-cell",
      "empty-cell",
      "different-rank",
      "not-adjacent",
      "across-gap",
      "game-over",
      "nothing-to-undo",
      "nothing-to-redo",
      "remove-during-consolidation",
      "remove-during-refill",
      "nothing-to-consolidate",
      "consolidate-during-refill",
      "refill-before-consolidation",
      "nothing-to-refill-full",
      "nothing-to-refill-empty-stock",
      "refill-during-consolidation",
    ]) {
      expect(hasMessage(`illegal.${key}`), key).toBe(true);
    }
  });
});

describe("walkthrough icons", () => {
  // ⏮ ⏭ ⏸ (U+23ED, U+23EE, U+23F8, "Miscellaneous Technical") are missing
  // from DejaVu, Debian's default fonts, and drew as empty boxes there; the
  // icons are made of ASCII, Geometric Shapes (◀ ▶) and Dingbats (❚).
  const ICONS = ["first", "back", "forward", "last", "play", "pause"];

  test.each(ICONS)("the %s icon uses only widely available characters", (name) => {
    const icon = messages[`ui.walk-${name}-icon`];
    expect(icon.length).toBeGreaterThan(0);
    for (const ch of icon)
      expect(ch, `U+${ch.codePointAt(0).toString(16)}`).toMatch(/^[|\u25C0\u25B6\u275A]$/u);
  });
});

describe("touch words (issue 20: 'tap', not 'click', on a touch screen)", () => {
  const own = {
    "status.remove": "Remove pairs: click two touching cards of the same rank.",
    "touch.status.remove": "Remove pairs: tap two touching cards of the same rank.",
    "predict.ask-move": "Which card moves next? Click it.",
  };

  test("a touch screen says the touch.<key> template where there is one", () => {
    const t = translator("en", own, { touch: true });
    expect(t("status.remove")).toBe("Remove pairs: tap two touching cards of the same rank.");
    // No touch template: the key's own.
    expect(t("predict.ask-move")).toBe("Which card moves next? Click it.");
  });

  test("a mouse says the key's own template", () => {
    expect(translator("en", own)("status.remove")).toContain("click two");
    expect(translator("en", own, { touch: false })("status.remove")).toContain("click two");
  });

  test("every click in the catalogue has a tap beside it in all six languages", () => {
    const keys = [
      "status.remove",
      "status.remove-lone",
      "status.selected-lone",
      "predict.ask-move",
      "predict.ask-deal",
      "predict.pairs-ask",
      // Issue 21: the neighbours exercise.
      "practice.kind.neighbours.summary",
      "practice.ask.neighbours",
    ];
    for (const key of keys) expect(catalogue[key].toLowerCase()).toContain("click");
    const withClick = Object.keys(catalogue).filter(
      (key) => !key.startsWith("touch.") && /\bclick/i.test(catalogue[key]),
    );
    expect(withClick.sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(catalogue[`touch.${key}`]).toMatch(/\btap\b/i);
      expect(catalogue[`touch.${key}`]).not.toMatch(/click|press enter/i);
    }
  });
});

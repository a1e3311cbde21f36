// Bad input is quoted as a short excerpt (issue 17, item 9; docs/architecture.md
// "Errors"): a 5,000,000-character bad token comes back in a sentence of a few
// hundred characters that still names the place. Python's twin is
// tests/test_excerpts.py; the expected texts are written out by hand: the
// first 40 characters, then "…".
import { describe, expect, test } from "vitest";
import {
  CardError,
  DealError,
  LayoutError,
  StateError,
  apply,
  dealFromText,
  makeRules,
  newState,
  parseCard,
  parseLayout,
  validateState,
} from "../../js/engine/index.js";
import { excerpt, showValue } from "../../js/engine/errors.js";
import { expectError } from "./helpers.js";

const STD = makeRules("standard");
const ROWS = "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH";
const HUGE = "XQ".repeat(2_500_000); // 5,000,000 characters
const CUT = "XQ".repeat(20) + "…"; // its first 40 characters, then "…"
const SHORT = 300; // a refusal is a sentence, not an echo

const nested = (depth) => {
  let value = [];
  for (let k = 0; k < depth; k++) value = [value];
  return value;
};

describe("excerpt and showValue", () => {
  test("excerpt keeps short text and cuts long text after 40 characters", () => {
    expect(excerpt("XQ")).toBe("XQ");
    expect(excerpt("")).toBe("");
    const forty = "0123456789".repeat(4);
    expect(excerpt(forty)).toBe(forty);
    expect(excerpt(forty + "!")).toBe(forty + "…");
    expect(excerpt(HUGE)).toBe(CUT);
    expect(excerpt("abcdef", 3)).toBe("abc…");
  });

  test("excerpt counts code points, as Python does: never half an emoji", () => {
    expect(excerpt("🂡".repeat(50))).toBe("🂡".repeat(40) + "…");
    // 30 emoji are 60 code units but 30 characters: whole.
    expect(excerpt("🂡".repeat(30))).toBe("🂡".repeat(30));
  });

  test("showValue never throws and stays short", () => {
    expect(showValue(nested(1_000_000))).toBe("<array>");
    expect(showValue(HUGE)).toBe('"' + "XQ".repeat(19) + "…");
  });
});

describe("a huge bad token is quoted short and named by its place", () => {
  test("a cell of the tableau", () => {
    const err = expectError(() => parseLayout(ROWS.replace("8C", HUGE), STD), LayoutError, {
      key: "layout.bad-card",
      place: "row 2, column 3",
    });
    expect(err.message.length).toBeLessThan(SHORT);
    expect(err.message.startsWith(`In row 2, column 3, '${CUT}' is not a card`)).toBe(true);
    expect(err.params.token).toBe(CUT);
    expect(err.token).toBe(HUGE); // kept whole, as Python's attribute
  });

  test("a stock card", () => {
    const err = expectError(() => parseLayout(`${ROWS} | TS ${HUGE}`, STD), LayoutError, {
      place: "stock card 2",
    });
    expect(err.message.length).toBeLessThan(SHORT);
    expect(err.message.startsWith(`Stock card 2, '${CUT}', is not a card`)).toBe(true);
  });

  test("a token with a comma", () => {
    const err = expectError(() => parseLayout(ROWS.replace("QC", `${HUGE},`), STD), LayoutError);
    expect(err.message.length).toBeLessThan(SHORT);
    expect(err.message.startsWith(`In row 5, '${CUT}' has a comma`)).toBe(true);
  });

  test("a load action", () => {
    const state = newState({ deal: 1 });
    const err = expectError(
      () => apply(state, { type: "load", layout: ROWS.replace("8C", HUGE) }),
      LayoutError,
    );
    expect(err.message.length).toBeLessThan(SHORT);
  });

  test("card text", () => {
    const err = expectError(() => parseCard(HUGE), CardError, { text: HUGE });
    expect(err.message.length).toBeLessThan(SHORT);
    expect(err.message.startsWith(`'${CUT}' is not a card`)).toBe(true);
  });

  test("a card that is not text at all, nested too deeply to write", () => {
    expectError(() => parseCard(nested(1_000_000)), CardError);
  });

  test("a deal number typed as text", () => {
    const nines = "9".repeat(5_000_000);
    const err = expectError(() => dealFromText(nines), DealError, { value: nines });
    expect(err.message).toBe(
      `'${"9".repeat(40)}…' is not a deal number: use a whole number from 0 to 4294967295.`,
    );
  });

  test("a huge rules name of an earlier game", () => {
    const played = newState({ deal: 1 });
    const state = apply(played, { type: "new_deal", deal: 2 });
    const earlier = { ...state.previous_game, rules: { ...state.previous_game.rules, name: HUGE } };
    const err = expectError(() => validateState({ ...state, previous_game: earlier }), StateError, {
      path: "state.previous_game.rules",
    });
    expect(err.message.length).toBeLessThan(SHORT);
    expect(err.message).toContain(`plays the standard rules, not ${CUT} (a new deal`);
  });
});

describe("a huge unknown key is named short", () => {
  const state = newState({ deal: 1 });
  test.each([
    ["an action", () => apply(state, { type: "undo", [HUGE]: 1 }), `action.${CUT}`],
    ["a state", () => validateState({ ...state, [HUGE]: 1 }), `state.${CUT}`],
    [
      "its rules",
      () => validateState({ ...state, rules: { ...state.rules, [HUGE]: 1 } }),
      `state.rules.${CUT}`,
    ],
  ])("%s", (_, make, path) => {
    const err = expectError(make, StateError, { key: "state.unknown", path });
    expect(err.message.length).toBeLessThan(SHORT);
  });
});

describe("showValue counts code points, as Python's show_value does (review of issue 17)", () => {
  test("cuts a JSON array of emoji after 39 code points, never inside one", () => {
    // '[' + 29 × '"😀",' + '"😀"]': 1 + 4·29 + 4 = 121 code points; the first
    // 39 are '[', nine '"😀",' (36) and '"😀', then "…".
    expect(showValue(Array(30).fill("😀"))).toBe("[" + '"😀",'.repeat(9) + '"😀' + "…");
  });
  test("cuts a long string of emoji to 40 code points before quoting it", () => {
    // '"' + 40 emoji + '"' is 42 code points: the first 39 and "…" (Python's too).
    expect(showValue("😀".repeat(1000))).toBe('"' + "😀".repeat(38) + "…");
  });
});

// Cards: RULES.md "Terms" (card) and docs/architecture.md "Cards".
import { describe, expect, test } from "vitest";
import {
  CardError,
  cardName,
  cardSymbol,
  formatMessage,
  isRed,
  parseCard,
} from "../../js/engine/index.js";
import { expectError } from "./helpers.js";

describe("parseCard", () => {
  test.each([
    ["7H", "7H"],
    ["TD", "TD"],
    ["AS", "AS"],
    ["KC", "KC"],
    ["10D", "TD"],
    ["10♦", "TD"],
    ["7h", "7H"],
    ["td", "TD"],
    ["qs", "QS"],
    ["aC", "AC"],
    ["7♥", "7H"],
    ["A♠", "AS"],
    ["k♣", "KC"],
    ["10s", "TS"],
  ])("%s reads as %s", (text, canonical) => {
    expect(parseCard(text)).toBe(canonical);
  });

  test.each([
    "",
    "7",
    "H",
    "1H",
    "11H",
    "0S",
    "7X",
    "XQ",
    "7HH",
    " 7H",
    "7H ",
    "7 H",
    "..",
    "T♡",
    "107H",
  ])("%j is not a card", (text) => {
    const err = expectError(() => parseCard(text), CardError, { text, key: "card.bad" });
    expect(err.message).toContain(text === "" ? "''" : text);
  });

  test.each([null, undefined, 7, true, ["7H"], { rank: 7 }])(
    "%j (not a string) is refused",
    (v) => {
      expectError(() => parseCard(v), CardError, { text: v });
    },
  );

  test("a CardError names the text", () => {
    const err = expectError(() => parseCard("XQ"), CardError);
    expect(err.message).toMatch(/'XQ'/);
  });
});

describe("card properties", () => {
  test("all 52 canonical cards round-trip", () => {
    for (const s of "SHDC") {
      for (const r of "A23456789TJQK") expect(parseCard(r + s)).toBe(r + s);
    }
  });

  test("hearts and diamonds are red, spades and clubs are not", () => {
    expect(isRed("7H")).toBe(true);
    expect(isRed("TD")).toBe(true);
    expect(isRed("7S")).toBe(false);
    expect(isRed("7C")).toBe(false);
  });

  test("symbol form: ten shown as 10", () => {
    expect(cardSymbol("7H")).toBe("7♥");
    expect(cardSymbol("TD")).toBe("10♦");
    expect(cardSymbol("AS")).toBe("A♠");
    expect(cardSymbol("KC")).toBe("K♣");
    expect(cardSymbol("10c")).toBe("10♣");
  });

  test("name form for screen readers, from the catalogue", () => {
    // A message parameter (docs/i18n.md, section 2), said in English here.
    expect(cardName("7H")).toEqual({
      key: "card.name",
      params: { rank: { key: "rank.7" }, suit: { key: "suit.H" } },
    });
    expect(formatMessage.say(cardName("7H"))).toBe("7 of hearts");
    expect(formatMessage.say(cardName("AS"))).toBe("ace of spades");
    expect(formatMessage.say(cardName("TD"))).toBe("10 of diamonds");
    expect(formatMessage.say(cardName("KC"))).toBe("king of clubs");
    expect(formatMessage.say(cardName("JH"))).toBe("jack of hearts");
    expect(formatMessage.say(cardName("QS"))).toBe("queen of spades");
  });

  test("the helpers refuse bad text with a CardError", () => {
    for (const f of [isRed, cardSymbol, cardName]) {
      expectError(() => f("1H"), CardError, { text: "1H" });
    }
  });
});

// Deal numbers: RULES.md "Setup" and docs/architecture.md "Deal numbers".
import { describe, expect, test } from "vitest";
import {
  DealError,
  checkDeal,
  dealFromText,
  dealLayout,
  formatLayout,
  makeRules,
  mulberry32,
  newState,
  orderedDeck,
  shuffle,
} from "../../js/engine/index.js";
import { expectError } from "./helpers.js";

const STD = makeRules("standard");
const SMALL = makeRules("small");
const DOUBLE = makeRules("double");

// An independent mulberry32 written with BigInt arithmetic modulo 2^32 from the
// algorithm's description, not from the engine's code.
function mulberry32BigInt(seed) {
  const MASK = 0xffffffffn;
  const mul = (x, y) => (x * y) & MASK;
  let a = BigInt(seed) & MASK;
  return () => {
    a = (a + 0x6d2b79f5n) & MASK;
    let t = a;
    t = mul(t ^ (t >> 15n), t | 1n);
    t = t ^ ((t + mul(t ^ (t >> 7n), t | 61n)) & MASK);
    return Number((t ^ (t >> 14n)) & MASK);
  };
}

describe("mulberry32", () => {
  test("seed 0: first outputs (computed separately in Python ints with & 0xFFFFFFFF)", () => {
    const next = mulberry32(0);
    expect([next(), next(), next(), next()]).toEqual([1144304738, 1416247, 958946056, 627933444]);
  });

  test("seed 0's first output is the published 0.26642920868471265 as a float", () => {
    expect(mulberry32(0)() / 2 ** 32).toBe(0.26642920868471265);
  });

  test("seed 1: first outputs (computed separately)", () => {
    const next = mulberry32(1);
    expect([next(), next(), next(), next()]).toEqual([
      2693262067, 11749833, 2265367787, 4213581821,
    ]);
  });

  test("seeds 7 and 2^32-1: first outputs (computed separately)", () => {
    const a = mulberry32(7);
    expect([a(), a(), a(), a()]).toEqual([50271532, 266108690, 4195786334, 3002305430]);
    const b = mulberry32(4294967295);
    expect([b(), b(), b(), b()]).toEqual([3850105811, 813802916, 3073704848, 4054706436]);
  });

  test("agrees with a BigInt implementation for 2000 outputs of several seeds", () => {
    for (const seed of [0, 1, 2, 7, 12345, 0x7fffffff, 0x80000000, 4294967295]) {
      const mine = mulberry32(seed);
      const ref = mulberry32BigInt(seed);
      for (let k = 0; k < 2000; k++) {
        const got = mine();
        expect(Number.isInteger(got) && got >= 0 && got < 2 ** 32).toBe(true);
        if (got !== ref()) expect.fail(`seed ${seed}, output ${k}: ${got}`);
      }
    }
  });
});

describe("shuffle", () => {
  test("Fisher–Yates from the end with j = floor(u·(i+1)/2^32)", () => {
    // Worked by hand with a fixed output sequence:
    // i=3: u=2^31   → j = floor(0.5·4)  = 2 → swap 3,2: a b d c
    // i=2: u=0      → j = 0             → swap 2,0: d b a c
    // i=1: u=2^32-1 → j = floor(~1·2)   = 1 → no change
    const outputs = [2 ** 31, 0, 2 ** 32 - 1];
    const items = ["a", "b", "c", "d"];
    expect(shuffle(items, () => outputs.shift())).toEqual(["d", "b", "a", "c"]);
    expect(items).toEqual(["a", "b", "c", "d"]);
  });

  test("uses n-1 outputs", () => {
    let calls = 0;
    shuffle([...Array(52).keys()], () => (calls++, 0));
    expect(calls).toBe(51);
  });
});

describe("dealLayout", () => {
  test("the deck before shuffling: AS 2S … KS AH … KC", () => {
    const deck = orderedDeck(STD);
    expect(deck).toHaveLength(52);
    expect(deck.slice(0, 3)).toEqual(["AS", "2S", "3S"]);
    expect(deck[12]).toBe("KS");
    expect(deck[13]).toBe("AH");
    expect(deck[51]).toBe("KC");
    expect(orderedDeck(DOUBLE)).toEqual([...deck, ...deck]);
  });

  // Pinned layouts, computed by a separate Python implementation of the algorithm.
  test.each([
    [
      0,
      "5C QC KD 2S KC/5D 6D JH 7S 3C/KS TD 9D 6H 4S/5H 8D 6S QD 7D/AD 4H 7C 9S JC | 2H AC 9C 3S TS 8C TC 2C 7H 9H 6C 4C 2D 3H JD 5S JS QH 8H 4D 3D KH TH 8S QS AS AH",
    ],
    [
      7,
      "JH TS QC 5H 7C/9S AD 4H 2C 8D/9C 4D AC 3S KC/5C 3H QS JC TH/JD KS KD 2S 8C | 2H 4C 3D 5S 6S 2D QD 7D TD 6H 3C AH 8S 8H 5D 7S 6C 6D QH JS 9H 7H KH 9D TC 4S AS",
    ],
    [
      4294967295,
      "8D 2S 7C 2H 4H/JC 8H QS TC TH/3H 7H 5H AD QC/QD 5D 3C 9S 6C/5C JS AS 9C 7S | AC 3S 9D QH JH KD 4D KS 5S 4S 7D 2D 6H 3D AH 8S JD 4C 6S 9H 6D KH 2C KC TD TS 8C",
    ],
  ])("standard deal %i", (n, layout) => {
    expect(formatLayout(dealLayout(n, STD), STD)).toBe(layout);
  });

  test("small deal 1 and double deal 3 (computed separately)", () => {
    expect(formatLayout(dealLayout(1, SMALL), SMALL)).toBe(
      "QH 6C JH JS 5C/6D QC 3C 7S 4D/TD TH 2C 9D QS/4S JC 8D 9S 2H | 5S 2D 7C KD 5D 8S 9H 4H KS 2S JD QD KH 9C 3S 5H AC TS 3H 6S 8H 7H 4C 6H KC 3D AH 8C TC AD AS 7D",
    );
    expect(formatLayout(dealLayout(3, DOUBLE), DOUBLE)).toBe(
      "3S 7D TD AC 2C 5D TS/TC KD 7S 9H KD AH 5D/9S JD 4H 4S KH 4H 2H/QC TS 2S 5C TD 5H 5S/6S 7C JS QS QC 6C JS/7H KS KC 8H 4C 3S 4D/QD 4D 7D 2H JC 9D 3H | KS 3C 9D AC 3C 9C 2D 8H JH JC JH TH 5S JD QD KC 7C 2C 7S 8D 2D 3D 4C AD QS 2S 6D 8S 9H 8D 6H AS 6D 5H 6C 6S QH 9S 3D AD 7H 5C AH TC 6H AS KH 3H 8C 9C QH 8S 8C 4S TH",
    );
  });

  test("every deal holds the whole deck: 25 + 27, 20 + 32, 49 + 55", () => {
    for (const [rules, cells] of [
      [STD, 25],
      [SMALL, 20],
      [DOUBLE, 49],
    ]) {
      for (const n of [0, 1, 99, 2 ** 31]) {
        const { tableau, stock } = dealLayout(n, rules);
        expect(tableau).toHaveLength(cells);
        expect(stock).toHaveLength(52 * rules.decks - cells);
        expect([...tableau, ...stock].sort()).toEqual(orderedDeck(rules).sort());
      }
    }
  });

  test("the same number gives the same deal; different numbers differ", () => {
    expect(dealLayout(42, STD)).toEqual(dealLayout(42, STD));
    expect(dealLayout(42, STD)).not.toEqual(dealLayout(43, STD));
  });
});

describe("a deal number typed as text (the Deal box)", () => {
  test.each([
    ["0", 0],
    ["7", 7],
    ["0042", 42],
    ["4294967295", 4294967295],
  ])("%s is deal %d", (text, deal) => {
    expect(dealFromText(text)).toBe(deal);
  });

  test.each(["4294967296", "99999999999999999999", "-3", "7.0", "1e3", "7x", "", " 7", "٣"])(
    "%j is refused, quoted as typed",
    (text) => {
      const err = expectError(() => dealFromText(text), DealError, { key: "deal.bad" });
      expect(err.value).toBe(text);
      expect(err.message).toBe(
        `'${text}' is not a deal number: use a whole number from 0 to 4294967295.`,
      );
    },
  );
});

describe("bad deal numbers are a DealError naming the value", () => {
  test.each([-1, 4294967296, 1.5, NaN, Infinity, true, false, "7", null, undefined, [7], 7n])(
    "%s",
    (value) => {
      const err = expectError(() => checkDeal(value), DealError, { key: "deal.bad" });
      expect(err.value).toBe(value);
      expectError(() => dealLayout(value, STD), DealError);
      expectError(() => newState({ deal: value }), DealError);
    },
  );

  test("the message shows the value", () => {
    expect(expectError(() => checkDeal(-1), DealError).message).toContain("-1");
    expect(expectError(() => checkDeal("seven"), DealError).message).toContain("seven");
  });

  test("a string is quoted exactly, in single quotes, as Python quotes it", () => {
    expect(expectError(() => checkDeal("it's"), DealError).message).toBe(
      "'it's' is not a deal number: use a whole number from 0 to 4294967295.",
    );
  });

  test("0 and 2^32-1 are the ends of the range", () => {
    expect(checkDeal(0)).toBe(0);
    expect(checkDeal(4294967295)).toBe(4294967295);
  });
});

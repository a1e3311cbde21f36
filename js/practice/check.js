/**
 * Checking an answer with the engine: the twin of
 * mc_widget/practice/{answers,check}.py. The right answer and every word of
 * the explanation come from the engine's rule functions at check time
 * (`touching`, `falseNeighbours`, `legalRemovals` and `apply`'s refusals,
 * `consolidationMoves`, `refillCells`, the search of `winnable`, `status`),
 * never from a stored key; an explanation is a list of `{key, params}`
 * messages as data, the same JSON as Python's.
 * @module practice/check
 */
import {
  IllegalMove,
  apply,
  cardSymbol,
  consolidationMoves,
  falseNeighbours,
  legalRemovals,
  refillCells,
  status,
  touching,
} from "../engine/index.js";
import { excerpt } from "../engine/errors.js";
import { touchingEdges } from "../engine/rules.js";
import { PracticeError, badType, showValue } from "./errors.js";
import { cardAfter, exerciseState, firstGap, place, winnable } from "./generate.js";

/** The one key of each ask's answer object. */
export const ANSWER_KEYS = Object.freeze({
  neighbours: "cells",
  removals: "removals",
  "next-move": "move",
  destination: "cell",
  "next-cells": "cells",
  "cells-after-consolidating": "cells",
  "winnable-removal": "removal",
  status: "status",
});
const STATUSES = ["won", "lost", "playing"];

const readCell = (value, path, cells) => {
  if (!Number.isInteger(value)) throw badType(path, "a whole number", value);
  if (value < 0 || value >= cells) {
    throw new PracticeError(path, "practice-error.range", {
      value: showValue(value),
      low: 0,
      high: cells - 1,
    });
  }
  return value;
};

const readCells = (value, path, cells, least, most) => {
  if (!Array.isArray(value)) throw badType(path, "a list", value);
  if (value.length < least || value.length > most) {
    throw new PracticeError(path, "practice-error.length", {
      count: value.length,
      low: least,
      high: most,
    });
  }
  const read = value.map((item, k) => readCell(item, `${path}[${k}]`, cells));
  read.forEach((cell, k) => {
    if (read.slice(0, k).includes(cell)) {
      throw new PracticeError(`${path}[${k}]`, "practice-error.duplicate", { value: cell });
    }
  });
  return read;
};

const ascending = (list) => list.slice().sort((a, b) => a - b);
const byCells = (a, b) => {
  for (let k = 0; k < Math.min(a.length, b.length); k++) if (a[k] !== b[k]) return a[k] - b[k];
  return a.length - b.length;
};
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Python's `read_answer`: the value of the one key of an answer object.
 * @throws {PracticeError}
 */
export const readAnswer = (ask, data, rules) => {
  const cells = rules.rows * rules.cols;
  const key = ANSWER_KEYS[ask];
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw badType("answer", "an object", data);
  }
  for (const name of Object.keys(data)) {
    if (name !== key) {
      throw new PracticeError(`answer.${excerpt(name)}`, "practice-error.unknown", {
        expected: key,
      });
    }
  }
  if (!Object.hasOwn(data, key)) throw new PracticeError(`answer.${key}`, "practice-error.missing");
  const value = data[key];
  const path = `answer.${key}`;
  if (key === "cells") return readCells(value, path, cells, 0, cells);
  if (key === "cell") return readCell(value, path, cells);
  if (key === "move") return readCells(value, path, cells, 2, 2);
  if (key === "removal") return ascending(readCells(value, path, cells, 1, 2));
  if (key === "removals") {
    if (!Array.isArray(value)) throw badType(path, "a list", value);
    const most = touchingEdges(rules).length + cells;
    if (value.length > most) {
      throw new PracticeError(path, "practice-error.length", {
        count: value.length,
        low: 0,
        high: most,
      });
    }
    const read = value.map((item, k) => ascending(readCells(item, `${path}[${k}]`, cells, 1, 2)));
    read.forEach((removal, k) => {
      if (read.slice(0, k).some((r) => same(r, removal))) {
        throw new PracticeError(`${path}[${k}]`, "practice-error.duplicate", {
          value: showValue(removal),
        });
      }
    });
    return read.sort(byCells);
  }
  if (typeof value !== "string" || !STATUSES.includes(value)) {
    throw new PracticeError(path, "practice-error.choice", {
      value: showValue(value),
      choices: STATUSES.join(", "),
    });
  }
  return value;
};

const message = (key, params = {}) => ({ key, params });
const symbol = (state, cell) => cardSymbol(state.tableau[cell]);
const cardList = (state, cells) => ({ list: cells.map((c) => symbol(state, c)) });
const removalPhrase = (state, removal) =>
  removal.length === 1
    ? symbol(state, removal[0])
    : { list: removal.map((c) => symbol(state, c)), type: "pair" };
const removalList = (state, removals) => ({ list: removals.map((r) => removalPhrase(state, r)) });

/** The engine's own words refusing `action`, or null. */
const refusal = (state, action) => {
  try {
    apply(state, action);
  } catch (refused) {
    if (refused instanceof IllegalMove) {
      return { key: `illegal.${refused.key}`, params: JSON.parse(JSON.stringify(refused.params)) };
    }
    throw refused;
  }
  return null;
};

const neighbourCells = (ex, state) =>
  touching(state.rules, ex.cell).filter((c) => state.tableau[c] !== null);

const nextCells = (ex, state) => {
  let s = state;
  if (ex.ask === "cells-after-consolidating") {
    s = apply(state, { type: "consolidate" });
    if (s.phase !== "refill") return [];
  }
  const cells = refillCells(s);
  return ex.count === null ? cells : cells.slice(0, ex.count);
};

const winners = (state) =>
  legalRemovals(state)
    .map((r) => [...r])
    .filter((r) => winnable(apply(state, { type: "remove", cells: r })));

const destination = (ex, state) => consolidationMoves(state).find(([from]) => from === ex.cell)[1];

const result = (right, answer, explanation) => ({ right, answer, explanation });

const EXPLAIN = {
  neighbours(ex, state, given) {
    const { rules } = state;
    const expected = neighbourCells(ex, state);
    const right = same(ascending(given), expected);
    const card = symbol(state, ex.cell);
    const where = place(rules, ex.cell);
    const said = [
      expected.length
        ? message("practice.neighbours.answer", {
            card,
            place: where,
            cards: cardList(state, expected),
          })
        : message("practice.neighbours.answer-none", { card, place: where }),
    ];
    if (!right) {
      const missed = expected.filter((c) => !given.includes(c));
      const extra = ascending(given.filter((c) => !expected.includes(c)));
      const gaps = extra.filter((c) => state.tableau[c] === null);
      const across = falseNeighbours(state, ex.cell);
      const beyond = extra.filter((c) => across.includes(c) && !gaps.includes(c));
      const far = extra.filter((c) => !gaps.includes(c) && !beyond.includes(c));
      if (missed.length) said.push(message("practice.missed", { cards: cardList(state, missed) }));
      if (beyond.length) {
        const key =
          beyond.length === 1 ? "status.selected-false-one" : "status.selected-false-many";
        said.push(message(key, { cards: cardList(state, beyond) }));
      }
      if (far.length) {
        said.push(message("practice.neighbours.far", { cards: cardList(state, far), card }));
      }
      if (gaps.length) {
        said.push(
          message("practice.neighbours.gaps", {
            places: { list: gaps.map((c) => place(rules, c)) },
          }),
        );
      }
      said.push(
        message(
          rules.touching === "line"
            ? "practice.rule.touching-line"
            : "practice.rule.touching-eight",
        ),
      );
    }
    return result(right, { cells: expected }, said);
  },
  removals(ex, state, given) {
    const expected = legalRemovals(state).map((r) => [...r]);
    const right = same(given, expected);
    const said = [
      expected.length
        ? message("practice.pairs.answer", { pairs: removalList(state, expected) })
        : message("practice.pairs.answer-none"),
    ];
    if (!right) {
      const missed = expected.filter((r) => !given.some((g) => same(g, r)));
      if (missed.length) {
        said.push(message("practice.pairs.missed", { pairs: removalList(state, missed) }));
      }
      for (const removal of given) {
        if (!expected.some((r) => same(r, removal))) {
          const refused = refusal(state, { type: "remove", cells: removal });
          if (refused) said.push(refused);
        }
      }
    }
    return result(right, { removals: expected }, said);
  },
  "next-move"(ex, state, given) {
    const [from, to] = consolidationMoves(state)[0];
    const said = message("practice.consolidate.next", {
      place: place(state.rules, to),
      card: symbol(state, from),
      source: place(state.rules, from),
    });
    return result(same(given, [from, to]), { move: [from, to] }, [said]);
  },
  destination(ex, state, given) {
    const to = destination(ex, state);
    const said = message("practice.consolidate.destination", {
      card: symbol(state, ex.cell),
      cards: { count: to, of: "count.cards" },
      place: place(state.rules, to),
    });
    return result(given === to, { cell: to }, [said]);
  },
  "next-cells"(ex, state, given) {
    const expected = nextCells(ex, state);
    const said = [];
    if (ex.ask === "cells-after-consolidating") {
      const refused = refusal(state, { type: "refill_step" });
      if (refused) said.push(refused);
    }
    said.push(
      message("practice.refill.answer", {
        cards: { list: state.stock.slice(0, expected.length).map(cardSymbol) },
        places: { list: expected.map((c) => place(state.rules, c)) },
      }),
    );
    return result(same(given, expected), { cells: expected }, said);
  },
  "winnable-removal"(ex, state, given) {
    const wins = winners(state);
    const right = wins.some((r) => same(r, given));
    const said = [];
    if (right) {
      said.push(message("practice.choose.keeps", { removal: removalPhrase(state, given) }));
    } else {
      const refused = refusal(state, { type: "remove", cells: given });
      said.push(
        refused ?? message("practice.choose.loses", { removal: removalPhrase(state, given) }),
      );
      said.push(message("practice.choose.winners", { pairs: removalList(state, wins) }));
    }
    return result(right, { removal: wins[0] }, said);
  },
  status(ex, state, given) {
    const verdict = status(state);
    const removals = legalRemovals(state).map((r) => [...r]);
    const stock = { count: state.stock.length, of: "count.cards" };
    const gap = firstGap(state.tableau);
    let said;
    if (verdict === "won") said = message("practice.verdict.won");
    else if (verdict === "lost") {
      said = state.stock.length
        ? message("practice.verdict.lost-stock", { stock })
        : message("status.lost");
    } else if (removals.length) {
      said = message("practice.verdict.playing-pairs", { pairs: removalList(state, removals) });
    } else if (gap >= 0 && cardAfter(state.tableau, gap) >= 0) {
      said = message("status.remove-no-pair");
    } else said = message("status.remove-no-pair-refill", { stock });
    return result(given === verdict, { status: verdict }, [said]);
  },
};
EXPLAIN["cells-after-consolidating"] = EXPLAIN["next-cells"];

/**
 * Check `answer` (JSON, hostile) against an exercise (the JSON `generate`
 * gives) with the engine: Python's `check(...).to_json()`.
 * @returns {{right: boolean, answer: Object, explanation: Array<{key, params}>}}
 * @throws {PracticeError} for an answer that does not parse; nothing changes
 */
export const check = (exercise, answer) => {
  const state = exerciseState(exercise);
  const given = readAnswer(exercise.ask, answer, state.rules);
  return EXPLAIN[exercise.ask](exercise, state, given);
};

/** The right answer, worked out by the engine now, in the answer's shape. */
export const rightAnswer = (exercise) => {
  const state = exerciseState(exercise);
  const ANSWERS = {
    neighbours: () => neighbourCells(exercise, state),
    removals: () => legalRemovals(state).map((r) => [...r]),
    "next-move": () => [...consolidationMoves(state)[0]],
    destination: () => destination(exercise, state),
    "next-cells": () => nextCells(exercise, state),
    "cells-after-consolidating": () => nextCells(exercise, state),
    "winnable-removal": () => winners(state)[0],
    status: () => status(state),
  };
  return { [ANSWER_KEYS[exercise.ask]]: ANSWERS[exercise.ask]() };
};

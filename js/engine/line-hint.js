/**
 * The perfect hint on a board with no kernel (docs/analysis.md, section 3):
 * it follows a winning line stored with the board by the export. Rounds are
 * compared as sets of pairs (no card moves inside a round, so their order
 * changes nothing), and a consolidation or refill counts the same whole or
 * step by step. Mirrors `mc_widget/analysis/stored_line.py`'s `line_hint`;
 * pinned by tests/vectors/line_hints.json.
 * @module engine/line-hint
 */
import { status } from "./queries.js";
import { cardSymbol } from "./cards.js";
import { fairHint } from "./hint.js";

/** Each round's removals (`"i,j"`, or `"i"` for a lone card); after a finished round, phase remove opens the next. */
const rounds = (actions, phase) => {
  const out = [[]];
  let closed = false;
  for (const a of actions) {
    if (a.type !== "remove") closed = true;
    else {
      if (closed) out.push([]);
      closed = false;
      out.at(-1).push(`${a.cells}`);
    }
  }
  if (closed && phase === "remove") out.push([]);
  return out;
};

/**
 * `line_hint(state, line).to_json()` of Python: `{hint, note}`, or null when
 * the game is over. `hint` is the line's next removal in the line's order
 * (`hint.line` for a pair, `hint.line-lone` for a card that goes alone), or `consolidate` once the round's pairs are taken
 * (`hint.line-consolidate`), or the fair hint (the only move while a
 * consolidation or refill is under way); then `note` is null. Off the line,
 * the fair hint with `note` `{key: "hint.line-left", params: {round}}` (the
 * first round that differs), `hint.line-lost` (no line wins) or
 * `hint.line-none` (no line for this game).
 * @param {Object} state  a valid state
 * @param {{start: string, moves: Object[]|null}|null|undefined} line  as the export stored it
 */
export const lineHint = (state, line) => {
  if (status(state) !== "playing") return null;
  const off = (key, params = {}) => ({ hint: fairHint(state), note: { key, params } });
  if (line?.start !== state.start) return off("hint.line-none");
  if (!line.moves) return off("hint.line-lost");
  const mine = rounds(state.history.slice(0, state.cursor), state.phase);
  const plan = rounds(line.moves);
  const now = mine.length - 1;
  const todo = (plan[now] ?? []).filter((p) => !mine[now].includes(p));
  const left = mine.findIndex(
    (pairs, k) =>
      !plan[k] ||
      pairs.some((p) => !plan[k].includes(p)) ||
      (k < now ? pairs.length < plan[k].length : todo.length && state.phase !== "remove"),
  );
  if (left >= 0) return off("hint.line-left", { round: left + 1 });
  const cells = todo[0]?.split(",").map(Number) ?? [];
  const hint = (action, key, params = {}, marked = []) => ({
    hint: { action, key, params, cells: marked, kind: "perfect" },
    note: null,
  });
  if (cells.length === 1) {
    // A card that goes alone (a Thirteens king): "cells": [i].
    const params = { card: cardSymbol(state.tableau[cells[0]]) };
    return hint({ type: "remove", cells }, "hint.line-lone", params, cells);
  }
  if (todo.length) {
    const [i, j] = cells;
    const params = { first: cardSymbol(state.tableau[i]), second: cardSymbol(state.tableau[j]) };
    return hint({ type: "remove", cells }, "hint.line", params, cells);
  }
  if (state.phase === "remove") return hint({ type: "consolidate" }, "hint.line-consolidate");
  return { hint: fairHint(state), note: null };
};

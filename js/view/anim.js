/**
 * Animation of a state change, by FLIP with the Web Animations API: the cells
 * are measured before the DOM changes (`prepare`), then each moved card slides
 * home from its old place; cards from the stock slide in from its pile, cards
 * that left fade out (a ghost copy), cards that come back fade in. Never
 * blocks input (`finish()` ends all at once, before each update); instant
 * under `prefers-reduced-motion` or without `Element.animate`.
 * @module view/anim
 */

import { drawFace } from "./card.js";
import { attr, flag } from "./dom.js";

const SLIDE_MS = 260;
const FADE_MS = 240;
const STAGGER_MS = 28;

/** @returns {boolean} whether the reader asked for reduced motion */
export const reducedMotion = () => {
  try {
    return Boolean(globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
  } catch {
    return true;
  }
};

/**
 * Match the cards of two positions. Cards are strings; with two decks a card
 * may appear twice, and copies are matched in reading order.
 *
 * @param {{tableau: (string|null)[], stock: string[]}} prev
 * @param {{tableau: (string|null)[], stock: string[]}} next
 * @returns {{moves: [number, number][], fromStock: number[], appear: number[], vanish: number[]}}
 *   `moves` as `[fromCell, toCell]`; `fromStock` / `appear` new cells;
 *   `vanish` old cells whose card left the tableau
 */
export const diffPositions = (prev, next) => {
  /** card → ascending cells */
  const where = (tableau) => {
    const map = new Map();
    tableau.forEach((card, i) => {
      if (card === null) return;
      if (!map.has(card)) map.set(card, []);
      map.get(card).push(i);
    });
    return map;
  };
  const before = where(prev.tableau);
  const after = where(next.tableau);
  const stockLeft = new Map();
  for (const card of prev.stock) stockLeft.set(card, (stockLeft.get(card) ?? 0) + 1);
  const moves = [];
  const fromStock = [];
  const appear = [];
  const vanish = [];
  for (const card of new Set([...before.keys(), ...after.keys()])) {
    let olds = before.get(card) ?? [];
    let news = after.get(card) ?? [];
    if (olds.length !== news.length) {
      // Some copies came or went: the ones that stayed put are settled first.
      const stay = olds.filter((i) => news.includes(i));
      olds = olds.filter((i) => !stay.includes(i));
      news = news.filter((i) => !stay.includes(i));
    }
    const n = Math.min(olds.length, news.length);
    for (let k = 0; k < n; k++) if (olds[k] !== news[k]) moves.push([olds[k], news[k]]);
    for (const i of olds.slice(n)) vanish.push(i);
    for (const i of news.slice(n)) {
      if ((stockLeft.get(card) ?? 0) > 0) {
        stockLeft.set(card, stockLeft.get(card) - 1);
        fromStock.push(i);
      } else {
        appear.push(i);
      }
    }
  }
  const byCell = (a, b) => a - b;
  moves.sort((a, b) => a[1] - b[1]);
  return {
    moves,
    fromStock: fromStock.sort(byCell),
    appear: appear.sort(byCell),
    vanish: vanish.sort(byCell),
  };
};

/** A sliding card's cell passes over its neighbours while `data-moving` (js/styles/board.css). */
const lift = (cell, on) => flag(cell, "data-moving", on);

/**
 * @param {function(string): {rank: string, suit: string, red: boolean}} face
 *   how a card looks (for the ghost of a card that left the tableau)
 */
export const createAnimator = (face) => {
  /** @type {Animation[]} */
  let running = [];
  /** @type {Element[]} */
  let ghosts = [];
  /** @type {Element[]} */
  let lifted = [];

  /** End every running animation now, in its final state. */
  const finish = () => {
    for (const a of running) {
      try {
        a.finish();
      } catch {
        a.cancel();
      }
    }
    for (const g of ghosts) g.remove();
    for (const c of lifted) lift(c, false);
    running = [];
    ghosts = [];
    lifted = [];
  };

  const track = (animation, done) => {
    running.push(animation);
    animation.addEventListener?.("finish", () => {
      running = running.filter((a) => a !== animation);
      done?.();
    });
  };

  /** An element's centre, as `[x, y]` in viewport pixels. */
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };

  /**
   * Get ready to animate the change from `prev` to `next`: called before the
   * DOM is updated, it measures the cells and the stock pile that the change
   * involves (FLIP's "first"), and returns the function that starts the
   * animation once the DOM shows `next`, or null when nothing is to move.
   *
   * Why before: the cells are the grid's fixed slots, so where a card was and
   * where it goes can both be read while the layout is still clean from the
   * last frame. Read after the update, the first `getBoundingClientRect`
   * forces the browser to lay out the whole page again at once (in JupyterLab
   * about 6 ms a walkthrough step, docs/performance.md).
   * @param {{start: string, tableau: (string|null)[], stock: string[]}|null} prev
   * @param {{start: string, tableau: (string|null)[], stock: string[]}} next
   * @param {Object} board  from `createBoard`
   * @param {HTMLElement} stockPile  the face-down stock element
   * @returns {(function(): void)|null}
   */
  const prepare = (prev, next, board, stockPile) => {
    if (!prev || prev.start !== next.start || prev.tableau.length !== next.tableau.length) {
      return null;
    }
    if (reducedMotion()) return null;
    const cards = board.cards;
    if (cards.length === 0 || typeof cards[0].animate !== "function") return null;
    const { moves, fromStock, appear, vanish } = diffPositions(prev, next);
    if (moves.length + fromStock.length + appear.length + vanish.length === 0) return null;

    /** Centres measured now, before the update: cell index → [x, y]. */
    const at = new Map();
    for (const i of [...moves.flat(), ...fromStock]) at.set(i, centre(board.cells[i]));
    const stock = fromStock.length > 0 ? centre(stockPile) : null;

    return () => {
      // board.cards is redrawn by the update: read it now.
      const drawn = board.cards;
      // Slide the card now in cell `to` from `[x, y]`: its first keyframes,
      // then home. It is lifted over its neighbours (data-moving) until it lands.
      const slide = ([x, y], to, frames, timing) => {
        const cell = board.cells[to];
        const [tx, ty] = at.get(to);
        lift(cell, true);
        lifted.push(cell);
        const keyframes = [...frames(x - tx, y - ty), { transform: "translate(0, 0)" }];
        const a = drawn[to].animate(keyframes, { ...timing, fill: "backwards" });
        track(a, () => lift(cell, false));
      };

      moves.forEach(([from, to], k) =>
        slide(at.get(from), to, (dx, dy) => [{ transform: `translate(${dx}px, ${dy}px)` }], {
          duration: SLIDE_MS,
          delay: k * STAGGER_MS,
          easing: "cubic-bezier(.2,.7,.3,1)",
        }),
      );
      fromStock.forEach((to, k) =>
        slide(
          stock,
          to,
          (dx, dy) => [
            { transform: `translate(${dx}px, ${dy}px) scale(.8) rotateY(90deg)` },
            { transform: `translate(${dx / 2}px, ${dy / 2}px) scale(.9)`, offset: 0.5 },
          ],
          { duration: SLIDE_MS + 80, delay: k * STAGGER_MS * 2, easing: "ease-out" },
        ),
      );
      for (const i of appear) {
        track(drawn[i].animate([{ opacity: 0 }, { opacity: 1 }], { duration: FADE_MS }));
      }
      for (const i of vanish) {
        const ghost = drawn[i].cloneNode(true);
        const card = prev.tableau[i];
        ghost.classList.add("mcw-ghost");
        attr(ghost, "data-card", null);
        attr(ghost, "data-ghost", card);
        drawFace(ghost, face(card));
        board.cells[i].append(ghost);
        ghosts.push(ghost);
        const a = ghost.animate(
          [
            { opacity: 1, transform: "scale(1)" },
            { opacity: 0, transform: "scale(.85)" },
          ],
          { duration: FADE_MS, easing: "ease-in", fill: "forwards" },
        );
        track(a, () => {
          ghost.remove();
          ghosts = ghosts.filter((g) => g !== ghost);
        });
      }
    };
  };

  return { prepare, finish };
};

/**
 * anywidget entry of the race bar (mc_widget/widget/race.py; docs/sessions.md,
 * "Races"): one line over two boards naming each player, their cards removed,
 * the race clock and the winner by the race rule (js/engine/race.js, the
 * same rule as Python's), so an exported page with no kernel judges the race
 * as the kernel would. A bundle of its own (scripts/build.mjs), so the main
 * widget bundle does not carry it.
 *
 * Model (all from Python or from saved widget state, so hostile: anything
 * malformed shows nothing rather than throwing): `players` (two names),
 * `sides` (two `{status, removed, total, time}`), `start` (the race clock's
 * start, ms since 1970, or null) and `texts` (the `race.*` templates in the
 * board's language). Text only (`textContent`): a name holding markup shows
 * as characters.
 * @module race-bar
 */
import "./race-bar.css";
import { judgeRace } from "./engine/race-rule.js";

const KEYS = ["players", "sides", "start", "texts"];

/**
 * Fill a template's `{name}` placeholders; a template that is not text is "".
 * @param {*} template
 * @param {Object<string, *>} values
 * @returns {string}
 */
export const fill = (template, values) =>
  typeof template === "string"
    ? template.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all))
    : "";

/** Seconds as m:ss (h:mm:ss past an hour). */
export const clockText = (seconds) => {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n) => String(n).padStart(2, "0");
  const m = Math.floor(s / 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${two(m % 60)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
};

/**
 * Whether `s` is a side the race rule may judge: the checks of `raceSide`
 * (js/engine/race.js) as a yes or no, without its error messages (whose
 * catalogue would make this bundle ten times larger), plus `total`.
 * @param {*} s
 * @returns {boolean}
 */
export const goodSide = (s) =>
  s !== null &&
  typeof s === "object" &&
  ["playing", "won", "lost"].includes(s.status) &&
  Number.isInteger(s.removed) &&
  Number.isInteger(s.total) &&
  s.removed >= 0 &&
  s.removed <= s.total &&
  s.total <= 104 &&
  (s.time === null || (Number.isFinite(s.time) && s.time >= 0 && s.time <= 86400));

const name = (value) => (typeof value === "string" ? value.slice(0, 40) : "?");

/**
 * The words of the race bar for one model snapshot, or null when it is malformed.
 * @param {{players: *, sides: *, start: *, texts: *}} m
 * @param {number} now  ms since 1970
 * @returns {{sides: string[], result: string, clock: string, label: string, winner: number|null}|null}
 */
export const raceWords = (m, now) => {
  const { players, sides, start, texts } = m;
  if (!Array.isArray(players) || !Array.isArray(sides) || players.length !== 2) return null;
  if (sides.length !== 2 || !sides.every(goodSide)) return null;
  if (texts === null || typeof texts !== "object") return null;
  const result = judgeRace(sides[0], sides[1]);
  const t = (key, values = {}) => (Object.hasOwn(texts, key) ? fill(texts[key], values) : "");
  const words = sides.map((s, k) =>
    t("race.side", { player: name(players[k]), removed: s.removed, total: s.total }),
  );
  const winner = result.winner;
  const said = result.decided
    ? winner === null
      ? t("race.tie")
      : t(`race.${result.reason}`, { player: name(players[winner]) })
    : t("race.running");
  // The clock runs from the race's start until it is decided (then: the last finish).
  let seconds = null;
  if (typeof start === "number" && Number.isFinite(start)) {
    const times = sides.map((s) => s.time).filter((x) => typeof x === "number");
    seconds = result.decided && times.length ? Math.max(...times) : (now - start) / 1000;
  }
  const clock = seconds === null ? "" : t("race.clock", { time: clockText(seconds) });
  return { sides: words, result: said, clock, label: t("race.label"), winner };
};

/**
 * Draw the bar in `el` and keep it in step with `model`.
 * @param {{model: Object, el: HTMLElement}} context  from anywidget
 * @param {{now?: function(): number, timers?: {set: Function, clear: Function}}} [options]
 * @returns {function(): void} cleanup
 */
const render = ({ model, el }, options = {}) => {
  const now = options.now ?? Date.now;
  // Called as plain functions: `setInterval` called as a method of another object
  // throws "Illegal invocation".
  const timers = options.timers ?? {
    set: (f, ms) => setInterval(f, ms),
    clear: (id) => clearInterval(id),
  };
  const doc = el.ownerDocument;
  const span = (cls) => Object.assign(doc.createElement("span"), { className: cls });
  const bar = doc.createElement("div");
  bar.className = "mcw-race";
  bar.setAttribute("role", "status");
  const sides = [span("mcw-race-side"), span("mcw-race-side")];
  const result = span("mcw-race-result");
  const clock = span("mcw-race-clock");
  bar.append(sides[0], sides[1], result, clock);
  el.append(bar);

  const draw = () => {
    const m = Object.fromEntries(KEYS.map((k) => [k, model.get(k)]));
    const words = raceWords(m, now());
    bar.hidden = words === null;
    if (words === null) return;
    bar.setAttribute("aria-label", words.label);
    words.sides.forEach((text, k) => {
      sides[k].textContent = text;
      sides[k].classList.toggle("mcw-race-winner", words.winner === k);
    });
    result.textContent = words.result;
    clock.textContent = words.clock;
  };
  draw();
  const ticker = timers.set(draw, 1000);
  for (const k of KEYS) model.on(`change:${k}`, draw);
  return () => {
    timers.clear(ticker);
    for (const k of KEYS) model.off(`change:${k}`, draw);
  };
};

export default { render };

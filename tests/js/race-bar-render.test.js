// @vitest-environment jsdom
// The race bar's render (js/race-bar.js) with a fake anywidget model: it draws
// text only, follows the model's changes, and its cleanup stops both.
import { expect, it } from "vitest";
import bar from "../../js/race-bar.js";
import en from "../../mc_widget/messages/en.json" with { type: "json" };

const texts = Object.fromEntries(Object.entries(en).filter(([k]) => k.startsWith("race.")));

const fakeModel = (values) => {
  const listeners = {};
  return {
    get: (k) => values[k],
    set(k, v) {
      values[k] = v;
      for (const f of listeners[`change:${k}`] ?? []) f();
    },
    on: (e, f) => (listeners[e] ??= []).push(f),
    off: (e, f) => (listeners[e] = (listeners[e] ?? []).filter((g) => g !== f)),
    listeners,
  };
};

it("draws the race line, follows the model and cleans up", () => {
  const side = (removed) => ({ status: "playing", removed, total: 52, time: null });
  const model = fakeModel({
    players: ["<i>Ann</i>", "Ben"],
    sides: [side(0), side(0)],
    start: null,
    texts,
  });
  const el = document.createElement("div");
  const set = [];
  const timers = { set: (f) => set.push(f) && set.length, clear: (id) => (set[id - 1] = null) };
  const cleanup = bar.render({ model, el }, { now: () => 0, timers });
  const sides = el.querySelectorAll(".mcw-race-side");
  expect([...sides].map((s) => s.textContent)).toEqual([
    "<i>Ann</i>: 0 of 52 removed",
    "Ben: 0 of 52 removed",
  ]);
  expect(el.querySelector("i")).toBeNull();
  expect(el.querySelector(".mcw-race").getAttribute("role")).toBe("status");
  model.set("sides", [{ status: "won", removed: 52, total: 52, time: 80 }, side(10)]);
  expect(el.querySelector(".mcw-race-result").textContent).toBe("<i>Ann</i> wins: cleared first");
  expect(sides[0].classList.contains("mcw-race-winner")).toBe(true);
  model.set("sides", "junk");
  expect(el.querySelector(".mcw-race").hidden).toBe(true);
  cleanup();
  expect(set[0]).toBeNull();
  expect(Object.values(model.listeners).every((l) => l.length === 0)).toBe(true);
});

// @vitest-environment jsdom
/**
 * The exported page's practice boards (js/practice-page.js): the model shim
 * keeps `answers` in the page's storage and restores them when they replay;
 * storage that throws is tolerated; a bad placeholder shows a message and the
 * others still draw.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { drawPractice, pageModel, storageKey } from "../../js/practice-page.js";
import { TEXTS } from "./practice-helpers.js";

const SET = { kind: "verdict", level: 1, n: 3, seed: 0, rules: "standard" };

const placeholder = (json) => {
  const div = document.createElement("div");
  div.className = "mcw-page-practice";
  div.setAttribute("data-mcw-practice", "");
  const script = document.createElement("script");
  script.type = "application/json";
  script.textContent = json;
  div.append(script);
  return div;
};

const memory = () => {
  const data = new Map();
  return {
    data,
    getItem: (k) => (data.has(k) ? data.get(k) : null),
    setItem: (k, v) => data.set(k, String(v)),
  };
};
const throwing = {
  getItem() {
    throw new Error("SecurityError");
  },
  setItem() {
    throw new Error("QuotaExceededError");
  },
};

const page = (...jsons) => {
  const root = document.createElement("div");
  root.append(...jsons.map(placeholder));
  document.body.append(root);
  return root;
};
const json = (extra = {}) =>
  JSON.stringify({ set: SET, answers: [], texts: TEXTS, lang: "en", ...extra });

describe("the page's practice boards", () => {
  it("keeps answers in storage under mc-practice: + path + set, and restores them on reload", () => {
    const storage = memory();
    const root = page(json());
    expect(drawPractice(root, { storage, path: "/lesson.html" })).toBe(1);
    // The first exercise of this set (seed 1144304738) is an empty, won tableau.
    root.querySelector('[data-practice-action="won"]').click();
    const key = `mc-practice:/lesson.html${JSON.stringify(SET)}`;
    expect(storageKey("/lesson.html", SET)).toBe(key);
    const saved = JSON.parse(storage.data.get(key));
    expect(saved).toHaveLength(1);
    expect(saved[0].answer).toEqual({ status: "won" });

    const again = page(json());
    drawPractice(again, { storage, path: "/lesson.html" });
    expect(again.querySelector(".mcw-practice-title").textContent).toContain("Exercise 2 of 3");
    // Another page path does not see it.
    const other = page(json());
    drawPractice(other, { storage, path: "/other.html" });
    expect(other.querySelector(".mcw-practice-title").textContent).toContain("Exercise 1 of 3");
  });

  it("is where docs/practice.md says a page keeps a learner's answers", () => {
    const doc = readFileSync(
      join(dirname(fileURLToPath(import.meta.url)), "..", "..", "docs", "practice.md"),
      "utf8",
    );
    const said = doc.replace(/\s+/g, " ");
    expect(said).toContain("`mc-practice:` + the page's path + the set's JSON");
    expect(storageKey("/site/06-practice.html", { kind: "mixed" })).toBe(
      'mc-practice:/site/06-practice.html{"kind":"mixed"}',
    );
  });

  it("does not restore saved answers that do not replay", () => {
    const storage = memory();
    storage.setItem(storageKey("/p", SET), JSON.stringify([{ kind: "verdict", seed: 1 }]));
    const model = pageModel({ set: SET, answers: [] }, storage, "/p");
    expect(model.get("answers")).toEqual([]);
    storage.setItem(storageKey("/p", SET), "{not json");
    expect(pageModel({ set: SET, answers: [] }, storage, "/p").get("answers")).toEqual([]);
  });

  it("works on with storage that throws", () => {
    const root = page(json());
    expect(drawPractice(root, { storage: throwing, path: "/p" })).toBe(1);
    root.querySelector('[data-practice-action="won"]').click();
    expect(root.querySelector("[data-right]").dataset.right).toBe("true");
  });

  it("a placeholder with bad or non-object JSON says so; the others still draw", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const root = page("{bad", "[1, 2]", json());
    expect(drawPractice(root, { storage: null, path: "/p" })).toBe(1);
    const notes = root.querySelectorAll("[data-practice-problem]");
    expect(notes).toHaveLength(2);
    expect(notes[0].textContent).toBe(
      "This practice board cannot be drawn: its data is not valid.",
    );
    expect(root.querySelectorAll('[data-practice-action="won"]')).toHaveLength(1);
    expect(errors).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });
});

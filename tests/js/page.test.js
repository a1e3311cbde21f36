// @vitest-environment jsdom
/**
 * The page runtime of exported boards (js/page.js, docs/export.md section
 * 2): the page model behaves like anywidget's and no more, and every board
 * placeholder of a page draws, a bad one as a line of text. Expected values
 * are from the contract, the case file and the catalogue, worked out by hand.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { newState } from "../../js/engine/index.js";
import widget from "../../js/widget.js";
import { drawBoards, pageModel } from "../../js/page.js";
import { GERMAN, settled } from "./widget-helpers.js";

const BAD = "This board cannot be drawn.";

afterEach(() => {
  document.body.replaceChildren();
});

describe("the page model", () => {
  it("gets the traits it was given, and undefined for others", () => {
    const model = pageModel({ title: "Deal 7", selected: null });
    expect(model.get("title")).toBe("Deal 7");
    expect(model.get("selected")).toBeNull();
    expect(model.get("caption")).toBeUndefined();
  });

  it("keeps its own copy of the traits object", () => {
    const traits = { title: "a" };
    const model = pageModel(traits);
    model.set("title", "b");
    expect(traits.title).toBe("a");
  });

  it("fires change:<name> only when the new value is not === the old one", () => {
    const feedback = { key: "status.removed" };
    const model = pageModel({ selected: null, feedback });
    const selected = vi.fn();
    const fed = vi.fn();
    model.on("change:selected", selected);
    model.on("change:feedback", fed);
    model.set("selected", null); // the same value: nothing
    model.set("feedback", feedback); // the same object: nothing
    expect(selected).not.toHaveBeenCalled();
    expect(fed).not.toHaveBeenCalled();
    model.set("selected", 3);
    expect(selected).toHaveBeenCalledTimes(1);
    expect(selected).toHaveBeenCalledWith(model, 3);
    expect(model.get("selected")).toBe(3);
    // An equal but new object is a change (===, not a deep compare).
    model.set("feedback", { key: "status.removed" });
    expect(fed).toHaveBeenCalledTimes(1);
    // Only the listeners of that trait run.
    expect(selected).toHaveBeenCalledTimes(1);
  });

  it("removes one listener with off(event, cb), all of an event with off(event)", () => {
    const model = pageModel({ selected: null });
    const a = vi.fn();
    const b = vi.fn();
    model.on("change:selected", a);
    model.on("change:selected", b);
    model.off("change:selected", a);
    model.set("selected", 1);
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledTimes(1);
    model.off("change:selected");
    model.set("selected", 2);
    expect(b).toHaveBeenCalledTimes(1);
    model.on("change:selected", a);
    model.off();
    model.set("selected", 3);
    expect(a).not.toHaveBeenCalled();
  });

  it("save_changes and send do nothing", () => {
    const model = pageModel({ selected: 4 });
    const heard = vi.fn();
    model.on("change:selected", heard);
    expect(model.save_changes()).toBeUndefined();
    expect(model.send({ type: "anything" })).toBeUndefined();
    expect(heard).not.toHaveBeenCalled();
    expect(model.get("selected")).toBe(4);
  });
});

/** A board placeholder as mc_widget/export/page.py writes it (board_html). */
function placeholder(json) {
  const div = document.createElement("div");
  div.className = "mcw-page-board";
  div.setAttribute("data-mcw-board", "");
  if (json !== undefined) {
    const script = document.createElement("script");
    script.type = "application/json";
    script.textContent = json;
    div.append(script);
  }
  document.body.append(div);
  return div;
}

/** The German worked example's board model (tests/cases/german-worked-example.json). */
const german = () => ({
  state: newState({ layout: GERMAN.layout }),
  selected: null,
  feedback: {},
  clock: { start: null, stop: null },
  title: "The German example",
});

describe("drawing the boards of a page", () => {
  it("draws every good placeholder; a bad one shows a line of text", () => {
    const first = placeholder(JSON.stringify(german()));
    const broken = placeholder('{"state": ');
    const empty = placeholder();
    const notObject = placeholder("42");
    const last = placeholder(JSON.stringify({ ...german(), title: "Again" }));
    expect(drawBoards(widget, document, BAD)).toBe(2);
    for (const good of [first, last]) {
      expect(good.querySelectorAll(".mcw")).toHaveLength(1);
      expect(good.querySelectorAll("[data-cell]")).toHaveLength(25);
    }
    expect(first.textContent).toContain("The German example");
    expect(last.textContent).toContain("Again");
    for (const bad of [broken, empty, notObject]) {
      expect(bad.querySelector(".mcw")).toBeNull();
      expect(bad.textContent).toBe(BAD);
      expect(bad.children).toHaveLength(1);
      expect(bad.firstElementChild.tagName).toBe("P");
    }
  });

  it("plays on the page model: a pair removed, with no kernel", async () => {
    const board = placeholder(JSON.stringify(german()));
    drawBoards(widget, document, BAD);
    const cell = (i) => board.querySelector(`[data-cell="${i}"]`);
    // DESIGN.md: a card in a cell has data-card.
    const card = (i) => cell(i).querySelector("[data-card]")?.getAttribute("data-card") ?? null;
    expect([card(2), card(8)]).toEqual(["4C", "4H"]);
    // Cells 2 (4C) and 8 (4H) touch diagonally: a legal pair (the case file).
    cell(2).click();
    cell(8).click();
    await settled();
    expect(board.querySelector('[role="status"]').textContent).toMatch(/^Removed 4♣ and 4♥\. /);
    // The two cells hold no card now (DESIGN.md: a card in a cell has data-card).
    expect(card(2)).toBeNull();
    expect(card(8)).toBeNull();
    expect(card(3)).toBe("5D");
  });
});

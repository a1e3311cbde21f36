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
import { ESM_ID, drawBoards, keepThePage, pageModel, start } from "../../js/page.js";
import { GERMAN, settled } from "./widget-helpers.js";

const BAD = "This board cannot be drawn.";

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe("the page model", () => {
  it("gets the traits it was given, and undefined for others", () => {
    const model = pageModel({ title: "Deal 7", selected: null });
    expect(model.get("title")).toBe("Deal 7");
    expect(model.get("selected")).toBeNull();
    expect(model.get("caption")).toBeUndefined();
  });

  it("says it has no kernel, so the board shows Review unavailable", () => {
    expect(pageModel({}).noKernel).toBe(true);
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

  it("save_changes does nothing and send throws: there is no kernel", () => {
    const model = pageModel({ selected: 4 });
    const heard = vi.fn();
    model.on("change:selected", heard);
    expect(model.save_changes()).toBeUndefined();
    expect(() => model.send({ type: "review" })).toThrow(/no kernel/);
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
    vi.spyOn(console, "error").mockImplementation(() => {});
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
    expect(console.error).toHaveBeenCalledTimes(3); // one reason per bad placeholder
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

  it("refuses JSON that is not an object of traits with a state object", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const before = placeholder(JSON.stringify(german()));
    // Each parses, but none is a board model: a list, no state, a state
    // that is a number, a list or null.
    const bad = ["[]", "{}", '{"state": 5}', '{"state": []}', '{"state": null}'].map(placeholder);
    const after = placeholder(JSON.stringify(german()));
    expect(drawBoards(widget, document, BAD)).toBe(2);
    for (const good of [before, after]) {
      expect(good.querySelectorAll("[data-cell]")).toHaveLength(25);
    }
    for (const div of bad) {
      expect(div.querySelector(".mcw")).toBeNull();
      expect(div.textContent).toBe(BAD);
      expect(div.children).toHaveLength(1);
    }
    expect(console.error).toHaveBeenCalledTimes(5);
  });

  it("shows the bad-board line where render throws; the other boards still draw", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const first = placeholder(JSON.stringify(german()));
    const second = placeholder(JSON.stringify({ ...german(), title: "Second" }));
    const third = placeholder(JSON.stringify({ ...german(), title: "Third" }));
    // A render that draws part of a board, then fails, on the second board.
    const failing = {
      render(context) {
        if (context.model.get("title") !== "Second") return widget.render(context);
        context.el.textContent = "half a board";
        throw new TypeError("Cannot destructure property 'rules'");
      },
    };
    expect(drawBoards(failing, document, BAD)).toBe(2);
    expect(first.querySelectorAll("[data-cell]")).toHaveLength(25);
    expect(third.textContent).toContain("Third");
    expect(second.textContent).toBe(BAD); // neither the half board nor the raw error
    expect(second.children).toHaveLength(1);
    expect(second.firstElementChild.tagName).toBe("P");
    expect(console.error).toHaveBeenCalledTimes(1); // the reason, for the page's author
  });
});

describe("starting a page", () => {
  it("shows the bad-board line in every placeholder when the bundle cannot be imported", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const esm = document.createElement("script");
    esm.type = "text/plain";
    esm.id = ESM_ID;
    esm.dataset.badBoard = BAD;
    esm.textContent = "export default {};";
    document.body.append(esm);
    const boards = [placeholder(JSON.stringify(german())), placeholder(JSON.stringify(german()))];
    // The page's blob: import refused (a strict Content-Security-Policy, say).
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:refused");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    await expect(start(document)).resolves.toBe(0);
    for (const board of boards) {
      expect(board.textContent).toBe(BAD);
      expect(board.children).toHaveLength(1);
    }
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:refused");
    expect(console.error).toHaveBeenCalled();
  });
});

describe("a link the reader follows (issue 17: nothing navigates the page away)", () => {
  /** A page with `html` in its body; `open` records what the page asked to open. */
  const pageWith = (html) => {
    const doc = document.implementation.createHTMLDocument("lesson");
    doc.body.innerHTML = html;
    const opened = [];
    Object.defineProperty(doc, "defaultView", {
      value: { open: (...args) => opened.push(args) },
    });
    keepThePage(doc);
    return { doc, opened };
  };
  const click = (doc, selector) => {
    const event = new MouseEvent("click", { bubbles: true, cancelable: true });
    doc.querySelector(selector).dispatchEvent(event);
    return event;
  };

  it("opens a link out of the page in a new tab, with no opener", () => {
    const { doc, opened } = pageWith(
      '<p><a id="out" href="https://example.org/x"><b>out</b></a></p>',
    );
    const event = new MouseEvent("click", { bubbles: true, cancelable: true });
    doc.querySelector("#out b").dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(opened).toEqual([["https://example.org/x", "_blank", "noopener,noreferrer"]]);
  });

  it("lets a link to a heading of the page move within it", () => {
    const { doc, opened } = pageWith('<a id="here" href="#Section-2">¶</a>');
    expect(click(doc, "#here").defaultPrevented).toBe(false);
    expect(opened).toEqual([]);
  });

  it("opens nothing for a link of another scheme", () => {
    const { doc, opened } = pageWith('<a id="js" href="javascript:void 0">x</a>');
    expect(click(doc, "#js").defaultPrevented).toBe(true);
    expect(opened).toEqual([]);
  });
});

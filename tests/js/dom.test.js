// @vitest-environment jsdom
/**
 * js/view/dom.js: h() makes an element with attributes and content. The
 * content is appended in order as nodes and text nodes, never parsed as
 * markup; null, undefined and "" add nothing; false attributes are left out.
 * The classes come with the tag, as in a CSS selector ("span.mcw-rank").
 */
import { describe, expect, it } from "vitest";
import { cardElement, drawFace } from "../../js/view/card.js";
import { control, h, listen, svg } from "../../js/view/dom.js";

describe("h", () => {
  it("appends elements and texts in order", () => {
    const el = h("div", { class: "a" }, h("span", {}, "one"), "two", h("b"));
    expect(el.outerHTML).toBe('<div class="a"><span>one</span>two<b></b></div>');
  });

  it("takes the classes after the tag's dots", () => {
    expect(h("span.mcw-rank").outerHTML).toBe('<span class="mcw-rank"></span>');
    const el = h("div.mcw-pile.mcw-stock", { role: "img" }, "x");
    expect(el.outerHTML).toBe('<div class="mcw-pile mcw-stock" role="img">x</div>');
    expect(control("button.mcw-btn").outerHTML).toBe(
      '<button class="mcw-btn" type="button" data-lm-suppress-shortcuts=""></button>',
    );
    expect(control("input.mcw-deal-input").hasAttribute("type")).toBe(false);
  });

  it("never parses text as markup", () => {
    const el = h("p", {}, "<img src=x onerror=alert(1)>");
    expect(el.childElementCount).toBe(0);
    expect(el.textContent).toBe("<img src=x onerror=alert(1)>");
  });

  it("skips null, undefined and empty content, and false or null attributes", () => {
    const el = h("div", { hidden: true, "data-x": false, "data-y": null }, null, undefined, "");
    expect(el.childNodes.length).toBe(0);
    expect(el.outerHTML).toBe('<div hidden=""></div>');
  });

  it("control() passes its content on and marks the control", () => {
    const b = control("button", { class: "mcw-btn" }, h("span", {}, "Undo"));
    expect(b.outerHTML).toBe(
      '<button type="button" class="mcw-btn" data-lm-suppress-shortcuts=""><span>Undo</span></button>',
    );
  });

  it("svg() makes an SVG element with its attributes", () => {
    const line = svg("line", { class: "mcw-link", x1: 0.5, "data-link": "pair" });
    expect(line.namespaceURI).toBe("http://www.w3.org/2000/svg");
    expect(line.getAttribute("class")).toBe("mcw-link");
    expect(line.getAttribute("x1")).toBe("0.5");
  });

  it("listen() returns what removes the listener", () => {
    const el = h("div");
    let clicks = 0;
    const off = listen(el, "click", () => clicks++);
    el.click();
    off();
    el.click();
    expect(clicks).toBe(1);
  });
});

describe("cardElement and drawFace", () => {
  it("draw a face's rank, suit and colour, and empty it again", () => {
    const el = cardElement("div.mcw-card", { "data-card": "7H" }, { rank: "7", suit: "♥" });
    expect(el.outerHTML).toBe(
      '<div class="mcw-card" data-card="7H"><span class="mcw-rank">7</span><span class="mcw-suit">♥</span></div>',
    );
    drawFace(el, { rank: "10", suit: "♦", red: true });
    expect([el.firstChild.textContent, el.lastChild.textContent]).toEqual(["10", "♦"]);
    expect(el.hasAttribute("data-red")).toBe(true);
    drawFace(el, null);
    expect(el.textContent).toBe("");
    expect(el.hasAttribute("data-red")).toBe(false);
  });
});

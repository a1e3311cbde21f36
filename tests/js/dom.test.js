// @vitest-environment jsdom
/**
 * js/view/dom.js: h() makes an element with attributes and content. The
 * content is appended in order as nodes and text nodes, never parsed as
 * markup; null, undefined and "" add nothing; false attributes are left out.
 * The classes come with the tag, as in a CSS selector ("span.mcw-rank").
 */
import { describe, expect, it } from "vitest";
import { control, h } from "../../js/view/dom.js";

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
});

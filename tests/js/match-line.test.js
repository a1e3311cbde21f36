// @vitest-environment jsdom
// A match on a board (docs/sessions.md): Python's score line (`match_line`) is
// shown in the header as text, and a board without a match looks as before.
import { expect, it } from "vitest";
import { presentHeader } from "../../js/present/teaching.js";
import { createHeader } from "../../js/view/header.js";

it("presents the match line with the title and caption", () => {
  expect(presentHeader({ title: "", caption: "", match_line: "" })).toEqual({
    title: "",
    caption: "",
    match: "",
    shown: false,
  });
  expect(presentHeader({ match_line: " 3–1, first to 10 " })).toEqual({
    title: "",
    caption: "",
    match: "3–1, first to 10",
    shown: true,
  });
  expect(presentHeader({ match_line: 7 }).shown).toBe(false);
});

it("draws it as text under the caption", () => {
  const header = createHeader();
  header.update({
    header: presentHeader({ title: "Deal 7", match_line: "<b>1–0</b>, first to 3" }),
  });
  const line = header.el.querySelector(".mcw-match");
  expect(line.textContent).toBe("<b>1–0</b>, first to 3");
  expect(line.hidden).toBe(false);
  expect(header.el.querySelector("b")).toBeNull();
  header.update({ header: presentHeader({ title: "Deal 7" }) });
  expect(line.hidden).toBe(true);
});

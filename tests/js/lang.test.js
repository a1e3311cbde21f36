// @vitest-environment jsdom
/**
 * The board in another language (docs/i18n.md, section 2), through the
 * anywidget entry with a fake model. The catalogue comes with the model
 * (`_messages`), as Python sends it; expected texts are the German and French
 * catalogues' templates filled in by hand, never the code's own output.
 */
import { afterEach, describe, expect, it } from "vitest";
import de from "../../mc_widget/messages/de.json";
import fr from "../../mc_widget/messages/fr.json";
import { newState } from "../../js/engine/index.js";
import { GERMAN, fakeModel, mountEach, settled } from "./widget-helpers.js";

const open = mountEach();
afterEach(() => {
  document.documentElement.lang = "";
});

const german = () => newState({ layout: GERMAN.layout });
const DE = { lang: "de", messages: de };

describe("a board in German", () => {
  it("labels its buttons, piles and cells in German, and shows German letters", () => {
    const v = open(fakeModel({ state: german(), lang: "de", _messages: DE }));
    expect(v.q(".mcw").getAttribute("lang")).toBe("de");
    expect(v.button("undo").querySelector(".mcw-btn-label").textContent).toBe("Rückgängig");
    expect(v.button("hint").querySelector(".mcw-btn-label").textContent).toBe(de["ui.button-hint"]);
    // The stock under its pile: 27 cards, de.json count.cards.other "{count} Karten".
    expect(v.el.textContent).toContain("27 Karten");
    // Cell 1 holds KH: the king shows K (de letter.K), cell 12 QH shows D (letter.Q).
    expect(v.q('[data-card="QH"]').textContent).toBe("D♥");
    // aria.cell-card "{symbol}, {card}, {place}", card.name "{suit}-{rank}", cell.place.
    expect(v.cell(12).getAttribute("aria-label")).toBe("D♥, Herz-Dame, Reihe 3, Spalte 3");
  });

  it("shows the same key hints as in English: a shortcut is the same key in every language", () => {
    const v = open(fakeModel({ state: german(), lang: "de", _messages: DE }));
    const hints = [...v.el.querySelectorAll("kbd.mcw-key")].map((k) => k.textContent);
    // The lessons say "press H", "Shift+U" (notebooks/, docs/i18n.md), by hand.
    expect(hints).toEqual(["C", "Shift+C", "R", "Shift+R", "U", "Shift+U", "H", "N"]);
  });

  it("says a pair it removes in German", async () => {
    const v = open(fakeModel({ state: german(), lang: "de", _messages: DE }));
    v.click(2);
    v.click(8);
    await settled();
    // de.json status.removed: "{a} und {b} abgeräumt."
    expect(v.status().startsWith("4♣ und 4♥ abgeräumt.")).toBe(true);
  });

  it("speaks French when the language changes, and keeps the game", async () => {
    const model = fakeModel({ state: german(), lang: "de", _messages: DE });
    const v = open(model);
    v.click(2);
    v.click(8);
    await settled();
    const state = model.get("state");
    model.set("lang", "fr");
    model.set("_messages", { lang: "fr", messages: fr });
    await settled();
    expect(model.get("state")).toBe(state);
    expect(v.q(".mcw").getAttribute("lang")).toBe("fr");
    expect(v.button("undo").querySelector(".mcw-btn-label").textContent).toBe("Annuler");
    // The same feedback said again: fr.json status.removed with 4♣ and 4♥.
    const removed = fr["status.removed"].replace("{a}", "4♣").replace("{b}", "4♥");
    expect(v.status().startsWith(removed)).toBe(true);
    expect(v.q('[data-card="QH"]').textContent).toBe("D♥"); // French dame: D
    expect(v.q('[data-card="KH"]').textContent).toBe("R♥"); // French roi: R
    // Back to English: {} (Python's value for English).
    model.set("lang", "en");
    model.set("_messages", {});
    await settled();
    expect(v.button("undo").querySelector(".mcw-btn-label").textContent).toBe("Undo");
    expect(v.status().startsWith("Removed 4♣ and 4♥.")).toBe(true);
    expect(v.q('[data-card="KH"]').textContent).toBe("K♥");
  });
});

describe("the notebook's language", () => {
  it("asks Python for the page's language when lang is None", () => {
    document.documentElement.lang = "de-DE";
    const model = fakeModel({ state: german(), lang: null, _messages: {} });
    open(model);
    expect(model.send).toHaveBeenCalledWith({ type: "lang", lang: "de" });
  });

  it("asks nothing for English, for a language with no catalogue, or when lang is set", () => {
    for (const [page, lang] of [
      ["en-GB", null],
      ["pt-BR", null],
      ["de", "fr"],
    ]) {
      document.documentElement.lang = page;
      const model = fakeModel({ state: german(), lang, _messages: {} });
      open(model);
      const asked = model.send.mock.calls.filter(([m]) => m.type === "lang");
      // pt has no catalogue: the browser's languages come next (jsdom: en-US).
      expect(asked, `${page} ${lang}`).toEqual([]);
    }
  });
});

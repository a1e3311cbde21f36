/**
 * "Copy record": the record JSON (Python's `PracticeSession.record()`, here
 * the JS session's after replaying) to the clipboard. Clipboard access is
 * refused in some hosts and on file://, so when it fails (or is missing) the
 * record is shown in a read-only text area, selected, to copy by hand.
 * @module practice-view/record
 */
import { h } from "../view/dom.js";

/**
 * Copy `text`; on refusal show it in `box` (a read-only textarea, selected).
 * @param {string} text
 * @param {HTMLElement} box  where the fallback goes (emptied first)
 * @param {{writeText?: function(string): Promise}|undefined} clipboard
 * @param {string} label  the text area's accessible name
 * @returns {Promise<boolean>} true when the clipboard took it
 */
export const copyRecord = async (text, box, clipboard, label) => {
  box.replaceChildren();
  try {
    if (!clipboard?.writeText) throw new Error("no clipboard");
    await clipboard.writeText(text);
    return true;
  } catch {
    const area = h("textarea.mcw-practice-record", {
      readonly: true,
      rows: "4",
      "aria-label": label,
      "data-practice-record": "",
    });
    area.value = text;
    box.append(area);
    area.focus();
    area.select();
    return false;
  }
};

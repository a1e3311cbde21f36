/**
 * Shared by the practice board's tests: the texts Python gives a board (the
 * catalogue keys mc_widget/messages/practice-keys.json lists, in English) and
 * a fake anywidget model.
 */
import en from "../../mc_widget/messages/en.json" with { type: "json" };
import keys from "../../mc_widget/messages/practice-keys.json" with { type: "json" };

const listed = (key) => keys.some((p) => (/[.-]$/.test(p) ? key.startsWith(p) : key === p));
/** What Python puts in `texts`: the catalogue keys practice-keys.json lists. */
export const TEXTS = Object.fromEntries(Object.entries(en).filter(([k]) => listed(k)));

export const fakeModel = (values) => {
  const listeners = {};
  return {
    values,
    saved: 0,
    get: (k) => values[k],
    set(k, v) {
      values[k] = v;
      for (const f of listeners[`change:${k}`] ?? []) f();
    },
    on: (e, f) => (listeners[e] ??= []).push(f),
    off: (e, f) => (listeners[e] = (listeners[e] ?? []).filter((g) => g !== f)),
    save_changes() {
      this.saved += 1;
    },
  };
};

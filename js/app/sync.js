/**
 * The board's half of the move protocol (docs/architecture.md, "The widget
 * (sync)"). Why: a board that sent its whole `state` overwrote a move Python
 * had made meanwhile. So each move goes as one `commit` message, and until
 * Python acks it the board shows Python's state with its own moves applied
 * again (`shown`). One sync per model, so two views share its moves; with no
 * kernel the moves stay local and the board says so once (`line`).
 * @module app/sync
 */
import { apply, walkTo } from "../engine/index.js";

/** One sync per model. */
const syncs = new WeakMap();

/** After this long with a move not acked, the board says it is waiting (ms). */
const WAIT = 3000;
/** The redraw that shows it comes a little later, whatever the timer's rounding (ms). */
const LATE = WAIT + 100;

/**
 * The sync of `model`, made on the first call with that call's clock (the
 * first view's; tests inject theirs).
 * @param {Object} model  the anywidget model: get, set, on, send
 * @param {{now: function(): number, timers: {set: Function, clear: Function}}} clock
 * @returns {{shown: function(): Object, commit: Function, trait: function(string): *,
 *   watch: function(Function): function(): void, line: function(): (string|null)}}
 */
export const syncOf = (model, clock) => {
  if (syncs.has(model)) return syncs.get(model);
  const { now, timers } = clock;
  // This page's id among the kernel's clients: 128 random bits as 16 to 48 digits.
  const client = crypto.getRandomValues(new Uint8Array(16)).join("");
  let seq = 0;
  /**
   * Commits sent, not yet acked: `{seq, action, traits, at, held}`, oldest
   * first; `held`: a pair's two cards when the learner made it (`cardsAt`).
   * A new list on every change, so `shown` knows it from the one it used.
   */
  let pending = [];
  let offline = false;
  // What `shown` last made (`made`), from Python's state `base` and the list `seen`.
  let base, seen, made;
  /** Each view's redraw (a controller's `changed`). */
  const views = new Set();
  const redraw = () => views.forEach((f) => f());
  /** The cards in a pair's cells in `s`, as one string (the same for an action with none). */
  const cardsAt = (s, action) => `${action?.cells?.map((c) => s.tableau[c])}`;

  /**
   * Python's state with every pending action applied again, in order; one the
   * engine now refuses is skipped (Python's refusal of it is on its way), and
   * so is a pair whose cells no longer hold the cards the learner picked (a
   * new deal, an undo by Python): the same cells may pair other cards.
   * Made again only when Python's state or the pending list changed.
   * @returns {Object} the state the board shows
   */
  const shown = () => {
    if (base !== model.get("state") || seen !== pending) {
      made = base = model.get("state");
      seen = pending;
      for (const { action, held } of pending) {
        try {
          if (action && held === cardsAt(made, action)) {
            made = action.type === "walk_to" ? walkTo(made, action.k) : apply(made, action);
          }
        } catch {}
      }
    }
    return made;
  };

  /**
   * Commit one change made on the board: the traits are set on the model
   * (this page's; the one `save_changes`, of `_seen`, carries them too, and
   * Python ignores them there: they came with the commit), the move is sent
   * to Python, and every view of the model redraws.
   * @param {Object|null} action  the engine action that made `next` from
   *   `shown()`, or `{type: "walk_to", k}`; null when only traits change
   * @param {Object|null} next  the state it made
   * @param {Object} traits  e.g. `{selected, feedback, clock}`
   */
  const commit = (action, next, traits) => {
    for (const [key, value] of Object.entries(traits)) model.set(key, value);
    if (!offline) {
      const held = cardsAt(shown(), action);
      pending = [...pending, { seq: ++seq, action, traits, at: now(), held }];
      try {
        // The revision the board was built on: Python's, whatever is pending.
        const revision = model.get("_sync")?.revision ?? 0;
        model.send({ type: "commit", client, seq, base: revision, action, traits });
        // Still not acked by then: the quiet line says so (`line`).
        if (pending.length) timers.set(redraw, LATE);
      } catch {
        // No kernel (an exported page, MyST): from now on the board plays
        // alone, from the state shown (with every move not acked in it).
        offline = true;
        next = shown();
        pending = [];
      }
    }
    if (offline && next) model.set("state", next);
    redraw();
  };

  // Python has processed our commits up to `acks[client]`: its state holds them now.
  model.on("change:_sync", () => {
    const sync = model.get("_sync");
    const acked = sync?.acks?.[client] ?? 0;
    if (pending.some((c) => c.seq <= acked)) {
      // Say so as a trait change too: a host that re-runs what depends on the
      // board only then (marimo's cells on `w.value`) sees the move Python took.
      try {
        // A new value every time, so the save always carries it (an unchanged
        // trait is not sent, and Python reads a save with `_seen` for it alone).
        model.set("_seen", (model.get("_seen") ?? 0) + 1);
        model.save_changes();
      } catch {}
    }
    pending = pending.filter((c) => c.seq > acked);
    redraw();
  });

  // A move of ours Python refused: gone from the board at once (not at the
  // ack after), and its words, on this board only.
  model.on("msg:custom", (msg) => {
    if (msg.type !== "refused" || msg.client !== client) return;
    pending = pending.filter((c) => c.seq !== msg.seq);
    model.set("feedback", msg.feedback);
    redraw();
  });

  const sync = {
    shown,
    commit,
    /**
     * A trait as the board has it: the value the latest pending commit gave
     * it, else Python's (`model.get`). Python echoes each commit's traits when
     * it takes it, so an echo of an older commit must not undo a newer one.
     * @param {string} name  e.g. `"selected"`
     */
    trait: (name) => {
      let value = model.get(name);
      for (const { traits } of pending) if (Object.hasOwn(traits, name)) value = traits[name];
      return value;
    },
    /** Redraw with `f` when the moves shown change; returns the unwatch. */
    watch: (f) => (views.add(f), () => views.delete(f)),
    /**
     * @returns {string|null} the catalogue key of the quiet line: `sync.offline`, or
     *   `sync.waiting` while the oldest commit not acked is `WAIT` ms old; null when all is saved
     */
    line: () =>
      offline
        ? "sync.offline"
        : pending.length && now() - pending[0].at >= WAIT
          ? "sync.waiting"
          : null,
  };
  syncs.set(model, sync);
  return sync;
};

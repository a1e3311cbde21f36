// @vitest-environment jsdom
/**
 * The board's light or dark plain colours (js/view/scheme.js): the host's
 * declared `color-scheme` first (marimo declares `dark` or `light` and has no
 * --jp-* variables), the system's `prefers-color-scheme` only when the host
 * declares no single one, followed live, listeners gone on destroy; and the
 * stylesheet's dark fallbacks hang on `data-scheme`, not on the media query.
 * jsdom has no matchMedia: each test that needs one installs a stand-in.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { newState } from "../../js/engine/index.js";
import widget from "../../js/widget.js";
import { stylesheet } from "./helpers.js";
import { GERMAN, fakeModel } from "./widget-helpers.js";

const CSS = stylesheet();

/** A stand-in for `matchMedia("(prefers-color-scheme: dark)")`; `flip` changes it. */
function systemScheme(dark) {
  const listeners = new Set();
  const media = {
    matches: dark,
    addEventListener: (type, f) => type === "change" && listeners.add(f),
    removeEventListener: (type, f) => type === "change" && listeners.delete(f),
    flip(next) {
      media.matches = next;
      for (const f of [...listeners]) f({ matches: next });
    },
    listeners,
  };
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query) => {
      expect(query).toBe("(prefers-color-scheme: dark)");
      return media;
    }),
  );
  return media;
}

const opened = [];
/** A board in a host element whose parent declares `style` (e.g. `color-scheme: dark`). */
function board(style = "") {
  const page = document.createElement("div");
  page.setAttribute("style", style);
  const el = document.createElement("div");
  page.append(el);
  document.body.append(page);
  const cleanup = widget.render({
    model: fakeModel({ state: newState({ layout: GERMAN.layout }) }),
    el,
  });
  const view = { page, el, cleanup, root: el.querySelector(".mcw") };
  opened.push(view);
  return view;
}
const scheme = (view) => view.root.getAttribute("data-scheme");
/** MutationObserver callbacks run in a microtask after the change. */
const mutationsDelivered = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  for (const v of opened.splice(0)) {
    v.cleanup();
    v.page.remove();
  }
  document.body.removeAttribute("style");
  document.body.removeAttribute("class");
  vi.unstubAllGlobals();
});

describe("the host's declared colour scheme", () => {
  it("dark on a host that declares dark, though the system is light", () => {
    systemScheme(false);
    expect(scheme(board("color-scheme: dark"))).toBe("dark");
  });

  it("light on a host that declares light, though the system is dark (marimo's light theme)", () => {
    systemScheme(true);
    expect(scheme(board("color-scheme: light"))).toBe("light");
  });

  it("only dark counts as dark", () => {
    systemScheme(false);
    expect(scheme(board("color-scheme: only dark"))).toBe("dark");
  });

  it("dark without any matchMedia (jsdom's own window) when the host declares it", () => {
    expect(window.matchMedia).toBeUndefined();
    expect(scheme(board("color-scheme: dark"))).toBe("dark");
  });
});

describe("no single scheme declared: the system's", () => {
  it.each([
    ["nothing declared", "", true, "dark"],
    ["nothing declared", "", false, "light"],
    ["normal", "color-scheme: normal", true, "dark"],
    ["both light and dark", "color-scheme: light dark", true, "dark"],
    ["both light and dark", "color-scheme: light dark", false, "light"],
  ])("%s (%s), system dark %s: %s", (_, style, dark, expected) => {
    systemScheme(dark);
    expect(scheme(board(style))).toBe(expected);
  });

  it("light with no matchMedia at all", () => {
    expect(scheme(board())).toBe("light");
  });
});

describe("followed live", () => {
  it("a change of the system's scheme redraws a board that follows it", () => {
    const media = systemScheme(false);
    const view = board();
    expect(scheme(view)).toBe("light");
    media.flip(true);
    expect(scheme(view)).toBe("dark");
    media.flip(false);
    expect(scheme(view)).toBe("light");
  });

  it("a system change does not override a host that declares its scheme", () => {
    const media = systemScheme(false);
    const view = board("color-scheme: light");
    media.flip(true);
    expect(scheme(view)).toBe("light");
  });

  it("a theme switch on <body> (marimo sets its class and color-scheme) is followed", async () => {
    systemScheme(false);
    const view = board();
    expect(scheme(view)).toBe("light");
    document.body.setAttribute("style", "color-scheme: dark");
    document.body.className = "dark dark-theme";
    await mutationsDelivered();
    expect(scheme(view)).toBe("dark");
    document.body.setAttribute("style", "color-scheme: light");
    document.body.className = "light light-theme";
    await mutationsDelivered();
    expect(scheme(view)).toBe("light");
  });

  it("a theme switch on <html> is followed", async () => {
    systemScheme(true);
    const view = board();
    expect(scheme(view)).toBe("dark");
    document.documentElement.setAttribute("style", "color-scheme: light");
    try {
      await mutationsDelivered();
      expect(scheme(view)).toBe("light");
    } finally {
      document.documentElement.removeAttribute("style");
    }
  });

  it("another attribute of <body> (JupyterLab sets many) does not check again; data-theme does", async () => {
    systemScheme(false);
    const view = board();
    // A check would set "light" again (the system's, nothing declared).
    view.root.setAttribute("data-scheme", "untouched");
    try {
      document.body.setAttribute("data-jp-theme-light", "false");
      document.body.setAttribute("aria-busy", "true");
      await mutationsDelivered();
      expect(scheme(view)).toBe("untouched");
      document.body.setAttribute("data-theme", "dark");
      await mutationsDelivered();
      expect(scheme(view)).toBe("light");
    } finally {
      for (const name of ["data-jp-theme-light", "aria-busy", "data-theme"]) {
        document.body.removeAttribute(name);
      }
    }
  });
});

describe("destroy", () => {
  it("removes the system listener of every board", () => {
    const media = systemScheme(false);
    const one = board();
    const two = board();
    expect(media.listeners.size).toBe(2);
    one.cleanup();
    expect(media.listeners.size).toBe(1);
    two.cleanup();
    expect(media.listeners.size).toBe(0);
    opened.splice(0);
  });

  it("stops watching the page: a destroyed board's root is not touched again", async () => {
    systemScheme(false);
    const view = board();
    const root = view.root;
    view.cleanup();
    opened.splice(0);
    expect(root.isConnected).toBe(false);
    // A check still listening would set "light" or "dark" again.
    root.setAttribute("data-scheme", "untouched");
    document.body.setAttribute("style", "color-scheme: dark");
    await mutationsDelivered();
    expect(root.getAttribute("data-scheme")).toBe("untouched");
    view.page.remove();
  });
});

describe("js/widget.css (js/styles/)", () => {
  const noComments = CSS.replace(/\/\*[\s\S]*?\*\//g, "");

  it("hangs the dark fallbacks on data-scheme, never on the system's media query", () => {
    expect(noComments).not.toMatch(/prefers-color-scheme/);
    const dark = noComments.match(/&\[data-scheme="dark"\]\s*\{([^}]*)\}/);
    expect(dark).not.toBeNull();
    // the dark page colour of the plain fallbacks (js/styles/root.css, the same as mc_widget/export/page.css)
    expect(dark[1]).toMatch(/--plain-bg:\s*#1e1f21;/);
    expect(dark[1]).toMatch(/--plain-fg:\s*#e8eaed;/);
  });

  it("sets no color-scheme itself: the root's computed one must stay the host's", () => {
    expect(noComments).not.toMatch(/(^|[;{\s])color-scheme\s*:/);
  });
});

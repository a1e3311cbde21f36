/**
 * Light or dark for the board's plain colours (js/styles/root.css, used where a
 * host has no JupyterLab or VS Code variables): the host's own declared
 * colour scheme first, the system's only when the host declares none. marimo
 * declares `color-scheme: dark` (or `light`) on its page and its dark theme
 * has no `--jp-*` variables; following only `prefers-color-scheme` painted a
 * dark board on marimo's white page and a light one on its dark page
 * (issue 6, docs/hosts.md). marimo switches themes live, so the choice is
 * made again when the page's attributes or the system's scheme change.
 * @module view/scheme
 */
import { attr } from "./dom.js";

/**
 * Keep `data-scheme="dark"|"light"` on `root` up to date, from the root's
 * computed `color-scheme`: js/styles/ sets none on `.mcw`, so it is the
 * one the host declares, inherited (plain pages, Voilà and JupyterLab usually
 * leave it `normal`). Dark when it names `dark` and not `light`, light when
 * it names `light` and not `dark` (`only dark` is dark; `light dark` and
 * `normal` make no choice), else the system's `prefers-color-scheme` (a host
 * without `matchMedia`, like jsdom, counts as light). Set now, and again
 * when the system's scheme changes or the `class`, `style` or `data-theme`
 * of `<html>` or `<body>` changes (marimo switches themes live through
 * them); other attributes are not watched (JupyterLab changes its body's
 * often, and each check costs a style lookup per board).
 * @param {HTMLElement} root  the board's `.mcw` element, already in its host
 * @returns {function(): void} removes both listeners (the view's destroy)
 */
export const followScheme = (root) => {
  const media = window.matchMedia?.("(prefers-color-scheme: dark)");
  const check = () => {
    const declared = getComputedStyle(root).colorScheme;
    const dark = /dark/.test(declared);
    // Both or neither named: the system decides.
    const shown = dark === /light/.test(declared) ? media?.matches : dark;
    attr(root, "data-scheme", shown ? "dark" : "light");
  };
  const watch = new MutationObserver(check);
  for (const el of [document.documentElement, document.body]) {
    watch.observe(el, { attributeFilter: ["class", "style", "data-theme"] });
  }
  media?.addEventListener("change", check);
  check();
  return () => {
    watch.disconnect();
    media?.removeEventListener("change", check);
  };
};

/**
 * The reader's zoom (issue 28): the toolbar's buttons (44 px touch targets) and
 * the keys + (or =), − (or -) and 0 (the page's own size), anywhere on the page
 * but in a text field; with Ctrl or ⌘ the keys are left to the browser's own zoom.
 */
import type { Viewport } from "./viewport.js";

const STEP = 1.25;

export function toolbar(viewport: Viewport): void {
  const bar = document.createElement("div");
  bar.className = "tv-toolbar";
  bar.setAttribute("role", "toolbar");
  bar.setAttribute("aria-label", "Zoom (keys: + − 0)");
  const button = (label: string, title: string, keys: string, act: () => void) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.title = keys === "" ? title : `${title} (${keys})`;
    b.setAttribute("aria-label", title);
    if (keys !== "") b.setAttribute("aria-keyshortcuts", keys);
    b.addEventListener("click", act);
    bar.append(b);
  };
  const zoomOut = () => viewport.zoom(viewport.scale / STEP);
  const zoomIn = () => viewport.zoom(viewport.scale * STEP);
  const natural = () => viewport.reset();
  button("−", "Zoom out", "-", zoomOut);
  button("Fit", "Fit the width", "", () => viewport.fitWidth());
  button("Reset", "Reset zoom", "0", natural);
  button("+", "Zoom in", "+", zoomIn);
  document.querySelector(".tv-header")?.append(bar);
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target as HTMLElement | null;
    if (target?.closest("input, textarea, select, [contenteditable]")) return;
    const act = { "+": zoomIn, "=": zoomIn, "-": zoomOut, "−": zoomOut, "0": natural }[e.key];
    if (act === undefined) return;
    e.preventDefault();
    act();
  });
}

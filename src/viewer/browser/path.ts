/**
 * A participant's path through the bracket (issue 28, as brackets-viewer.js does):
 * pointing at a player (a row of a match, or of standings) marks every match they
 * played; focusing a match box marks its players' paths. Classes only: tv-on-path on
 * the player's rows, tv-path-match on their matches.
 */
function mark(root: HTMLElement, ids: readonly string[]): void {
  for (const e of root.querySelectorAll(".tv-on-path, .tv-path-match"))
    e.classList.remove("tv-on-path", "tv-path-match");
  for (const id of ids)
    for (const row of root.querySelectorAll<HTMLElement>(
      `[data-participant="${CSS.escape(id)}"]`,
    )) {
      row.classList.add("tv-on-path");
      row.closest(".tv-match")?.classList.add("tv-path-match");
    }
  if (ids.length === 0) delete root.dataset.path;
  else root.dataset.path = ids.join(" ");
}

/** Players' ids under `target`: the row pointed at, else every player of the match focused. */
function playersAt(target: EventTarget | null): string[] {
  if (!(target instanceof Element)) return [];
  const row = target.closest<HTMLElement>("[data-participant]");
  if (row !== null) return [row.dataset.participant!];
  const box = target.closest(".tv-match");
  return box === null
    ? []
    : [...box.querySelectorAll<HTMLElement>("[data-participant]")].map(
        (r) => r.dataset.participant!,
      );
}

export function followPaths(root: HTMLElement): void {
  root.addEventListener("mouseover", (e) => mark(root, playersAt(e.target)));
  root.addEventListener("mouseleave", () => mark(root, []));
  root.addEventListener("focusin", (e) => mark(root, playersAt(e.target)));
  root.addEventListener("focusout", () => mark(root, []));
}

/** Marks the path pointed at again, after boxes were made anew (draw.ts's patch). */
export function remark(root: HTMLElement): void {
  const ids = root.dataset.path;
  if (ids !== undefined) mark(root, ids.split(" "));
}

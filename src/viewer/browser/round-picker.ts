/**
 * The round a large stage shows (docs/viewer.md: a round robin, swiss or free for all of
 * more than ROUND_VIEW_MATCHES matches is drawn a round at a time beside its standings):
 * previous and next buttons (44 px, as the zoom's) around a list of every round.
 */
import type { RoundPicker } from "../layout.js";

export type Pick = (stage: string, round: number) => void;

export function roundPicker(picker: RoundPicker, pick: Pick): HTMLElement {
  const bar = document.createElement("div");
  bar.className = "tv-picker";
  bar.dataset.stage = picker.stage;
  const at = picker.rounds.findIndex((r) => r.round === picker.shown);
  const button = (text: string, label: string, to: number) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.title = label;
    const round = picker.rounds[to]?.round;
    if (round === undefined) b.disabled = true;
    else b.addEventListener("click", () => pick(picker.stage, round));
    return b;
  };
  const select = document.createElement("select");
  select.className = "tv-picker-round";
  select.setAttribute("aria-label", "Round shown");
  for (const r of picker.rounds) {
    const option = document.createElement("option");
    option.value = String(r.round);
    option.textContent = r.title;
    option.selected = r.round === picker.shown;
    select.append(option);
  }
  select.addEventListener("change", () => pick(picker.stage, Number(select.value)));
  const note = document.createElement("span");
  note.className = "tv-picker-note";
  note.textContent = `of ${picker.rounds.length}`;
  bar.append(
    button("◀", "Previous round", at - 1),
    select,
    note,
    button("▶", "Next round", at + 1),
  );
  return bar;
}

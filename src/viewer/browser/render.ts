/**
 * The bracket as elements: each section (a group, the final stage), its parts
 * (match boxes at the layout's positions over an SVG of the lines between them,
 * or a standings table). Text goes in with textContent only: names, stations
 * and integration data are never parsed as HTML.
 */
import { originText, type Slot, type ViewMatch } from "../../bracket-model/data.js";
import type { Box, ByeBox, StandingsPart, StandingView } from "../layout.js";
import type { IntegrationEntry } from "../protocol.js";
import { matchName, type Place, stateText } from "./match-name.js";

export interface Settings {
  seeds: boolean;
  scores: boolean;
  compact: boolean;
}

export interface RenderContext {
  readonly settings: Settings;
  readonly seeds: ReadonlyMap<number, number>;
  readonly stations: ReadonlyMap<number, string>;
  readonly integration: ReadonlyMap<number, IntegrationEntry>;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = "",
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className !== "") e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * A participant's name: its text in a <bdi>, isolated from what stands around it. A name may
 * hold bidirectional controls (U+202E RIGHT-TO-LEFT OVERRIDE is no control character, and
 * is accepted); unclosed, it reversed the winner's " ✓" (the span's ::after) into the name:
 * "Evil✓ LTR" (a reviewer found it). The span keeps the class the styles and tests read.
 */
function nameEl<K extends "span" | "div">(tag: K, className: string, text: string) {
  const e = el(tag, className);
  e.append(el("bdi", "", text));
  return e;
}

/** The key a match is found by: its group ("" in the final stage) and identifier. */
export function matchKey(group: number | null, identifier: string): string {
  return `${group ?? ""}:${identifier}`;
}

function extras(ctx: RenderContext, id: number | null, into: HTMLElement): void {
  const entry = id === null ? undefined : ctx.integration.get(id);
  if (entry?.avatarUrl !== undefined) {
    const img = el("img", "tv-avatar");
    img.alt = "";
    img.referrerPolicy = "no-referrer";
    img.loading = "lazy";
    img.src = entry.avatarUrl;
    into.append(img);
  }
  if (entry?.country !== undefined) into.append(el("span", "tv-country", entry.country));
}

function slotRow(slot: Slot, match: ViewMatch, ctx: RenderContext): HTMLElement {
  const row = el("div", "tv-slot");
  row.setAttribute("aria-hidden", "true");
  // A free for all's advancing players who did not win (a second place, a shared first) go
  // on, marked apart: neither a win, as the standings count it, nor eliminated.
  if (slot.winner) row.classList.add("tv-winner");
  else if (slot.advancing === true) row.classList.add("tv-advancing");
  else if (slot.sharedFirst === true) row.classList.add("tv-shared-first");
  else if (match.state === "complete" && slot.id !== null && !match.tie)
    row.classList.add("tv-loser");
  if (slot.id === null) row.classList.add("tv-empty");
  else row.dataset.participant = String(slot.id);
  const seed = slot.id === null ? undefined : ctx.seeds.get(slot.id);
  if (ctx.settings.seeds && seed !== undefined) row.append(el("span", "tv-seed", String(seed)));
  extras(ctx, slot.id, row);
  // A slot still to be decided says whose it is ("Loser of C"), as brackets-viewer.js does.
  const waiting = slot.from === null ? "TBD" : originText(slot.from);
  const name = nameEl("span", "tv-name", slot.id === null ? waiting : slot.name);
  name.title = name.textContent ?? "";
  row.append(name);
  if (ctx.settings.scores) {
    const score = slot.rank !== null ? `#${slot.rank} ${slot.score}`.trim() : slot.score;
    row.append(el("span", "tv-score", score));
  }
  return row;
}

export function matchBox(box: Box, place: Place, ctx: RenderContext): HTMLElement {
  const m = box.match;
  const e = el("div", `tv-match tv-${m.state}`);
  if (m.underway && m.state === "open") e.classList.add("tv-underway");
  e.style.left = `${box.x}px`;
  e.style.top = `${box.y}px`;
  e.style.height = `${box.height}px`;
  e.dataset.identifier = m.identifier;
  e.dataset.matchId = String(m.id);
  if (m.group !== null) e.dataset.group = String(m.group);
  e.dataset.bracket = m.bracket;
  e.dataset.round = String(m.round);
  e.tabIndex = 0;
  e.setAttribute("role", "button");
  // The name comes from this text alone: what is drawn (identifier, seeds, marks) is hidden
  // from assistive technology, so the name is a sentence, not the drawing read cell by cell.
  e.append(el("span", "tv-sr", matchName(m, place)));
  const head = el("div", "tv-head");
  head.setAttribute("aria-hidden", "true");
  head.append(el("span", "tv-id", m.identifier));
  const station = ctx.stations.get(m.id);
  if (station !== undefined) head.append(el("span", "tv-station", station));
  head.append(el("span", "tv-state", stateText(m)));
  e.append(head);
  for (const slot of m.slots) e.append(slotRow(slot, m, ctx));
  return e;
}

/**
 * A player's bye in a round (swiss, free for all): a box like a match's, of one row, saying
 * "bye"; no match, so nothing to click or find. Its name: "Eve: bye in Round 1".
 */
export function byeBox(bye: ByeBox, round: string): HTMLElement {
  const e = el("div", "tv-bye");
  e.style.left = `${bye.x}px`;
  e.style.top = `${bye.y}px`;
  e.style.height = `${bye.height}px`;
  e.dataset.round = String(bye.round);
  e.append(el("span", "tv-sr", `${bye.name}: bye in ${round}`));
  const head = el("div", "tv-head");
  head.setAttribute("aria-hidden", "true");
  head.append(el("span", "tv-state", "bye"));
  const row = el("div", "tv-slot");
  row.setAttribute("aria-hidden", "true");
  row.dataset.participant = String(bye.participantId);
  const name = nameEl("span", "tv-name", bye.name);
  name.title = bye.name;
  row.append(name);
  e.append(head, row);
  return e;
}

/**
 * Printable area of a landscape page at 96 px to the inch, 10 mm margins: Letter's width
 * (the narrower of A4 and Letter) and A4's height (the shorter), less a heading's room.
 */
export const PRINT_PAGE = { width: 975, height: 660 };

/** The scale a drawing prints at: down to the page's width, to its height if it keeps half. */
export function printZoom(part: { width: number; height: number }): number {
  const across = Math.min(1, PRINT_PAGE.width / part.width);
  const whole = Math.min(across, PRINT_PAGE.height / part.height);
  return Math.floor((whole >= across / 2 ? whole : across) * 1000) / 1000;
}

export function heading(level: number, className: string, text: string): HTMLElement {
  const h = document.createElement(`h${Math.min(6, level)}`);
  h.className = className;
  h.textContent = text;
  return h;
}

function cellRow(tag: "td" | "th", cells: readonly string[]): HTMLTableRowElement {
  const tr = document.createElement("tr");
  for (const c of cells) tr.append(el(tag, "", c));
  return tr;
}

/** No Seed column without seeds: a tournament that hides them sends none (hidden-seeds.ts). */
export function seedColumn(ctx: RenderContext): boolean {
  return ctx.settings.seeds && ctx.seeds.size > 0;
}

export function standingsTable(part: StandingsPart, ctx: RenderContext): HTMLTableElement {
  const table = el("table", "tv-standings");
  const head = ["#", ...(seedColumn(ctx) ? ["Seed"] : []), "Player", "W-L-T", "Pts"];
  table.createTHead().append(cellRow("th", head));
  const body = table.createTBody();
  for (const r of part.rows) body.append(standingsRow(r, ctx));
  return table;
}

/** A row of a standings table (replaced alone when only it changed: draw.ts). */
export function standingsRow(r: StandingView, ctx: RenderContext): HTMLTableRowElement {
  const seeds = seedColumn(ctx);
  const tr = document.createElement("tr");
  tr.dataset.participant = String(r.participantId);
  if (r.rank === 1) tr.classList.add("tv-leader");
  tr.append(el("td", "tv-rank", r.rank === null ? "" : String(r.rank)));
  if (seeds) tr.append(el("td", "tv-seed", r.seed === null ? "" : String(r.seed)));
  const cell = el("td");
  const name = el("div", "tv-player");
  extras(ctx, r.participantId, name);
  // Cut with an ellipsis as a match box's name is (viewer.css), whole in its title.
  const text = nameEl("span", "tv-name", r.name);
  text.title = r.name;
  name.append(text);
  cell.append(name);
  tr.append(cell, el("td", "tv-num", r.record));
  tr.append(el("td", "tv-num", r.points === null ? "" : String(r.points)));
  return tr;
}

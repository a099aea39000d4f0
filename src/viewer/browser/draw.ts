/**
 * The bracket on the page, drawn once, then kept up to date (an outside review: every event
 * redrew the whole page; a 500-player round robin's report showed after 177 s). A drawing whose
 * structure is unchanged (the same sections, parts, rounds, boxes at the same places, as
 * many standings rows) is patched: only the match boxes whose match changed are made again
 * (found by matchKey), only the standings rows that changed; anything else (a start, a reset,
 * a stage added, a round picked, a setting) draws the whole again. A part of more than
 * LAZY_BOXES boxes makes its boxes as they come near the window (lazy.ts).
 */
import type { ViewMatch } from "../../bracket-model/data.js";
import {
  type Box,
  type BracketView,
  COMPACT,
  type Label,
  type MatchesPart,
  NORMAL,
  type Section,
} from "../layout.js";
import { LazyArea, windowIn } from "./lazy.js";
import type { Place } from "./match-name.js";
import {
  byeBox,
  el,
  heading,
  matchBox,
  matchKey,
  printZoom,
  type RenderContext,
  seedColumn,
  standingsRow,
  standingsTable,
} from "./render.js";
import { type Pick, roundPicker } from "./round-picker.js";

/** More boxes than this in a part: made as they come near the window (1,024 players' 2,046 are not). */
export const LAZY_BOXES = 2048;

const SVG = "http://www.w3.org/2000/svg";

/** What a full drawing is compared by: everything but the matches' and rows' contents. */
function structureOf(sections: readonly Section[], ctx: RenderContext): string {
  return JSON.stringify([ctx.settings, seedColumn(ctx), sections], (key, value) => {
    if (key === "match") return (value as ViewMatch).id;
    if (key === "matches") return (value as ViewMatch[]).map((m) => m.id);
    if (key === "rows") return (value as unknown[]).length;
    return value;
  });
}

/** What a match box is drawn from. */
function boxSignature(box: Box, ctx: RenderContext): string {
  const m = box.match;
  const seeds = m.slots.map((s) => (s.id === null ? null : (ctx.seeds.get(s.id) ?? null)));
  return JSON.stringify([m, ctx.stations.get(m.id) ?? null, seeds]);
}

type Placed = { readonly box: Box; readonly place: Place };

/** A round's boxes, in order, each with the round and bracket it is named by. */
function placedIn(label: Label, bracket: BracketView, at: ReadonlyMap<ViewMatch, Box>): Placed[] {
  return label.matches.flatMap((match) => {
    const box = at.get(match);
    return box === undefined
      ? []
      : [{ box, place: { round: label.title, bracket: bracket.title } }];
  });
}

export class Drawing {
  /** The match boxes made, by matchKey (the control interface finds matches there). */
  readonly boxes = new Map<string, HTMLElement>();
  private structure: string | null = null;
  private readonly drawn = new Map<string, string>();
  /** Where each match's box is (made or waiting to be), by matchKey. */
  private readonly placed = new Map<string, Placed>();
  private bodies: { body: HTMLTableSectionElement; rows: string[] }[] = [];
  private lazies: LazyArea[] = [];
  private ctx: RenderContext | undefined;

  constructor(
    private readonly root: HTMLElement,
    private readonly pick: Pick,
  ) {}

  /**
   * Draws the sections: patched when only matches or standings rows changed and `whole` is
   * not asked (a setting, integration data), else the whole. Answers what it did.
   */
  show(sections: readonly Section[], ctx: RenderContext, whole: boolean): "whole" | "patched" {
    const structure = structureOf(sections, ctx);
    this.ctx = ctx;
    if (!whole && structure === this.structure) {
      this.patch(sections, ctx);
      return "patched";
    }
    this.structure = structure;
    this.full(sections, ctx);
    return "whole";
  }

  /** One match changed (its stream event, event-match.ts): its box, if drawn, made again. */
  patchMatch(match: ViewMatch): void {
    const at = this.placed.get(matchKey(match.group, match.identifier));
    if (at !== undefined && this.ctx !== undefined)
      this.patchBox({ ...at.box, match }, at.place, this.ctx);
  }

  /** The box of a match by matchKey, made if it was waiting to be. */
  find(key: string): HTMLElement | undefined {
    return this.boxes.get(key) ?? this.lazies.map((l) => l.materialize(key)).find((b) => b);
  }

  /** Every match's key, made or not. */
  keys(): string[] {
    return [...this.drawn.keys()];
  }

  /** Makes the boxes of lazy parts near the window. */
  reveal(viewport: HTMLElement, scale: number): void {
    for (const lazy of this.lazies) lazy.reveal(windowIn(lazy.area, viewport, scale));
  }

  /** Makes every box (before printing). */
  revealAll(): void {
    for (const lazy of this.lazies) lazy.all();
  }

  private made(key: string, element: HTMLElement): void {
    this.boxes.set(key, element);
  }

  private patch(sections: readonly Section[], ctx: RenderContext): void {
    let table = 0;
    for (const s of sections)
      for (const part of s.parts) {
        if (part.kind === "standings") {
          const { body, rows } = this.bodies[table++]!;
          part.rows.forEach((r, i) => {
            const signature = JSON.stringify(r);
            if (rows[i] === signature) return;
            rows[i] = signature;
            body.rows[i]?.replaceWith(standingsRow(r, ctx));
          });
          continue;
        }
        const at = new Map(part.boxes.map((b) => [b.match, b]));
        for (const bracket of part.brackets)
          for (const label of bracket.labels)
            for (const { box, place } of placedIn(label, bracket, at))
              this.patchBox(box, place, ctx);
      }
  }

  private patchBox(box: Box, place: Place, ctx: RenderContext): void {
    const key = matchKey(box.match.group, box.match.identifier);
    const signature = boxSignature(box, ctx);
    if (this.drawn.get(key) === signature) return;
    this.drawn.set(key, signature);
    const lazy = this.lazies.find((l) => l.has(key));
    if (lazy !== undefined) {
      const made = lazy.update(key, box);
      if (made !== undefined) this.made(key, made);
      return;
    }
    const old = this.boxes.get(key);
    if (old === undefined) return;
    const element = matchBox(box, place, ctx);
    const focused = old.contains(document.activeElement);
    old.replaceWith(element);
    this.boxes.set(key, element);
    if (focused) element.focus({ preventScroll: true });
  }

  // long: the sections in order, groups side by side, each part's heading and drawing
  private full(sections: readonly Section[], ctx: RenderContext): void {
    this.boxes.clear();
    this.drawn.clear();
    this.placed.clear();
    this.bodies = [];
    this.lazies = [];
    const fragment = document.createDocumentFragment();
    // The groups side by side as the width allows, then the final stage.
    let groups: HTMLElement | null = null;
    for (const s of sections) {
      const section = el("section", "tv-section");
      if (s.group !== null) section.dataset.group = String(s.group);
      // Headings in order: the page's h1, the section's h2, its parts', their rounds'.
      const partLevel = s.title === undefined ? 2 : 3;
      if (s.title !== undefined) section.append(heading(2, "tv-section-title", s.title));
      const parts = el("div", "tv-parts");
      if (s.parts.some((p) => p.kind === "standings")) parts.classList.add("tv-side-by-side");
      for (const part of s.parts) {
        const wrap = el("div", `tv-part tv-part-${part.kind}`);
        if (part.title !== undefined) wrap.append(heading(partLevel, "tv-part-title", part.title));
        const inner = part.title === undefined ? partLevel : partLevel + 1;
        if (part.kind === "matches") {
          if (part.picker !== undefined) wrap.append(roundPicker(part.picker, this.pick));
          wrap.append(this.matchesPart(part, inner, ctx));
        } else {
          const table = standingsTable(part, ctx);
          this.bodies.push({
            body: table.tBodies[0]!,
            rows: part.rows.map((r) => JSON.stringify(r)),
          });
          wrap.append(table);
        }
        parts.append(wrap);
      }
      section.append(parts);
      if (s.parts.length === 0) section.append(el("p", "tv-empty-note", "No matches yet."));
      if (s.group === null) {
        groups = null;
        fragment.append(section);
      } else {
        if (groups === null) {
          groups = el("div", "tv-groups");
          fragment.append(groups);
        }
        groups.append(section);
      }
    }
    this.root.replaceChildren(fragment);
    this.root.classList.toggle("tv-compact", ctx.settings.compact);
  }

  /**
   * A part's area: the lines, then each bracket's heading, each round's heading followed by
   * its matches, in reading order (screen readers read the headings in order; the boxes sit at
   * the layout's positions whatever their order).
   */
  private matchesPart(part: MatchesPart, level: number, ctx: RenderContext): HTMLElement {
    const area = el("div", "tv-area");
    area.style.width = `${part.width}px`;
    area.style.height = `${part.height}px`;
    area.style.setProperty("--tv-print-zoom", String(printZoom(part)));
    if (part.links !== "") area.append(links(part));
    const width = (ctx.settings.compact ? COMPACT : NORMAL).boxWidth;
    const lazy =
      part.boxes.length > LAZY_BOXES
        ? new LazyArea(
            area,
            width,
            (b, p) => matchBox(b, p, this.ctx!),
            (k, e) => this.made(k, e),
          )
        : undefined;
    if (lazy !== undefined) this.lazies.push(lazy);
    const at = new Map(part.boxes.map((b) => [b.match, b]));
    for (const bracket of part.brackets) {
      if (bracket.title !== undefined) {
        const h = heading(level, "tv-part-title tv-bracket-title", bracket.title);
        h.style.left = `${bracket.x}px`;
        h.style.top = `${bracket.y}px`;
        area.append(h);
      }
      const roundLevel = bracket.title === undefined ? level : level + 1;
      for (const label of bracket.labels) {
        // A placement part's title names its round: a heading under it said it again.
        if (bracket.titledByPart !== true) {
          const l = heading(roundLevel, "tv-round", label.title);
          l.style.left = `${label.x}px`;
          l.style.top = `${label.y}px`;
          l.style.width = `${width}px`;
          l.dataset.round = String(label.round);
          area.append(l);
        }
        const holder = lazy === undefined ? area : area.appendChild(el("div", "tv-holder"));
        for (const { box, place } of placedIn(label, bracket, at)) {
          const key = matchKey(box.match.group, box.match.identifier);
          this.drawn.set(key, boxSignature(box, ctx));
          this.placed.set(key, { box, place });
          if (lazy !== undefined) lazy.add(holder, key, box, place);
          else this.made(key, area.appendChild(matchBox(box, place, ctx)));
        }
        for (const bye of part.byes ?? [])
          if (bye.round === label.round) area.append(byeBox(bye, label.title));
      }
    }
    return area;
  }
}

function links(part: MatchesPart): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "tv-links");
  svg.setAttribute("width", String(part.width));
  svg.setAttribute("height", String(part.height));
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", part.links);
  svg.append(path);
  return svg;
}

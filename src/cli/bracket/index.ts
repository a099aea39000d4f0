/**
 * `tourney bracket`'s drawing, from the tournament's data to lines of text:
 * the groups one after the other, then the final stage. Pure; loaded only
 * by the commands that draw brackets (bracket, demo).
 */

import { roundSelected } from "../../bracket-model/columns.js";
import type { BracketData, StandingRow, ViewMatch } from "../../bracket-model/data.js";
import type { StageStandings } from "../../bracket-model/players.js";
import { type Line, line, type Span, textWidth, truncate } from "./canvas.js";
import { drawStage, heading, type Part, type StageOptions } from "./stage.js";

export { type BracketData, type BracketRecords, bracketData } from "../../bracket-model/data.js";
export { ASCII, BOX, type Glyphs } from "./glyphs.js";

export type DrawOptions = StageOptions;

function standingsOf(
  data: BracketData,
  stage: "group" | "final",
  group: number | null,
): StageStandings {
  const rows = new Map<number, StandingRow>();
  for (const r of data.standings)
    if (r.stage === stage && (stage === "final" || r.group === group)) rows.set(r.participantId, r);
  return { rows, seeds: data.seeds, names: data.names };
}

function* partLines(parts: readonly Part[]): Generator<Line> {
  let any = false; // any line yet: each part after one is preceded by a blank line
  for (const p of parts) {
    if (any) yield [];
    if (p.title !== undefined) {
      yield heading(p.title);
      yield [];
      any = true;
    }
    for (const l of p.lines) {
      yield l;
      any = true;
    }
  }
}

/** The groups of the group stage, by group number. */
function groups(matches: readonly ViewMatch[]): Map<number, ViewMatch[]> {
  const byGroup = new Map<number, ViewMatch[]>();
  for (const m of matches) {
    if (m.group === null) continue;
    const list = byGroup.get(m.group) ?? [];
    list.push(m);
    byGroup.set(m.group, list);
  }
  return new Map([...byGroup.entries()].sort(([a], [b]) => a - b));
}

function* section(title: string, parts: readonly Part[]): Generator<Line> {
  if (parts.length === 0) return;
  const underline = title.replace(/./g, "=");
  yield* [heading(title), line(underline, "dim"), []];
  yield* partLines(parts);
}

/**
 * The tournament's name, type and state, within `width` when it is known (docs/bracket.md:
 * never wrapped): the type and state cut first, then the name (a 59-character name made a
 * title of 117 columns at COLUMNS=80, a reviewer found).
 */
function titleLine(data: BracketData, o: DrawOptions): Line {
  const type = data.groupStage ? `${data.stageType} groups, then ${data.type}` : data.type;
  // Piped, plain ASCII as the drawing is (docs/bracket.md); it was "·" there too (I #18).
  const sep = o.glyphs.separator;
  const about = ` ${sep} ${type} ${sep} ${data.state.replace(/_/g, " ")}`;
  const width = o.width;
  if (width === undefined || textWidth(data.name) + textWidth(about) <= width)
    return [
      { text: data.name, style: "bold" },
      { text: about, style: "dim" },
    ];
  const name = truncate(data.name, width, o.glyphs.ellipsis);
  const room = width - textWidth(name);
  return room <= 1
    ? [{ text: name, style: "bold" }]
    : [
        { text: name, style: "bold" },
        { text: truncate(about, room, o.glyphs.ellipsis), style: "dim" },
      ];
}

/**
 * Every line of the drawing: the title, each group, then the final stage. Drawn as read,
 * a part at a time (each part's canvas let go of once its lines are read).
 */
export function* drawBracket(data: BracketData, o: DrawOptions): Generator<Line> {
  yield titleLine(data, o);
  const grouped = groups(data.matches);
  for (const [group, matches] of grouped) {
    const parts = drawStage(matches, standingsOf(data, "group", group), o);
    if (parts.length > 0) {
      yield [];
      yield* section(`Group ${group}`, parts);
    }
  }
  const final = data.matches.filter((m) => m.group === null);
  const parts = drawStage(final, standingsOf(data, "final", null), o);
  if (grouped.size > 0) {
    yield [];
    yield* section("Final stage", parts);
  } else if (parts.length > 0) {
    yield [];
    yield* partLines(parts);
  }
}

/** Whether any match of the tournament is in the rounds the options keep. */
export function anySelected(data: BracketData, o: DrawOptions): boolean {
  return data.matches.some((m) => roundSelected(m.round, o));
}

const ANSI: Record<Span["style"], [string, string]> = {
  plain: ["", ""],
  bold: ["\u001b[1m", "\u001b[22m"],
  dim: ["\u001b[2m", "\u001b[22m"],
  open: ["\u001b[33m", "\u001b[39m"],
  title: ["\u001b[1;36m", "\u001b[22;39m"],
};

/** Lines as text: with colour, each style's escape codes; without, the characters alone. */
export function renderLines(lines: Iterable<Line>, color: boolean): string {
  const out: string[] = [];
  for (const l of lines) {
    let text = "";
    for (const s of l) {
      if (!color || s.style === "plain") text += s.text;
      else {
        const [on, off] = ANSI[s.style];
        text += `${on}${s.text}${off}`;
      }
    }
    out.push(`${text}\n`);
  }
  return out.join("");
}

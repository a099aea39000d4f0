/**
 * Where the viewer draws each match (issue 18): the tournament's stages (each
 * group, then the final stage) in parts, as the terminal renderer splits them:
 * elimination brackets as trees (layout-tree.ts), round robin, swiss and free
 * for all as rounds of matches beside a standings table. Pixel positions, no DOM: the browser code turns it into elements.
 * The model it reads (src/bracket-model/: data, rounds, feeders, players) is the
 * terminal drawing's too; neither drawing imports the other.
 */
import { type Column, roundNamer } from "../bracket-model/columns.js";
import type { BracketData, StandingRow, ViewMatch } from "../bracket-model/data.js";
import { byesOf, playersOf, type StageStandings } from "../bracket-model/players.js";
import {
  type Box,
  type ByeBox,
  boxHeight,
  COMPACT,
  columns,
  type LayoutOptions,
  labelsOf,
  type MatchesPart,
  NORMAL,
  type Part,
  ROUND_VIEW_MATCHES,
  type Section,
  type StandingsPart,
  stageKey,
} from "./layout-parts.js";
import { eliminationParts } from "./layout-tree.js";

export * from "./layout-parts.js";

/**
 * Rounds as columns of matches, one under the other (round robin, swiss, free for all), a
 * round's byes under its matches.
 */
function roundsPart(
  title: string | undefined,
  matches: readonly ViewMatch[],
  s: StageStandings,
  o: LayoutOptions,
  group: number | null,
): MatchesPart | null {
  const m = o.compact ? COMPACT : NORMAL;
  const cols = columns(matches, roundNamer, o);
  if (cols.length === 0) return null;
  if (matches.length > ROUND_VIEW_MATCHES)
    return roundView(title, matches, cols, s, o, stageKey(group));
  const sitting = byesOf(matches, s);
  const boxes: Box[] = [];
  const byes: ByeBox[] = [];
  let bottom = 0;
  cols.forEach((c, i) => {
    const x = i * (m.boxWidth + m.columnGap);
    let y = m.labelHeight;
    for (const match of c.matches) {
      const height = boxHeight(match, m);
      boxes.push({ match, x, y, height });
      y += height + m.rowGap;
    }
    for (const id of sitting.get(c.round) ?? []) {
      const height = m.headHeight + m.slotHeight;
      byes.push({
        participantId: id,
        name: s.names.get(id) ?? String(id),
        round: c.round,
        x,
        y,
        height,
      });
      y += height + m.rowGap;
    }
    bottom = Math.max(bottom, y - m.rowGap);
  });
  return {
    kind: "matches",
    title,
    width: cols.length * (m.boxWidth + m.columnGap) - m.columnGap,
    height: bottom,
    boxes,
    byes,
    labels: labelsOf(cols, m),
    brackets: [{ x: 0, y: 0, labels: labelsOf(cols, m) }],
    links: "",
  };
}

/**
 * A large stage's one round (docs/viewer.md): the round picked, else its current one (the first
 * with a match not complete; all complete, the last), its matches then byes flowing down
 * `roundColumns` columns of about 40, under the round's heading; the picker lists every round.
 */
function roundView(
  title: string | undefined,
  matches: readonly ViewMatch[],
  cols: readonly Column[],
  s: StageStandings,
  o: LayoutOptions,
  stage: string,
): MatchesPart {
  const m = o.compact ? COMPACT : NORMAL;
  const picked = o.shownRounds?.get(stage);
  const current = cols.find((c) => c.matches.some((x) => x.state !== "complete")) ?? cols.at(-1)!;
  const col = cols.find((c) => c.round === picked) ?? current;
  const sitting = byesOf(matches, s).get(col.round) ?? [];
  const count = col.matches.length + sitting.length;
  const across = Math.max(1, Math.min(o.roundColumns ?? 4, Math.ceil(count / 40)));
  const down = Math.ceil(count / across);
  const boxes: Box[] = [];
  const byes: ByeBox[] = [];
  let bottom = 0;
  let y = m.labelHeight;
  const place = (i: number, height: number) => {
    if (i % down === 0) y = m.labelHeight;
    const at = { x: Math.floor(i / down) * (m.boxWidth + m.columnGap), y, height };
    y += height + m.rowGap;
    bottom = Math.max(bottom, y - m.rowGap);
    return at;
  };
  col.matches.forEach((match, i) => {
    boxes.push({ match, ...place(i, boxHeight(match, m)) });
  });
  sitting.forEach((id, i) => {
    const at = place(col.matches.length + i, m.headHeight + m.slotHeight);
    byes.push({ participantId: id, name: s.names.get(id) ?? String(id), round: col.round, ...at });
  });
  const labels = labelsOf([col], m);
  const rounds = cols.map((c) => ({ round: c.round, title: c.title }));
  return {
    kind: "matches",
    title,
    width: across * (m.boxWidth + m.columnGap) - m.columnGap,
    height: bottom,
    boxes,
    byes,
    labels,
    brackets: [{ x: 0, y: 0, labels }],
    links: "",
    picker: { stage, shown: col.round, rounds },
  };
}

function counted(matches: readonly ViewMatch[], id: number) {
  const r = { wins: 0, losses: 0, ties: 0 };
  for (const m of matches) {
    const slot = m.slots.find((s) => s.id === id);
    if (m.state !== "complete" || slot === undefined) continue;
    // As the service counts (a free for all's shared first place a tie, advancing no win).
    if (m.tie || slot.sharedFirst === true) r.ties++;
    else if (slot.winner) r.wins++;
    else r.losses++;
  }
  return r;
}

/** The standings rows of the stage (`group`, or the final stage's when null), and its order. */
function stageStandings(data: BracketData, group: number | null): StageStandings {
  const rows = new Map<number, StandingRow>();
  for (const r of data.standings)
    if (group === null ? r.stage === "final" : r.stage === "group" && r.group === group)
      rows.set(r.participantId, r);
  return { rows, seeds: data.seeds, names: data.names };
}

/** The stage's standings: the service's rows, or records counted from the matches. */
function standingsPart(
  data: BracketData,
  matches: readonly ViewMatch[],
  s: StageStandings,
): StandingsPart {
  const { rows } = s;
  const ids = playersOf(matches, s);
  return {
    kind: "standings",
    title: "Standings",
    rows: ids.map((id) => {
      const row = rows.get(id);
      const r = row ?? counted(matches, id);
      return {
        participantId: id,
        name: data.names.get(id) ?? String(id),
        rank: row?.rank ?? null,
        seed: data.seeds.get(id) ?? null,
        record: `${r.wins}-${r.losses}-${r.ties}`,
        points: row?.points ?? null,
      };
    }),
  };
}

const ELIMINATION = new Set(["winners", "losers", "grand_final", "third_place", "placement"]);

function stageParts(
  data: BracketData,
  matches: readonly ViewMatch[],
  group: number | null,
  o: LayoutOptions,
): Part[] {
  if (matches.length === 0) return [];
  if (matches.some((m) => ELIMINATION.has(m.bracket))) return eliminationParts(matches, o);
  const s = stageStandings(data, group);
  const standings = standingsPart(data, matches, s);
  const rounds = roundsPart("Rounds", matches, s, o, group);
  const swiss = matches.some((m) => m.bracket === "swiss");
  const parts: (Part | null)[] = swiss ? [standings, rounds] : [rounds, standings];
  return parts.filter((p): p is Part => p !== null);
}

/** Every stage of the tournament: its groups in order, then the final stage. */
export function layoutBracket(data: BracketData, o: LayoutOptions): Section[] {
  const groups = new Map<number, ViewMatch[]>();
  for (const m of data.matches)
    if (m.group !== null) groups.set(m.group, [...(groups.get(m.group) ?? []), m]);
  const sections: Section[] = [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([group, matches]) => ({
      title: `Group ${group}`,
      group,
      parts: stageParts(data, matches, group, o),
    }));
  const final = data.matches.filter((m) => m.group === null);
  const parts = stageParts(data, final, null, o);
  if (parts.length > 0 || sections.length === 0)
    sections.push({ title: sections.length > 0 ? "Final stage" : undefined, group: null, parts });
  return sections;
}

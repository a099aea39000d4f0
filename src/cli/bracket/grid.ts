/**
 * Round robin as a grid (every player against every other, the row player's
 * score in each cell, wins in bold, open matches marked) and a standings table
 * (swiss). Ranks, records and points come from the service's standings; a
 * service without them gets records counted from the matches. Pure.
 */

import type { ViewMatch } from "../../bracket-model/data.js";
import { playersOf, type StageStandings } from "../../bracket-model/players.js";
import { type Line, type Style, truncate } from "./canvas.js";
import type { Glyphs } from "./glyphs.js";
import { type Cell, cell, columnWidths, drawTable, tableParts } from "./table.js";

interface Record3 {
  wins: number;
  losses: number;
  ties: number;
}

/** A player's record counted from the matches they played (`played`: theirs, byPlayer). */
function counted(played: readonly ViewMatch[], id: number): Record3 {
  const r: Record3 = { wins: 0, losses: 0, ties: 0 };
  for (const m of played) {
    if (m.state !== "complete") continue;
    if (m.tie) r.ties++;
    else if (m.slots.find((s) => s.id === id)?.winner) r.wins++;
    else r.losses++;
  }
  return r;
}

function recordCells(played: readonly ViewMatch[], id: number, s: StageStandings): Cell[] {
  const row = s.rows.get(id);
  const r = row ?? counted(played, id);
  return [
    cell(`${r.wins}-${r.losses}-${r.ties}`, "plain", true),
    cell(row?.points ?? null, "plain", true),
  ];
}

/**
 * The matches of each player (by id), and of each pair of players (by one id, then the
 * other), in the order given; read once. Before, the grid filtered every match for each of
 * its cells (a player against a player): n^4 for n players. `tourney bracket` of a 256-player
 * round robin 42.2 s -> 3.1 s, 512 players killed at 150 s -> 8.1 s, most of it the records
 * read (bench/bracket-draw.mjs, one run on a loaded machine).
 */
interface MatchIndex {
  readonly byPlayer: Map<number, ViewMatch[]>;
  readonly byPair: Map<number, Map<number, ViewMatch[]>>;
}

function indexMatches(matches: readonly ViewMatch[]): MatchIndex {
  const byPlayer = new Map<number, ViewMatch[]>();
  const byPair = new Map<number, Map<number, ViewMatch[]>>();
  const add = <K>(map: Map<K, ViewMatch[]>, key: K, m: ViewMatch) => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [m]);
    else list.push(m);
  };
  for (const m of matches) {
    const ids = [...new Set(m.slots.map((s) => s.id))].filter((id) => id !== null);
    for (const id of ids) {
      add(byPlayer, id, m);
      let pairs = byPair.get(id);
      if (pairs === undefined) {
        pairs = new Map();
        byPair.set(id, pairs);
      }
      for (const other of ids) if (other !== id) add(pairs, other, m);
    }
  }
  return { byPlayer, byPair };
}

/** "11-5 7-11 11-9" from the row player's side; two sets or more: sets won, "2-1". */
function scoreFrom(m: ViewMatch, id: number): string {
  const mine = m.slots.find((s) => s.id === id)?.score.split(" ") ?? [];
  const theirs = m.slots.find((s) => s.id !== id)?.score.split(" ") ?? [];
  if (mine.length > 1) {
    const won = mine.filter((v, i) => Number(v) > Number(theirs[i])).length;
    const lost = mine.filter((v, i) => Number(v) < Number(theirs[i])).length;
    return `${won}-${lost}`;
  }
  return mine[0] === undefined || mine[0] === "" ? "" : `${mine[0]}-${theirs[0] ?? ""}`;
}

function resultCell(games: readonly ViewMatch[], id: number, g: Glyphs): Cell {
  if (games.length === 0) return cell("");
  const parts: string[] = [];
  let style: Style = "plain";
  for (const m of games) {
    if (m.state === "open") {
      parts.push(g.open);
      style = "open";
    } else if (m.state !== "complete") parts.push(g.pending);
    else {
      const won = m.slots.find((s) => s.id === id)?.winner === true;
      if (won && style === "plain") style = "bold";
      parts.push(scoreFrom(m, id) || (m.tie ? "tie" : won ? "W" : "L"));
    }
  }
  return cell(parts.join(" "), style, true);
}

/** A grid's row labels are not cut narrower than this ("1. " and 9 more columns) ... */
const LABEL_MIN = 12;
/** ... nor, when the grid is drawn in parts anyway, narrower than this. */
const LABEL_IN_PARTS = 24;

/**
 * The width of the row labels (column 1) when the whole grid is wider than `width`: cut by
 * what it lacks, when that leaves LABEL_MIN, so that it is drawn whole; else at most
 * LABEL_IN_PARTS, before the opponents are shared out into parts. One long name made a
 * group of four four one-opponent grids.
 */
function labelWidth(widths: readonly number[], width: number | undefined): number {
  const label = widths[1]!;
  const span = widths.reduce((sum, w) => sum + w + 3, 1);
  if (width === undefined || span <= width) return label;
  const fitting = label - (span - width);
  return fitting >= LABEL_MIN ? fitting : Math.min(label, LABEL_IN_PARTS);
}

/**
 * The grid of a round robin (a group, or the whole tournament), as one table, or, when it is
 * wider than `width` (the terminal's), as several, one under the other: each with the rank
 * and player columns and the record and points, the opponents' columns shared out (docs/
 * bracket.md: never wrapped). It was drawn whole: 86 columns at COLUMNS=80 for 12 players,
 * 58 at 40 for 5 (a reviewer found it).
 */
export function drawGrid(
  matches: readonly ViewMatch[],
  s: StageStandings,
  g: Glyphs,
  width?: number,
): Iterable<Line>[] {
  const players = playersOf(matches, s);
  const { byPlayer, byPair } = indexMatches(matches);
  const headers = [
    cell("#", "title", true),
    cell("Player", "title"),
    ...players.map((_, i) => cell(i + 1, "title", true)),
    cell("W-L-T", "title", true),
    cell("Pts", "title", true),
  ];
  const rows = players.map((id, i) => [
    cell(s.rows.get(id)?.rank ?? null, "plain", true),
    cell(`${i + 1}. ${s.names.get(id) ?? id}`),
    ...players.map((other) =>
      resultCell(other === id ? [] : (byPair.get(id)?.get(other) ?? []), id, g),
    ),
    ...recordCells(byPlayer.get(id) ?? [], id, s),
  ]);
  const widths = columnWidths(headers, rows);
  const label = labelWidth(widths, width);
  if (label < widths[1]!) {
    widths[1] = label;
    for (const row of rows) row[1] = cell(truncate(row[1]!.text, label, g.ellipsis));
  }
  return tableParts(widths, 2, 2, width).map((columns) =>
    drawTable(
      columns.map((i) => headers[i]!),
      rows.map((row) => columns.map((i) => row[i]!)),
      g,
      columns.map((i) => widths[i]!),
    ),
  );
}

/** A standings table: rank, player, wins-losses-ties and points. */
export function drawStandings(
  matches: readonly ViewMatch[],
  s: StageStandings,
  g: Glyphs,
): Iterable<Line> {
  const { byPlayer } = indexMatches(matches);
  const headers = [
    cell("#", "title", true),
    cell("Player", "title"),
    cell("W-L-T", "title", true),
    cell("Pts", "title", true),
  ];
  const rows = playersOf(matches, s).map((id) => [
    cell(s.rows.get(id)?.rank ?? null, "plain", true),
    cell(s.names.get(id) ?? String(id), s.rows.get(id)?.rank === 1 ? "bold" : "plain"),
    ...recordCells(byPlayer.get(id) ?? [], id, s),
  ]);
  return drawTable(headers, rows, g);
}

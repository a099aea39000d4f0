/**
 * Where each match of an elimination bracket goes: one column per round, each
 * match on three lines (player 1, the junction, player 2), the players of a
 * later match on the junction lines of the matches feeding it. Pure.
 *
 * The interface does not say which match feeds which, so it is read from the
 * rounds: a round half the size of the one before takes matches 2i and 2i+1
 * of it, one of the same size (a losers-bracket round that takes players
 * dropping from the winners bracket) takes match i; otherwise (rounds with
 * byes) a match feeds the one its winner plays, or the first with an empty place.
 */
import type { ViewMatch } from "./data.js";

export interface Placed {
  readonly match: ViewMatch;
  readonly column: number;
  /** Rows of player 1, player 2 and the junction between them. */
  readonly p1y: number;
  readonly p2y: number;
  readonly jy: number;
  /** Whether a later match of the layout takes this one's winner. */
  readonly feeds: boolean;
}

export type Feeders = ReadonlyMap<ViewMatch, readonly ViewMatch[]>;

function winnerOf(m: ViewMatch): number | null {
  return m.slots.find((s) => s.winner)?.id ?? null;
}

function emptySlots(m: ViewMatch): number {
  return m.slots.filter((s) => s.id === null).length;
}

/** The matches of `next` fed by those of `prev` (the round before). */
function link(prev: readonly ViewMatch[], next: readonly ViewMatch[]): Map<ViewMatch, ViewMatch[]> {
  const map = new Map(next.map((m) => [m, [] as ViewMatch[]]));
  if (prev.length === 2 * next.length) {
    for (const [i, m] of next.entries()) map.get(m)!.push(prev[2 * i]!, prev[2 * i + 1]!);
  } else if (prev.length === next.length) {
    for (const [i, m] of next.entries()) map.get(m)!.push(prev[i]!);
  } else {
    // Read once, not searched for each feeder (a search of `next` a match of `prev` was
    // quadratic: 38 s of a 60,000-player double elimination's 69 s `tourney bracket`).
    const playing = new Map<number, ViewMatch>();
    for (const m of next)
      for (const s of m.slots) if (s.id !== null && !playing.has(s.id)) playing.set(s.id, m);
    // The first match with room: feeders only fill matches, so one full stays full.
    let room = 0;
    let two = 0;
    for (const f of prev) {
      const w = winnerOf(f);
      while (room < next.length && map.get(next[room]!)!.length >= emptySlots(next[room]!)) room++;
      while (two < next.length && map.get(next[two]!)!.length >= 2) two++;
      const target = (w === null ? undefined : playing.get(w)) ?? next[room] ?? next[two];
      target && map.get(target)!.push(f);
    }
  }
  for (const [m, fs] of map) {
    // Feeders in the order of the places they fill, when the results say it.
    if (fs.length === 2 && winnerOf(fs[0]!) !== null && winnerOf(fs[0]!) === m.slots[1]?.id)
      fs.reverse();
  }
  return map;
}

export function feedersOf(columns: readonly (readonly ViewMatch[])[]): Feeders {
  const all = new Map<ViewMatch, ViewMatch[]>();
  for (let c = 1; c < columns.length; c++)
    for (const [m, fs] of link(columns[c - 1]!, columns[c]!)) all.set(m, fs);
  return all;
}

/** Whether the one match feeding `m` gives it its player 2 (player 1 is there already). */
function entersSecond(m: ViewMatch, feeder: ViewMatch): boolean {
  const [a, b] = [m.slots[0]?.id ?? null, m.slots[1]?.id ?? null];
  const w = winnerOf(feeder);
  if (w !== null) return w === b;
  return a !== null && b === null;
}

/** Rows of every match: `linked` false stacks each column's matches with no feeders. */
export function placeTree(columns: readonly (readonly ViewMatch[])[], linked: boolean): Placed[] {
  const feeders: Feeders = linked ? feedersOf(columns) : new Map();
  const fed = new Set([...feeders.values()].flat());
  const columnOf = new Map<ViewMatch, number>();
  columns.forEach((column, i) => {
    for (const m of column) columnOf.set(m, i);
  });
  const placed = new Map<ViewMatch, Placed>();
  let cursor = 0;
  const place = (m: ViewMatch): Placed => {
    const fs = feeders.get(m) ?? [];
    let p1y: number;
    let p2y: number;
    if (fs.length >= 2) {
      p1y = place(fs[0]!).jy;
      p2y = place(fs[1]!).jy;
    } else if (fs.length === 1 && entersSecond(m, fs[0]!)) {
      p1y = cursor;
      cursor += 1;
      p2y = place(fs[0]!).jy;
    } else if (fs.length === 1) {
      p1y = place(fs[0]!).jy;
      p2y = p1y + 2;
    } else {
      p1y = cursor;
      p2y = cursor + 2;
    }
    cursor = Math.max(cursor, p2y + 2);
    const at: Placed = {
      match: m,
      column: columnOf.get(m)!,
      p1y,
      p2y,
      jy: Math.floor((p1y + p2y) / 2),
      feeds: fed.has(m),
    };
    placed.set(m, at);
    return at;
  };
  for (const column of columns) {
    // Unlinked columns (a grand final beside its reset) each start at the top.
    if (!linked) cursor = 0;
    for (const m of column) if (!fed.has(m) && !placed.has(m)) place(m);
  }
  return [...placed.values()];
}

/**
 * A match as its stream event tells it (docs/watching.md's schema), drawn before the data
 * fetched again arrives: a 500-player round robin's data.json is 106 MB (3.5 MB gzipped), read
 * and parsed in seconds, while the event holds the match's new state, players, winner and sets.
 * Only what the event says surely is taken (a one-on-one match: its state, players, sets,
 * winner, underway); the rest (standings, the match a winner goes to, a forfeit, a station)
 * comes with the data, which then patches what differs (draw.ts). A free-for-all table, a
 * forfeit or an event older than the data drawn is left to the data.
 */
import type { ViewMatch } from "../../bracket-model/data.js";

/** Ids come as strings ("7"), as the API's records give them. */
interface Player {
  readonly id: string | number;
  readonly name: string;
}

export interface MatchEvent {
  readonly type: string;
  /** The record's time of the change (ISO 8601). */
  readonly at: string;
  readonly match: {
    readonly id: string | number;
    readonly state: string;
    readonly player1: Player | null;
    readonly player2: Player | null;
    readonly winner: { readonly id: string | number } | null;
    readonly score_in_sets: unknown;
    readonly players?: unknown;
  };
}

const TYPES = new Set(["match.opened", "match.underway", "match.completed", "match.reopened"]);

/** The event in a stream message's data, when it is a match's change the page can draw. */
export function matchEvent(data: string): MatchEvent | undefined {
  try {
    const e = JSON.parse(data) as Partial<MatchEvent>;
    const m = e.match;
    if (!TYPES.has(String(e.type)) || typeof e.at !== "string" || m?.id === undefined)
      return undefined;
    return m.players === undefined && typeof m.state === "string" ? (e as MatchEvent) : undefined;
  } catch {
    return undefined;
  }
}

/** Each side's scores from score_in_sets ([[p1, p2], ...]), as bracket-model/data.ts reads them. */
function sides(sets: unknown): [string, string] {
  if (!Array.isArray(sets)) return ["", ""];
  const pairs = sets.filter((s): s is unknown[] => Array.isArray(s));
  const side = (i: number) => pairs.map((s) => String(s[i] ?? "")).join(" ");
  return [side(0), side(1)];
}

/**
 * `old` as `e` tells it now, its other fields kept (in their order: unchanged, it equals what
 * the data gives, and draw.ts's patch leaves its box alone); undefined when the event cannot say.
 */
export function eventMatch(old: ViewMatch, e: MatchEvent): ViewMatch | undefined {
  const m = e.match;
  if (old.forfeit === true || old.slots.length !== 2) return undefined;
  const players = [m.player1, m.player2].map((p) =>
    p ? { id: Number(p.id), name: p.name } : null,
  );
  const winner = m.winner ? Number(m.winner.id) : null;
  const scores = sides(m.score_in_sets);
  const slots = old.slots.map((slot, i) => {
    const p = players[i] ?? null;
    return {
      ...slot,
      id: p?.id ?? null,
      name: p?.name ?? "",
      score: scores[i]!,
      winner: p !== null && p.id === winner,
    };
  });
  const complete = m.state === "complete";
  return {
    ...old,
    state: m.state,
    underway: e.type === "match.underway",
    tie: complete && winner === null && players.every((p) => p !== null),
    slots,
  };
}

/**
 * Rounds as columns: which rounds `--round` and `--from-round` (and the
 * viewer's filterRounds) keep, and what each is called. How many fit side by
 * side is each drawing's own business (src/cli/bracket/parts.ts for the terminal).
 */
import type { ViewMatch } from "./data.js";

export interface RoundFilter {
  /**
   * Only this round: n round n (the winners bracket's in a double elimination, a group's or
   * the final stage's), -n the losers bracket's round n, as `--round`'s help and
   * docs/bracket.md say. Before, n kept the losers bracket's round -n as well: `--round 1`
   * of a double elimination drew winners and losers round 1.
   */
  readonly round?: number | undefined;
  /** Rounds n and later (the losers bracket's -n and later as well). */
  readonly fromRound?: number | undefined;
}

export function roundSelected(round: number, f: RoundFilter): boolean {
  const n = Math.abs(round);
  if (f.round !== undefined) return round === f.round;
  if (f.fromRound !== undefined) return n >= Math.abs(f.fromRound);
  return true;
}

/** A round of a bracket, its matches in order. */
export interface Column {
  readonly round: number;
  readonly title: string;
  readonly matches: readonly ViewMatch[];
}

/** Matches by round, rounds in playing order (-1, -2, ... in the losers bracket). */
export function byRound(matches: readonly ViewMatch[]): ViewMatch[][] {
  const rounds = new Map<number, ViewMatch[]>();
  for (const m of [...matches].sort((a, b) => a.id - b.id)) {
    const list = rounds.get(m.round) ?? [];
    list.push(m);
    rounds.set(m.round, list);
  }
  return [...rounds.entries()]
    .sort(([a], [b]) => Math.abs(a) - Math.abs(b))
    .map(([, list]) => list);
}

export type Namer = (round: number, index: number, count: number) => string;

export const roundNamer: Namer = (round) => `Round ${Math.abs(round)}`;

export const singleEliminationNamer: Namer = (round, index, count) => {
  if (index === count - 1) return "Final";
  if (index === count - 2) return "Semifinals";
  return `Round ${round}`;
};

export const winnersNamer: Namer = (round, index, count) =>
  index === count - 1 ? "Winners final" : `Round ${round}`;

export const losersNamer: Namer = (round, index, count) =>
  index === count - 1 ? "Losers final" : `Losers round ${Math.abs(round)}`;

export const grandFinalNamer: Namer = (_round, index) => (index === 0 ? "Grand final" : "Reset");

/** The rounds of `matches`, named (before filtering, so the final stays "Final"), then filtered. */
export function columnsOf(matches: readonly ViewMatch[], name: Namer, f: RoundFilter): Column[] {
  const rounds = byRound(matches);
  return rounds
    .map((list, i) => ({
      round: list[0]!.round,
      title: name(list[0]!.round, i, rounds.length),
      matches: list,
    }))
    .filter((c) => roundSelected(c.round, f));
}

/**
 * A race's standings: total points (more is better), then best finishes
 * (each participant's round ranks sorted best first, compared place by place:
 * more wins first, then more seconds, ...; a round without a rank counts
 * below every rank), then total time (the sum of the times in; less is
 * better). Participants equal on all three share a rank (1, 2, 2, 4) and are
 * listed by seed.
 */

export interface StandingsParticipant {
  readonly id: number;
  readonly seed: number;
}

/** One participant's result in one round. */
export interface RoundFinish {
  readonly participantId: number;
  readonly rank: number | null;
  readonly points: number | null;
  readonly time: number | null;
}

export interface RaceStanding {
  readonly participantId: number;
  readonly rank: number;
  readonly points: number;
  /** Ranks of the rounds run, best first; null for a round without a rank. */
  readonly finishes: readonly (number | null)[];
  /** Sum of the times in, milliseconds; null when none is. */
  readonly totalTime: number | null;
  /** Rounds with a time. */
  readonly roundsTimed: number;
}

/** Ranks ascending, no rank last. */
function placeOrder(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

type Tally = Omit<RaceStanding, "rank"> & { readonly seed: number };

function tally(p: StandingsParticipant, finishes: readonly RoundFinish[]): Tally {
  const mine = finishes.filter((f) => f.participantId === p.id);
  const timed = mine.flatMap((f) => (f.time === null ? [] : [f.time]));
  const ranks = mine.map((f) => f.rank).sort((a, b) => placeOrder(a, b));
  return {
    participantId: p.id,
    seed: p.seed,
    points: mine.reduce((sum, f) => sum + (f.points ?? 0), 0),
    finishes: ranks,
    totalTime: timed.length === 0 ? null : timed.reduce((a, b) => a + b, 0),
    roundsTimed: timed.length,
  };
}

/** Negative when `a` stands above `b`, 0 when they are level. */
export function compareStandings(a: Tally | RaceStanding, b: Tally | RaceStanding): number {
  if (a.points !== b.points) return b.points - a.points;
  const length = Math.max(a.finishes.length, b.finishes.length);
  for (let i = 0; i < length; i++) {
    const order = placeOrder(a.finishes[i] ?? null, b.finishes[i] ?? null);
    if (order !== 0) return order;
  }
  const ta = a.totalTime ?? Number.POSITIVE_INFINITY;
  const tb = b.totalTime ?? Number.POSITIVE_INFINITY;
  return ta === tb ? 0 : ta < tb ? -1 : 1;
}

export function raceStandings(
  participants: readonly StandingsParticipant[],
  finishes: readonly RoundFinish[],
): RaceStanding[] {
  const rows = participants
    .map((p) => tally(p, finishes))
    .sort((a, b) => compareStandings(a, b) || a.seed - b.seed);
  return rows.map(({ seed: _seed, ...row }, i) => {
    let first = i;
    while (first > 0 && compareStandings(rows[first - 1]!, rows[i]!) === 0) first--;
    return { ...row, rank: first + 1 };
  });
}

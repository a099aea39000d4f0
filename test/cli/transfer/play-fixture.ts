/**
 * Tournaments of every format played through an API client for the export tests:
 * created, filled with named participants, started, and `count` results reported
 * (player1 wins 2-1, a round robin's every third match a tie, the grand final won
 * from the losers' side so that a reset is played when the format has one).
 */
import type { ApiClient } from "../../../src/client/api-client.js";
import type { ApiRecord } from "../../../src/client/envelope.js";
import type { MatchReport } from "../../../src/client/matches.js";

export interface Format {
  readonly label: string;
  readonly attributes: Record<string, unknown>;
  readonly players: number;
  readonly twoStage?: boolean;
  /** Matches per bracket a complete event must have (a third-place match, a reset). */
  readonly brackets?: Record<string, number>;
}

export const FORMATS: readonly Format[] = [
  {
    label: "single elimination with a third-place match",
    attributes: {
      tournament_type: "single elimination",
      match_options: { consolation_matches_target_rank: 3 },
    },
    players: 8,
    brackets: { third_place: 1 },
  },
  {
    label: "double elimination with a grand-final reset",
    attributes: { tournament_type: "double elimination" },
    players: 6,
    brackets: { grand_final: 2 },
  },
  {
    label: "double elimination without a reset",
    attributes: {
      tournament_type: "double elimination",
      double_elimination_options: { grand_finals_modifier: "single match" },
    },
    players: 6,
    brackets: { grand_final: 1 },
  },
  { label: "round robin", attributes: { tournament_type: "round robin" }, players: 5 },
  {
    label: "swiss",
    attributes: { tournament_type: "swiss", swiss_options: { rounds: 3 } },
    players: 8,
  },
  { label: "free for all", attributes: { tournament_type: "free for all" }, players: 8 },
  {
    label: "two-stage (round robin groups, then single elimination)",
    attributes: {
      tournament_type: "single elimination",
      group_stage_enabled: true,
      group_stage_options: { group_size: 4, participant_count_to_advance_per_group: 2 },
    },
    players: 8,
    twoStage: true,
  },
];

function reportFor(m: ApiRecord, type: string): MatchReport {
  const a = m.attributes;
  if (Array.isArray(a.participant_ids)) {
    const ids = a.participant_ids as number[];
    return {
      match: ids.map((p, i) => ({
        participant_id: p,
        score_set: String(20 - i),
        rank: i + 1,
        advancing: i < 2,
      })),
    };
  }
  const [p1, p2] = [a.player1_id as number, a.player2_id as number];
  if (type === "round robin" && String(a.identifier).charCodeAt(0) % 3 === 0)
    return {
      match: [
        { participant_id: p1, score_set: "1,1" },
        { participant_id: p2, score_set: "1,1" },
      ],
      tie: true,
    };
  const grand = String(a.bracket).includes("grand");
  const w = grand ? p2 : p1;
  const sets = (x: string, y: string) => (w === p1 ? [x, y] : [y, x]);
  const [s1, s2] = sets("2,1,2", "1,2,0");
  return {
    match: [
      { participant_id: p1, score_set: s1!, advancing: w === p1 },
      { participant_id: p2, score_set: s2!, advancing: w === p2 },
    ],
  };
}

/** Reports open matches (lowest id first) until `count` are reported or none is open. */
export async function playSome(c: ApiClient, url: string, count: number): Promise<number> {
  const type = String((await c.tournaments.get(url)).attributes.tournament_type);
  let done = 0;
  while (done < count) {
    const open = await c.matches.listAll(url, { state: "open" });
    if (open.length === 0) return done;
    const m = open.sort((x, y) => Number(x.id) - Number(y.id))[0]!;
    await c.matches.update(url, m.id, reportFor(m, type));
    done++;
  }
  return done;
}

/** Creates `url` in `format`, adds its players, starts it and plays `count` results. */
export async function playedTournament(
  c: ApiClient,
  url: string,
  format: Format,
  count: number,
  finalize = false,
): Promise<void> {
  await c.tournaments.create({ name: `Event ${url}`, url, ...format.attributes });
  const names = Array.from({ length: format.players }, (_, i) => ({ name: `Player ${i + 1}` }));
  await c.participants.bulkAdd(url, names);
  if (format.twoStage) {
    await c.tournaments.changeState(url, "start_group_stage");
    const left = count - (await playSome(c, url, count));
    if (left <= 0) return;
    await c.tournaments.changeState(url, "finalize_group_stage");
    await c.tournaments.changeState(url, "start");
    await playSome(c, url, left);
  } else {
    await c.tournaments.changeState(url, "start");
    await playSome(c, url, count);
  }
  if (finalize) await c.tournaments.changeState(url, "finalize");
}

/**
 * The demo's tournament, played through the API client: created with a group
 * stage (round robin groups of 4, two advancing) before a single elimination
 * with a third-place match, generated players added, then every round
 * reported, the stage and the tournament finalized.
 */
import type { ApiClient } from "../../../client/api-client.js";
import type { ResourceObject } from "../../../model/resource.js";
import { playerIds } from "../match/match-columns.js";
import { selectedMatches } from "../match/selected.js";
import { playerNames, result } from "./players.js";

export const DEMO_ATTRIBUTES = {
  name: "Demo Cup",
  tournament_type: "single elimination",
  game_name: "Table tennis",
  description: "Made by tourney demo",
  group_stage_enabled: true,
  group_stage_options: {
    stage_type: "round robin",
    group_size: 4,
    participant_count_to_advance_per_group: 2,
  },
  match_options: { consolation_matches_target_rank: 3 },
} as const;

export interface DemoSteps {
  readonly client: ApiClient;
  readonly rand: () => number;
  /** Called after each round is reported (the stage and round played, its matches as reported). */
  readonly afterRound: (
    tournament: string,
    title: string,
    played: readonly ResourceObject[],
  ) => Promise<void>;
}

/** Creates the tournament and adds `players` generated players; its id. */
export async function createDemo(s: DemoSteps, players: number): Promise<string> {
  const created = await s.client.tournaments.create({ ...DEMO_ATTRIBUTES });
  const names = playerNames(players, s.rand);
  await s.client.participants.bulkAdd(
    created.id,
    names.map((name) => ({ name })),
  );
  return created.id;
}

/** The open matches of the earliest round open (a round robin opens every round at once). */
function nextRound(open: readonly ResourceObject[]): ResourceObject[] {
  const round = (m: ResourceObject) => Math.abs(Number(m.attributes.round));
  const first = Math.min(...open.map(round));
  return open.filter((m) => round(m) === first);
}

async function report(
  s: DemoSteps,
  t: string,
  match: ResourceObject,
  seeds: Map<number, number>,
): Promise<ResourceObject | undefined> {
  const [p1, p2] = playerIds(match);
  if (p1 === null || p2 === null) return undefined;
  const r = result(seeds.get(p1) ?? 0, seeds.get(p2) ?? 0, s.rand);
  const winner = r.winner === 0 ? p1 : p2;
  return s.client.matches.update(t, match.id, {
    match: [
      { participant_id: p1, score_set: String(r.scores[0]), advancing: winner === p1 },
      { participant_id: p2, score_set: String(r.scores[1]), advancing: winner === p2 },
    ],
  });
}

/** Reports round after round until no match is open; `stage` names them ("Group stage"). */
export async function playStage(s: DemoSteps, t: string, stage: string): Promise<void> {
  const participants = await s.client.participants.listAll(t);
  const seeds = new Map(participants.map((p) => [Number(p.id), Number(p.attributes.seed)]));
  for (;;) {
    // Open by their records too: a service that ignores ?state= answers every match, and a
    // complete one was reported again ("already complete; reopen it first", exit 5).
    const open = await selectedMatches(s.client, t, { state: "open" });
    if (open.length === 0) return;
    const round = nextRound(open);
    const played: ResourceObject[] = [];
    for (const match of round) {
      const reported = await report(s, t, match, seeds);
      if (reported !== undefined) played.push(reported);
    }
    const title = `${stage}, round ${Math.abs(Number(round[0]!.attributes.round))}`;
    await s.afterRound(t, title, played);
  }
}

/** The whole demo: group stage, final stage, finalize. */
export async function playDemo(s: DemoSteps, t: string): Promise<void> {
  await s.client.tournaments.changeState(t, "start_group_stage");
  await playStage(s, t, "Group stage");
  await s.client.tournaments.changeState(t, "finalize_group_stage");
  await s.client.tournaments.changeState(t, "start");
  await playStage(s, t, "Final stage");
  await s.client.tournaments.changeState(t, "finalize");
}

export interface FinalRank {
  readonly rank: number;
  readonly name: string;
  readonly participant_id: number;
}

/** The final ranks, best first; players without one (out in the groups) left out. */
export async function finalStandings(client: ApiClient, t: string): Promise<FinalRank[]> {
  const participants = await client.participants.listAll(t);
  return participants
    .filter((p) => typeof p.attributes.final_rank === "number")
    .map((p) => ({
      rank: p.attributes.final_rank as number,
      name: String(p.attributes.name),
      participant_id: Number(p.id),
      seed: Number(p.attributes.seed),
    }))
    .sort((a, b) => a.rank - b.rank || a.seed - b.seed)
    .map(({ seed: _seed, ...rank }) => rank);
}

/** "1. Ada Knuth" lines, best first. */
export function finalRanks(ranks: readonly FinalRank[]): string[] {
  return ranks.map((r) => `${String(r.rank).padStart(2)}. ${r.name}`);
}

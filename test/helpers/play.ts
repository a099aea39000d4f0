/** Playing tournaments through the real service: report every open match until none is left. */
import { expect } from "vitest";
import type { ServiceHarness } from "./service.js";
import { participantsBody, tournamentBody } from "./service.js";

export interface MatchAttrs {
  id: string;
  state: string;
  round: number;
  identifier: string;
  player1_id: number;
  player2_id: number;
  winner_id: number | null;
  loser_id: number | null;
  bracket: string;
  group_id: number | null;
}

export async function createWithPlayers(
  s: ServiceHarness,
  attributes: Record<string, unknown>,
  count: number,
): Promise<{ id: string; seedOf: Map<number, number>; idOfSeed: Map<number, number> }> {
  const t = await s.request(
    "POST",
    "/v2.1/tournaments",
    tournamentBody({ name: "T", ...attributes }),
  );
  expect(t.status, t.body).toBe(201);
  const id = t.json.data.id as string;
  const seedOf = new Map<number, number>();
  const idOfSeed = new Map<number, number>();
  if (count === 0) return { id, seedOf, idOfSeed };
  const names = Array.from({ length: count }, (_, i) => `P${i + 1}`);
  const added = await s.request(
    "POST",
    `/v2.1/tournaments/${id}/participants/bulk_add`,
    participantsBody(names),
  );
  expect(added.status, added.body).toBe(200);
  for (const p of added.json.data) {
    seedOf.set(Number(p.id), p.attributes.seed);
    idOfSeed.set(p.attributes.seed, Number(p.id));
  }
  return { id, seedOf, idOfSeed };
}

export async function changeState(s: ServiceHarness, t: string, state: string) {
  return s.request("PUT", `/v2.1/tournaments/${t}/change_state`, {
    data: { type: "TournamentState", attributes: { state } },
  });
}

export async function matches(s: ServiceHarness, t: string, state = "all"): Promise<MatchAttrs[]> {
  const r = await s.request("GET", `/v2.1/tournaments/${t}/matches?per_page=1000&state=${state}`);
  expect(r.status, r.body).toBe(200);
  return r.json.data.map((m: { id: string; attributes: Omit<MatchAttrs, "id"> }) => ({
    id: m.id,
    ...m.attributes,
  }));
}

export function reportBody(winner: number, loser: number, sets = "2,1", loserSets = "1,2") {
  return {
    data: {
      type: "Match",
      attributes: {
        match: [
          { participant_id: String(winner), score_set: sets, advancing: true },
          { participant_id: String(loser), score_set: loserSets, advancing: false },
        ],
      },
    },
  };
}

/** Reports open matches with `pick` choosing the winner, until no match is open. */
export async function playOut(
  s: ServiceHarness,
  t: string,
  pick: (m: MatchAttrs) => number,
): Promise<number> {
  let reported = 0;
  for (
    let open = await matches(s, t, "open");
    open.length > 0;
    open = await matches(s, t, "open")
  ) {
    for (const m of open) {
      expect(m.player1_id).not.toBe(m.player2_id);
      const winner = pick(m);
      const loser = winner === m.player1_id ? m.player2_id : m.player1_id;
      const r = await s.request(
        "PUT",
        `/v2.1/tournaments/${t}/matches/${m.id}`,
        reportBody(winner, loser),
      );
      expect(r.status, r.body).toBe(200);
      reported++;
    }
  }
  return reported;
}

export async function finalRanksBySeed(s: ServiceHarness, t: string): Promise<(number | null)[]> {
  const r = await s.request("GET", `/v2.1/tournaments/${t}/participants?per_page=1000`);
  return r.json.data
    .map((p: { attributes: { seed: number; final_rank: number | null } }) => p.attributes)
    .sort((a: { seed: number }, b: { seed: number }) => a.seed - b.seed)
    .map((p: { final_rank: number | null }) => p.final_rank);
}

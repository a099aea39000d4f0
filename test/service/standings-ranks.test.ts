/**
 * Standings and final ranks come from one ranking (engine/tiebreaks.ts
 * `rankByTieBreaks`): equal on every tie-break level means the same rank in
 * `standings` and in `final_rank`; separated at any level means different ranks
 * in both. Free-for-all W/L/T follow placings: first place alone is a win,
 * shared first place a tie, any other place a loss.
 */
import { describe, expect, it } from "vitest";
import { changeState, createWithPlayers, playOut } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

interface StandingAttrs {
  participant_id: number;
  stage: string;
  group_id: number | null;
  rank: number | null;
  wins: number;
  losses: number;
  ties: number;
  points: number;
}

async function standings(s: ServiceHarness, t: string): Promise<StandingAttrs[]> {
  const r = await s.request("GET", `/v2.1/tournaments/${t}/standings`);
  expect(r.status, r.body).toBe(200);
  return r.json.data.map((d: { attributes: StandingAttrs }) => d.attributes);
}

async function finalRanks(s: ServiceHarness, t: string): Promise<Map<number, number | null>> {
  const r = await s.request("GET", `/v2.1/tournaments/${t}/participants?per_page=1000`);
  expect(r.status, r.body).toBe(200);
  return new Map(
    r.json.data.map((p: { id: string; attributes: { final_rank: number | null } }) => [
      Number(p.id),
      p.attributes.final_rank,
    ]),
  );
}

/** [seed, standings rank, final_rank] in standings order. */
async function rankTable(s: ServiceHarness, t: string, seedOf: Map<number, number>) {
  const finals = await finalRanks(s, t);
  return (await standings(s, t)).map((row) => [
    seedOf.get(row.participant_id),
    row.rank,
    finals.get(row.participant_id),
  ]);
}

const higherSeed =
  (seedOf: Map<number, number>) => (m: { player1_id: number; player2_id: number }) =>
    seedOf.get(m.player1_id)! < seedOf.get(m.player2_id)! ? m.player1_id : m.player2_id;

describe("standings and final_rank agree", () => {
  it("swiss of 9, the higher seed always wins: players equal on every tie-break share a rank in both", async () => {
    const s = await startService();
    const { id, seedOf } = await createWithPlayers(s, { tournament_type: "swiss" }, 9);
    expect((await changeState(s, id, "start")).status).toBe(200);
    await playOut(s, id, higherSeed(seedOf));
    expect((await changeState(s, id, "finalize")).status).toBe(200);
    // Before: standings ranked S2 2 and S3 3 (S7 6, S8 7) while final_rank gave
    // 2 and 2 (6 and 6). They are level on points and on every tie-break level.
    const table = await rankTable(s, id, seedOf);
    expect(table).toEqual([
      [1, 1, 1],
      [2, 2, 2],
      [3, 2, 2],
      [4, 4, 4],
      [5, 5, 5],
      [7, 6, 6],
      [8, 6, 6],
      [6, 8, 8],
      [9, 9, 9],
    ]);
  });

  it("round robin of 6: the head-to-head mini-league re-applied separates P1/P2 and P3/P4 in both", async () => {
    const s = await startService();
    const { id, seedOf } = await createWithPlayers(s, { tournament_type: "round robin" }, 6);
    const results = "2>1 2>4 1>4 1>3 4>3 3>2 5>2 5>1 4>5 5>3 6>2 6>1 6>4 3>6 5>6";
    const winnerOf = new Map<string, number>();
    for (const pair of results.split(" ")) {
      const [w, l] = pair.split(">").map(Number) as [number, number];
      winnerOf.set(w < l ? `${w}-${l}` : `${l}-${w}`, w);
    }
    expect(winnerOf.size).toBe(15);
    expect((await changeState(s, id, "start")).status).toBe(200);
    const played = await playOut(s, id, (m) => {
      const [a, b] = [seedOf.get(m.player1_id)!, seedOf.get(m.player2_id)!];
      const winnerSeed = winnerOf.get(a < b ? `${a}-${b}` : `${b}-${a}`);
      return winnerSeed === a ? m.player1_id : m.player2_id;
    });
    expect(played).toBe(15);
    expect((await changeState(s, id, "finalize")).status).toBe(200);
    expect(await rankTable(s, id, seedOf)).toEqual([
      [5, 1, 1],
      [6, 2, 2],
      [2, 3, 3],
      [1, 4, 4],
      [4, 5, 5],
      [3, 6, 6],
    ]);
  });
});

describe("free-for-all W/L/T follow placings", () => {
  it("first place alone is a win, shared first a tie, any other place a loss", async () => {
    const s = await startService();
    const { id, idOfSeed } = await createWithPlayers(
      s,
      { tournament_type: "free for all", free_for_all_options: { max_participants: 4 } },
      8,
    );
    expect((await changeState(s, id, "start")).status).toBe(200);
    const open = async () =>
      (await s.request("GET", `/v2.1/tournaments/${id}/matches?state=open`)).json.data as {
        id: string;
        attributes: { participant_ids: number[] };
      }[];
    const seed = new Map([...idOfSeed].map(([k, v]) => [v, k]));
    const report = async (matchId: string, ranks: [number, number, boolean][]) => {
      const r = await s.request("PUT", `/v2.1/tournaments/${id}/matches/${matchId}`, {
        data: {
          type: "Match",
          attributes: {
            match: ranks.map(([sd, rank, advancing]) => ({
              participant_id: String(idOfSeed.get(sd)),
              score_set: "",
              rank,
              advancing,
            })),
          },
        },
      });
      expect(r.status, r.body).toBe(200);
    };
    // Round 1: [1,4,5,8] and [2,3,6,7]. Seed 1 places first alone; seeds 2 and 3 share first.
    const round1 = await open();
    expect(round1.map((m) => m.attributes.participant_ids.map((p) => seed.get(p)))).toEqual([
      [1, 4, 5, 8],
      [2, 3, 6, 7],
    ]);
    await report(round1[0]!.id, [
      [1, 1, true],
      [4, 2, true],
      [5, 3, false],
      [8, 4, false],
    ]);
    await report(round1[1]!.id, [
      [2, 1, true],
      [3, 1, true],
      [6, 3, false],
      [7, 4, false],
    ]);
    // Final [1,2,3,4]: seed 1 first again.
    const final = await open();
    expect(final).toHaveLength(1);
    await report(final[0]!.id, [
      [1, 1, false],
      [2, 2, false],
      [3, 3, false],
      [4, 4, false],
    ]);
    const rows = await standings(s, id);
    const bySeed = new Map(rows.map((r) => [seed.get(r.participant_id), r]));
    const wlt = (sd: number) => {
      const r = bySeed.get(sd)!;
      return [r.wins, r.losses, r.ties, r.points];
    };
    expect(wlt(1)).toEqual([2, 0, 0, 2]);
    expect(wlt(2)).toEqual([0, 1, 1, 0.5]);
    expect(wlt(3)).toEqual([0, 1, 1, 0.5]);
    expect(wlt(4)).toEqual([0, 2, 0, 0]);
    for (const sd of [5, 6, 7, 8]) expect(wlt(sd)).toEqual([0, 1, 0, 0]);
    expect((await changeState(s, id, "finalize")).status).toBe(200);
    const finals = await finalRanks(s, id);
    const after = await standings(s, id);
    for (const row of after) expect(row.rank).toBe(finals.get(row.participant_id));
    // Final ranks: the last match by placing, then round 1's leavers by placing (shared).
    expect(after.map((r) => [seed.get(r.participant_id), r.rank, r.wins])).toEqual([
      [1, 1, 2],
      [2, 2, 0],
      [3, 3, 0],
      [4, 4, 0],
      [5, 5, 0],
      [6, 5, 0],
      [7, 7, 0],
      [8, 7, 0],
    ]);
  });
});

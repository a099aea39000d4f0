/**
 * Free for all at 2 a match with an odd field: no match holds one player. The first of
 * the round's order still in and without a bye sits the round out (a bye) and plays the
 * next round; only real matches are stored. Before, ceil(n / 2) tables were made, one of
 * a single player, which no report could complete ("some but not all participants must
 * advance"): the tournament never finished.
 */
import { describe, expect, it } from "vitest";
import { type FfaReportEntry, ffaMatches, ffaReport } from "../helpers/free-for-all.js";
import { changeState, createWithPlayers, finalRanksBySeed } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

async function report(s: ServiceHarness, t: string, m: string, entries: readonly FfaReportEntry[]) {
  const r = await s.request("PUT", `/v2.1/tournaments/${t}/matches/${m}`, ffaReport(entries));
  expect(r.status, r.body).toBe(200);
}

async function started(s: ServiceHarness, count: number, max: number) {
  const made = await createWithPlayers(
    s,
    { tournament_type: "free for all", free_for_all_options: { max_participants: max } },
    count,
  );
  expect((await changeState(s, made.id, "start")).status).toBe(200);
  return { ...made, seed: (n: number) => made.idOfSeed.get(n)! };
}

async function tournamentState(s: ServiceHarness, t: string): Promise<string> {
  return (await s.request("GET", `/v2.1/tournaments/${t}`)).json.data.attributes.state;
}

/** Reports `m` won by `winner` over `loser` (2 a match: the winner advances but in the final). */
function won(winner: number, loser: number): FfaReportEntry[] {
  return [
    { id: winner, rank: 1, advancing: true },
    { id: loser, rank: 2 },
  ];
}

async function round(s: ServiceHarness, t: string, n: number) {
  return (await ffaMatches(s, t)).filter((m) => m.round === n);
}

describe("free for all: a round that would leave one player alone gives a bye", () => {
  it("3 players at 2 a match: seed 1 sits round 1 out, plays the final; the tournament ends", async () => {
    const s = await startService();
    const { id, seed } = await started(s, 3, 2);
    const first = await ffaMatches(s, id);
    expect(first.map((m) => [m.round, m.participant_ids])).toEqual([[1, [seed(2), seed(3)]]]);
    await report(s, id, first[0]!.id, won(seed(3), seed(2)));
    const [final] = await round(s, id, 2);
    expect(final!.participant_ids).toEqual([seed(1), seed(3)]);
    await report(s, id, final!.id, won(seed(3), seed(1)));
    expect(await tournamentState(s, id)).toBe("awaiting_review");
    expect((await changeState(s, id, "finalize")).status).toBe(200);
    expect(await finalRanksBySeed(s, id)).toEqual([2, 3, 1]);
  });

  it("6 players at 2 a match: round 2's three advancers make one table and a bye", async () => {
    const s = await startService();
    const { id, seed } = await started(s, 6, 2);
    const r1 = await round(s, id, 1);
    expect(r1.map((m) => m.participant_ids)).toEqual([
      [seed(1), seed(6)],
      [seed(2), seed(5)],
      [seed(3), seed(4)],
    ]);
    await report(s, id, r1[0]!.id, won(seed(1), seed(6)));
    await report(s, id, r1[1]!.id, won(seed(5), seed(2)));
    await report(s, id, r1[2]!.id, won(seed(3), seed(4)));
    // Before: [1, 5] and [3] alone. Now seed 1 (first of rank 1 by seed) sits out.
    const r2 = await round(s, id, 2);
    expect(r2.map((m) => m.participant_ids)).toEqual([[seed(3), seed(5)]]);
    await report(s, id, r2[0]!.id, won(seed(5), seed(3)));
    expect(await tournamentState(s, id)).toBe("underway");
    const r3 = await round(s, id, 3);
    expect(r3.map((m) => m.participant_ids)).toEqual([[seed(1), seed(5)]]);
    for (const m of await ffaMatches(s, id)) expect(m.participant_ids.length).toBe(2);

    // Reopening round 2's table removes the final, paired again from the new result.
    const reopen = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${r2[0]!.id}/change_state`,
      { data: { type: "MatchState", attributes: { state: "reopen" } } },
    );
    expect(reopen.status, reopen.body).toBe(200);
    expect(await round(s, id, 3)).toEqual([]);
    await report(s, id, r2[0]!.id, won(seed(3), seed(5)));
    const again = await round(s, id, 3);
    expect(again.map((m) => m.participant_ids)).toEqual([[seed(1), seed(3)]]);
    await report(s, id, again[0]!.id, won(seed(1), seed(3)));
    expect(await tournamentState(s, id)).toBe("awaiting_review");
    expect((await changeState(s, id, "finalize")).status).toBe(200);
    expect(await finalRanksBySeed(s, id)).toEqual([1, 4, 2, 4, 3, 4]);
  });

  it("a removed bye holder plays on and forfeits; the next bye goes to a player still in", async () => {
    const s = await startService();
    const { id, seed } = await started(s, 5, 2);
    const r1 = await round(s, id, 1);
    expect(r1.map((m) => m.participant_ids)).toEqual([
      [seed(2), seed(5)],
      [seed(3), seed(4)],
    ]);
    const removed = await s.request("DELETE", `/v2.1/tournaments/${id}/participants/${seed(1)}`);
    expect(removed.status, removed.body).toBe(204);
    await report(s, id, r1[0]!.id, won(seed(2), seed(5)));
    await report(s, id, r1[1]!.id, won(seed(3), seed(4)));
    // Round 2: seed 1 (removed), 2, 3: the bye goes to 2; 3 meets the removed 1 and wins.
    const [r2] = await round(s, id, 2);
    expect(r2!.participant_ids).toEqual([seed(1), seed(3)]);
    expect(r2!.state).toBe("complete");
    const [final] = await round(s, id, 3);
    expect([final!.participant_ids, final!.state]).toEqual([[seed(2), seed(3)], "open"]);
    await report(s, id, final!.id, won(seed(2), seed(3)));
    expect((await changeState(s, id, "finalize")).status).toBe(200);
    expect(await finalRanksBySeed(s, id)).toEqual([5, 1, 2, 3, 3]);
  });
});

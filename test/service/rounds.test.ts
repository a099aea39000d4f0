import { describe, expect, it } from "vitest";
import {
  changeState,
  createWithPlayers,
  finalRanksBySeed,
  matches,
  reportBody,
} from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

const higherSeed =
  (seedOf: Map<number, number>) => (m: { player1_id: number; player2_id: number }) =>
    seedOf.get(m.player1_id)! < seedOf.get(m.player2_id)! ? m.player1_id : m.player2_id;

const pairKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

async function report(s: ServiceHarness, t: string, m: string, body: unknown) {
  return s.request("PUT", `/v2.1/tournaments/${t}/matches/${m}`, body);
}

describe("swiss through the service", () => {
  it("8 players: round 1 is 1-5, 2-6, 3-7, 4-8; each round paired when the last completes; no rematch", async () => {
    const s = await startService();
    const { id, seedOf } = await createWithPlayers(
      s,
      { tournament_type: "swiss", swiss_options: { rounds: 3 } },
      8,
    );
    await changeState(s, id, "start");
    const round1 = await matches(s, id, "open");
    expect(round1.map((m) => [seedOf.get(m.player1_id), seedOf.get(m.player2_id)])).toEqual([
      [1, 5],
      [2, 6],
      [3, 7],
      [4, 8],
    ]);
    const seen = new Set<string>();
    for (let round = 1; round <= 3; round++) {
      const open = await matches(s, id, "open");
      expect(open.map((m) => m.round)).toEqual([round, round, round, round]);
      for (const [i, m] of open.entries()) {
        const key = pairKey(m.player1_id, m.player2_id);
        expect(seen.has(key)).toBe(false);
        seen.add(key);
        const winner = higherSeed(seedOf)(m);
        const loser = winner === m.player1_id ? m.player2_id : m.player1_id;
        const r = await report(s, id, m.id, reportBody(winner, loser));
        expect(r.status, r.body).toBe(200);
        // the next round appears only after the last match of this one
        const all = await matches(s, id);
        expect(all.some((x) => x.round === round + 1)).toBe(i === 3 && round < 3);
      }
    }
    const t = await s.request("GET", `/v2.1/tournaments/${id}`);
    expect(t.json.data.attributes.state).toBe("awaiting_review");
    await changeState(s, id, "finalize");
    const ranks = await finalRanksBySeed(s, id);
    expect(ranks[0]).toBe(1);
    expect(ranks.every((r) => r !== null)).toBe(true);
  });

  it("9 players: exactly one bye a round, never twice to one player", async () => {
    const s = await startService();
    const { id, seedOf } = await createWithPlayers(
      s,
      { tournament_type: "swiss", swiss_options: { rounds: 5 } },
      9,
    );
    await changeState(s, id, "start");
    const byes: number[] = [];
    for (let round = 1; round <= 5; round++) {
      const open = await matches(s, id, "open");
      expect(open).toHaveLength(4);
      const playing = new Set(open.flatMap((m) => [m.player1_id, m.player2_id]));
      expect(playing.size).toBe(8);
      const out = [...seedOf.keys()].filter((p) => !playing.has(p));
      expect(out).toHaveLength(1);
      byes.push(out[0]!);
      for (const m of open) {
        const w = higherSeed(seedOf)(m);
        const r = await report(
          s,
          id,
          m.id,
          reportBody(w, w === m.player1_id ? m.player2_id : m.player1_id),
        );
        expect(r.status, r.body).toBe(200);
      }
    }
    expect(new Set(byes).size).toBe(5);
    // the bye counts as a match win in the standings
    const st = await s.request("GET", `/v2.1/tournaments/${id}/standings`);
    const rows = st.json.data.map((d: any) => d.attributes);
    expect(rows).toHaveLength(9);
    const lowest = rows.find((r: any) => seedOf.get(r.participant_id) === 9);
    expect(lowest.points).toBeGreaterThanOrEqual(1);
  });

  it("reopening a round-1 match removes the paired round 2, which is paired again", async () => {
    const s = await startService();
    const { id, seedOf } = await createWithPlayers(
      s,
      { tournament_type: "swiss", swiss_options: { rounds: 3 } },
      4,
    );
    await changeState(s, id, "start");
    const [a, b] = await matches(s, id, "open");
    for (const m of [a!, b!]) {
      const w = higherSeed(seedOf)(m);
      await report(s, id, m.id, reportBody(w, w === m.player1_id ? m.player2_id : m.player1_id));
    }
    const round2 = (await matches(s, id)).filter((m) => m.round === 2);
    expect(round2).toHaveLength(2);
    // a round-2 result blocks the reopen unless reset_dependents
    const r2 = round2[0]!;
    const w2 = higherSeed(seedOf)(r2);
    await report(
      s,
      id,
      r2.id,
      reportBody(w2, w2 === r2.player1_id ? r2.player2_id : r2.player1_id),
    );
    const reopen = (reset: boolean) =>
      s.request("PUT", `/v2.1/tournaments/${id}/matches/${a!.id}/change_state`, {
        data: {
          type: "MatchState",
          attributes: { state: "reopen", ...(reset ? { reset_dependents: true } : {}) },
        },
      });
    const refused = await reopen(false);
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].detail).toMatch(/reset_dependents/);
    expect((await matches(s, id)).filter((m) => m.round === 2)).toHaveLength(2);
    const done = await reopen(true);
    expect(done.status, done.body).toBe(200);
    expect(done.json.data.attributes.state).toBe("open");
    expect((await matches(s, id)).filter((m) => m.round === 2)).toHaveLength(0);
    // the lower seed wins this time: round 2 is paired from the new result
    const lw = higherSeed(seedOf)(a!) === a!.player1_id ? a!.player2_id : a!.player1_id;
    await report(
      s,
      id,
      a!.id,
      reportBody(lw, lw === a!.player1_id ? a!.player2_id : a!.player1_id),
    );
    expect((await matches(s, id, "open")).filter((m) => m.round === 2)).toHaveLength(2);
  });

  it("rounds set beyond n - 1 are played as set, with the fewest-rematches fallback (4 players, 5 rounds)", async () => {
    const s = await startService();
    const { id, seedOf } = await createWithPlayers(
      s,
      { tournament_type: "swiss", swiss_options: { rounds: 5 } },
      4,
    );
    await changeState(s, id, "start");
    const meetings = new Map<string, number>();
    for (let round = 1; round <= 5; round++) {
      const t = await s.request("GET", `/v2.1/tournaments/${id}`);
      expect(t.json.data.attributes.state, `before round ${round}`).toBe("underway");
      const open = await matches(s, id, "open");
      expect(open.map((m) => m.round)).toEqual([round, round]);
      for (const m of open) {
        const key = pairKey(m.player1_id, m.player2_id);
        meetings.set(key, (meetings.get(key) ?? 0) + 1);
        const w = higherSeed(seedOf)(m);
        const r = await report(
          s,
          id,
          m.id,
          reportBody(w, w === m.player1_id ? m.player2_id : m.player1_id),
        );
        expect(r.status, r.body).toBe(200);
      }
    }
    // 3 rounds exhaust the 6 pairs; rounds 4 and 5 repeat pairs, each at most twice
    expect(meetings.size).toBe(6);
    expect(Math.max(...meetings.values())).toBe(2);
    const t = await s.request("GET", `/v2.1/tournaments/${id}`);
    expect(t.json.data.attributes.state).toBe("awaiting_review");
    expect(t.json.data.attributes.swiss_options.rounds).toBe(5);
    expect(Math.max(...(await matches(s, id)).map((m) => m.round))).toBe(5);
  });
});

function ffaReport(entries: { id: number; rank: number; advancing?: boolean; score?: string }[]) {
  return {
    data: {
      type: "Match",
      attributes: {
        match: entries.map((e) => ({
          participant_id: String(e.id),
          score_set: e.score ?? "",
          rank: e.rank,
          advancing: e.advancing ?? false,
        })),
      },
    },
  };
}

describe("free for all through the service", () => {
  it("16 players, 4 per match: advancers meet until one match is left; ranks from the last round and the round each left in", async () => {
    const s = await startService();
    const { id, seedOf, idOfSeed } = await createWithPlayers(
      s,
      { tournament_type: "free for all", free_for_all_options: { max_participants: 4 } },
      16,
    );
    await changeState(s, id, "start");
    const rounds: number[][][] = [];
    for (;;) {
      const open = (await s.request("GET", `/v2.1/tournaments/${id}/matches?state=open`)).json.data;
      if (open.length === 0) break;
      rounds.push(
        open.map((m: any) => m.attributes.participant_ids.map((p: number) => seedOf.get(p))),
      );
      for (const m of open) {
        const players: number[] = [...m.attributes.participant_ids].sort(
          (x: number, y: number) => seedOf.get(x)! - seedOf.get(y)!,
        );
        const body = ffaReport(
          players.map((p, i) => ({ id: p, rank: i + 1, advancing: i < 2, score: `${10 - i}` })),
        );
        const r = await report(s, id, m.id, body);
        expect(r.status, r.body).toBe(200);
        expect(r.json.data.attributes.state).toBe("complete");
      }
    }
    expect(rounds).toEqual([
      [
        [1, 8, 9, 16],
        [2, 7, 10, 15],
        [3, 6, 11, 14],
        [4, 5, 12, 13],
      ],
      [
        [1, 4, 5, 8],
        [2, 3, 6, 7],
      ],
      [[1, 2, 3, 4]],
    ]);
    expect((await s.request("GET", `/v2.1/tournaments/${id}`)).json.data.attributes.state).toBe(
      "awaiting_review",
    );
    await changeState(s, id, "finalize");
    // final: 1,2,3,4; left in round 2 at rank 3: 5,6 (rank 5); at rank 4: 7,8 (rank 7); round 1 ranks 3 and 4
    expect(await finalRanksBySeed(s, id)).toEqual([
      1, 2, 3, 4, 5, 5, 7, 7, 9, 9, 9, 9, 13, 13, 13, 13,
    ]);
    expect(idOfSeed.size).toBe(16);
  });

  it("refuses duplicate ranks at the advancing cut and changes nothing", async () => {
    const s = await startService();
    const { id } = await createWithPlayers(s, { tournament_type: "free for all" }, 8);
    await changeState(s, id, "start");
    const m = (await s.request("GET", `/v2.1/tournaments/${id}/matches?state=open`)).json.data[0];
    const [p1, p2, p3, p4] = m.attributes.participant_ids as number[];
    const r = await report(
      s,
      id,
      m.id,
      ffaReport([
        { id: p1!, rank: 1, advancing: true },
        { id: p2!, rank: 2, advancing: true },
        { id: p3!, rank: 2 },
        { id: p4!, rank: 4 },
      ]),
    );
    expect(r.status).toBe(422);
    expect(r.json.errors[0].detail).toMatch(/rank 2 is shared across the advancing cut/);
    const after = await s.request("GET", `/v2.1/tournaments/${id}/matches/${m.id}`);
    expect(after.json.data.attributes.state).toBe("open");
    expect(
      after.json.data.attributes.points_by_participant.every((e: any) => e.rank === null),
    ).toBe(true);
    const missing = await report(
      s,
      id,
      m.id,
      ffaReport([
        { id: p1!, rank: 1, advancing: true },
        { id: p2!, rank: 2 },
      ]),
    );
    expect(missing.status).toBe(422);
    expect(missing.json.errors[0].detail).toMatch(/no rank reported/);
  });
});

describe("swiss and round robin need results to move on", () => {
  it("a report without advancing keeps a swiss match open and pairs nothing", async () => {
    const s = await startService();
    const { id } = await createWithPlayers(s, { tournament_type: "swiss" }, 4);
    await changeState(s, id, "start");
    const [m] = await matches(s, id, "open");
    const r = await report(s, id, m!.id, {
      data: {
        type: "Match",
        attributes: {
          match: [
            { participant_id: String(m!.player1_id), score_set: "1" },
            { participant_id: String(m!.player2_id), score_set: "0" },
          ],
        },
      },
    });
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.attributes.state).toBe("open");
    expect(r.json.data.attributes.scores).toBe("1 - 0");
    expect(await matches(s, id)).toHaveLength(2);
  });
});

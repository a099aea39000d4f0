import { describe, expect, it } from "vitest";
import {
  changeState,
  createWithPlayers,
  finalRanksBySeed,
  matches,
  playOut,
  reportBody,
} from "../helpers/play.js";
import { startService } from "../helpers/service.js";

const higherSeed =
  (seedOf: Map<number, number>) => (m: { player1_id: number; player2_id: number }) =>
    seedOf.get(m.player1_id)! < seedOf.get(m.player2_id)! ? m.player1_id : m.player2_id;
const lowerSeed =
  (seedOf: Map<number, number>) => (m: { player1_id: number; player2_id: number }) =>
    seedOf.get(m.player1_id)! > seedOf.get(m.player2_id)! ? m.player1_id : m.player2_id;

describe("single elimination through the service", () => {
  it("8 players, higher seed always wins: awaiting_review by itself, then ranks 1,2,3,3,5,5,5,5", async () => {
    const s = await startService();
    const { id, seedOf } = await createWithPlayers(s, { tournament_type: "single elimination" }, 8);
    expect((await changeState(s, id, "start")).json.data.attributes.state).toBe("underway");
    const first = await matches(s, id, "open");
    expect(first.map((m) => [seedOf.get(m.player1_id), seedOf.get(m.player2_id)])).toEqual([
      [1, 8],
      [4, 5],
      [2, 7],
      [3, 6],
    ]);
    expect(await playOut(s, id, higherSeed(seedOf))).toBe(7);
    const t = await s.request("GET", `/v2.1/tournaments/${id}`);
    expect(t.json.data.attributes.state).toBe("awaiting_review");
    expect(t.json.data.attributes.progress_meter).toBe(100);
    expect((await changeState(s, id, "finalize")).json.data.attributes.state).toBe("complete");
    expect(await finalRanksBySeed(s, id)).toEqual([1, 2, 3, 3, 5, 5, 5, 5]);
  });

  it("with the third-place match: ranks 1,2,3,4,5,5,5,5", async () => {
    const s = await startService();
    const { id, seedOf } = await createWithPlayers(
      s,
      {
        tournament_type: "single elimination",
        match_options: { consolation_matches_target_rank: 3 },
      },
      8,
    );
    await changeState(s, id, "start");
    expect(await playOut(s, id, higherSeed(seedOf))).toBe(8);
    await changeState(s, id, "finalize");
    expect(await finalRanksBySeed(s, id)).toEqual([1, 2, 3, 4, 5, 5, 5, 5]);
  });

  it("stores only real matches: 5 players open with 4-5 alone; 6 with 4-5 and 3-6", async () => {
    const s = await startService();
    const five = await createWithPlayers(s, { tournament_type: "single elimination" }, 5);
    await changeState(s, five.id, "start");
    const open5 = await matches(s, five.id, "open");
    const pairs = (list: typeof open5, round: number) =>
      list
        .filter((m) => m.round === round)
        .map((m) => [five.seedOf.get(m.player1_id), five.seedOf.get(m.player2_id)]);
    expect(pairs(open5, 1)).toEqual([[4, 5]]);
    // Seeds 2 and 3 both had byes: their round-2 match is playable at once.
    expect(pairs(open5, 2)).toEqual([[2, 3]]);
    expect(await matches(s, five.id)).toHaveLength(4);
    const six = await createWithPlayers(
      s,
      { tournament_type: "single elimination", url: "six" },
      6,
    );
    await changeState(s, six.id, "start");
    const open6 = (await matches(s, six.id, "open")).filter((m) => m.round === 1);
    expect(
      open6.map((m) => [six.seedOf.get(m.player1_id), six.seedOf.get(m.player2_id)]).sort(),
    ).toEqual([
      [3, 6],
      [4, 5],
    ]);
  });
});

describe("double elimination through the service", () => {
  it("8 players: 2N-1 = 15 matches when the losers-bracket winner takes the first final", async () => {
    const s = await startService();
    const { id, seedOf } = await createWithPlayers(s, { tournament_type: "double elimination" }, 8);
    await changeState(s, id, "start");
    // Seed 1 wins everything until the grand final, which seed 2 (from the losers bracket) wins twice.
    const pick = (m: { player1_id: number; player2_id: number; bracket: string }) =>
      m.bracket === "grand_final" ? lowerSeed(seedOf)(m) : higherSeed(seedOf)(m);
    expect(await playOut(s, id, pick)).toBe(15);
    await changeState(s, id, "finalize");
    expect((await finalRanksBySeed(s, id)).slice(0, 2)).toEqual([2, 1]);
  });

  it("8 players: 2N-2 = 14 when the winners-bracket winner takes the first final; same with single match", async () => {
    const s = await startService();
    const a = await createWithPlayers(s, { tournament_type: "double elimination" }, 8);
    await changeState(s, a.id, "start");
    expect(await playOut(s, a.id, higherSeed(a.seedOf))).toBe(14);
    const b = await createWithPlayers(
      s,
      {
        tournament_type: "double elimination",
        url: "b",
        double_elimination_options: { grand_finals_modifier: "single match" },
      },
      8,
    );
    await changeState(s, b.id, "start");
    const pick = (m: { player1_id: number; player2_id: number; bracket: string }) =>
      m.bracket === "grand_final" ? lowerSeed(b.seedOf)(m) : higherSeed(b.seedOf)(m);
    expect(await playOut(s, b.id, pick)).toBe(14);
  });

  it("skip: no grand final is played", async () => {
    const s = await startService();
    const { id, seedOf } = await createWithPlayers(
      s,
      {
        tournament_type: "double elimination",
        double_elimination_options: { grand_finals_modifier: "skip" },
      },
      8,
    );
    await changeState(s, id, "start");
    expect(await playOut(s, id, higherSeed(seedOf))).toBe(13);
    expect((await matches(s, id)).some((m) => m.bracket === "grand_final")).toBe(false);
    expect((await s.request("GET", `/v2.1/tournaments/${id}`)).json.data.attributes.state).toBe(
      "awaiting_review",
    );
  });
});

describe("round robin through the service", () => {
  it("6 players: 15 matches in 5 rounds, ties allowed, ranks by match wins", async () => {
    const s = await startService();
    const { id, seedOf } = await createWithPlayers(s, { tournament_type: "round robin" }, 6);
    await changeState(s, id, "start");
    const all = await matches(s, id);
    expect(all).toHaveLength(15);
    expect(new Set(all.map((m) => m.round))).toEqual(new Set([1, 2, 3, 4, 5]));
    const tie = all[0]!;
    const r = await s.request("PUT", `/v2.1/tournaments/${id}/matches/${tie.id}`, {
      data: {
        type: "Match",
        attributes: {
          tie: true,
          match: [
            { participant_id: tie.player1_id, score_set: "1" },
            { participant_id: tie.player2_id, score_set: "1" },
          ],
        },
      },
    });
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.attributes).toMatchObject({ state: "complete", tie: true, winner_id: null });
    await playOut(s, id, higherSeed(seedOf));
    await changeState(s, id, "finalize");
    const ranks = await finalRanksBySeed(s, id);
    expect(ranks[0]).toBe(1);
    expect([...ranks].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe("bad input changes nothing", () => {
  async function started(size = 4, type = "single elimination") {
    const s = await startService();
    const t = await createWithPlayers(s, { tournament_type: type }, size);
    await changeState(s, t.id, "start");
    return { s, ...t };
  }

  it("refuses reports on pending and complete matches, strangers, two advancing, ties, bad scores", async () => {
    const { s, id } = await started();
    const all = await matches(s, id);
    const pending = all.find((m) => m.state === "pending")!;
    const open = all.find((m) => m.state === "open")!;
    const before = JSON.stringify(await matches(s, id));
    const cases: [string, unknown, string][] = [
      [pending.id, reportBody(1, 2), "pending"],
      [open.id, reportBody(open.player1_id, 999), "not in match"],
      [
        open.id,
        {
          data: {
            type: "Match",
            attributes: {
              match: [
                { participant_id: open.player1_id, score_set: "1", advancing: true },
                { participant_id: open.player2_id, score_set: "0", advancing: true },
              ],
            },
          },
        },
        "only one participant can advance",
      ],
      [
        open.id,
        {
          data: {
            type: "Match",
            attributes: {
              tie: true,
              match: [
                { participant_id: open.player1_id, score_set: "1" },
                { participant_id: open.player2_id, score_set: "1" },
              ],
            },
          },
        },
        "cannot end in a tie",
      ],
      [
        open.id,
        reportBody(open.player1_id, open.player2_id, "3-1", "1"),
        "score_set must be comma-separated",
      ],
      [open.id, reportBody(open.player1_id, open.player2_id, "3,1", "1"), "same number of sets"],
    ];
    for (const [matchId, body, detail] of cases) {
      const r = await s.request("PUT", `/v2.1/tournaments/${id}/matches/${matchId}`, body);
      expect(r.status, detail).toBe(422);
      expect(r.json.errors[0].detail).toContain(detail);
    }
    expect(JSON.stringify(await matches(s, id))).toBe(before);
    const done = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${open.id}`,
      reportBody(open.player1_id, open.player2_id),
    );
    expect(done.status).toBe(200);
    const again = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${open.id}`,
      reportBody(open.player1_id, open.player2_id),
    );
    expect(again.status).toBe(422);
    expect(again.json.errors[0].detail).toContain("already complete");
  });

  it("refuses to start with fewer than 2 participants, to finalize early, to reopen after finalize", async () => {
    const s = await startService();
    const one = await createWithPlayers(s, { tournament_type: "single elimination" }, 1);
    const r = await changeState(s, one.id, "start");
    expect(r.status).toBe(422);
    expect(r.json.errors[0].detail).toContain("at least 2");
    expect((await s.request("GET", `/v2.1/tournaments/${one.id}`)).json.data.attributes.state).toBe(
      "pending",
    );
    const two = await createWithPlayers(
      s,
      { tournament_type: "single elimination", url: "two" },
      2,
    );
    await changeState(s, two.id, "start");
    const early = await changeState(s, two.id, "finalize");
    expect(early.status).toBe(422);
    expect(early.json.errors[0].detail).toContain("underway");
    const [final] = await matches(s, two.id);
    await s.request(
      "PUT",
      `/v2.1/tournaments/${two.id}/matches/${final!.id}`,
      reportBody(final!.player1_id, final!.player2_id),
    );
    await changeState(s, two.id, "finalize");
    const reopen = await s.request(
      "PUT",
      `/v2.1/tournaments/${two.id}/matches/${final!.id}/change_state`,
      { data: { type: "MatchState", attributes: { state: "reopen" } } },
    );
    expect(reopen.status).toBe(422);
    expect(reopen.json.errors[0].detail).toContain("complete");
  });
});

describe("match state changes", () => {
  it("marks underway, reopens with dependents reset only when asked", async () => {
    const s = await startService();
    const { id, seedOf } = await createWithPlayers(s, { tournament_type: "single elimination" }, 4);
    await changeState(s, id, "start");
    const [m1, m2] = await matches(s, id, "open");
    const mark = await s.request("PUT", `/v2.1/tournaments/${id}/matches/${m1!.id}/change_state`, {
      data: { type: "MatchState", attributes: { state: "mark_as_underway" } },
    });
    expect(mark.json.data.attributes.underway_at).not.toBeNull();
    await playOut(s, id, higherSeed(seedOf));
    expect((await s.request("GET", `/v2.1/tournaments/${id}`)).json.data.attributes.state).toBe(
      "awaiting_review",
    );
    const refused = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${m1!.id}/change_state`,
      { data: { type: "MatchState", attributes: { state: "reopen" } } },
    );
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].detail).toMatch(/depend on A are complete: C/);
    const reopened = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${m1!.id}/change_state`,
      { data: { type: "MatchState", attributes: { state: "reopen", reset_dependents: true } } },
    );
    expect(reopened.status, reopened.body).toBe(200);
    expect(reopened.json.data.attributes.state).toBe("open");
    const final = (await matches(s, id)).find((m) => m.round === 2)!;
    expect(final.state).toBe("pending");
    expect(final.player1_id).toBeNull();
    expect(final.player2_id).toBe(higherSeed(seedOf)(m2!));
    expect((await s.request("GET", `/v2.1/tournaments/${id}`)).json.data.attributes.state).toBe(
      "underway",
    );
  });

  it("deleting a participant once started deactivates them and forfeits their matches", async () => {
    const s = await startService();
    const { id, idOfSeed } = await createWithPlayers(
      s,
      { tournament_type: "single elimination" },
      4,
    );
    await changeState(s, id, "start");
    const gone = idOfSeed.get(1)!;
    expect((await s.request("DELETE", `/v2.1/tournaments/${id}/participants/${gone}`)).status).toBe(
      204,
    );
    const p = await s.request("GET", `/v2.1/tournaments/${id}/participants/${gone}`);
    expect(p.json.data.attributes.states.active).toBe(false);
    const first = (await matches(s, id)).find(
      (m) => m.player1_id === gone || m.player2_id === gone,
    )!;
    expect(first).toMatchObject({ state: "complete", winner_id: idOfSeed.get(4) });
    const seeds = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/participants/${idOfSeed.get(2)}`,
      { data: { type: "Participants", attributes: { seed: 1 } } },
    );
    expect(seeds.status).toBe(422);
  });

  it("reset returns to pending with no matches and the participants kept", async () => {
    const s = await startService();
    const { id } = await createWithPlayers(s, { tournament_type: "double elimination" }, 5);
    await changeState(s, id, "start");
    expect((await changeState(s, id, "reset")).json.data.attributes.state).toBe("pending");
    expect(await matches(s, id)).toEqual([]);
    expect((await s.request("GET", `/v2.1/tournaments/${id}/participants`)).json.meta.count).toBe(
      5,
    );
  });
});

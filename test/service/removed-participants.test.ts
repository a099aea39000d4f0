/**
 * A participant removed once the tournament has started is deactivated and forfeits
 * (`participants delete --help`: "later it deactivates and forfeits"): never paired
 * again in a swiss stage, never given a bye, and their played results stay.
 */
import { describe, expect, it } from "vitest";
import { changeState, createWithPlayers, matches, reportBody } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

async function remove(s: ServiceHarness, t: string, participant: number): Promise<void> {
  const r = await s.request("DELETE", `/v2.1/tournaments/${t}/participants/${participant}`);
  expect(r.status, r.body).toBe(204);
}

/** Reports every open match won by player 1, round after round, until none is open. */
async function playPlayer1(s: ServiceHarness, t: string): Promise<void> {
  for (let open = await matches(s, t, "open"); open.length > 0; open = await matches(s, t, "open"))
    for (const m of open) {
      const r = await s.request(
        "PUT",
        `/v2.1/tournaments/${t}/matches/${m.id}`,
        reportBody(m.player1_id, m.player2_id, "1", "0"),
      );
      expect(r.status, r.body).toBe(200);
    }
}

interface StandingAttrs {
  participant_id: number;
  points: number;
  byes?: number;
}

async function standings(s: ServiceHarness, t: string): Promise<StandingAttrs[]> {
  const r = await s.request("GET", `/v2.1/tournaments/${t}/standings`);
  expect(r.status, r.body).toBe(200);
  return r.json.data.map((d: { attributes: StandingAttrs }) => d.attributes);
}

describe("swiss: a removed participant", () => {
  it("is never paired again nor given a bye; their round-1 result stays", async () => {
    const s = await startService();
    const { id, idOfSeed } = await createWithPlayers(s, { tournament_type: "swiss" }, 5);
    await changeState(s, id, "start");
    const gone = idOfSeed.get(1)!;
    await remove(s, id, gone);
    // Round 1 was 1-3, 2-4 (5 the bye): the removal forfeits 1-3 to 3.
    const round1 = (await matches(s, id)).find((m) => m.player1_id === gone)!;
    expect(round1).toMatchObject({ state: "complete", winner_id: idOfSeed.get(3) });
    await playPlayer1(s, id);
    const all = await matches(s, id);
    expect(Math.max(...all.map((m) => m.round))).toBe(3); // ceil(log2 5), as the stage started
    const later = all.filter((m) => m.round > 1);
    expect(later).toHaveLength(4); // four players still in: two matches a round, no bye
    for (const m of later) expect([m.player1_id, m.player2_id]).not.toContain(gone);
    expect((await s.request("GET", `/v2.1/tournaments/${id}`)).json.data.attributes.state).toBe(
      "awaiting_review",
    );
    const table = await standings(s, id);
    expect(table).toHaveLength(5);
    expect(table.find((r) => r.participant_id === gone)!.points).toBe(0);
  });

  it("with an odd count still in, the bye goes to a player still in", async () => {
    const s = await startService();
    const { id, idOfSeed } = await createWithPlayers(
      s,
      { tournament_type: "swiss", swiss_options: { rounds: 4 } },
      6,
    );
    await changeState(s, id, "start");
    const gone = idOfSeed.get(6)!;
    await remove(s, id, gone);
    await playPlayer1(s, id);
    const all = await matches(s, id);
    const playing = (round: number) =>
      new Set(all.filter((m) => m.round === round).flatMap((m) => [m.player1_id, m.player2_id]));
    for (let round = 2; round <= 4; round++) {
      const players = playing(round);
      expect(players.size).toBe(4);
      expect(players.has(gone)).toBe(false);
    }
    const table = await standings(s, id);
    // Byes: one in each of rounds 2-4, each to a different player still in; none to the removed.
    const points = new Map(table.map((r) => [r.participant_id, r.points]));
    expect(points.get(gone)).toBe(0);
    const byes = [2, 3, 4].map(
      (round) => [...idOfSeed.values()].filter((p) => p !== gone && !playing(round).has(p))[0]!,
    );
    expect(new Set(byes).size).toBe(3);
  });

  it("with fewer than two players still in, the stage ends", async () => {
    const s = await startService();
    const { id, idOfSeed } = await createWithPlayers(
      s,
      { tournament_type: "swiss", swiss_options: { rounds: 3 } },
      3,
    );
    await changeState(s, id, "start");
    await remove(s, id, idOfSeed.get(1)!); // forfeits 1-2 to 2 (3 had the bye): round 2 is 2-3
    expect(await matches(s, id, "open")).toMatchObject([
      { round: 2, player1_id: idOfSeed.get(2), player2_id: idOfSeed.get(3) },
    ]);
    await remove(s, id, idOfSeed.get(2)!); // forfeits round 2 to 3, the one player left
    const all = await matches(s, id);
    expect(all.every((m) => m.state === "complete")).toBe(true);
    expect(Math.max(...all.map((m) => m.round))).toBe(2);
    expect((await s.request("GET", `/v2.1/tournaments/${id}`)).json.data.attributes.state).toBe(
      "awaiting_review",
    );
  });
});

describe("round robin: a removed participant", () => {
  it("forfeits every match of the schedule fixed at the start, which stays as it is", async () => {
    const s = await startService();
    const { id, idOfSeed } = await createWithPlayers(s, { tournament_type: "round robin" }, 5);
    await changeState(s, id, "start");
    const before = await matches(s, id);
    const gone = idOfSeed.get(1)!;
    await remove(s, id, gone);
    const after = await matches(s, id);
    expect(after.map((m) => [m.id, m.player1_id, m.player2_id])).toEqual(
      before.map((m) => [m.id, m.player1_id, m.player2_id]),
    );
    const theirs = after.filter((m) => m.player1_id === gone || m.player2_id === gone);
    expect(theirs).toHaveLength(4);
    for (const m of theirs) expect(m).toMatchObject({ state: "complete", loser_id: gone });
    expect(after.filter((m) => m.state === "complete")).toHaveLength(4);
  });
});

describe("two-stage: a qualifier removed during the group stage", () => {
  const finals: [string, Record<string, unknown>][] = [
    ["single elimination", {}],
    ["double elimination", {}],
    ["round robin", {}],
    ["swiss", { swiss_options: { rounds: 2 } }],
  ];
  for (const [type, extra] of finals) {
    it(`enters the ${type} final stage and forfeits at once; never ranked above a player still in`, async () => {
      const s = await startService();
      const { id, idOfSeed } = await createWithPlayers(
        s,
        {
          tournament_type: type,
          ...extra,
          group_stage_enabled: true,
          group_stage_options: {
            stage_type: "round robin",
            group_size: 4,
            participant_count_to_advance_per_group: 2,
          },
        },
        8,
      );
      expect((await changeState(s, id, "start_group_stage")).status).toBe(200);
      await playPlayer1(s, id);
      const gone = idOfSeed.get(1)!;
      await remove(s, id, gone);
      expect((await changeState(s, id, "finalize_group_stage")).status).toBe(200);
      const started = await changeState(s, id, "start");
      expect(started.status, started.body).toBe(200);
      const final = (await matches(s, id)).filter((m) => m.group_id === null);
      const theirs = final.filter((m) => m.player1_id === gone || m.player2_id === gone);
      expect(theirs.length).toBeGreaterThan(0); // P1 qualified and entered
      // Every playable match is forfeited (a later one, pending, when it becomes playable).
      const played = theirs.filter((m) => m.state !== "pending");
      expect(played.length).toBeGreaterThan(0);
      for (const m of played) expect(m).toMatchObject({ state: "complete", loser_id: gone });
      const open = await matches(s, id, "open");
      expect(open.some((m) => m.player1_id === gone || m.player2_id === gone)).toBe(false);
      await playPlayer1(s, id);
      for (const m of await matches(s, id))
        if (m.group_id === null && (m.player1_id === gone || m.player2_id === gone))
          expect(m.loser_id).toBe(gone);
      expect((await changeState(s, id, "finalize")).status).toBe(200);
      const people = await s.request("GET", `/v2.1/tournaments/${id}/participants?per_page=100`);
      const ranks = new Map<number, number | null>(
        people.json.data.map((p: { id: string; attributes: { final_rank: number | null } }) => [
          Number(p.id),
          p.attributes.final_rank,
        ]),
      );
      const mine = ranks.get(gone)!;
      expect(mine).not.toBeNull();
      for (const [p, rank] of ranks)
        if (p !== gone && rank !== null) expect(rank).toBeLessThanOrEqual(mine);
    });
  }

  it("a final of two, one of them removed, is over at its start (awaiting_review)", async () => {
    const s = await startService();
    const { id, idOfSeed } = await createWithPlayers(
      s,
      {
        tournament_type: "single elimination",
        group_stage_enabled: true,
        group_stage_options: {
          stage_type: "round robin",
          group_size: 4,
          participant_count_to_advance_per_group: 1,
        },
      },
      8,
    );
    await changeState(s, id, "start_group_stage");
    await playPlayer1(s, id);
    const gone = idOfSeed.get(1)!;
    await remove(s, id, gone);
    await changeState(s, id, "finalize_group_stage");
    const started = await changeState(s, id, "start");
    expect(started.status, started.body).toBe(200);
    const final = (await matches(s, id)).filter((m) => m.group_id === null);
    expect(final).toMatchObject([{ state: "complete", loser_id: gone }]);
    expect((await s.request("GET", `/v2.1/tournaments/${id}`)).json.data.attributes.state).toBe(
      "awaiting_review",
    );
  });
});

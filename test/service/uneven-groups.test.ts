/**
 * A group stage whose last group is smaller (7 players in groups of 4: a group of 4 and a
 * group of 3) starts, plays, finalizes and runs its final stage to the end, in every
 * group stage type. Before, it was refused: "7 participants are fewer than two groups of
 * 4 need (8)", while 9 in groups of 3 went. What a group stage does need: two groups at
 * least, and no group of one player (it would play no match); both refused naming the
 * sizes and the fix.
 */
import { describe, expect, it } from "vitest";
import {
  changeState,
  createWithPlayers,
  finalRanksBySeed,
  matches,
  playOut,
} from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

const twoStage = (stageType: string, groupSize: number, advance: number) => ({
  tournament_type: "single elimination",
  group_stage_enabled: true,
  group_stage_options: {
    stage_type: stageType,
    group_size: groupSize,
    participant_count_to_advance_per_group: advance,
  },
});

async function groupsBySeed(s: ServiceHarness, t: string): Promise<Map<number, number>> {
  const r = await s.request("GET", `/v2.1/tournaments/${t}/participants?per_page=1000`);
  expect(r.status, r.body).toBe(200);
  return new Map(
    r.json.data.map((p: { attributes: { seed: number; group_id: number } }) => [
      p.attributes.seed,
      p.attributes.group_id,
    ]),
  );
}

describe("a group stage with a smaller last group", () => {
  for (const stageType of ["round robin", "single elimination", "double elimination", "swiss"])
    it(`7 players in groups of 4, ${stageType}: groups of 4 and 3, played to the end`, async () => {
      const s = await startService();
      const { id, seedOf } = await createWithPlayers(s, twoStage(stageType, 4, 2), 7);
      const started = await changeState(s, id, "start_group_stage");
      expect(started.status, started.body).toBe(200);
      const groupOf = await groupsBySeed(s, id);
      const members = (g: number) =>
        [...groupOf].filter(([, group]) => group === g).map(([seed]) => seed);
      expect([members(1), members(2)]).toEqual([
        [1, 4, 5, 7],
        [2, 3, 6],
      ]);
      const better = (m: { player1_id: number; player2_id: number }) =>
        seedOf.get(m.player1_id)! < seedOf.get(m.player2_id)! ? m.player1_id : m.player2_id;
      expect(await playOut(s, id, better)).toBeGreaterThan(0);
      const finalized = await changeState(s, id, "finalize_group_stage");
      expect(finalized.status, finalized.body).toBe(200);
      const final = await changeState(s, id, "start");
      expect(final.status, final.body).toBe(200);
      const firstRound = await matches(s, id, "open");
      const finalists = new Set(firstRound.flatMap((m) => [m.player1_id, m.player2_id]));
      expect([...finalists].map((p) => seedOf.get(p)).sort()).toEqual([1, 2, 3, 4]);
      for (const m of firstRound) {
        expect(m.group_id).toBeNull();
        expect(groupOf.get(seedOf.get(m.player1_id)!)).not.toBe(
          groupOf.get(seedOf.get(m.player2_id)!),
        );
      }
      await playOut(s, id, better);
      const done = await changeState(s, id, "finalize");
      expect(done.status, done.body).toBe(200);
      expect(await finalRanksBySeed(s, id)).toEqual([1, 2, 3, 3, null, null, null]);
    });

  it("one group only (4 players in groups of 4) is refused, naming the fix", async () => {
    const s = await startService();
    const { id } = await createWithPlayers(s, twoStage("round robin", 4, 2), 4);
    const r = await changeState(s, id, "start_group_stage");
    expect(r.status).toBe(422);
    expect(r.json.errors[0].detail).toBe(
      "4 participants make a single group of 4: a group stage needs at least two groups, so more than 4 participants or a group_size below 4",
    );
    expect(r.json.errors[0].source.pointer).toBe("/data/attributes/group_stage_options/group_size");
  });

  it("a group of one player (5 in groups of 2: 2, 2 and 1) is refused, naming the sizes", async () => {
    const s = await startService();
    const { id } = await createWithPlayers(s, twoStage("round robin", 2, 1), 5);
    const r = await changeState(s, id, "start_group_stage");
    expect(r.status).toBe(422);
    expect(r.json.errors[0].detail).toBe(
      "5 participants in groups of 2 make groups of 2, 2 and 1: a group of one player plays no match; choose another group_size",
    );
    const t = await s.request("GET", `/v2.1/tournaments/${id}`);
    expect(t.json.data.attributes.state).toBe("pending");
  });

  it("as many to advance as the smallest group holds (7 in groups of 6: 4 and 3, advance 5) is refused", async () => {
    const s = await startService();
    const { id } = await createWithPlayers(s, twoStage("round robin", 6, 5), 7);
    const r = await changeState(s, id, "start_group_stage");
    expect(r.status, r.body).toBe(422);
    expect(r.json.errors[0].detail).toBe(
      "7 participants in groups of 6 make groups of 4 and 3: participant_count_to_advance_per_group (5) must be below the smallest group (3), or all of it advances; advance at most 2 a group",
    );
    expect(r.json.errors[0].source.pointer).toBe(
      "/data/attributes/group_stage_options/participant_count_to_advance_per_group",
    );
    expect((await s.request("GET", `/v2.1/tournaments/${id}`)).json.data.attributes.state).toBe(
      "pending",
    );
    const three = await createWithPlayers(s, twoStage("round robin", 6, 3), 7);
    expect((await changeState(s, three.id, "start_group_stage")).status).toBe(422);
    const two = await createWithPlayers(s, twoStage("round robin", 6, 2), 7);
    const ok = await changeState(s, two.id, "start_group_stage");
    expect(ok.status, ok.body).toBe(200);
  });
});

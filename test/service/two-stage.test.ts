import { describe, expect, it } from "vitest";
import { changeState, createWithPlayers, matches, playOut, reportBody } from "../helpers/play.js";
import { startService, tournamentBody } from "../helpers/service.js";

const higherSeed =
  (seedOf: Map<number, number>) => (m: { player1_id: number; player2_id: number }) =>
    seedOf.get(m.player1_id)! < seedOf.get(m.player2_id)! ? m.player1_id : m.player2_id;

async function participants(s: Awaited<ReturnType<typeof startService>>, t: string) {
  const r = await s.request("GET", `/v2.1/tournaments/${t}/participants?per_page=1000`);
  return r.json.data.map((p: { id: string; attributes: Record<string, any> }) => ({
    id: Number(p.id),
    ...p.attributes,
  })) as { id: number; seed: number; group_id: number | null; final_rank: number | null }[];
}

const twoStage = (stageType: string, extra: Record<string, unknown> = {}) => ({
  tournament_type: "single elimination",
  group_stage_enabled: true,
  group_stage_options: {
    stage_type: stageType,
    group_size: 4,
    participant_count_to_advance_per_group: 2,
    ...extra,
  },
});

describe("the two-stage flow through the service", () => {
  it("runs all nine steps: groups by snake, finals seeded winners first, final_rank for finalists only", async () => {
    const s = await startService();
    const { id, seedOf, idOfSeed } = await createWithPlayers(s, twoStage("round robin"), 16);
    let t = await changeState(s, id, "start_group_stage");
    expect(t.status, t.body).toBe(200);
    expect(t.json.data.attributes.state).toBe("group_stages_underway");

    const groupOf = new Map((await participants(s, id)).map((p) => [p.seed, p.group_id]));
    const groups = [1, 2, 3, 4].map((g) =>
      [...groupOf].filter(([, group]) => group === g).map(([seed]) => seed),
    );
    expect(groups).toEqual([
      [1, 8, 9, 16],
      [2, 7, 10, 15],
      [3, 6, 11, 14],
      [4, 5, 12, 13],
    ]);
    const groupMatches = await matches(s, id, "open");
    expect(groupMatches).toHaveLength(4 * 6);
    for (const m of groupMatches) {
      expect(m.group_id).toBe(groupOf.get(seedOf.get(m.player1_id)!));
      expect(m.group_id).toBe(groupOf.get(seedOf.get(m.player2_id)!));
    }

    // finalize_group_stage refuses while group matches are open, and changes nothing
    const early = await changeState(s, id, "finalize_group_stage");
    expect(early.status).toBe(422);
    expect(early.json.errors[0].detail).toMatch(/24 group stage matches are not complete/);
    t = await s.request("GET", `/v2.1/tournaments/${id}`);
    expect(t.json.data.attributes.state).toBe("group_stages_underway");

    expect(await playOut(s, id, higherSeed(seedOf))).toBe(24);
    t = await changeState(s, id, "finalize_group_stage");
    expect(t.status, t.body).toBe(200);
    expect(t.json.data.attributes.state).toBe("group_stages_finalized");
    t = await changeState(s, id, "start");
    expect(t.status, t.body).toBe(200);
    expect(t.json.data.attributes.state).toBe("underway");

    const finals = await matches(s, id, "open");
    // 8 finalists: group winners 1-4 first, then runners-up 5-8; same-group players apart
    const finalists = new Set(finals.flatMap((m) => [m.player1_id, m.player2_id]));
    expect([...finalists].map((p) => seedOf.get(p)).sort((a, b) => a! - b!)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    for (const m of finals) {
      expect(m.group_id).toBeNull();
      expect(groupOf.get(seedOf.get(m.player1_id)!)).not.toBe(
        groupOf.get(seedOf.get(m.player2_id)!),
      );
    }
    expect(finals).toHaveLength(4);

    // group matches cannot be reported any more
    const groupMatch = (await matches(s, id, "complete")).find((m) => m.group_id === 1)!;
    const late = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${groupMatch.id}/change_state`,
      { data: { type: "MatchState", attributes: { state: "reopen" } } },
    );
    expect(late.status).toBe(422);
    // The way out in this state: reset (reset_group_stage is refused once the final stage runs).
    expect(late.json.errors[0].detail).toMatch(
      /group stage is over \(the tournament is underway\); the final stage has started: reset removes every match and result of both stages/,
    );

    expect(await playOut(s, id, higherSeed(seedOf))).toBe(7);
    t = await s.request("GET", `/v2.1/tournaments/${id}`);
    expect(t.json.data.attributes.state).toBe("awaiting_review");
    t = await changeState(s, id, "finalize");
    expect(t.json.data.attributes.state).toBe("complete");

    const ranks = new Map((await participants(s, id)).map((p) => [p.seed, p.final_rank]));
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => ranks.get(seed))).toEqual([
      1, 2, 3, 3, 5, 5, 5, 5,
    ]);
    for (let seed = 9; seed <= 16; seed++) expect(ranks.get(seed)).toBeNull();
    expect(idOfSeed.size).toBe(16);
  });

  it("standings show each group and the final stage", async () => {
    const s = await startService();
    const { id, seedOf } = await createWithPlayers(s, twoStage("round robin"), 8);
    await changeState(s, id, "start_group_stage");
    await playOut(s, id, higherSeed(seedOf));
    await changeState(s, id, "finalize_group_stage");
    await changeState(s, id, "start");
    const r = await s.request("GET", `/v2.1/tournaments/${id}/standings`);
    expect(r.status, r.body).toBe(200);
    const rows = r.json.data.map((d: { attributes: Record<string, unknown> }) => d.attributes);
    const group1 = rows.filter((x: any) => x.stage === "group" && x.group_id === 1);
    expect(group1.map((x: any) => [seedOf.get(x.participant_id), x.rank, x.wins])).toEqual([
      [1, 1, 3],
      [4, 2, 2],
      [5, 3, 1],
      [8, 4, 0],
    ]);
    expect(Object.keys(group1[0].tie_breaks).length).toBeGreaterThan(0);
    expect(rows.filter((x: any) => x.stage === "final")).toHaveLength(4);
  });

  it("reset_group_stage returns to pending with the matches and groups gone", async () => {
    const s = await startService();
    const { id, seedOf } = await createWithPlayers(s, twoStage("double elimination"), 8);
    await changeState(s, id, "start_group_stage");
    const open = await matches(s, id, "open");
    expect(open.every((m) => m.group_id !== null)).toBe(true);
    const first = open[0]!;
    const winner = higherSeed(seedOf)(first);
    await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${first.id}`,
      reportBody(winner, winner === first.player1_id ? first.player2_id : first.player1_id),
    );
    const t = await changeState(s, id, "reset_group_stage");
    expect(t.status, t.body).toBe(200);
    expect(t.json.data.attributes.state).toBe("pending");
    expect(await matches(s, id)).toHaveLength(0);
    expect((await participants(s, id)).every((p) => p.group_id === null)).toBe(true);
  });

  it("plays elimination and swiss groups to a final stage", async () => {
    for (const stageType of ["single elimination", "double elimination", "swiss"]) {
      const s = await startService();
      const { id, seedOf } = await createWithPlayers(s, twoStage(stageType), 12);
      expect((await changeState(s, id, "start_group_stage")).status).toBe(200);
      await playOut(s, id, higherSeed(seedOf));
      const done = await changeState(s, id, "finalize_group_stage");
      expect(done.status, `${stageType}: ${done.body}`).toBe(200);
      expect((await changeState(s, id, "start")).status).toBe(200);
      await playOut(s, id, higherSeed(seedOf));
      expect((await changeState(s, id, "finalize")).json.data.attributes.state).toBe("complete");
      const ranked = (await participants(s, id)).filter((p) => p.final_rank !== null);
      expect(ranked.map((p) => p.seed).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    }
  });
});

describe("two-stage bad input", () => {
  it("start_group_stage without group_stage_enabled is refused", async () => {
    const s = await startService();
    const { id } = await createWithPlayers(s, { tournament_type: "single elimination" }, 8);
    const r = await changeState(s, id, "start_group_stage");
    expect(r.status).toBe(422);
    expect(r.json.errors[0].detail).toMatch(/group_stage_enabled is false/);
    expect((await s.request("GET", `/v2.1/tournaments/${id}`)).json.data.attributes.state).toBe(
      "pending",
    );
  });

  it("start_group_stage with fewer participants than two groups need is refused", async () => {
    const s = await startService();
    const { id } = await createWithPlayers(s, twoStage("round robin"), 4);
    const r = await changeState(s, id, "start_group_stage");
    expect(r.status).toBe(422);
    expect(r.json.errors[0].detail).toMatch(/two groups/);
    expect(await matches(s, id)).toHaveLength(0);
    expect((await participants(s, id)).every((p) => p.group_id === null)).toBe(true);
  });

  it("group_size below 2 and an advance count not below the group size are refused at create", async () => {
    const s = await startService();
    const small = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "G", ...twoStage("round robin", { group_size: 1 }) }),
    );
    expect(small.status).toBe(422);
    expect(small.json.errors.map((e: any) => e.source.pointer)).toContain(
      "/data/attributes/group_stage_options/group_size",
    );
    const many = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({
        name: "G",
        ...twoStage("round robin", { participant_count_to_advance_per_group: 4 }),
      }),
    );
    expect(many.status).toBe(422);
    expect(many.json.errors[0].detail).toMatch(/must be below group_size/);
    expect((await s.request("GET", "/v2.1/tournaments")).json.data).toHaveLength(0);
  });

  it("start is refused on a two-stage tournament before its group stage is finalized", async () => {
    const s = await startService();
    const { id } = await createWithPlayers(s, twoStage("round robin"), 8);
    const r = await changeState(s, id, "start");
    expect(r.status).toBe(422);
    expect(r.json.errors[0].detail).toMatch(/start_group_stage, then finalize_group_stage/);
  });
});

/**
 * Placement matches below third place through the service (consolation_matches_target_rank 5,
 * 9, ...): taken at create and update (values between refused, naming the valid ones), planned at
 * the start, losers moved in as results come and out again on a reopen, every decided place its
 * own final_rank and standings rank.
 */
import { describe, expect, it } from "vitest";
import {
  changeState,
  createWithPlayers,
  finalRanksBySeed,
  type MatchAttrs,
  matches,
  playOut,
  reportBody,
} from "../helpers/play.js";
import { type ServiceHarness, startService, tournamentBody } from "../helpers/service.js";

const betterSeed =
  (seedOf: Map<number, number>) =>
  (m: MatchAttrs): number =>
    seedOf.get(m.player1_id)! < seedOf.get(m.player2_id)! ? m.player1_id : m.player2_id;

const single = (rank: number) => ({
  tournament_type: "single elimination",
  match_options: { consolation_matches_target_rank: rank },
});

async function playedToTheEnd(s: ServiceHarness, count: number, rank: number) {
  const { id, seedOf } = await createWithPlayers(
    s,
    { ...single(rank), url: `p${count}_${rank}` },
    count,
  );
  expect((await changeState(s, id, "start")).status).toBe(200);
  const reported = await playOut(s, id, betterSeed(seedOf));
  expect((await changeState(s, id, "finalize")).json.data.attributes.state).toBe("complete");
  return { id, reported, ranks: await finalRanksBySeed(s, id) };
}

describe("placement matches through the service", () => {
  it("8 players at 5: 12 matches, final ranks 1 to 8, the standings say the same", async () => {
    const s = await startService();
    const { id, reported, ranks } = await playedToTheEnd(s, 8, 5);
    expect(reported).toBe(12);
    expect(ranks).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const all = await matches(s, id);
    expect(all.filter((m) => m.bracket === "placement").map((m) => m.round)).toEqual([2, 2, 3, 3]);
    const standings = await s.request("GET", `/v2.1/tournaments/${id}/standings`);
    const rankOf = standings.json.data.map(
      (d: { attributes: { rank: number } }) => d.attributes.rank,
    );
    expect([...rankOf].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("7, 6 and 5 players at 5; 13 and 16 at 9; 16 at 5 ties the round-1 losers at 9", async () => {
    const s = await startService();
    expect((await playedToTheEnd(s, 7, 5)).ranks).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await playedToTheEnd(s, 6, 5)).ranks).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await playedToTheEnd(s, 5, 5)).ranks).toEqual([1, 2, 3, 4, 5]);
    const thirteen = await playedToTheEnd(s, 13, 9);
    expect(thirteen.ranks).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    const sixteen = await playedToTheEnd(s, 16, 9);
    expect(sixteen.reported).toBe(15 + 12 + 4 + 1);
    expect(sixteen.ranks).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    const five = await playedToTheEnd(s, 16, 5);
    expect(five.ranks).toEqual([1, 2, 3, 4, 5, 6, 7, 8, ...Array(8).fill(9)]);
  });

  it("a two-stage tournament's final stage plays them; its groups (single elimination too) do not", async () => {
    const s = await startService();
    const attributes = {
      ...single(5),
      group_stage_enabled: true,
      group_stage_options: {
        stage_type: "single elimination",
        group_size: 4,
        participant_count_to_advance_per_group: 2,
      },
    };
    const { id, seedOf } = await createWithPlayers(s, attributes, 32);
    await changeState(s, id, "start_group_stage");
    const groups = await matches(s, id);
    expect(groups.filter((m) => m.bracket !== "winners")).toEqual([]);
    await playOut(s, id, betterSeed(seedOf));
    await changeState(s, id, "finalize_group_stage");
    expect((await changeState(s, id, "start")).status).toBe(200);
    const finals = (await matches(s, id)).filter((m) => m.group_id === null);
    expect(finals.filter((m) => m.bracket === "placement")).toHaveLength(4);
    await playOut(s, id, betterSeed(seedOf));
    await changeState(s, id, "finalize");
    const ranks = (await finalRanksBySeed(s, id)).filter((r) => r !== null);
    expect(ranks.sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, ...Array(8).fill(9)]);
  });

  it("a quarter-final's loser moves into the placement semi, and out again on a reopen", async () => {
    const s = await startService();
    const { id, seedOf } = await createWithPlayers(s, single(5), 8);
    await changeState(s, id, "start");
    const [qf1, qf2] = await matches(s, id, "open");
    const report = (m: MatchAttrs) => {
      const w = betterSeed(seedOf)(m);
      const l = w === m.player1_id ? m.player2_id : m.player1_id;
      return s.request("PUT", `/v2.1/tournaments/${id}/matches/${m.id}`, reportBody(w, l));
    };
    expect((await report(qf1!)).status).toBe(200);
    expect((await report(qf2!)).status).toBe(200);
    const semi = (await matches(s, id)).find((m) => m.bracket === "placement")!;
    expect(semi.state).toBe("open");
    expect([semi.player1_id, semi.player2_id].map((p) => seedOf.get(p))).toEqual([8, 5]);
    const reopened = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${qf2!.id}/change_state`,
      { data: { type: "Match", attributes: { state: "reopen", reset_dependents: true } } },
    );
    expect(reopened.status, reopened.body).toBe(200);
    const after = (await matches(s, id)).find((m) => m.id === semi.id)!;
    expect(after.state).toBe("pending");
    expect(after.player2_id).toBeNull();
    expect(seedOf.get(after.player1_id)).toBe(8);
  });

  it("takes 3, 5, 9, 17 at create and update; refuses 2, 4, 6, 8 naming the valid values", async () => {
    const s = await startService();
    for (const value of [5, 9, 17, 32769]) {
      const created = await s.request(
        "POST",
        "/v2.1/tournaments",
        tournamentBody({ name: `C${value}`, ...single(value) }),
      );
      expect(created.status, created.body).toBe(201);
      expect(created.json.data.attributes.match_options.consolation_matches_target_rank).toBe(
        value,
      );
    }
    for (const value of [2, 4, 6, 8, 32770, 65537]) {
      const refused = await s.request(
        "POST",
        "/v2.1/tournaments",
        tournamentBody({ name: `R${value}`, ...single(value) }),
      );
      expect(refused.status).toBe(422);
      expect(refused.json.errors[0].detail).toBe(
        `consolation_matches_target_rank must be 3 (a third-place match), 5 (also 5th-8th), 9 (also 9th-16th), 17, 33, ... (a power of two plus one, up to 32769), or null or 0 for none, not ${value}`,
      );
    }
    const put = (rank: number) =>
      s.request("PUT", "/v2.1/tournaments/c5", {
        data: {
          type: "Tournaments",
          attributes: { match_options: { consolation_matches_target_rank: rank } },
        },
      });
    expect((await put(9)).json.data.attributes.match_options.consolation_matches_target_rank).toBe(
      9,
    );
    expect((await put(6)).status).toBe(422);
  });
});

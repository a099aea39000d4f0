/**
 * `finalize` fixes final_rank (DESIGN.md §3), so the settings that rank are frozen on a
 * complete tournament: top-level tie_breaks, as the option groups with points and ranking
 * already were. Before, a round robin finalized A, B, C, D took tie_breaks
 * ["points difference"] and its standings then read B, A, D, C against final_rank A, B, C, D.
 */
import { describe, expect, it } from "vitest";
import { changeState, createWithPlayers, matches, reportBody } from "../helpers/play.js";
import { type ServiceHarness, startService, tournamentBody } from "../helpers/service.js";

/** The reviewer's results by match identifier: [winner's seed, winner's score, loser's]. */
const RESULTS: Record<string, [number, number, number]> = {
  A: [4, 5, 0],
  B: [2, 9, 0],
  C: [3, 1, 0],
  D: [1, 1, 0],
  E: [2, 9, 0],
  F: [1, 1, 0],
};

async function playedLeague(s: ServiceHarness) {
  const { id, idOfSeed, seedOf } = await createWithPlayers(
    s,
    { tournament_type: "round robin" },
    4,
  );
  expect((await changeState(s, id, "start")).status).toBe(200);
  for (const m of await matches(s, id)) {
    const [seed, won, lost] = RESULTS[m.identifier]!;
    const winner = idOfSeed.get(seed)!;
    const loser = winner === m.player1_id ? m.player2_id : m.player1_id;
    const body = reportBody(winner, loser, String(won), String(lost));
    const r = await s.request("PUT", `/v2.1/tournaments/${id}/matches/${m.id}`, body);
    expect(r.status, r.body).toBe(200);
  }
  return { id, seedOf };
}

/** Seeds by standings rank and by final_rank, each as "seed:rank". */
async function ranks(s: ServiceHarness, id: string, seedOf: Map<number, number>) {
  const standings = await s.request("GET", `/v2.1/tournaments/${id}/standings`);
  const people = await s.request("GET", `/v2.1/tournaments/${id}/participants`);
  const rows = (r: typeof standings, pick: (a: Record<string, number>) => [number, number]) =>
    r.json.data
      .map((d: { id: string; attributes: Record<string, number> }) =>
        pick({ id: Number(d.id), ...d.attributes }),
      )
      .map(([p, rank]: [number, number]) => `${seedOf.get(p)}:${rank}`)
      .sort();
  return {
    standings: rows(standings, (a) => [a.participant_id!, a.rank!]),
    final: rows(people, (a) => [a.id!, a.final_rank!]),
  };
}

const update = (s: ServiceHarness, id: string, attributes: Record<string, unknown>) =>
  s.request("PUT", `/v2.1/tournaments/${id}`, tournamentBody(attributes));

describe("a complete tournament's tie-breaks", () => {
  it("are refused, 422 at /data/attributes/tie_breaks, and standings keep agreeing with final_rank", async () => {
    const s = await startService();
    const { id, seedOf } = await playedLeague(s);
    expect((await changeState(s, id, "finalize")).status).toBe(200);
    const before = await ranks(s, id, seedOf);
    expect(before.final).toEqual(["1:1", "2:2", "3:3", "4:4"]);
    expect(before.standings).toEqual(before.final);
    const r = await update(s, id, { tie_breaks: ["points difference"] });
    expect(r.status, r.body).toBe(422);
    expect(r.json.errors).toEqual([
      expect.objectContaining({
        source: { pointer: "/data/attributes/tie_breaks" },
        detail: "tie_breaks cannot change while the tournament is complete; reset it first",
      }),
    ]);
    const got = await s.request("GET", `/v2.1/tournaments/${id}`);
    expect(got.json.data.attributes.tie_breaks).toEqual([
      "match wins vs tied",
      "game wins",
      "points scored",
    ]);
    expect(await ranks(s, id, seedOf)).toEqual(before);
  });

  it("take the value they have; change before finalize and after a reset", async () => {
    const s = await startService();
    const { id, seedOf } = await playedLeague(s);
    const changed = await update(s, id, { tie_breaks: ["points difference"] });
    expect(changed.status, changed.body).toBe(200);
    expect((await changeState(s, id, "finalize")).status).toBe(200);
    const after = await ranks(s, id, seedOf);
    expect(after.final).toEqual(["1:2", "2:1", "3:4", "4:3"]);
    expect(after.standings).toEqual(after.final);
    const kept = await update(s, id, { tie_breaks: ["points difference"], name: "League" });
    expect(kept.status, kept.body).toBe(200);
    expect(kept.json.data.attributes.name).toBe("League");
    expect((await changeState(s, id, "reset")).status).toBe(200);
    const reset = await update(s, id, { tie_breaks: ["game wins"] });
    expect(reset.status, reset.body).toBe(200);
  });
});

/**
 * Free for all: a participant removed once the tournament has started is deactivated and
 * forfeits, as in the other formats (`participants delete --help`: "later it deactivates and
 * forfeits"). A report may leave them out of its ranks (they are placed last, by seed, not
 * advancing); it may not let them advance nor rank them above an active player; their final
 * rank is below every active player's. Before, the removed player could be ranked first,
 * advance, and finish first.
 */
import { describe, expect, it } from "vitest";
import { type FfaReportEntry, ffaMatches, ffaReport } from "../helpers/free-for-all.js";
import { changeState, createWithPlayers, finalRanksBySeed } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

async function report(s: ServiceHarness, t: string, m: string, entries: readonly FfaReportEntry[]) {
  return s.request("PUT", `/v2.1/tournaments/${t}/matches/${m}`, ffaReport(entries));
}

async function remove(s: ServiceHarness, t: string, participant: number): Promise<void> {
  const r = await s.request("DELETE", `/v2.1/tournaments/${t}/participants/${participant}`);
  expect(r.status, r.body).toBe(204);
}

/** 8 players, 4 a match, started: round 1 is seeds [1,4,5,8] and [2,3,6,7]. */
async function started(s: ServiceHarness) {
  const made = await createWithPlayers(
    s,
    { tournament_type: "free for all", free_for_all_options: { max_participants: 4 } },
    8,
  );
  expect((await changeState(s, made.id, "start")).status).toBe(200);
  const seed = (n: number) => made.idOfSeed.get(n)!;
  const [a, b] = await ffaMatches(s, made.id);
  expect(a!.participant_ids).toEqual([1, 4, 5, 8].map(seed));
  expect(b!.participant_ids).toEqual([2, 3, 6, 7].map(seed));
  return { ...made, seed, a: a!, b: b! };
}

describe("free for all: a participant removed after the start", () => {
  it("cannot advance nor rank above an active player; nothing is written", async () => {
    const s = await startService();
    const { id, seed, b } = await started(s);
    await remove(s, id, seed(2));
    const advances = await report(s, id, b.id, [
      { id: seed(2), rank: 1, advancing: true },
      { id: seed(3), rank: 2, advancing: true },
      { id: seed(6), rank: 3 },
      { id: seed(7), rank: 4 },
    ]);
    expect(advances.status).toBe(422);
    expect(advances.json.errors[0].detail).toBe(
      `P2 (${seed(2)}) was removed from the tournament and forfeits: it cannot advance from match B (${b.id}); leave it out of the ranks (it is placed last)`,
    );
    const above = await report(s, id, b.id, [
      { id: seed(3), rank: 1, advancing: true },
      { id: seed(6), rank: 2, advancing: true },
      { id: seed(2), rank: 3 },
      { id: seed(7), rank: 4 },
    ]);
    expect(above.status).toBe(422);
    expect(above.json.errors[0].detail).toMatch(
      new RegExp(
        `^P2 \\(${seed(2)}\\) was removed .* rank 3 is not below every active player of match B \\(${b.id}\\), the last of whom is ranked 4;`,
      ),
    );
    // Left out, the others ranked 1..4 among three: no room after them.
    const high = await report(s, id, b.id, [
      { id: seed(3), rank: 1, advancing: true },
      { id: seed(6), rank: 2 },
      { id: seed(7), rank: 4 },
    ]);
    expect(high.status).toBe(422);
    expect(high.json.errors[0].detail).toBe(
      `rank 4 of P7 (${seed(7)}) is above 3, the number of ranked entries of match B (${b.id}): the removed participant(s) left out (P2 (${seed(2)})) are placed after them, from rank 4`,
    );
    const after = (await ffaMatches(s, id)).find((m) => m.id === b.id)!;
    expect(after.state).toBe("open");
    expect(after.points_by_participant.every((e) => e.rank === null)).toBe(true);
  });

  it("is left out of the ranks: placed last, not advancing; the round completes; final rank below every active player", async () => {
    const s = await startService();
    const { id, seed, a, b } = await started(s);
    await remove(s, id, seed(2));
    const rb = await report(s, id, b.id, [
      { id: seed(3), rank: 1, advancing: true, score: "9" },
      { id: seed(6), rank: 2, advancing: true },
      { id: seed(7), rank: 3 },
    ]);
    expect(rb.status, rb.body).toBe(200);
    expect(rb.json.data.attributes.state).toBe("complete");
    expect(
      rb.json.data.attributes.points_by_participant.map(
        (e: { participant_id: number; rank: number; advancing: boolean }) => [
          e.participant_id,
          e.rank,
          e.advancing,
        ],
      ),
    ).toEqual([
      [seed(2), 4, false],
      [seed(3), 1, true],
      [seed(6), 2, true],
      [seed(7), 3, false],
    ]);
    const ra = await report(s, id, a.id, [
      { id: seed(1), rank: 1, advancing: true },
      { id: seed(4), rank: 2, advancing: true },
      { id: seed(5), rank: 3 },
      { id: seed(8), rank: 4 },
    ]);
    expect(ra.status, ra.body).toBe(200);
    const final = (await ffaMatches(s, id)).find((m) => m.round === 2)!;
    expect(final.participant_ids).not.toContain(seed(2));
    const rf = await report(
      s,
      id,
      final.id,
      final.participant_ids.map((p, i) => ({ id: p, rank: i + 1 })),
    );
    expect(rf.status, rf.body).toBe(200);
    expect((await changeState(s, id, "finalize")).status).toBe(200);
    // Round 1 exits: 5 and 7 third in their matches (5), 8 fourth (7); 2 below them all.
    const ranks = await finalRanksBySeed(s, id);
    expect(ranks[1]).toBe(8);
    expect(ranks[7]).toBe(7);
    expect([...ranks].sort((x, y) => x! - y!)).toEqual([1, 2, 3, 4, 5, 5, 7, 8]);
    const table = await s.request("GET", `/v2.1/tournaments/${id}/standings`);
    const rankOf = new Map(
      table.json.data.map((d: { attributes: { participant_id: number; rank: number } }) => [
        d.attributes.participant_id,
        d.attributes.rank,
      ]),
    );
    expect(rankOf.get(seed(2))).toBe(8);
    expect(rankOf.get(seed(8))).toBe(7);
  });

  it("removed after advancing: left out of the final table, ranked below every active player", async () => {
    const s = await startService();
    const { id, seed, a, b } = await started(s);
    for (const [m, order] of [
      [a, [1, 4, 5, 8]],
      [b, [2, 3, 6, 7]],
    ] as const) {
      const r = await report(
        s,
        id,
        m.id,
        order.map((n, i) => ({ id: seed(n), rank: i + 1, advancing: i < 2 })),
      );
      expect(r.status, r.body).toBe(200);
    }
    await remove(s, id, seed(1));
    const final = (await ffaMatches(s, id)).find((m) => m.round === 2)!;
    expect(final.participant_ids).toContain(seed(1));
    const winsAsRemoved = await report(s, id, final.id, [
      { id: seed(1), rank: 1 },
      { id: seed(2), rank: 2 },
      { id: seed(3), rank: 3 },
      { id: seed(4), rank: 4 },
    ]);
    expect(winsAsRemoved.status).toBe(422);
    const rf = await report(s, id, final.id, [
      { id: seed(3), rank: 1 },
      { id: seed(2), rank: 2 },
      { id: seed(4), rank: 3 },
    ]);
    expect(rf.status, rf.body).toBe(200);
    expect(
      rf.json.data.attributes.points_by_participant.find(
        (e: { participant_id: number }) => e.participant_id === seed(1),
      ),
    ).toMatchObject({ rank: 4, advancing: false });
    expect((await changeState(s, id, "finalize")).status).toBe(200);
    // 3, 2, 4 the final's active players; then round 1's exits; 1 last (was 4th of the final).
    expect(await finalRanksBySeed(s, id)).toEqual([8, 2, 1, 3, 4, 4, 6, 6]);
  });

  it("a match with no active player left: its removed players are ranked and some advance", async () => {
    // Removals complete a table with one player still in (free-for-all-lone-player.test.ts):
    // a table of removed players only is one of the next round, made of removed advancers.
    const s = await startService();
    const made = await createWithPlayers(
      s,
      { tournament_type: "free for all", free_for_all_options: { max_participants: 2 } },
      8,
    );
    expect((await changeState(s, made.id, "start")).status).toBe(200);
    const seed = (n: number) => made.idOfSeed.get(n)!;
    const tables = await ffaMatches(s, made.id);
    expect(tables.map((m) => m.participant_ids)).toEqual(
      [
        [1, 8],
        [2, 7],
        [3, 6],
        [4, 5],
      ].map((pair) => pair.map(seed)),
    );
    for (const [i, n] of [
      [0, 1],
      [3, 4],
      [2, 3],
    ] as const) {
      const t = tables[i]!;
      const r = await report(
        s,
        made.id,
        t.id,
        t.participant_ids.map((p) => ({
          id: p,
          rank: p === seed(n) ? 1 : 2,
          advancing: p === seed(n),
        })),
      );
      expect(r.status, r.body).toBe(200);
    }
    await remove(s, made.id, seed(1));
    await remove(s, made.id, seed(4));
    const r2 = await report(s, made.id, tables[1]!.id, [
      { id: seed(2), rank: 1, advancing: true },
      { id: seed(7), rank: 2 },
    ]);
    expect(r2.status, r2.body).toBe(200);
    const round2 = (await ffaMatches(s, made.id)).filter((m) => m.round === 2);
    expect(round2.map((m) => [m.participant_ids, m.state])).toEqual([
      [[seed(1), seed(4)], "open"],
      [[seed(2), seed(3)], "open"],
    ]);
    const rr = await report(s, made.id, round2[0]!.id, [
      { id: seed(4), rank: 1, advancing: true },
      { id: seed(1), rank: 2 },
    ]);
    expect(rr.status, rr.body).toBe(200);
    const rs = await report(s, made.id, round2[1]!.id, [
      { id: seed(2), rank: 1, advancing: true },
      { id: seed(3), rank: 2 },
    ]);
    expect(rs.status, rs.body).toBe(200);
    // The final table, 2 and the removed 4, completes by itself: 2 still in wins it.
    const final = (await ffaMatches(s, made.id)).find((m) => m.round === 3)!;
    expect(final.participant_ids).toEqual([seed(2), seed(4)]);
    expect(final.state).toBe("complete");
    expect((await changeState(s, made.id, "finalize")).status).toBe(200);
    // 2; 3 out in round 2; 5, 6, 7, 8 out in round 1; then the removed: 4 (the final), 1.
    expect(await finalRanksBySeed(s, made.id)).toEqual([8, 1, 2, 7, 3, 3, 3, 3]);
  });
});

/**
 * Free for all: removing participants completes an open match by itself once one player
 * still in is left in it: that player ranks 1 (and advances, but in the final table), the
 * removed ones are placed after them by seed, not advancing, their recorded scores kept
 * (as a report that leaves them out places them). A table of the next round made of one
 * player still in and removed advancers completes the same way. A match with two or more
 * players still in waits for its report; one with nobody still in (a table of removed
 * advancers) too: free-for-all-removed.test.ts.
 * Before, the match stayed open until the organiser reported a match of one player.
 */
import { describe, expect, it } from "vitest";
import {
  type FfaMatch,
  type FfaReportEntry,
  ffaMatches,
  ffaReport,
} from "../helpers/free-for-all.js";
import { changeState, createWithPlayers, finalRanksBySeed } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

async function report(s: ServiceHarness, t: string, m: string, entries: readonly FfaReportEntry[]) {
  const r = await s.request("PUT", `/v2.1/tournaments/${t}/matches/${m}`, ffaReport(entries));
  expect(r.status, r.body).toBe(200);
}

async function remove(s: ServiceHarness, t: string, participant: number): Promise<void> {
  const r = await s.request("DELETE", `/v2.1/tournaments/${t}/participants/${participant}`);
  expect(r.status, r.body).toBe(204);
}

async function tournamentState(s: ServiceHarness, t: string): Promise<string> {
  return (await s.request("GET", `/v2.1/tournaments/${t}`)).json.data.attributes.state;
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

const placed = (m: FfaMatch) =>
  m.points_by_participant.map((e) => [e.participant_id, e.rank, e.advancing]);

describe("free for all: the last player still in a match", () => {
  it("wins it when the others are removed; the removed placed after by seed, scores kept", async () => {
    const s = await startService();
    const { id, seed } = await started(s, 8, 4);
    let [a, b] = await ffaMatches(s, id);
    expect(b!.participant_ids).toEqual([2, 3, 6, 7].map(seed));
    await report(s, id, b!.id, [{ id: seed(7), score: "12" }]);
    await remove(s, id, seed(7));
    await remove(s, id, seed(2));
    [a, b] = await ffaMatches(s, id);
    expect(b!.state).toBe("open"); // 3 and 6 still in
    await remove(s, id, seed(3));
    [a, b] = await ffaMatches(s, id);
    expect(b!.state).toBe("complete");
    expect(placed(b!)).toEqual([
      [seed(2), 2, false],
      [seed(3), 3, false],
      [seed(6), 1, true],
      [seed(7), 4, false],
    ]);
    expect(b!.points_by_participant.find((e) => e.participant_id === seed(7))!.scores).toEqual([
      12,
    ]);
    expect(a!.state).toBe("open");
    await report(
      s,
      id,
      a!.id,
      [1, 4, 5, 8].map((n, i) => ({ id: seed(n), rank: i + 1, advancing: i < 2 })),
    );
    const final = (await ffaMatches(s, id)).find((m) => m.round === 2)!;
    expect(final.participant_ids.sort()).toEqual([1, 4, 6].map(seed).sort());
  });

  it("a next-round table of one player still in and removed advancers completes itself; so does the stage", async () => {
    const s = await startService();
    const { id, seed } = await started(s, 4, 2);
    const [one, two] = await ffaMatches(s, id);
    expect(one!.participant_ids).toEqual([seed(1), seed(4)]);
    await report(s, id, one!.id, [
      { id: seed(1), rank: 1, advancing: true },
      { id: seed(4), rank: 2 },
    ]);
    await remove(s, id, seed(1));
    await report(s, id, two!.id, [
      { id: seed(2), rank: 1, advancing: true },
      { id: seed(3), rank: 2 },
    ]);
    const final = (await ffaMatches(s, id)).find((m) => m.round === 2)!;
    expect(final.state).toBe("complete");
    expect(placed(final)).toEqual([
      [seed(1), 2, false],
      [seed(2), 1, false],
    ]);
    expect(await tournamentState(s, id)).toBe("awaiting_review");
    expect((await changeState(s, id, "finalize")).status).toBe(200);
    expect(await finalRanksBySeed(s, id)).toEqual([4, 1, 2, 2]);
  });

  it("removing the opponent in the final table completes it: the player still in ranks 1", async () => {
    const s = await startService();
    const { id, seed } = await started(s, 3, 4);
    const [table] = await ffaMatches(s, id);
    await remove(s, id, seed(1));
    expect((await ffaMatches(s, id))[0]!.state).toBe("open");
    await remove(s, id, seed(3));
    const [done] = await ffaMatches(s, id);
    expect(done!.id).toBe(table!.id);
    expect(placed(done!)).toEqual([
      [seed(1), 2, false],
      [seed(2), 1, false],
      [seed(3), 3, false],
    ]);
    expect(await tournamentState(s, id)).toBe("awaiting_review");
  });

  it("tables of two: each removal completes its table for the other; the round and the final follow", async () => {
    const s = await startService();
    const { id, seed } = await started(s, 4, 2);
    await remove(s, id, seed(2));
    const [, two] = await ffaMatches(s, id);
    expect(two!.state).toBe("complete");
    expect(placed(two!)).toEqual([
      [seed(2), 2, false],
      [seed(3), 1, true],
    ]);
    await remove(s, id, seed(1));
    const [one, , final] = await ffaMatches(s, id);
    expect(placed(one!)).toEqual([
      [seed(1), 2, false],
      [seed(4), 1, true],
    ]);
    expect([final!.participant_ids, final!.state]).toEqual([[seed(3), seed(4)], "open"]);
    await remove(s, id, seed(4));
    const done = (await ffaMatches(s, id))[2]!;
    expect(placed(done)).toEqual([
      [seed(3), 1, false],
      [seed(4), 2, false],
    ]);
    expect(await tournamentState(s, id)).toBe("awaiting_review");
  });
});

/**
 * A reader joining a tournament topic that is behind brings it up to the revision of the
 * moment it joins (public/tournament-topics.ts #catchUp, 5e646be), and no further: a change
 * made after it joined is news to it, sent by the timer's next look. Before, the join chased
 * the revision read after each refresh: with a write landing as each refresh ended (a writer
 * faster than the reads, as bench/public-load.mjs's report every 500 ms is at 8,192 players
 * under load), the join waited for five refreshes before its stream was answered. A reader
 * that resumes (`since`, Last-Event-ID: the bracket page opens with since) does not wait at
 * all: the changes it did not see are wanted anyway and come with the timer's next look, as
 * before 5e646be; in bench/public-load.mjs its wait left 24 such readers without a head for
 * 5 s, then refused 429.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WatchEvent } from "../../src/model/watch-events.js";
import { TournamentSnapshots } from "../../src/service/public/tournament-snapshots.js";
import { WorkGate } from "../../src/service/public/work-gate.js";
import {
  changeState,
  createWithPlayers,
  type MatchAttrs,
  matches,
  reportBody,
} from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";
import { readerInto } from "../helpers/topic-reader.js";

let harness: ServiceHarness | undefined;
afterEach(() => {
  harness?.service.close();
  vi.restoreAllMocks();
});

describe("a reader joining a topic behind while writes keep landing", () => {
  it("waits for the refresh to its join's revision only; later changes come to it as news", async () => {
    const s = await startService();
    harness = s;
    const t = await createWithPlayers(s, { tournament_type: "single elimination" }, 4);
    expect((await changeState(s, t.id, "start")).status).toBe(200);
    const [a, b] = await matches(s, t.id, "open");
    const report = async (m: MatchAttrs) => {
      const path = `/v2.1/tournaments/${t.id}/matches/${m.id}`;
      expect((await s.request("PUT", path, reportBody(m.player1_id, m.player2_id))).status).toBe(
        200,
      );
    };
    const first: WatchEvent[] = [];
    const one = await s.service.events.tournaments.open(Number(t.id), readerInto(first), {});
    expect("backlog" in one).toBe(true);
    // Each refresh's diff ends with a write landing (a description: no event, a new
    // revision): the topic is behind again at once.
    const steps = WorkGate.prototype.steps;
    let refreshes = 0;
    vi.spyOn(WorkGate.prototype, "steps").mockImplementation(async function (
      this: WorkGate,
      ...args: Parameters<WorkGate["steps"]>
    ) {
      const result = await steps.apply(this, args);
      refreshes++;
      const attributes = { description: `after refresh ${refreshes}` };
      const put = await s.request("PUT", `/v2.1/tournaments/${t.id}`, {
        data: { type: "tournament", attributes },
      });
      expect(put.status).toBe(200);
      return result;
    } as WorkGate["steps"]);
    await report(a!);
    const second: WatchEvent[] = [];
    const before = refreshes;
    const two = await s.service.events.tournaments.open(Number(t.id), readerInto(second), {});
    expect("backlog" in two).toBe(true);
    // One refresh to the join's revision (two when the timer's was under way); chasing, five.
    expect(refreshes - before).toBeGreaterThanOrEqual(1);
    expect(refreshes - before).toBeLessThanOrEqual(2);
    vi.restoreAllMocks();
    await report(b!);
    const completed = () => second.filter((e) => e.type === "match.completed");
    for (let i = 0; i < 100 && completed().length === 0; i++)
      await new Promise((done) => setTimeout(done, 50));
    // The match completed after it joined came to it as news; the one before did not.
    expect(completed().map((e) => e.match?.id)).toEqual([String(b!.id)]);
    for (const o of [one, two]) if ("close" in o) o.close();
  });

  it("a reader that resumes (since) is answered without a refresh, and is sent the change later", async () => {
    const s = await startService();
    harness = s;
    const t = await createWithPlayers(s, { tournament_type: "single elimination" }, 4);
    expect((await changeState(s, t.id, "start")).status).toBe(200);
    const [a] = await matches(s, t.id, "open");
    const first: WatchEvent[] = [];
    const one = await s.service.events.tournaments.open(Number(t.id), readerInto(first), {});
    expect("backlog" in one).toBe(true);
    const current = vi.spyOn(TournamentSnapshots.prototype, "current");
    const path = `/v2.1/tournaments/${t.id}/matches/${a!.id}`;
    expect((await s.request("PUT", path, reportBody(a!.player1_id, a!.player2_id))).status).toBe(
      200,
    );
    const calls = current.mock.calls.length;
    const second: WatchEvent[] = [];
    const since = "2000-01-01T00:00:00Z";
    const two = await s.service.events.tournaments.open(Number(t.id), readerInto(second), {
      since,
    });
    expect("backlog" in two).toBe(true);
    // No snapshot asked for by the join (5e646be's catch-up asked one: 1 before this).
    expect(current.mock.calls.length - calls).toBe(0);
    // In its backlog or after it: once, either way.
    const backlog = "backlog" in two ? two.backlog : [];
    const completed = () =>
      [...backlog, ...second].filter((e) => e.type === "match.completed" && e.match?.id === a!.id);
    for (let i = 0; i < 100 && completed().length === 0; i++)
      await new Promise((done) => setTimeout(done, 50));
    expect(completed()).toHaveLength(1);
    for (const o of [one, two]) if ("close" in o) o.close();
  });
});

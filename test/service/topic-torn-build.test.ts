/**
 * Serve's tournament topic (public/tournament-topics.ts) when a write lands while a new
 * version's snapshot is read page by page (tournament-snapshots.ts: such a snapshot mixes
 * records from before and after it). Here the start lands after the tournament's record
 * was read (still pending) and before its matches were: the snapshot held the started
 * tournament's matches with the pending state, and the stream told the matches opening
 * before the start, which came at the next look. The topic now passes over a snapshot a
 * write landed in and tells the next one: the start, then the matches it opened.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WatchEvent } from "../../src/model/watch-events.js";
import { WorkGate } from "../../src/service/public/work-gate.js";
import { changeState, createWithPlayers } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";
import { openTopic } from "../helpers/topic-reader.js";

let harness: ServiceHarness | undefined;
afterEach(() => {
  harness?.service.close();
  vi.restoreAllMocks();
});

const label = (e: WatchEvent) => `${e.type}:${e.match?.identifier ?? e.state}`;

describe("a topic's snapshot a write landed in", () => {
  it("is passed over: the start is told before the matches it opened", async () => {
    const s = await startService();
    harness = s;
    const t = await createWithPlayers(s, { tournament_type: "single elimination" }, 4);
    const { got, close } = await openTopic(s, t.id);
    // The next build's second unit of work (its head read, its participants not yet) waits
    // for the start: a write landing in the middle of the read.
    const run = WorkGate.prototype.run;
    let units = 0;
    let started = false;
    vi.spyOn(WorkGate.prototype, "run").mockImplementation(async function (
      this: WorkGate,
      fn: () => unknown,
    ) {
      if (++units === 2) {
        expect((await changeState(s, t.id, "start")).status).toBe(200);
        started = true;
      }
      return run.call(this, fn as never);
    } as WorkGate["run"]);
    const put = await s.request("PUT", `/v2.1/tournaments/${t.id}`, {
      data: { type: "tournament", attributes: { description: "Friday" } },
    });
    expect(put.status, put.body).toBe(200);
    for (let i = 0; i < 100 && !got.some((e) => e.type === "match.opened"); i++)
      await new Promise((done) => setTimeout(done, 50));
    expect(started).toBe(true);
    expect(got.map(label)).toEqual([
      "tournament.state_changed:underway",
      "match.opened:A",
      "match.opened:B",
    ]);
    close();
  });
});

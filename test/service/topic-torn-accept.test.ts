/**
 * Serve's tournament topic (public/tournament-topics.ts) when every build is overtaken by a
 * write landing between its head and its matches (tournament-snapshots.ts reads page by
 * page): after TORN_SKIPS builds passed over, the next is taken. Here the start lands in
 * that one: its head still pending, its matches those the start made. Taken as it was, the
 * stream told the matches opening before the start (dated at their creation), the start a
 * look later. It is now taken as far as its records agree (model/watch-accept.ts): the
 * stream tells what a look after every write tells (the records' history), in its order.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { history } from "../../src/client/watch.js";
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

const line = (e: WatchEvent) => `${e.at} ${e.id} ${e.type}`;

describe("a topic's builds overtaken past its skips", () => {
  it("tells the events a look after every write tells, in their order", async () => {
    const s = await startService();
    harness = s;
    const t = await createWithPlayers(s, { tournament_type: "single elimination" }, 4);
    const { got, close } = await openTopic(s, t.id);
    const since = new Date(Date.now() - 60_000).toISOString();
    // Right after each build's head is read: three edits (builds passed over), then the start.
    const writes = [
      () => s.request("PUT", `/v2.1/tournaments/${t.id}`, edit("one")),
      () => s.request("PUT", `/v2.1/tournaments/${t.id}`, edit("two")),
      () => s.request("PUT", `/v2.1/tournaments/${t.id}`, edit("three")),
      () => changeState(s, t.id, "start"),
    ];
    const run = WorkGate.prototype.run;
    let afterHead = false;
    vi.spyOn(WorkGate.prototype, "run").mockImplementation(async function (
      this: WorkGate,
      fn: () => unknown,
    ) {
      if (afterHead) {
        afterHead = false;
        const write = writes.shift();
        if (write !== undefined) expect((await write()).status).toBe(200);
      }
      const result = await run.call(this, fn as never);
      afterHead = typeof result === "object" && result !== null && "tournament" in result;
      return result;
    } as WorkGate["run"]);
    // A participant written: the topic builds a snapshot (an edit of the tournament alone is
    // now taken from its record, public/topic-delta.ts, with no build to overtake).
    const renamed = await s.request(
      "PUT",
      `/v2.1/tournaments/${t.id}/participants/${t.idOfSeed.get(1)}`,
      {
        data: { type: "Participants", attributes: { name: "Zero" } },
      },
    );
    expect(renamed.status, renamed.body).toBe(200);
    for (let i = 0; i < 200 && got.filter((e) => e.type === "match.opened").length < 2; i++)
      await new Promise((done) => setTimeout(done, 50));
    await new Promise((done) => setTimeout(done, 600));
    expect(writes).toHaveLength(0);
    const now = await s.service.events.tournaments.snapshots.current(Number(t.id));
    if ("status" in now) throw new Error(`snapshot: ${now.status}`);
    const reference = history(now.watch, since);
    expect(reference.map((e) => e.type)).toContain("match.opened");
    expect(got.map(line)).toEqual(reference.map(line));
    close();
  });
});

function edit(description: string) {
  return { data: { type: "tournament", attributes: { description } } };
}

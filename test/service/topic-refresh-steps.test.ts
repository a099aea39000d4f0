/**
 * A topic's diff of a new version against the last (issue 24) runs a few steps a unit of
 * serve's work gate, as its `?since=` history does: in one unit it was a pass over every
 * match and participant, 90-190 ms at 50,000 players (bench/public-load.mjs, load 4).
 * The events it tells are the same.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { WorkGate } from "../../src/service/public/work-gate.js";
import { changeState, createWithPlayers, matches, reportBody } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";
import { openTopic } from "../helpers/topic-reader.js";

let harness: ServiceHarness | undefined;
afterEach(() => {
  harness?.service.close();
  vi.restoreAllMocks();
});

describe("a topic's refresh", () => {
  it("diffs the new version in steps through the gate and tells the report", async () => {
    harness = await startService();
    const t = await createWithPlayers(harness, { tournament_type: "single elimination" }, 8);
    expect((await changeState(harness, t.id, "start")).status).toBe(200);
    const { got, close } = await openTopic(harness, t.id);
    const steps = vi.spyOn(WorkGate.prototype, "steps");
    const m = (await matches(harness, t.id, "open"))[0]!;
    const put = await harness.request(
      "PUT",
      `/v2.1/tournaments/${t.id}/matches/${m.id}`,
      reportBody(m.player1_id, m.player2_id),
    );
    expect(put.status, put.body).toBe(200);
    for (let i = 0; i < 100 && !got.some((e) => e.type === "match.completed"); i++)
      await new Promise((done) => setTimeout(done, 50));
    const completed = got.filter((e) => e.type === "match.completed");
    expect(completed.map((e) => e.match?.id)).toEqual([String(m.id)]);
    expect(steps).toHaveBeenCalled();
    close();
  });
});

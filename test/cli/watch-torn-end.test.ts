/**
 * `tourney watch --until complete` (runWatch, embedded) whose looks are all torn once the
 * tournament is complete: another writer changes its description while each look reads its
 * matches, so every look's events from about a second before it began are held back until
 * they can be told in order (client/watch.ts). The watch ends once it has told the change to
 * complete, not at the first look whose tournament says complete: that look's events were
 * held, and the watch ended without the last match's completion nor the end.
 * The in-process service; the tournament is played to its end as the watch's second look
 * begins, and the description changes are sent on the shared transport right
 * before each page of matches the watch reads: deterministic, no timing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWatch, runWatch } from "../../src/cli/commands/watch/watch.js";
import type { ApiClient } from "../../src/client/api-client.js";
import { createFactoryHarness, type FactoryHarness } from "../helpers/factory.js";

let h: FactoryHarness;
let client: ApiClient;
beforeAll(async () => {
  h = createFactoryHarness();
  client = await h.client();
  await client.tournaments.create({
    name: "End",
    url: "end",
    tournament_type: "single elimination",
  });
  for (const name of ["Ada", "Grace", "Linus", "Margaret"])
    await client.participants.create("end", { name });
  await client.tournaments.changeState("end", "start");
});
afterAll(() => h.cleanup());

async function reportOpen(): Promise<void> {
  for (const m of await client.matches.listAll("end", { state: "open" })) {
    const [p1, p2] = [m.attributes.player1_id, m.attributes.player2_id] as number[];
    await client.matches.update("end", m.id, {
      match: [
        { participant_id: p1!, score_set: "2", advancing: true },
        { participant_id: p2!, score_set: "1" },
      ],
    });
  }
}

describe("watch --until complete, every look torn", () => {
  it("tells the last completion and the end before it ends", async () => {
    let writes = 0;
    let heads = 0;
    const t = h.make({
      globals: { json: true },
      transport: (shared) => ({
        ...shared,
        send: async (request) => {
          // The second look (after the lookup and the first look, which asks for it twice): played
          // to its end, then read.
          if (
            request.method === "GET" &&
            request.path === "/v2.1/tournaments/end" &&
            ++heads === 4
          ) {
            await reportOpen();
            await reportOpen();
            await client.tournaments.changeState("end", "finalize");
          }
          if (heads >= 4 && request.method === "GET" && /\/matches(\?|$)/.test(request.path))
            await shared.send({
              method: "PUT",
              path: "/v2.1/tournaments/end",
              headers: { "content-type": "application/vnd.api+json" },
              body: JSON.stringify({
                data: { type: "tournaments", attributes: { description: `note ${++writes}` } },
              }),
            });
          return shared.send(request);
        },
      }),
    });
    await runWatch(t.factory, parseWatch("end", { until: "complete" }, new Date()));
    expect(writes).toBeGreaterThan(4);
    const told = t
      .stdout()
      .trim()
      .split("\n")
      .filter((line) => line !== "")
      .map(
        (line) =>
          JSON.parse(line) as { type: string; state?: string; match?: { identifier: string } },
      );
    const last = told.at(-1);
    expect(`${last?.type}:${last?.state}`).toBe("tournament.state_changed:complete");
    const completed = told.filter((e) => e.type === "match.completed");
    expect(completed.map((e) => e.match?.identifier).sort()).toEqual(["A", "B", "C"]);
  }, 60_000);
});

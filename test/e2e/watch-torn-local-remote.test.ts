/**
 * End to end: one bracket reported into by another writer of the database file while three
 * watches follow it: a polled watch over the embedded service (client/watch.ts, in this
 * process) whose every look is torn, the reports sent right before each page of matches it
 * reads (16 matches a page, so 127 matches are 8 pages); `tourney watch` embedded (a
 * process on the same file); and `tourney watch` through serve's event stream (a process,
 * serve on loopback over the same file). The three tell the same events: the same ids, the
 * same times, in the same order. Before, the torn watch dated a match opened by a report
 * its page did not show yet at the other completion of its players, under another id, and
 * told reports a look after later ones (the two others disagreed with it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, createApiClient } from "../../src/client/api-client.js";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { pollWatch } from "../../src/client/watch.js";
import type { WatchEvent } from "../../src/model/watch-events.js";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";
import { captured, until, type Watching, watch } from "../helpers/watch-process.js";

const PLAYERS = 128;

describe.runIf(BUILT)("a bracket reported into between a watch's page reads", () => {
  let sb: ServedSandbox;
  let direct: ApiClient;
  beforeAll(async () => {
    sb = await servedSandbox("watch-torn");
  }, 60_000);
  afterAll(async () => {
    await direct?.close();
    await sb.close();
  });

  it("a torn polled watch, an embedded and a remote watch tell the same events", async () => {
    const added = await runBinary(["profile", "add", "srvdb", "--db", sb.servedDb], sb.local);
    expect(added.code, added.stderr).toBe(0);
    const inner = createInProcessTransport({ dbPath: sb.servedDb });
    direct = createApiClient({ transport: inner });
    await direct.tournaments.create({
      name: "Torn",
      url: "torn",
      tournament_type: "single elimination",
    });
    const names = Array.from({ length: PLAYERS }, (_, i) => ({ name: `P${i + 1}` }));
    await direct.participants.bulkAdd("torn", names);
    await direct.tournaments.changeState("torn", "start");

    const watches: Watching[] = [
      watch({ ...sb.local, TOURNEY_PROFILE: "srvdb" }, "torn", "--json", "--all"),
      watch(sb.remote, "torn", "--json", "--all"),
    ];
    const outputs = watches.map((w) => captured(w.child));
    await Promise.all(watches.map((w) => w.ready));

    let reports = 0;
    let turn = 0;
    /** Reports one open match (player 1 wins), a different one each time. */
    const reportOne = async (): Promise<boolean> => {
      const open = await direct.matches.listAll("torn", { state: "open" });
      if (open.length === 0) return false;
      const m = open[(turn++ * 7) % open.length]!;
      const [p1, p2] = [m.attributes.player1_id, m.attributes.player2_id] as number[];
      await direct.matches.update("torn", m.id, {
        match: [
          { participant_id: p1!, score_set: "2", advancing: true },
          { participant_id: p2!, score_set: "1" },
        ],
      });
      reports++;
      // Each report at its own millisecond: of one instant, a look tells events by kind and play
      // order, and serve's stream, which may see two reports at two looks, in their commit order.
      const at = Date.now();
      while (Date.now() < at + 2) await new Promise((r) => setTimeout(r, 1));
      return true;
    };
    let armed = false;
    const transport: Transport = {
      send: async (request) => {
        if (armed && request.method === "GET" && /\/matches(\?|$)/.test(request.path)) {
          for (let i = 0; i < 2; i++) await reportOne();
          const path = request.path.replace(/per_page=\d+/, "per_page=16");
          const cut = path.includes("per_page=") ? path : `${path}&per_page=16`;
          return inner.send({ ...request, path: cut.replace(/\/matches&/, "/matches?") });
        }
        return inner.send(request);
      },
      close: async () => {},
    };
    const told: WatchEvent[] = [];
    const stop = new AbortController();
    let idle = 0;
    await pollWatch(
      createApiClient({ transport }),
      {
        subject: { kind: "tournament", ref: "torn" },
        intervalMs: 1,
        backoffMs: 1,
        signal: stop.signal,
        sleep: async () => {
          if (armed) await reportOne();
          if (reports === PLAYERS - 1 && ++idle > 3) stop.abort();
        },
        now: () => new Date().toISOString(),
      },
      (events) => {
        armed = true;
        told.push(...events);
        return false;
      },
    );
    expect(reports).toBe(PLAYERS - 1);
    const line = (e: { id: string; at: string }) => `${e.at} ${e.id}`;
    const last = told.at(-1)!;
    expect(last.type).toBe("tournament.state_changed");
    for (const [i, w] of watches.entries()) {
      await until(outputs[i]!.stdout, `"id":"${last.id}"`, w.child);
      const lines = outputs[i]!.stdout().trim().split("\n");
      const theirs = lines.map((l) => line(JSON.parse(l) as WatchEvent));
      expect(theirs).toEqual(told.map(line));
      w.child.kill("SIGINT");
      expect((await w.done).code).toBe(130);
    }
  }, 180_000);
});

/**
 * `tourney watch` reconnecting before it has had an event, on a machine whose clock is
 * behind or ahead of serve's: the reconnect asks `?since=` the time the watch began by
 * serve's clock (the stream's `since:` line), so what happened while serve was away is told,
 * and nothing from before the watch. Before (a940cf4), it asked the client's own clock: an
 * hour ahead, the match reported while serve was away was lost; an hour behind, the start's
 * events (from before the watch) were told as new.
 *
 * Serve is the real service and HTTP adapter on a database file; "away" is its HTTP server
 * closed and the service reopened on the same file (a serve restarted), the match reported
 * meanwhile. The client is the remote transport, its clock injected.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApiClient } from "../../src/client/api-client.js";
import { createRemoteTransport } from "../../src/client/remote-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { streamWatch } from "../../src/client/watch-stream.js";
import type { WatchEvent } from "../../src/model/watch-events.js";
import { startHttpServer } from "../../src/service/index.js";
import { changeState, createWithPlayers, matches, reportBody } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

const HOUR = 3_600_000;

/** serve's clock: the real one, a millisecond on at least per read (no two records at one time). */
function serverClock(): () => Date {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last);
  };
}

/** The transport, telling each stream request and each stream's first text. */
function observed(inner: Transport, onStream: (since: string, first: string) => void): Transport {
  return {
    ...inner,
    send: (request) => inner.send(request),
    close: () => inner.close(),
    stream: (request, onText, signal) => {
      let first = true;
      const query = new URL(request.path, "http://x").searchParams.get("since") ?? "";
      return inner.stream!(
        request,
        (text) => {
          if (first) onStream(query, text);
          first = false;
          onText(text);
        },
        signal,
      );
    },
  };
}

async function report(s: ServiceHarness, identifier: string): Promise<void> {
  const m = (await matches(s, "sk", "open")).find((x) => x.identifier === identifier)!;
  const r = await s.request(
    "PUT",
    `/v2.1/tournaments/sk/matches/${m.id}`,
    reportBody(m.player1_id, m.player2_id),
  );
  expect(r.status, r.body).toBe(200);
}

describe("watch reconnecting before any event, its clock off serve's", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-watch-skew-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const [what, skew] of [
    ["an hour ahead", HOUR],
    ["an hour behind", -HOUR],
  ] as const) {
    it(`${what}: tells the match reported while serve was away, nothing from before`, async () => {
      const dbPath = join(dir, `${skew > 0 ? "ahead" : "behind"}.db`);
      const now = serverClock();
      let s = await startService({ dbPath, now });
      await createWithPlayers(s, { url: "sk", tournament_type: "single elimination" }, 4);
      expect((await changeState(s, "sk", "start")).status).toBe(200);
      const record = (await s.request("GET", "/v2.1/tournaments/sk")).json.data;
      let http = await startHttpServer(s.service, { host: "127.0.0.1", port: 0 });
      const port = http.port;

      const streams: { query: string; first: string }[] = [];
      let connected!: () => void;
      const firstStream = new Promise<void>((done) => {
        connected = done;
      });
      let reconnected!: () => void;
      const secondStream = new Promise<void>((done) => {
        reconnected = done;
      });
      let serveBack!: () => void;
      const back = new Promise<void>((done) => {
        serveBack = done;
      });
      const transport = observed(
        createRemoteTransport({ baseUrl: `http://127.0.0.1:${port}`, env: {} }),
        (query, first) => {
          streams.push({ query, first });
          (streams.length === 1 ? connected : reconnected)();
        },
      );
      const client = createApiClient({ transport });
      const told: WatchEvent[] = [];
      const watching = streamWatch(
        client,
        {
          subject: { kind: "tournament", ref: "sk" },
          intervalMs: 100,
          backoffMs: 400,
          signal: new AbortController().signal,
          // The reconnect waits for serve to be back.
          sleep: () => back,
          now: () => new Date(Date.now() + skew).toISOString(),
        },
        record,
        (events) => {
          told.push(...events);
          return events.some((e) => e.type === "match.completed" && e.match?.identifier === "B");
        },
      );

      await firstStream;
      // serve away: its streams ended, the service closed; A reported on the file meanwhile.
      await http.close();
      s.service.close();
      s = await startService({ dbPath, now });
      await report(s, "A");
      http = await startHttpServer(s.service, { host: "127.0.0.1", port });
      serveBack();
      await secondStream;
      // B, reported once the reconnect is subscribed, is told live: it ends the watch.
      await report(s, "B");
      expect(await watching).toBeUndefined();
      await client.close();
      await http.close();
      s.service.close();

      expect(told.map((e) => `${e.type} ${e.match?.identifier ?? ""}`.trim())).toEqual([
        "match.completed A",
        "match.completed B",
      ]);
      const since = /^since: (.+)$/m.exec(streams[0]!.first)?.[1];
      expect(since).toBeDefined();
      // The reconnect asked serve's time, not this machine's.
      expect(streams.map((x) => x.query)).toEqual(["", since]);
    }, 30_000);
  }
});

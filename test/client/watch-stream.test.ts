/**
 * `tourney watch` over an event stream (client/watch-stream.ts, issue 19): the SSE
 * parser on text cut anywhere; the client reconnecting to a scripted stream on a
 * real loopback HTTP server (the remote transport, undici) with Last-Event-ID and
 * since, skipping what it was sent twice; and serve's own race stream (the real
 * service and its HTTP adapter) resuming from Last-Event-ID with exactly what was
 * missed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../src/client/api-client.js";
import { createRemoteTransport } from "../../src/client/remote-transport.js";
import type { WatchSourceOptions } from "../../src/client/watch.js";
import { SseParser, streamWatch } from "../../src/client/watch-stream.js";
import type { WatchEvent } from "../../src/model/watch-events.js";
import { openService, type RunningServer, startHttpServer } from "../../src/service/index.js";
import { raceBody, raceState, timeBody } from "../helpers/race-service.js";
import { participantsBody } from "../helpers/service.js";

describe("SseParser", () => {
  it("an event cut anywhere comes out once, whole, when its blank line arrives", () => {
    const text = 'id: e1\ndata: {"a":1}\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      const parser = new SseParser();
      const first = parser.push(text.slice(0, cut));
      const second = parser.push(text.slice(cut));
      expect([...first, ...second], `cut at ${cut}`).toEqual([{ id: "e1", data: '{"a":1}' }]);
    }
  });

  it("CRLF and CR line ends, a CRLF cut between its CR and LF", () => {
    const parser = new SseParser();
    expect(parser.push("id: 1\r")).toEqual([]);
    expect(parser.push("\ndata: x\r\n\r")).toEqual([]);
    expect(parser.push("\nid: 2\rdata: y\r\r")).toEqual([{ id: "1", data: "x" }]);
    expect(parser.push("")).toEqual([]);
    expect(parser.push("data: z\n\n")).toEqual([
      { id: "2", data: "y" },
      { id: undefined, data: "z" },
    ]);
  });

  it("multi-line data joins with LF; one leading space is dropped, no more", () => {
    const parser = new SseParser();
    expect(parser.push("data: first\ndata:second\ndata:  third\ndata\n\n")).toEqual([
      { id: undefined, data: "first\nsecond\n third\n" },
    ]);
  });

  it("comments and heartbeats are no events; retry sets the reconnection delay, digits only", () => {
    const parser = new SseParser();
    expect(parser.push(": heartbeat\n\nretry: 1500\n: watching /v2.1/races/gp\n\n")).toEqual([]);
    expect(parser.retryMs).toBe(1500);
    expect(parser.push("retry: soon\n\nretry: 2e3\n\n")).toEqual([]);
    expect(parser.retryMs).toBe(1500);
    expect(parser.push(": note\nid: 7\ndata: x\nevent: ignored\nunknown: field\n\n")).toEqual([
      { id: "7", data: "x" },
    ]);
  });

  it("serve's since: line (a date) is kept, no event; one that is no date is ignored", () => {
    const parser = new SseParser();
    const head = "retry: 1000\nsince: 2026-03-01T10:00:00.123Z\n: watching /v2.1/tournaments/1\n\n";
    expect(parser.push(head)).toEqual([]);
    expect(parser.since).toBe("2026-03-01T10:00:00.123Z");
    expect(parser.push("since: yesterday\n\n")).toEqual([]);
    expect(parser.since).toBe("2026-03-01T10:00:00.123Z");
  });

  it("an id: with a NUL is ignored; an id: alone makes no event", () => {
    const parser = new SseParser();
    expect(parser.push("id: a\0b\ndata: x\n\nid: lonely\n\n")).toEqual([
      { id: undefined, data: "x" },
    ]);
  });
});

function event(n: number, type: WatchEvent["type"], extra: Partial<WatchEvent> = {}): WatchEvent {
  return {
    id: `r1.e${n}`,
    type,
    at: `2026-03-01T10:00:0${n}.000Z`,
    tournament: { id: "1", url: "gp", name: "GP" },
    ...extra,
  };
}
const frame = (e: WatchEvent) => `id: ${e.id}\ndata: ${JSON.stringify(e)}\n\n`;

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function options(sleeps: number[]): WatchSourceOptions {
  return {
    subject: { kind: "race", ref: "gp" },
    intervalMs: 100,
    backoffMs: 400,
    signal: new AbortController().signal,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    now: () => "2026-03-01T12:00:00.000Z",
  };
}

const RACE_RECORD = { id: "1", attributes: { name: "GP", url: "gp", state: "underway" } };

describe("streamWatch: a dropped connection resumes with Last-Event-ID, nothing twice, nothing lost", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it("reconnects after retry:, sends Last-Event-ID and since, skips the replayed event", async () => {
    const requests: { url: string; lastEventId: string | undefined; accept: string | undefined }[] =
      [];
    const [e1, e2, e3] = [
      event(1, "round.started", { round: 1 }),
      event(2, "round.finished", { round: 1 }),
      event(3, "round.started", { round: 2 }),
    ];
    const e4 = event(4, "race.state_changed", { state: "completed", previous_state: "underway" });
    server = await listen((req, res) => {
      requests.push({
        url: req.url ?? "",
        lastEventId: req.headers["last-event-id"] as string | undefined,
        accept: req.headers.accept,
      });
      res.writeHead(200, { "content-type": "text/event-stream" });
      if (requests.length === 1) {
        // e2 arrives in two pieces, then the connection drops.
        const text = `retry: 50\n: watching\n\n${frame(e1)}${frame(e2)}`;
        res.write(text.slice(0, -20));
        setTimeout(() => {
          res.write(text.slice(-20));
          setTimeout(() => res.destroy(), 20);
        }, 20);
      } else {
        // A server that replays from before the id: e2 again, then what was missed (and a
        // stream.reload, serve's word to a client without since: not a change, never told).
        const reload = { ...event(5, "stream.reload"), id: "r1.reload.2026-03-01T10:00:05.000Z" };
        res.write(`retry: 50\n\n${frame(e2)}${frame(reload)}${frame(e3)}${frame(e4)}`);
      }
    });
    const port = (server.address() as AddressInfo).port;
    const client = createApiClient({
      transport: createRemoteTransport({ baseUrl: `http://127.0.0.1:${port}`, env: {} }),
      credentials: { kind: "api-key", apiKey: "k" } as never,
    });
    const told: string[] = [];
    const sleeps: number[] = [];
    const result = await streamWatch(client, options(sleeps), RACE_RECORD, (events, snapshot) => {
      expect(snapshot.kind).toBe("race");
      told.push(...events.map((e) => e.id));
      return events.some((e) => e.type === "race.state_changed" && e.state === "completed");
    });
    await client.close();
    expect(result).toBeUndefined();
    expect(told).toEqual([e1.id, e2.id, e3.id, e4.id]);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toEqual({
      url: "/v2.1/races/gp/events",
      lastEventId: undefined,
      accept: "text/event-stream",
    });
    expect(requests[1]!.lastEventId).toBe(e2.id);
    expect(new URL(requests[1]!.url, "http://x").searchParams.get("since")).toBe(e2.at);
    expect(sleeps).toEqual([50]);
  });

  it("a race's time: each correction told (back to a value it had too); the same value under a later id is not", async () => {
    const time = (n: number, ms: number | null) => ({
      ...event(n, "elapsed_time.recorded", { round: 1 }),
      id: `r1.round1.2026-03-01T10:00:00.000Z.time4.${ms ?? "none"}.2026-03-01T10:00:0${n}.000Z`,
      elapsed_time: { id: "4", ms, formatted: null },
    });
    // 61 s, 62 s, 61 s again, then 61 s re-dated (a later time re-ranked it), DNF, 61 s.
    const sent = [time(1, 61_000), time(2, 62_000), time(3, 61_000), time(4, 61_000)];
    const last = [time(5, null), time(6, 61_000)];
    const end = event(7, "race.state_changed", { state: "completed", previous_state: "underway" });
    server = await listen((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write([...sent, ...last, end].map(frame).join(""));
    });
    const port = (server.address() as AddressInfo).port;
    const client = createApiClient({
      transport: createRemoteTransport({ baseUrl: `http://127.0.0.1:${port}`, env: {} }),
      credentials: { kind: "api-key", apiKey: "k" } as never,
    });
    const told: string[] = [];
    await streamWatch(client, options([]), RACE_RECORD, (events) => {
      told.push(...events.map((e) => e.id));
      return events.some((e) => e.type === "race.state_changed" && e.state === "completed");
    });
    await client.close();
    expect(told).toEqual([sent[0]!.id, sent[1]!.id, sent[2]!.id, last[0]!.id, last[1]!.id, end.id]);
  });

  it("a service without a stream (404 at the first connection) is 'unsupported': the caller polls", async () => {
    server = await listen((_req, res) => {
      res
        .writeHead(404, { "content-type": "application/json" })
        .end('{"errors":[{"status":404,"detail":"no such path"}]}');
    });
    const port = (server.address() as AddressInfo).port;
    const client = createApiClient({
      transport: createRemoteTransport({ baseUrl: `http://127.0.0.1:${port}`, env: {} }),
    });
    expect(await streamWatch(client, options([]), RACE_RECORD, () => false)).toBe("unsupported");
    await client.close();
  });
});

describe("serve's race stream resumes from Last-Event-ID", () => {
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.close();
  });

  /**
   * Opens a stream (resolved once its head came: serve has subscribed it to the
   * hub), whose `take(count)` reads events until `count` have come, then drops it.
   */
  async function open(url: string, lastEventId?: string) {
    const stop = new AbortController();
    const headers = lastEventId === undefined ? {} : { "last-event-id": lastEventId };
    const response = await fetch(url, { headers, signal: stop.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    return {
      async take(count: number): Promise<WatchEvent[]> {
        const parser = new SseParser();
        const events: WatchEvent[] = [];
        const decoder = new TextDecoder();
        for await (const chunk of response.body!) {
          for (const e of parser.push(decoder.decode(chunk as Uint8Array, { stream: true })))
            events.push(JSON.parse(e.data));
          if (events.length >= count) break;
        }
        stop.abort();
        return events;
      },
    };
  }

  it("a reconnecting client gets exactly the events after its last id", async () => {
    const service = await openService({ dbPath: ":memory:" });
    running = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
    const base = `http://127.0.0.1:${running.port}/v2.1`;
    const send = async (method: string, path: string, body: unknown) => {
      const r = await fetch(`${base}${path}`, {
        method,
        headers: { "content-type": "application/vnd.api+json" },
        body: JSON.stringify(body),
      });
      expect(r.status, await r.clone().text()).toBeLessThan(300);
      return r.json();
    };
    await send(
      "POST",
      "/races",
      raceBody({ name: "GP", url: "gp", raceType: "grand prix", grandPrixOptions: { rounds: 2 } }),
    );
    await send("POST", "/races/gp/participants/bulk_add", participantsBody(["Ada", "Grace"]));
    // A first client keeps the topic (and the events it keeps) alive throughout.
    const keeper = await open(`${base}/races/gp/events`);
    // A second watches the start, then drops.
    const second = await open(`${base}/races/gp/events`);
    await send("PUT", "/races/gp/change_state", raceState("start"));
    const seen = await second.take(2);
    expect(seen.map((e) => `${e.type}:${e.round ?? e.state}`)).toEqual([
      "race.state_changed:underway",
      "round.started:1",
    ]);
    const list = await fetch(`${base}/races/gp/rounds/1/elapsed_times`);
    const times = (await list.json()) as { data: { id: string }[] };
    const first = times.data[0]!.id;
    await send(
      "PUT",
      `/races/gp/rounds/1/elapsed_times/${first}`,
      timeBody({ elapsedTime: 61_000 }),
    );
    await send("PUT", "/races/gp/change_state", raceState("end_round"));
    const all = await keeper.take(5);
    const resumed = await (await open(`${base}/races/gp/events`, seen.at(-1)!.id)).take(3);
    expect(resumed.map((e) => `${e.type}:${e.round}`)).toEqual([
      "elapsed_time.recorded:1",
      "round.finished:1",
      "round.started:2",
    ]);
    // Exactly what the keeper saw after the dropped client's last event.
    expect(resumed).toEqual(all.slice(2));
    service.close();
  });
});

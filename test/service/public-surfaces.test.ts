/**
 * Serve's public surfaces as an anonymous client meets them (issue 24, items 1, 2, 4, 5),
 * over a real loopback server on a database file the CLI (in process, its own
 * connection) writes: data.json is one snapshot per version of its own tournament (a
 * write elsewhere leaves its tag, a write to it from another connection moves it, many
 * askers share one build); `?since=` is answered from one history per tournament; every
 * spelling of a tournament's path, and the bracket page's stream, share one topic; open
 * streams past the budget of one address are refused at once with 429 and Retry-After.
 */
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DB_FILE_NAME } from "../../src/config/paths.js";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";
import { EventLog } from "../../src/service/public/event-log.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
let service: Service;
let server: RunningServer;
let base: string;
let cup: { t: string };
let elsewhere: { t: string };
const EIGHT = ["Ada", "Bea", "Cyd", "Dot", "Eli", "Fay", "Gus", "Hal"];

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** An event stream: its status, then its events as they come (`until` resolves at a count). */
function stream(path: string) {
  const events: any[] = [];
  let wanted: { count: number; done: () => void } | undefined;
  let close = () => {};
  const opened = new Promise<{ status: number; headers: Reply["headers"]; body: string }>(
    (resolve, reject) => {
      const req = httpRequest(`${base}${path}`, (res) => {
        close = () => res.destroy();
        res.setEncoding("utf8");
        let text = "";
        res.on("data", (d: string) => {
          text += d;
          if (res.statusCode !== 200) return;
          let at = text.indexOf("\n\n");
          while (at !== -1) {
            const data = text
              .slice(0, at)
              .split("\n")
              .find((l) => l.startsWith("data: "));
            text = text.slice(at + 2);
            if (data !== undefined) events.push(JSON.parse(data.slice(6)));
            at = text.indexOf("\n\n");
          }
          if (wanted !== undefined && events.length >= wanted.count) wanted.done();
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
        if (res.statusCode === 200) resolve({ status: 200, headers: res.headers, body: "" });
      });
      req.on("error", reject);
      req.end();
    },
  );
  return {
    opened,
    events,
    until: (count: number) =>
      new Promise<any[]>((resolve) => {
        if (events.length >= count) resolve(events);
        else wanted = { count, done: () => resolve(events) };
      }),
    close: () => close(),
  };
}

async function reportFirstOpen(t: string): Promise<string> {
  const list = ok(await sb.run(["match", "list", t, "--state", "open", "--json"])).json();
  const m = list.sort((a: any, b: any) => a.identifier.localeCompare(b.identifier))[0];
  const winner = String(m.player1_id);
  ok(await sb.run(["match", "report", t, m.identifier, "--winner", winner, "--scores", "2-0"]));
  return m.identifier;
}

const snapshots = () => service.events.tournaments.snapshots;

beforeAll(async () => {
  sb = createSandbox();
  cup = await createWith(
    sb,
    ["--name", "Shared Cup", "--url", "shared_cup", "--type", "double elimination"],
    EIGHT,
  );
  ok(await sb.run(["tournament", "start", cup.t]));
  elsewhere = await createWith(
    sb,
    ["--name", "Elsewhere Cup", "--url", "elsewhere_cup"],
    EIGHT.slice(0, 4),
  );
  const dbPath = join(sb.env.TOURNEY_DATA_DIR!, DEFAULT_DB_FILE_NAME);
  service = await openService({ dbPath, busyTimeoutMs: 250 });
  server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${server.port}`;
}, 60_000);

afterAll(async () => {
  await server?.close();
  service?.close();
  sb?.cleanup();
});

describe("data.json: one snapshot per version of its own tournament", () => {
  it("keeps its tag (304) after a write to another tournament", async () => {
    const first = await get("/tournaments/shared_cup/bracket/data.json");
    expect(first.status).toBe(200);
    const tag = String(first.headers.etag);
    ok(await sb.run(["participants", "add", elsewhere.t, "Ivy"]));
    const again = await get("/tournaments/shared_cup/bracket/data.json", { "if-none-match": tag });
    expect(again.status).toBe(304);
  });

  it("moves on after a write to it from another connection, with the new records", async () => {
    const before = await get("/tournaments/shared_cup/bracket/data.json");
    const identifier = await reportFirstOpen(cup.t);
    const after = await get("/tournaments/shared_cup/bracket/data.json", {
      "if-none-match": String(before.headers.etag),
    });
    expect(after.status).toBe(200);
    const data = JSON.parse(after.body.toString("utf8"));
    const m = data.matches.find((r: any) => r.attributes.identifier === identifier);
    expect(m.attributes.state).toBe("complete");
  });

  it("is built once for many askers at once, gzipped or not, the same records", async () => {
    await reportFirstOpen(cup.t);
    const builds = snapshots().builds;
    const asks = Array.from({ length: 6 }, (_, i) =>
      get("/tournaments/shared_cup/bracket/data.json", i % 2 ? { "accept-encoding": "gzip" } : {}),
    );
    const replies = await Promise.all(asks);
    expect(snapshots().builds).toBe(builds + 1);
    const texts = replies.map((r) =>
      (r.headers["content-encoding"] === "gzip" ? gunzipSync(r.body) : r.body).toString("utf8"),
    );
    expect(new Set(texts).size).toBe(1);
    expect(Number(replies[1]!.headers["content-length"])).toBe(replies[1]!.body.length);
    expect(JSON.parse(texts[0]!).matches).toHaveLength(14);
  });
});

describe("one topic per tournament", () => {
  it("serves every spelling of its path and the bracket page from one topic, one event each", async () => {
    const paths = [
      `/v2.1/tournaments/${cup.t}/events`,
      `/v2.1/tournaments/0${cup.t}/events`,
      `/v2.1/tournaments/000${cup.t}/events`,
      "/v2.1/tournaments/shared_cup/events",
      "/tournaments/shared_cup/bracket/events",
    ];
    const streams = paths.map(stream);
    for (const s of streams) expect((await s.opened).status).toBe(200);
    expect(service.events.tournaments.size).toBe(1);
    const builds = snapshots().builds;
    const identifier = await reportFirstOpen(cup.t);
    const firsts = await Promise.all(streams.map((s) => s.until(1)));
    for (const events of firsts) {
      expect(events[0].type).toBe("match.completed");
      expect(events[0].match.identifier).toBe(identifier);
      expect(events[0].id).toBe(firsts[0]![0].id);
    }
    // One snapshot of the new version for all five readers.
    expect(snapshots().builds).toBe(builds + 1);
    for (const s of streams) s.close();
  });
});

describe("?since=: one history per tournament", () => {
  it("answers many readers from one history, each the whole of it", async () => {
    const histories = EventLog.histories;
    const since = "2000-01-01T00:00:00Z";
    const readers = [
      stream(`/tournaments/shared_cup/bracket/events?since=${since}`),
      stream(`/tournaments/${cup.t}/bracket/events?since=${since}`),
      stream(`/v2.1/tournaments/${cup.t}/events?since=${since}`),
      stream(`/v2.1/tournaments/0${cup.t}/events?since=${since}`),
    ];
    for (const r of readers) expect((await r.opened).status).toBe(200);
    const completed = ok(await sb.run(["match", "list", cup.t, "--state", "complete", "--json"]));
    const count = completed.json().length;
    const all = await Promise.all(readers.map((r) => r.until(count)));
    for (const events of all) {
      expect(events.filter((e) => e.type === "match.completed")).toHaveLength(count);
      expect(events.map((e) => e.id)).toEqual(all[0]!.map((e) => e.id));
    }
    expect(EventLog.histories).toBe(histories + 1);
    for (const r of readers) r.close();
  });
});

describe("budgets", () => {
  it("refuses a 33rd open stream from one address at once: 429 with Retry-After", async () => {
    const open = Array.from({ length: 32 }, () => stream("/tournaments/shared_cup/bracket/events"));
    for (const s of open) expect((await s.opened).status).toBe(200);
    const refused = stream(`/v2.1/tournaments/${cup.t}/events`);
    const answer = await refused.opened;
    expect(answer.status).toBe(429);
    expect(answer.headers["retry-after"]).toBe("5");
    expect(JSON.parse(answer.body).errors[0].detail).toContain("too many open event streams");
    open[0]!.close();
    await new Promise((done) => setTimeout(done, 100));
    const again = stream("/tournaments/shared_cup/bracket/events");
    expect((await again.opened).status).toBe(200);
    again.close();
    for (const s of open) s.close();
  });
});

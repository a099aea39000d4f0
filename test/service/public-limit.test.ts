/**
 * The full bracket of a tournament at the match limit reaches the page's data and the
 * event streams (issue 24, item 3): a 512-player round robin stores 130,816 matches,
 * the largest stage model/limits.ts allows a round robin (MAX_STAGE_MATCHES is 131,072),
 * and every one of them is opened at the start, so the history a `?since=` stream
 * replays holds one match.opened per match. Before, both stopped silently at 64,000.
 * Over a real loopback server on a database file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAX_ROUND_ROBIN_PARTICIPANTS,
  MAX_STAGE_MATCHES,
  roundRobinMatchCount,
} from "../../src/model/limits.js";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";

const PLAYERS = MAX_ROUND_ROBIN_PARTICIPANTS;
const MATCHES = roundRobinMatchCount(PLAYERS, 1);

let dir: string;
let service: Service;
let server: RunningServer;
let base: string;
let id: string;

/**
 * One request on a connection of its own (agent: false): a pooled keep-alive connection
 * can be closed by the server's idle timer as the next request is sent on it ("other side
 * closed"), which this in-process server, busy for seconds at this size, makes likely.
 */
function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const headers = { "content-type": "application/vnd.api+json" };
  const sent = body === undefined ? undefined : JSON.stringify(body);
  const r = await send(method, `${base}/v2.1${path}`, headers, sent);
  const text = r.body.toString("utf8");
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Reads the stream at `path` until `want` frames of `type` came; resolves how many. */
function countEvents(path: string, type: string, want: number): Promise<number> {
  const needle = `"type":"${type}"`;
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { agent: false }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode}`));
      res.setEncoding("utf8");
      let rest = "";
      let count = 0;
      res.on("data", (chunk: string) => {
        const text = rest + chunk;
        const cut = text.lastIndexOf("\n\n");
        rest = text.slice(cut + 2);
        for (
          let at = text.indexOf(needle);
          at !== -1 && at < cut;
          at = text.indexOf(needle, at + 1)
        )
          count++;
        if (count >= want) {
          res.destroy();
          resolve(count);
        }
      });
      res.on("close", () => resolve(count));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tourney-limit-"));
  service = await openService({ dbPath: join(dir, "limit.db") });
  server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${server.port}`;
  const created = await api("POST", "/tournaments", {
    data: {
      type: "tournament",
      attributes: { name: "Limit Cup", url: "limit_cup", tournament_type: "round robin" },
    },
  });
  id = created.data.id;
  const participants = Array.from({ length: PLAYERS }, (_, i) => ({ name: `P${i + 1}` }));
  await api("POST", `/tournaments/${id}/participants/bulk_add`, {
    data: { type: "Participants", attributes: { participants } },
  });
  await api("PUT", `/tournaments/${id}/change_state`, {
    data: { type: "TournamentState", attributes: { state: "start" } },
  });
}, 300_000);

afterAll(async () => {
  await server?.close();
  service?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a tournament at the match limit", () => {
  it("is a round robin of 130,816 matches, within MAX_STAGE_MATCHES", () => {
    expect(MATCHES).toBe(130_816);
    expect(MATCHES).toBeLessThanOrEqual(MAX_STAGE_MATCHES);
  });

  it("reaches the page's data.json whole (gzipped), every match", async () => {
    const url = `${base}/tournaments/limit_cup/bracket/data.json`;
    const r = await send("GET", url, { "accept-encoding": "gzip" });
    expect(r.status).toBe(200);
    const data = JSON.parse(gunzipSync(r.body).toString("utf8"));
    expect(data.matches).toHaveLength(MATCHES);
    expect(data.participants).toHaveLength(PLAYERS);
    expect(new Set(data.matches.map((m: any) => m.id)).size).toBe(MATCHES);
  }, 300_000);

  it("reaches the bracket page's and the API's ?since= streams: one match.opened per match", async () => {
    const since = "?since=2000-01-01T00:00:00Z";
    const [page, api] = await Promise.all([
      countEvents(`/tournaments/limit_cup/bracket/events${since}`, "match.opened", MATCHES),
      countEvents(`/v2.1/tournaments/${id}/events${since}`, "match.opened", MATCHES),
    ]);
    expect(page).toBe(MATCHES);
    expect(api).toBe(MATCHES);
  }, 300_000);
});

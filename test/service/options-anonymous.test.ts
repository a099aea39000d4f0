/**
 * OPTIONS answers 204 with Allow without a credential on every surface of serve (docs/serve.md:
 * "OPTIONS lists the methods of a path"), as a CORS preflight asks it (Origin and
 * Access-Control-Request-Method, no Authorization), by the path's shape alone: a private
 * tournament of another user answers exactly as one that does not exist. Before, every /v2.1
 * path (the event streams' too) answered 401 without a key, while /v1, /v2.0 and the bracket
 * page answered 204; the OAuth endpoints answered 405. Over a real loopback server with accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";

let service: Service;
let server: RunningServer;
let base: string;
let ada: string;
let hidden: string;

const PREFLIGHT = { origin: "http://viewer.example", "access-control-request-method": "GET" };

async function options(path: string, headers: Record<string, string> = PREFLIGHT) {
  const r = await fetch(`${base}${path}`, { method: "OPTIONS", headers });
  return { status: r.status, allow: r.headers.get("allow"), body: await r.text() };
}

beforeAll(async () => {
  service = await openService({ dbPath: ":memory:", requireAuth: true });
  service.admin.addUser({ username: "ada" });
  const made = service.admin.createKey({ label: "ada", user: "ada" });
  if (!made.ok) throw new Error(made.reason);
  ada = made.value.key;
  server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${server.port}`;
  const created = await fetch(`${base}/v2.1/tournaments`, {
    method: "POST",
    headers: { authorization: ada, "content-type": "application/vnd.api+json" },
    body: JSON.stringify({
      data: {
        type: "Tournaments",
        attributes: { name: "Hidden", tournament_type: "swiss", url: "hidden", private: true },
      },
    }),
  });
  expect(created.status).toBe(201);
  hidden = ((await created.json()) as { data: { id: string } }).data.id;
});

afterAll(async () => {
  await server?.close();
  service?.close();
});

describe("OPTIONS without a credential", () => {
  it("answers 204 with the path's methods on every surface", async () => {
    const cases: [string, string][] = [
      ["/v2.1/tournaments", "GET, POST, HEAD, OPTIONS"],
      [`/v2.1/tournaments/${hidden}/matches`, "GET, HEAD, OPTIONS"],
      ["/v2.1/me", "GET, HEAD, OPTIONS"],
      [`/v2.1/tournaments/${hidden}/events`, "GET, HEAD, OPTIONS"],
      ["/v2.1/races/1/events", "GET, HEAD, OPTIONS"],
      ["/v2.0/tournaments", "GET, POST, HEAD, OPTIONS"],
      ["/v1/tournaments.json", "GET, POST, HEAD, OPTIONS"],
      [`/tournaments/${hidden}/bracket/data.json`, "GET, HEAD, OPTIONS"],
      ["/oauth/token", "POST, OPTIONS"],
      ["/oauth/authorize", "GET, POST, HEAD, OPTIONS"],
    ];
    for (const [path, allow] of cases) {
      for (const headers of [PREFLIGHT, {}]) {
        const r = await options(path, headers);
        expect(r.status, `${path}: ${r.body}`).toBe(204);
        expect(r.allow, path).toBe(allow);
        expect(r.body, path).toBe("");
      }
    }
  });

  it("tells nothing of whether a private tournament exists: its paths answer as a missing one's", async () => {
    for (const suffix of ["", "/matches", "/participants/1", "/events"]) {
      const own = await options(`/v2.1/tournaments/${hidden}${suffix}`);
      const byUrl = await options(`/v2.1/tournaments/hidden${suffix}`);
      const missing = await options(`/v2.1/tournaments/999999${suffix}`);
      expect(own, suffix).toEqual(missing);
      expect(byUrl, suffix).toEqual(missing);
      expect(own.status, suffix).toBe(204);
    }
  });

  it("other methods still need the credential: 401 before 405, 405 with one", async () => {
    const anonymous = await fetch(`${base}/v2.1/tournaments/${hidden}/events`, { method: "POST" });
    expect(anonymous.status).toBe(401);
    const keyed = await fetch(`${base}/v2.1/tournaments/${hidden}/events`, {
      method: "POST",
      headers: { authorization: ada },
    });
    expect(keyed.status).toBe(405);
    expect(keyed.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const put = await fetch(`${base}/v2.1/tournaments`, { method: "PUT" });
    expect(put.status).toBe(401);
  });
});

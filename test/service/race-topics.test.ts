/**
 * Race event streams share one topic per race (issue 24, item 4, as tournaments do):
 * every spelling of the race's path (`/7`, `/007`, its url) and every credential that
 * may see it read the same topic, refreshed once per change, and each stream is given
 * the same events. A credential that may not see a private race is refused, and one
 * whose race is made private meanwhile has its stream ended. Over a real loopback
 * server with accounts.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";
import { raceBody, raceState } from "../helpers/race-service.js";
import { participantsBody } from "../helpers/service.js";

let service: Service;
let server: RunningServer;
let base: string;
const keys: Record<string, string> = {};

async function api(key: string, method: string, path: string, body?: unknown): Promise<any> {
  const r = await fetch(`${base}/v2.1${path}`, {
    method,
    headers: { authorization: key, "content-type": "application/vnd.api+json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 300)}`);
  return text === "" ? undefined : JSON.parse(text);
}

/** An event stream: its status, then its events as they come; `ended` resolves when it ends. */
function stream(path: string, key: string) {
  const events: any[] = [];
  let wanted: { count: number; done: () => void } | undefined;
  let close = () => {};
  let ended = () => {};
  const end = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const opened = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { agent: false, headers: { authorization: key } },
      (res) => {
        close = () => res.destroy();
        res.setEncoding("utf8");
        let text = "";
        res.on("data", (d: string) => {
          text += d;
          if (res.statusCode !== 200) return;
          for (let at = text.indexOf("\n\n"); at !== -1; at = text.indexOf("\n\n")) {
            const data = text
              .slice(0, at)
              .split("\n")
              .find((l) => l.startsWith("data: "));
            text = text.slice(at + 2);
            if (data !== undefined) events.push(JSON.parse(data.slice(6)));
          }
          if (wanted !== undefined && events.length >= wanted.count) wanted.done();
        });
        res.on("end", () => {
          ended();
          resolve({ status: res.statusCode ?? 0, body: text });
        });
        res.on("close", ended);
        if (res.statusCode === 200) resolve({ status: 200, body: "" });
      },
    );
    req.on("error", reject);
    req.end();
  });
  return {
    opened,
    events,
    end,
    until: (count: number) =>
      new Promise<any[]>((resolve) => {
        if (events.length >= count) resolve(events);
        else wanted = { count, done: () => resolve(events) };
      }),
    close: () => close(),
  };
}

async function createRace(owner: string, url: string, extra: Record<string, unknown> = {}) {
  const made = await api(
    owner,
    "POST",
    "/races",
    raceBody({ name: `GP ${url}`, raceType: "grand prix", url, ...extra }),
  );
  const id = String(made.data.id);
  await api(owner, "POST", `/races/${id}/participants/bulk_add`, participantsBody(["Ada", "Hal"]));
  return id;
}

beforeAll(async () => {
  service = await openService({ dbPath: ":memory:", requireAuth: true });
  for (const username of ["ada", "grace"]) service.admin.addUser({ username });
  for (const [label, user] of [
    ["ada", "ada"],
    ["ada2", "ada"],
    ["grace", "grace"],
  ] as const) {
    const made = service.admin.createKey({ label, user });
    if (!made.ok) throw new Error(made.reason);
    keys[label] = made.value.key;
  }
  server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
  service?.close();
});

describe("race event streams: one topic per race", () => {
  it("serves every spelling and credential from one topic, one snapshot per change", async () => {
    const id = await createRace(keys.ada!, "shared_gp");
    const readers = [
      stream(`/v2.1/races/${id}/events`, keys.ada!),
      stream(`/v2.1/races/0${id}/events`, keys.ada!),
      stream(`/v2.1/races/000${id}/events`, keys.ada2!),
      stream("/v2.1/races/shared_gp/events", keys.grace!),
      stream(`/v2.1/races/${id}/events`, keys.grace!),
    ];
    for (const r of readers) expect((await r.opened).status).toBe(200);
    expect(service.events.races.size).toBe(1);
    const taken = service.events.races.snapshots;
    await api(keys.ada!, "PUT", `/races/${id}/change_state`, raceState("start"));
    const all = await Promise.all(readers.map((r) => r.until(2)));
    for (const events of all) {
      expect(events.map((e) => e.type)).toEqual(["race.state_changed", "round.started"]);
      expect(events.map((e) => e.id)).toEqual(all[0]!.map((e) => e.id));
    }
    // One snapshot of the race for the five readers (not one per path and key).
    expect(service.events.races.snapshots).toBe(taken + 1);
    for (const r of readers) r.close();
  });

  it("refuses a reader who may not see a private race, and ends one whose race turns private", async () => {
    const hidden = await createRace(keys.ada!, "hidden_gp", { private: true });
    const refused = stream(`/v2.1/races/${hidden}/events`, keys.grace!);
    expect((await refused.opened).status).toBe(404);
    const id = await createRace(keys.ada!, "turning_gp");
    const owner = stream(`/v2.1/races/${id}/events`, keys.ada!);
    const other = stream("/v2.1/races/turning_gp/events", keys.grace!);
    for (const r of [owner, other]) expect((await r.opened).status).toBe(200);
    await api(keys.ada!, "PUT", `/races/${id}`, raceBody({ private: true }));
    await api(keys.ada!, "PUT", `/races/${id}/change_state`, raceState("start"));
    await other.end;
    expect(other.events).toEqual([]);
    const events = await owner.until(2);
    expect(events.map((e) => e.type)).toContain("round.started");
    owner.close();
  });
});

describe("event streams and scopes", () => {
  it("refuses 403 a stream to a key without participants:read or matches:read: its events name the players and their results", async () => {
    const scoped = (label: string, scopes: string[]) => {
      const made = service.admin.createKey({ label, user: "ada", scopes });
      if (!made.ok) throw new Error(made.reason);
      return made.value.key;
    };
    const id = await createRace(keys.ada!, "scoped_gp");
    const cup = await api(keys.ada!, "POST", "/tournaments", {
      data: { type: "Tournaments", attributes: { name: "Scoped cup", tournament_type: "swiss" } },
    });
    const cases: [string, string[], string][] = [
      [`/v2.1/races/${id}/events`, ["tournaments:read", "matches:read"], "participants:read"],
      [`/v2.1/races/${id}/events`, ["tournaments:read", "participants:read"], "matches:read"],
      [`/v2.1/tournaments/${cup.data.id}/events`, ["tournaments:read"], "participants:read"],
      [
        `/v2.1/tournaments/${cup.data.id}/events`,
        ["tournaments:read", "participants:read"],
        "matches:read",
      ],
    ];
    for (const [path, scopes, needs] of cases) {
      const refused = await stream(path, scoped(`s-${path}-${needs}`, scopes)).opened;
      expect(refused.status, `${path} with ${scopes.join(" ")}`).toBe(403);
      const detail = JSON.parse(refused.body).errors[0].detail;
      expect(detail).toContain(`GET ${path} needs the scope ${needs}`);
    }
    const all = ["tournaments:read", "participants:read", "matches:read"];
    for (const path of [`/v2.1/races/${id}/events`, `/v2.1/tournaments/${cup.data.id}/events`]) {
      const reader = stream(path, scoped(`all-${path}`, all));
      expect((await reader.opened).status, path).toBe(200);
      reader.close();
    }
  });
});

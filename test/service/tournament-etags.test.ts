/**
 * ETags per tournament (service/tournament-tags.ts): a reply that depends on one tournament
 * alone carries that tournament's revision, so a write to tournament B leaves A's tags and
 * A's 304s as they were, while every write to A, another process's write to A, a migration,
 * a check-in opening on the clock and a url deleted and made again all change them. Lists
 * spanning tournaments keep the store's generation. Served on a loopback port over a file,
 * with a second connection on the same file as "another process".
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";
import { type Db, openDatabase } from "../../src/store/database.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-tournament-etags-"));
const dbPath = join(dir, "serve.db");
let clock = Date.parse("2026-11-27T10:00:00.000Z");
let service: Service;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  service = await openService({ dbPath, now: () => new Date(clock) });
  server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${server.port}/v2.1`;
});
afterAll(async () => {
  await server.close();
  service.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Got {
  readonly status: number;
  readonly etag: string | null;
  readonly text: string;
}

async function send(method: string, path: string, body?: unknown, headers = {}): Promise<Got> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify({ data: { attributes: body } }) }),
  });
  return { status: res.status, etag: res.headers.get("etag"), text: await res.text() };
}

async function ok(method: string, path: string, body?: unknown): Promise<any> {
  const got = await send(method, path, body);
  if (got.status >= 300) throw new Error(`${method} ${path}: ${got.status} ${got.text}`);
  return got.text === "" ? undefined : JSON.parse(got.text);
}

const get = (path: string, ifNoneMatch?: string | null) =>
  send("GET", path, undefined, ifNoneMatch == null ? {} : { "if-none-match": ifNoneMatch });

/** A started round robin of four with a station and an attachment: every path has a body. */
async function tournament(url: string) {
  const match_options = { accept_attachments: true };
  const settings = { name: url, url, tournament_type: "round robin", match_options };
  const t = await ok("POST", "/tournaments", settings);
  const id = Number(t.data.id);
  const names = ["Ada", "Grace", "Linus", "Barbara"].map((name) => ({ name }));
  await ok("POST", `/tournaments/${url}/participants/bulk_add`, { participants: names });
  await ok("PUT", `/tournaments/${url}/change_state`, { state: "start" });
  const matches = (await ok("GET", `/tournaments/${url}/matches`)).data;
  const station = await ok("POST", `/tournaments/${url}/stations`, { name: "Table 1" });
  const m = matches[0].id;
  await ok("POST", `/tournaments/${url}/matches/${m}/attachments`, { description: "photo" });
  await ok("POST", `/tournaments/${url}/stations/${station.data.id}/station_queuers`, {
    match_id: Number(matches[1].id),
  });
  return { id, url, matches, station: station.data.id as string };
}

type Made = Awaited<ReturnType<typeof tournament>>;

/** Every GET whose reply depends on the tournament alone. */
const paths = (t: Made) => {
  const s = `/tournaments/${t.url}/stations/${t.station}`;
  return [
    `/tournaments/${t.url}`,
    `/tournaments/${t.id}`,
    `/tournaments/${t.url}/participants`,
    `/tournaments/${t.url}/matches`,
    `/tournaments/${t.url}/matches/${t.matches[0].id}`,
    `/tournaments/${t.url}/matches/${t.matches[0].id}/attachments`,
    `/tournaments/${t.url}/standings`,
    `/tournaments/${t.url}/stations`,
    s,
    `${s}/station_queuers`,
  ];
};

/** Each path's tag and body now. */
async function look(list: readonly string[]): Promise<Map<string, Got>> {
  const seen = new Map<string, Got>();
  for (const path of list) {
    const got = await get(path);
    expect(got.status, path).toBe(200);
    expect(got.etag, path).toMatch(/^".+"$/);
    seen.set(path, got);
  }
  return seen;
}

/** No path answers 304 to its old tag when its body is no longer the one that tag was given for. */
async function never304Stale(before: Map<string, Got>): Promise<number> {
  let same = 0;
  for (const [path, old] of before) {
    const asked = await get(path, old.etag);
    const now = await get(path);
    if (asked.status === 304) {
      expect(now.text, `${path} answered 304 with another body`).toBe(old.text);
      same++;
    } else expect(asked.status, path).toBe(200);
  }
  return same;
}

let a: Made;
let b: Made;

describe("ETags of one tournament's replies", () => {
  beforeAll(async () => {
    a = await tournament("alpha");
    b = await tournament("beta");
  });

  it("a write to tournament B leaves A's tags as they were, and A's conditional GETs 304", async () => {
    const before = await look(paths(a));
    const list = await get("/tournaments");
    const [m] = b.matches;
    await ok("PUT", `/tournaments/beta/matches/${m.id}`, {
      match: [
        { participant_id: m.attributes.player1_id, score_set: "2", advancing: true },
        { participant_id: m.attributes.player2_id, score_set: "0", advancing: false },
      ],
    });
    await ok("POST", "/tournaments/beta/participants", { name: "Late" }).catch(() => undefined);
    await ok("PUT", "/tournaments/beta", { description: "renamed elsewhere" });
    for (const [path, old] of before) {
      const again = await get(path, old.etag);
      expect(again.status, path).toBe(304);
      expect(again.etag, path).toBe(old.etag);
    }
    // The list spans tournaments: B's write changed it.
    expect((await get("/tournaments", list.etag)).status).toBe(200);
  });

  it("a tag of A on a write to A after a write to B is taken; the same tag again is refused 412", async () => {
    const tag = (await get("/tournaments/alpha")).etag!;
    await ok("PUT", "/tournaments/beta", { description: "B again" });
    const put = (ifMatch: string, path = "/tournaments/alpha") =>
      send("PUT", path, { description: "tagged" }, { "if-match": ifMatch });
    expect((await put(tag, "/tournaments/beta")).status).toBe(412);
    expect((await put(tag)).status).toBe(200);
    expect((await put(tag)).status).toBe(412);
  });

  const writes: [string, (t: Made) => Promise<unknown>][] = [
    ["PUT tournament", (t) => ok("PUT", `/tournaments/${t.url}`, { description: "d" })],
    ["PUT participant", async (t) => ok("PUT", `${participant(t)}`, { misc: "m" })],
    ["report a match", (t) => report(t, 1)],
    ["mark a match underway", (t) => matchState(t, 2, "mark_as_underway")],
    ["unmark a match underway", (t) => matchState(t, 2, "unmark_as_underway")],
    ["reopen a match", (t) => matchState(t, 1, "reopen")],
    ["POST station", (t) => ok("POST", `/tournaments/${t.url}/stations`, { name: "Table 2" })],
    ["PUT station", (t) => ok("PUT", station(t), { name: "Main table" })],
    ["queue a match", (t) => queue(t, 3)],
    ["DELETE a queuer", (t) => deleteLast(`${station(t)}/station_queuers`)],
    ["DELETE station", (t) => deleteLast(`/tournaments/${t.url}/stations`)],
    ["POST attachment", (t) => ok("POST", attachments(t), { url: "https://example.com/x" })],
    ["DELETE attachment", (t) => deleteLast(attachments(t))],
    ["reset", (t) => ok("PUT", `/tournaments/${t.url}/change_state`, { state: "reset" })],
    ["POST participant", (t) => ok("POST", `/tournaments/${t.url}/participants`, { name: "Z" })],
    ["bulk_add", (t) => ok("POST", `${roster(t)}/bulk_add`, { participants: [{ name: "Y" }] })],
    ["randomize", (t) => ok("PUT", `/tournaments/${t.url}/participants/randomize`)],
    ["DELETE participant", (t) => deleteLast(roster(t))],
    ["start", (t) => ok("PUT", `/tournaments/${t.url}/change_state`, { state: "start" })],
  ];

  it.each(writes)("%s on A changes A's tag (and never leaves a stale 304)", async (_, write) => {
    const paths304 = paths(a).slice(0, 1);
    const before = await look(paths304);
    await write(a);
    const now = await get("/tournaments/alpha", before.get(paths304[0]!)!.etag);
    expect(now.status).toBe(200);
    expect(now.etag).not.toBe(before.get(paths304[0]!)!.etag);
  });

  it("no write to A leaves any of A's paths answering 304 with a changed body", async () => {
    a = { ...a, matches: (await ok("GET", "/tournaments/alpha/matches")).data };
    const before = await look(paths(a).filter((p) => !p.includes("/stations/")));
    await report(a, 2);
    expect(await never304Stale(before)).toBe(0);
  });
});

describe("what else moves a tournament's tags", () => {
  /** Another process on the same file: a service of its own (its own connection and cache). */
  let other: Service;
  let raw: Db;
  let c: Made;
  beforeAll(async () => {
    other = await openService({ dbPath });
    raw = openDatabase(dbPath);
    c = await tournament("gamma");
  });
  afterAll(() => {
    other.close();
    raw.close();
  });
  const elsewhere = (method: "PUT" | "POST" | "DELETE", path: string, attributes?: unknown) => {
    const body = attributes === undefined ? undefined : JSON.stringify({ data: { attributes } });
    const got = other.handleSync({
      method,
      path: `/v2.1${path}`,
      headers: { "content-type": "application/json" },
      ...(body ? { body } : {}),
    });
    expect(got.status, got.body).toBeLessThan(300);
  };

  const cases: [string, () => unknown][] = [
    [
      "another process reports a match",
      () => {
        const m = c.matches[4];
        elsewhere("PUT", `/tournaments/gamma/matches/${m.id}`, {
          match: [
            { participant_id: m.attributes.player1_id, score_set: "3", advancing: true },
            { participant_id: m.attributes.player2_id, score_set: "1", advancing: false },
          ],
        });
      },
    ],
    [
      "another process renames a participant",
      () =>
        elsewhere("PUT", `/tournaments/gamma/participants/${c.matches[0].attributes.player1_id}`, {
          name: "Ada L.",
        }),
    ],
    [
      "another program updates a match row in SQL (its version left as it was)",
      () =>
        raw
          .prepare("UPDATE matches SET updated_at = '2030-01-01T00:00:00.000Z' WHERE id = ?")
          .run(Number(c.matches[5].id)),
    ],
    [
      "a migration by another process (a schema change)",
      () => raw.exec("CREATE INDEX IF NOT EXISTS etag_test_index ON matches (updated_at)"),
    ],
  ];

  it.each(cases)("%s: A's tag changes, its old tag gets 200", async (_, write) => {
    const before = await get("/tournaments/gamma/matches");
    const record = await get("/tournaments/gamma");
    expect((await get("/tournaments/gamma/matches", before.etag)).status).toBe(304);
    await write();
    const after = await get("/tournaments/gamma/matches", before.etag);
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(before.etag);
    expect((await get("/tournaments/gamma", record.etag)).status).toBe(200);
  });

  it("a url deleted and made again (here or by another process) never answers 304", async () => {
    const made = await ok("POST", "/tournaments", {
      name: "Delta",
      url: "delta",
      tournament_type: "swiss",
    });
    const old = await get("/tournaments/delta");
    const oldList = await get("/tournaments/delta/participants");
    await ok("DELETE", "/tournaments/delta");
    await ok("POST", "/tournaments", { name: "Delta", url: "delta", tournament_type: "swiss" });
    const again = await get("/tournaments/delta", old.etag);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.text).data.id).not.toBe(made.data.id);
    expect((await get("/tournaments/delta/participants", oldList.etag)).status).toBe(200);
    const seen = await get("/tournaments/delta");
    elsewhere("DELETE", "/tournaments/delta");
    elsewhere("POST", "/tournaments", { name: "Delta", url: "delta", tournament_type: "swiss" });
    expect((await get("/tournaments/delta", seen.etag)).status).toBe(200);
  });

  it("check-in opening on the clock changes the tag (the read that opens it writes)", async () => {
    const starts = new Date(clock + 3_600_000).toISOString();
    await ok("POST", "/tournaments", {
      name: "Epsilon",
      url: "epsilon",
      tournament_type: "swiss",
      starts_at: starts,
      registration_options: { check_in_duration: 30 },
    });
    const pending = await get("/tournaments/epsilon");
    expect(JSON.parse(pending.text).data.attributes.state).toBe("pending");
    expect((await get("/tournaments/epsilon", pending.etag)).status).toBe(304);
    clock += 45 * 60_000;
    const open = await get("/tournaments/epsilon", pending.etag);
    expect(open.status).toBe(200);
    expect(JSON.parse(open.text).data.attributes.state).toBe("checking_in");
  });
});

const participant = (t: Made) =>
  `/tournaments/${t.url}/participants/${t.matches[0].attributes.player1_id}`;
const station = (t: Made) => `/tournaments/${t.url}/stations/${t.station}`;
const attachments = (t: Made) => `/tournaments/${t.url}/matches/${t.matches[0].id}/attachments`;
const roster = (t: Made) => `/tournaments/${t.url}/participants`;
/** Deletes the last record of `list`. */
const deleteLast = async (list: string) =>
  ok("DELETE", `${list}/${(await ok("GET", list)).data.at(-1).id}`);

function report(t: Made, i: number) {
  const m = t.matches[i];
  return ok("PUT", `/tournaments/${t.url}/matches/${m.id}`, {
    match: [
      { participant_id: m.attributes.player1_id, score_set: "1", advancing: true },
      { participant_id: m.attributes.player2_id, score_set: "0", advancing: false },
    ],
  });
}

const matchState = (t: Made, i: number, state: string) =>
  ok("PUT", `/tournaments/${t.url}/matches/${t.matches[i].id}/change_state`, { state });

const queue = (t: Made, i: number) =>
  ok("POST", `${station(t)}/station_queuers`, { match_id: Number(t.matches[i].id) });

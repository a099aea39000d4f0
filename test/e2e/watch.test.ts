/**
 * End to end (issue 19): the built binary's `tourney watch T --json --until complete`
 * while another process plays an 8-player single elimination to the end, on the
 * embedded default (the database file), against `tourney serve` (its event stream)
 * and against the same serve polled with If-None-Match (--poll --interval 0.2): the
 * same events every time. And serve's ETag and 304 over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";
import {
  backends,
  idlePolledWatch,
  sequence,
  tourney,
  watchThrough,
} from "../helpers/watch-process.js";

/** By hand, for seeds 1-8 reported in play order A-G (A,B feed E; C,D feed F; E,F feed G). */
const EXPECTED = [
  "tournament.state_changed:underway",
  "match.opened:A",
  "match.opened:B",
  "match.opened:C",
  "match.opened:D",
  "match.completed:A",
  "match.completed:B",
  "match.opened:E",
  "match.completed:C",
  "match.completed:D",
  "match.opened:F",
  "match.completed:E",
  "match.completed:F",
  "match.opened:G",
  "match.completed:G",
  "tournament.state_changed:awaiting_review",
  "tournament.state_changed:complete",
];

/** A pending 8-player single elimination; its url. */
async function prepare(env: Record<string, string>, url: string): Promise<string> {
  await tourney(env, "tournament", "create", "--name", `Cup ${url}`, "--url", url);
  for (let i = 1; i <= 8; i++) await tourney(env, "participants", "add", url, `Player ${i}`);
  return url;
}

/** Another process plays it: start, each open match in play order won by player 1, finalize. */
async function playToEnd(env: Record<string, string>, t: string): Promise<void> {
  await tourney(env, "tournament", "start", t);
  for (let step = 0; step < 7; step++) {
    const open = JSON.parse(await tourney(env, "match", "list", t, "--state", "open", "--json"));
    const rows = (Array.isArray(open) ? open : open.data) as Record<string, unknown>[];
    const next = rows.sort((a, b) => String(a.identifier).localeCompare(String(b.identifier)))[0]!;
    const winner = String(next.player1_id ?? (next.player1 as { id: string }).id);
    await tourney(
      env,
      "match",
      "report",
      t,
      String(next.identifier),
      "--winner",
      winner,
      "--scores",
      "2-1",
    );
  }
  await tourney(env, "tournament", "finalize", t);
}

describe.runIf(BUILT)("tourney watch, built, on each backend", () => {
  let sb: ServedSandbox;
  beforeAll(async () => {
    sb = await servedSandbox("watch");
  });
  afterAll(() => sb.close());

  for (const c of backends("cup")) {
    it(`${c.name}: the 17 events of an 8-player single elimination, then exit 0`, async () => {
      const env = c.remote ? sb.remote : sb.local;
      const t = await prepare(env, c.url);
      const r = await watchThrough(env, t, c.flags, () => playToEnd(env, t));
      const got = sequence(r.stdout);
      expect(got).toEqual(EXPECTED);
      const count = (type: string) => got.filter((e) => e.startsWith(`${type}:`)).length;
      expect([
        count("match.opened"),
        count("match.completed"),
        count("tournament.state_changed"),
      ]).toEqual([7, 7, 3]);
    }, 90_000);
  }

  it("serve answers GETs with an ETag and 304 to a matching If-None-Match, no body", async () => {
    const url = `http://127.0.0.1:${sb.served.port}/v2.1/tournaments/cup_polled.json`;
    const headers = { authorization: sb.served.apiKey, "authorization-type": "v1" };
    const first = await fetch(url, { headers });
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w.]+"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const again = await fetch(url, { headers: { ...headers, "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    // A write moves it on: the old tag is answered in full.
    await tourney(sb.remote, "tournament", "update", "cup_polled", "--description", "changed");
    const after = await fetch(url, { headers: { ...headers, "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
  });

  it("a remote watch transfers no body while nothing changes: every look is a 304", async () => {
    const { statuses, ...r } = await idlePolledWatch(sb.remote, 7, "cup_polled");
    expect(r.code).toBe(130);
    expect(r.stdout).toBe("");
    // The tournament read once to find it (200), its first look asks with that tag
    // (304), participants and matches once each (200); every later look 304.
    expect(statuses.slice(0, 4)).toEqual(["200", "304", "200", "200"]);
    expect(statuses.length).toBeGreaterThan(6);
    expect(new Set(statuses.slice(4))).toEqual(new Set(["304"]));
  });
});

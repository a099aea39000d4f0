/**
 * A new version of a tournament's shared snapshot reads only the pages serve's own writes
 * may have changed (issue 24), and is still byte for byte what a build from nothing makes:
 * after each of a series of mixed writes through the service (reports, a match marked
 * underway, a reopen with its dependents reset, a participant edit, a station taking a
 * match, the tournament's own attributes, a reset and a new start), and after a write by
 * another connection to the same file (as the CLI or serve's write worker make: every page
 * read again then), the snapshot's gzip (hence its JSON) and its watch snapshot are those of
 * a fresh service that never saw the tournament.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_STANDINGS_PAGE } from "../../src/service/public/snapshot-standings-text.js";
import type { Snapshot } from "../../src/service/public/tournament-snapshots.js";
import { changeState, createWithPlayers, type MatchAttrs, reportBody } from "../helpers/play.js";
import {
  participantsBody,
  type ServiceHarness,
  startService,
  tournamentBody,
} from "../helpers/service.js";

/** One time for every service: the watch snapshots' `seen_at` and the writes' timestamps. */
const clock = () => new Date("2026-03-01T10:00:00.000Z");
/** 1,200 participants: 2 pages of them (LIST_PAGE: 1,000); a double elimination's 2,398 matches: 3. */
const PLAYERS = 1200;
const ALL_PAGES = 5;

let dir: string;
let dbPath: string;
let t: string;
let s: ServiceHarness;
const opened: ServiceHarness[] = [];

async function open(): Promise<ServiceHarness> {
  const h = await startService({ dbPath, now: clock });
  opened.push(h);
  return h;
}

/** The snapshot of the current version as `h` makes it (asked again past a paced build's wait). */
async function snapshotOf(h: ServiceHarness): Promise<Snapshot> {
  const snapshots = h.service.events.tournaments.snapshots;
  for (;;) {
    const found = await snapshots.current(Number(t));
    if ("status" in found) throw new Error(`snapshot refused: ${found.status}`);
    if (found.revision === snapshots.revision(Number(t))) return found;
  }
}

/** `h`'s new version equals a fresh service's build: gzip bytes, watch records and their order. */
async function expectFreshlyBuilt(h: ServiceHarness): Promise<Snapshot> {
  const next = await snapshotOf(h);
  const other = await open();
  const fresh = await snapshotOf(other);
  other.service.close();
  expect(fresh.reused).toBe(0);
  expect(fresh.standingsKept).toBe(0);
  // Revisions are each service's own numbers (tournament-revisions.ts): the bytes tell.
  expect(Buffer.concat(next.gzip).equals(Buffer.concat(fresh.gzip))).toBe(true);
  expect(next.watch).toEqual(fresh.watch);
  expect([...next.watch.matches.keys()]).toEqual([...fresh.watch.matches.keys()]);
  expect([...next.watch.participants.keys()]).toEqual([...fresh.watch.participants.keys()]);
  return next;
}

async function openMatches(h: ServiceHarness): Promise<MatchAttrs[]> {
  const found: MatchAttrs[] = [];
  for (let page = 1; page <= 3; page++) {
    const path = `/v2.1/tournaments/${t}/matches?state=open&per_page=1000&page=${page}`;
    const r = await h.request("GET", path);
    for (const m of r.json.data) found.push({ id: m.id, ...m.attributes });
  }
  return found;
}

/** Reports the open match last in play order (a page other than the first), player 2 winning. */
async function reportLast(h: ServiceHarness): Promise<MatchAttrs> {
  const m = (await openMatches(h)).at(-1)!;
  const r = await h.request(
    "PUT",
    `/v2.1/tournaments/${t}/matches/${m.id}`,
    reportBody(m.player2_id, m.player1_id, "2", "0"),
  );
  expect(r.status, r.body).toBe(200);
  return m;
}

const matchState = (h: ServiceHarness, id: string, attributes: Record<string, unknown>) =>
  h.request("PUT", `/v2.1/tournaments/${t}/matches/${id}/change_state`, {
    data: { type: "MatchState", attributes },
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tourney-incremental-"));
  dbPath = join(dir, "tourney.db");
  s = await open();
  t = (await createWithPlayers(s, { tournament_type: "double elimination" }, 1000)).id;
  const more = Array.from({ length: PLAYERS - 1000 }, (_, i) => `P${1001 + i}`);
  const added = await s.request(
    "POST",
    `/v2.1/tournaments/${t}/participants/bulk_add`,
    participantsBody(more),
  );
  expect(added.status, added.body).toBe(200);
  expect((await changeState(s, t, "start")).status).toBe(200);
}, 120_000);

afterAll(() => {
  for (const h of opened) h.service.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe("a new version after serve's own writes", () => {
  it("reads only the pages a report can change, and equals a fresh build", async () => {
    const first = await snapshotOf(s);
    expect(first.pagesRead).toBe(ALL_PAGES);
    expect(first.matchPages.map((p) => p.length)).toEqual([1000, 1000, 398]);
    const reported = await reportLast(s);
    const next = await expectFreshlyBuilt(s);
    // The reported match's page and the pages of the matches its players go to; never the participants.
    expect(next.pagesRead).toBeGreaterThan(0);
    expect(next.pagesRead).toBeLessThan(3);
    const json = JSON.parse(gunzipSync(Buffer.concat(next.gzip)).toString("utf8"));
    expect(json.matches.find((m: { id: string }) => m.id === reported.id).attributes.state).toBe(
      "complete",
    );
    // The standings in slots of at most MAX_STANDINGS_PAGE records (a unit of the work gate
    // each), cut by content: those whose records did not change are taken as they were (a
    // report moves its players, and with them the records between), the others written.
    const pages = [...next.standingsPages.values()].map((page) => page.length);
    expect(pages.reduce((a, b) => a + b)).toBe(PLAYERS);
    expect(Math.max(...pages)).toBeLessThanOrEqual(MAX_STANDINGS_PAGE);
    expect(next.standingsKept).toBeGreaterThan(0);
    expect(next.standingsKept).toBeLessThan(pages.length);
  }, 120_000);

  it("follows underway marks, reopens with reset dependents and more reports", async () => {
    const m = (await openMatches(s))[0]!;
    expect((await matchState(s, m.id, { state: "mark_as_underway" })).status).toBe(200);
    expect((await expectFreshlyBuilt(s)).pagesRead).toBe(1);
    const reported = await reportLast(s);
    await reportLast(s);
    expect((await expectFreshlyBuilt(s)).pagesRead).toBeLessThanOrEqual(3);
    const reopened = await matchState(s, reported.id, { state: "reopen", reset_dependents: true });
    expect(reopened.status, reopened.body).toBe(200);
    expect((await expectFreshlyBuilt(s)).pagesRead).toBeLessThanOrEqual(3);
  }, 120_000);

  it("reads the participants after a participant edit, the matches a station takes or a station renamed, nothing after a rename", async () => {
    const people = await s.request("GET", `/v2.1/tournaments/${t}/participants?per_page=1`);
    const p = people.json.data[0];
    const edit = await s.request("PUT", `/v2.1/tournaments/${t}/participants/${p.id}`, {
      data: { type: "Participants", attributes: { name: "Renamed Player" } },
    });
    expect(edit.status, edit.body).toBe(200);
    // A name changed: every page (the matches' watch records name players).
    expect((await expectFreshlyBuilt(s)).pagesRead).toBe(ALL_PAGES);

    const station = { data: { type: "station", attributes: { name: "Main" } } };
    expect((await s.request("POST", `/v2.1/tournaments/${t}/stations`, station)).status).toBe(201);
    const stations = await s.request("GET", `/v2.1/tournaments/${t}/stations`);
    const m = (await openMatches(s)).at(-1)!;
    const assign = { data: { type: "station", attributes: { match_id: m.id } } };
    const path = `/v2.1/tournaments/${t}/stations/${stations.json.data[0].id}`;
    expect((await s.request("PUT", path, assign)).status).toBe(200);
    // No match row was written: the page of the match the station took is read for its station_id.
    const assigned = await expectFreshlyBuilt(s);
    expect(assigned.pagesRead).toBe(1);
    expect(assigned.watch.matches.get(m.id)!.info.station_id).toBe(
      Number(stations.json.data[0].id),
    );
    expect(assigned.watch.matches.get(m.id)!.info.station?.name).toBe("Main");
    // The station renamed (no match row written): its match's watch record names it anew.
    const renamed = { data: { type: "station", attributes: { name: "Table 9" } } };
    expect((await s.request("PUT", path, renamed)).status).toBe(200);
    const again = await expectFreshlyBuilt(s);
    expect(again.watch.matches.get(m.id)!.info.station?.name).toBe("Table 9");
    expect(again.pagesRead).toBe(1);

    const rename = await s.request("PUT", `/v2.1/tournaments/${t}`, tournamentBody({ name: "R" }));
    expect(rename.status, rename.body).toBe(200);
    expect((await expectFreshlyBuilt(s)).pagesRead).toBe(0);
  }, 120_000);

  it("reads everything after another connection's write, then only a report's pages again", async () => {
    await snapshotOf(s);
    const other = await open();
    await reportLast(other);
    other.service.close();
    expect((await expectFreshlyBuilt(s)).pagesRead).toBe(ALL_PAGES);
    await reportLast(s);
    expect((await expectFreshlyBuilt(s)).pagesRead).toBeLessThanOrEqual(3);
  }, 120_000);

  it("after a write refused inside its transaction (rolled back), reads the pages of what stood", async () => {
    await snapshotOf(s);
    const [m, other] = await openMatches(s);
    // A winner who is not in the match: refused once the report's transaction has begun.
    const bad = await s.request(
      "PUT",
      `/v2.1/tournaments/${t}/matches/${m!.id}`,
      reportBody(other!.player1_id, m!.player1_id, "2", "0"),
    );
    expect(bad.status, bad.body).toBe(422);
    // The refusal took back its own entries of the log of writes, no more (row-changes.ts
    // undo): the report after it is read from its pages, and the snapshot is as one built
    // afresh. Before, the whole log was voided and every page read again.
    await reportLast(s);
    expect((await expectFreshlyBuilt(s)).pagesRead).toBeLessThanOrEqual(3);
  }, 120_000);

  it("reads every match page after a reset and a new start", async () => {
    await snapshotOf(s);
    expect((await changeState(s, t, "reset")).status).toBe(200);
    const reset = await expectFreshlyBuilt(s);
    expect(reset.matches).toBe(0);
    expect((await changeState(s, t, "start")).status).toBe(200);
    const started = await expectFreshlyBuilt(s);
    expect(started.matches).toBe(2 * PLAYERS - 2);
    await reportLast(s);
    expect((await expectFreshlyBuilt(s)).pagesRead).toBeLessThanOrEqual(3);
  }, 180_000);
});

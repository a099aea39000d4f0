/**
 * A polled watch (client/watch.ts) of a bracket reported into between every two pages of
 * its reads, as 130 reports a second from other processes do to an 8,000-player bracket:
 * every look is torn (its head changes after each read of the rest, four reads running),
 * its pages mixing records from before and after the reports. Before, the look was taken as
 * it was: a match holding the winner of a match whose report its page did not show opened
 * at its creation (the start), under an id no other watcher gave it, and reports were told
 * a look after later ones. Now each event has the id and time a watcher that looked after
 * every single report gives it (the reference below), in the order of those times.
 *
 * The in-process service over in-memory SQLite, its match pages cut to 16 records (per_page)
 * so that 255 matches are 16 pages; the reports are sent by a second client on the same
 * transport, not through the watch's, right before each page of matches the watch asks
 * for: deterministic, no timing.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ApiClient, createApiClient } from "../../src/client/api-client.js";
import type { ApiRecord } from "../../src/client/envelope.js";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { pollWatch } from "../../src/client/watch.js";
import {
  diffTournament,
  type TournamentSnapshot,
  tournamentSnapshot,
  type WatchEvent,
} from "../../src/model/watch-events.js";

const PLAYERS = 256;
/** Reports sent before each page of matches the watch reads. */
const PER_PAGE_READ = 3;

let inner: Transport;
/** The reporter's client and the reference watcher's: straight to the service. */
let direct: ApiClient;
/** The watch's client: its pages of matches cut to 16, a report or three before each. */
let watched: ApiClient;
let beforeMatchPage: (() => Promise<void>) | undefined;

beforeEach(async () => {
  inner = createInProcessTransport({ dbPath: ":memory:" });
  direct = createApiClient({ transport: inner });
  const transport: Transport = {
    send: async (request) => {
      const [path] = request.path.split("?");
      if (request.method === "GET" && /\/matches$/.test(path!)) {
        await beforeMatchPage?.();
        const path16 = request.path.replace(/per_page=\d+/, "per_page=16");
        const cut = path16.includes("per_page=")
          ? path16
          : `${path16}${path16.includes("?") ? "&" : "?"}per_page=16`;
        return inner.send({ ...request, path: cut });
      }
      return inner.send(request);
    },
    close: async () => {},
  };
  watched = createApiClient({ transport });
  await direct.tournaments.create({
    name: "Big",
    url: "big",
    tournament_type: "single elimination",
  });
  const names = Array.from({ length: PLAYERS }, (_, i) => ({ name: `P${i + 1}` }));
  await direct.participants.bulkAdd("big", names);
  await direct.tournaments.changeState("big", "start");
});
afterEach(() => direct.close());

/** A fixed shuffle (a linear congruential generator), so that every run reports alike. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function snapshotNow(): Promise<TournamentSnapshot> {
  const tournament = await direct.tournaments.get("big");
  const people = await direct.participants.listAll("big");
  const matches = await direct.matches.listAll("big");
  return tournamentSnapshot(tournament, people, matches, new Date().toISOString());
}

/**
 * Reports one open match (player 1 wins), picked by the shuffle; then the reference
 * watcher looks (a snapshot after each report) and keeps the events of that report.
 */
function reporter(reference: WatchEvent[]) {
  let seed = 7;
  let last: TournamentSnapshot | undefined;
  let reports = 0;
  return {
    reports: () => reports,
    async reportOne(): Promise<boolean> {
      last ??= await snapshotNow();
      const open = await direct.matches.listAll("big", { state: "open" });
      if (open.length === 0) return false;
      seed += 1;
      const m = shuffled(open, seed)[0] as ApiRecord;
      const [p1, p2] = [m.attributes.player1_id, m.attributes.player2_id] as number[];
      await direct.matches.update("big", m.id, {
        match: [
          { participant_id: p1!, score_set: "2", advancing: true },
          { participant_id: p2!, score_set: "1" },
        ],
      });
      reports++;
      const next = await snapshotNow();
      reference.push(...diffTournament(last, next));
      last = next;
      return true;
    },
  };
}

const seen = (e: WatchEvent) => `${e.at} ${e.id}`;

describe("a polled watch of a bracket reported into between its page reads", () => {
  it("tells each event under the id and time of a look after every report, in their order", async () => {
    const reference: WatchEvent[] = [];
    const play = reporter(reference);
    const told: WatchEvent[] = [];
    const stop = new AbortController();
    let idle = 0;
    // From the watch's second look on (its first takes the bracket as it is, tells nothing).
    const reportInto = async () => {
      for (let i = 0; i < PER_PAGE_READ; i++) if (!(await play.reportOne())) return;
    };
    await pollWatch(
      watched,
      {
        subject: { kind: "tournament", ref: "big" },
        intervalMs: 1,
        backoffMs: 1,
        signal: stop.signal,
        // A report between two looks, so that the next reads its pages; once every match
        // is reported, a few looks more, then stop.
        sleep: async () => {
          if (beforeMatchPage !== undefined) await play.reportOne();
          if (play.reports() === PLAYERS - 1 && ++idle > 3) stop.abort();
        },
        now: () => new Date().toISOString(),
      },
      (events) => {
        beforeMatchPage = reportInto;
        told.push(...events);
        return false;
      },
    );
    expect(play.reports()).toBe(PLAYERS - 1);
    // The reference: every completion, every match of round 2 on opened, the end's state.
    expect(reference.filter((e) => e.type === "match.completed")).toHaveLength(PLAYERS - 1);
    expect(reference.filter((e) => e.type === "match.opened")).toHaveLength(PLAYERS / 2 - 1);
    // The same events, ids and times; in the order of their times.
    expect(told.map(seen).sort()).toEqual(reference.map(seen).sort());
    const times = told.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // No match of a later round opened at the start (a torn look's fallback).
    const start = Date.parse(reference[0]!.at) - 1;
    for (const e of told.filter((e) => e.type === "match.opened"))
      expect(Date.parse(e.at), e.id).toBeGreaterThan(start);
  }, 120_000);
});

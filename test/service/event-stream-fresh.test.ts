/**
 * A stream opened without Last-Event-ID or `?since=` carries only the changes made after it
 * opened, on every kind of stream (the API's tournament and race streams, the bracket page's,
 * a share link's), even when the topic lingers after its last reader left (docs/serve-limits.md:
 * a topic nobody reads is kept a minute, unread). Before, the next fresh reader of a lingering
 * tournament topic was sent every change made while nobody watched (1,999 events after 1,000
 * reports), dated before its own `since:` line; the log still serves a reader that resumes.
 * Over a real loopback server; the writes go through the service in process.
 */
import { describe, expect, it } from "vitest";
import type { HttpMethod } from "../../src/model/http.js";
import { openStream } from "../helpers/event-stream.js";
import { useLoopbackService } from "../helpers/loopback-service.js";
import { raceBody, raceState } from "../helpers/race-service.js";
import { participantsBody, tournamentBody } from "../helpers/service.js";
import { eventsReader } from "../helpers/topic-reader.js";

const net = useLoopbackService();

async function call(method: HttpMethod, path: string, body?: unknown): Promise<any> {
  const r = await net.service.handle({
    method,
    path: `/v2.1${path}`,
    headers: { "content-type": "application/vnd.api+json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(r.status, `${method} ${path}: ${r.body}`).toBeLessThan(300);
  return r.body === "" ? undefined : JSON.parse(r.body);
}

/** A started 4-player single elimination: its id and its first round's matches (id, players). */
async function startedCup(attributes: Record<string, unknown>) {
  const made = await call(
    "POST",
    "/tournaments",
    tournamentBody({ name: "Cup", tournament_type: "single elimination", ...attributes }),
  );
  const t = String(made.data.id);
  await call(
    "POST",
    `/tournaments/${t}/participants/bulk_add`,
    participantsBody(["A", "B", "C", "D"]),
  );
  await call("PUT", `/tournaments/${t}/change_state`, {
    data: { type: "TournamentState", attributes: { state: "start" } },
  });
  const open = await call("GET", `/tournaments/${t}/matches?state=open`);
  const first = open.data.map((m: any) => ({
    id: String(m.id),
    players: [m.attributes.player1_id, m.attributes.player2_id] as number[],
  }));
  return { t, first };
}

async function report(t: string, match: { id: string; players: number[] }) {
  const [winner, loser] = match.players;
  await call("PUT", `/tournaments/${t}/matches/${match.id}`, {
    data: {
      type: "Match",
      attributes: {
        match: [
          { participant_id: String(winner), score_set: "2", advancing: true },
          { participant_id: String(loser), score_set: "1", advancing: false },
        ],
      },
    },
  });
}

/** Until serve has let go of every stream (the last reader gone: the topic lingers, unread). */
async function allClosed() {
  await expect.poll(() => net.service.events.streams.held(), { interval: 10 }).toBe(0);
}

/** Opens `path` and leaves at once: the topic then lingers with no reader. */
async function watchAndLeave(path: string) {
  const stream = await openStream(`${net.base}${path}`, {});
  stream.close();
  await allClosed();
}

describe("a stream without Last-Event-ID or since: only what happens after it opens", () => {
  for (const kind of ["api", "page", "share"] as const) {
    it(`${kind}: a change made while the topic lingered unread is not sent as news`, async () => {
      const { t, first } = await startedCup(kind === "share" ? { private: true } : {});
      let path = `/v2.1/tournaments/${t}/events`;
      if (kind === "page") path = `/tournaments/${t}/bracket/events`;
      if (kind === "share") {
        const link = await call("POST", `/tournaments/${t}/share_links`);
        path = `/tournaments/${t}/bracket/events?share=${link.data.attributes.token}`;
      }
      await watchAndLeave(path);
      await report(t, first[0]!);
      const opened = new Date().toISOString();
      const fresh = await openStream(`${net.base}${path}`, {});
      await report(t, first[1]!);
      const ids = await fresh.until((got) => got.some((id) => id.includes(".completed.")));
      const final = await fresh.until((got) => got.some((id) => id.includes(".opened.")));
      fresh.close();
      // Only the second report and the final it opened; nothing of the first.
      expect(ids.filter((id) => id.includes(`.m${first[0]!.id}.`))).toEqual([]);
      expect(final.map((id) => id.split(".")[2])).toEqual(["completed", "opened"]);
      for (const event of fresh.events())
        expect(String(event.at) >= opened, event.id as string).toBe(true);
      await allClosed();
    });
  }

  it("the lingering topic's log still serves a reader that resumes (Last-Event-ID, since)", async () => {
    const { t, first } = await startedCup({});
    const path = `${net.base}/v2.1/tournaments/${t}/events`;
    const seen = await openStream(`${path}?since=2000-01-01T00:00:00Z`, {});
    const before = await seen.until(
      (got) => got.filter((id) => id.includes(".opened.")).length >= 2,
    );
    seen.close();
    await allClosed();
    await report(t, first[0]!);
    const resumed = await openStream(path, { "last-event-id": before.at(-1)! });
    const missed = await resumed.until((got) => got.length >= 1);
    resumed.close();
    expect(missed[0]).toMatch(new RegExp(`^t${t}\\.m${first[0]!.id}\\.completed\\.`));
    await allClosed();
  });

  it("race: a change made while the topic lingered unread is not sent as news", async () => {
    const made = await call(
      "POST",
      "/races",
      raceBody({ name: "GP", raceType: "grand prix", rounds: 2 }),
    );
    const r = String(made.data.id);
    await call("POST", `/races/${r}/participants/bulk_add`, participantsBody(["Ada", "Hal"]));
    const path = `/v2.1/races/${r}/events`;
    await watchAndLeave(path);
    await call("PUT", `/races/${r}/change_state`, raceState("start"));
    const fresh = await openStream(`${net.base}${path}`, {});
    const times = await call("GET", `/races/${r}/rounds/1/elapsed_times`);
    await call("PUT", `/races/${r}/rounds/1/elapsed_times/${times.data[0].id}`, {
      data: { type: "ElaspedTime", attributes: { elapsedTime: 61000, points: 0 } },
    });
    const ids = await fresh.until((got) => got.some((id) => id.includes(".time")));
    fresh.close();
    expect(fresh.events().map((e) => e.type)).toEqual(["elapsed_time.recorded"]);
    expect(ids).toHaveLength(1);
    await allClosed();
  });
});

/** A write answered at once (handleSync): no timer of the topics runs before the next line. */
function writeNow(method: HttpMethod, path: string, body: unknown) {
  const r = net.service.handleSync({
    method,
    path: `/v2.1${path}`,
    headers: { "content-type": "application/vnd.api+json" },
    body: JSON.stringify(body),
  });
  expect(r.status, r.body).toBeLessThan(300);
}

describe("a reader joining a topic others read, right after a change its timer has not looked at", () => {
  it("tournament: the change goes to the readers who were there, not to the one joining", async () => {
    const { t, first } = await startedCup({});
    const id = Number(t);
    const there = eventsReader();
    const a = await net.service.events.tournaments.open(id, there.reader, {});
    expect("status" in a).toBe(false);
    const [winner, loser] = first[0]!.players;
    writeNow("PUT", `/tournaments/${t}/matches/${first[0]!.id}`, {
      data: {
        type: "Match",
        attributes: {
          match: [
            { participant_id: String(winner), score_set: "2", advancing: true },
            { participant_id: String(loser), score_set: "1", advancing: false },
          ],
        },
      },
    });
    const joining = eventsReader();
    const b = await net.service.events.tournaments.open(id, joining.reader, {});
    await expect
      .poll(() => there.events.map((e) => e.type), { interval: 10 })
      .toContain("match.completed");
    // A later change reaches both: the joining reader is subscribed, and was sent only that.
    await report(t, first[1]!);
    await expect.poll(() => joining.events.length, { interval: 10 }).toBeGreaterThan(0);
    await expect.poll(() => there.events.length, { interval: 10 }).toBe(3);
    expect(joining.events.map((e) => e.id)).toEqual(there.events.slice(1).map((e) => e.id));
    for (const opened of [a, b]) if (!("status" in opened)) opened.close();
  });

  it("race: the change goes to the readers who were there, not to the one joining", async () => {
    const made = await call("POST", "/races", raceBody({ name: "GP2", raceType: "grand prix" }));
    const id = Number(made.data.id);
    await call("POST", `/races/${id}/participants/bulk_add`, participantsBody(["Ada", "Hal"]));
    const there = eventsReader();
    const a = net.service.events.races.open(id, there.reader, {});
    writeNow("PUT", `/races/${id}/change_state`, raceState("start"));
    const joining = eventsReader();
    const b = net.service.events.races.open(id, joining.reader, {});
    expect(b?.backlog).toEqual([]);
    await expect
      .poll(() => there.events.map((e) => e.type), { interval: 10 })
      .toContain("round.started");
    const times = await call("GET", `/races/${id}/rounds/1/elapsed_times`);
    await call("PUT", `/races/${id}/rounds/1/elapsed_times/${times.data[0].id}`, {
      data: { type: "ElaspedTime", attributes: { elapsedTime: 61000, points: 0 } },
    });
    await expect.poll(() => joining.events.length, { interval: 10 }).toBeGreaterThan(0);
    expect(joining.events.map((e) => e.type)).toEqual(["elapsed_time.recorded"]);
    a?.close();
    b?.close();
  });
});

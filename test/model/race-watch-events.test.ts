/**
 * A race's events for `tourney watch` (model/race-watch-events.ts, issue 19) on
 * real snapshots: the in-process service (in-memory SQLite, a clock stepping one
 * second a call) runs a grand prix and snapshots are made from its v2.1 answers as
 * every backend makes them; watchers are simulated by which snapshots they compare.
 */
import { describe, expect, it } from "vitest";
import {
  diffRace,
  diffSnapshots,
  type RaceSnapshot,
  raceSnapshot,
} from "../../src/model/race-watch-events.js";
import { notified, type WatchEvent } from "../../src/model/watch-events.js";
import { raceBody, raceState, roundState, timeBody } from "../helpers/race-service.js";
import {
  participantsBody,
  type ServiceHarness,
  startService,
  steppingClock,
} from "../helpers/service.js";

const SEEN = "2026-03-02T00:00:00.000Z";
const RACE = "/v2.1/races/1";

async function snap(s: ServiceHarness): Promise<RaceSnapshot> {
  const list = async (path: string) =>
    (await s.request("GET", `${path}?per_page=1000`)).json.data as {
      id: string;
      attributes: Record<string, unknown>;
    }[];
  const rounds = await list(`${RACE}/rounds`);
  const times = [];
  for (const round of rounds.filter((r) => r.attributes.state !== "pending"))
    times.push(...(await list(`${RACE}/rounds/${round.id}/elapsed_times`)));
  const race = (await s.request("GET", RACE)).json.data;
  return raceSnapshot(race, await list(`${RACE}/participants`), rounds, times, SEEN);
}

function watched(looks: readonly RaceSnapshot[]): WatchEvent[] {
  return looks.slice(1).flatMap((next, i) => diffRace(looks[i], next));
}

const label = (e: WatchEvent) =>
  [e.type, e.round, e.participant?.name, e.state].filter((x) => x !== undefined).join(":");

/** Race 1, a grand prix of `rounds` rounds, with Ada, Grace and Linus; not started. */
async function race(rounds = 2, attributes: Record<string, unknown> = {}) {
  const s = await startService({ now: steppingClock() });
  const body = raceBody({
    name: "GP",
    url: "gp",
    raceType: "grand prix",
    grandPrixOptions: { rounds },
    ...attributes,
  });
  expect((await s.request("POST", "/v2.1/races", body)).status).toBe(201);
  const added = await s.request(
    "POST",
    `${RACE}/participants/bulk_add`,
    participantsBody(["Ada", "Grace", "Linus"]),
  );
  expect(added.status, added.body).toBe(200);
  const looks = [await snap(s)];
  const step = async (method: "PUT" | "POST", path: string, payload: unknown) => {
    const r = await s.request(method, path, payload);
    expect(r.status, r.body).toBe(200);
    looks.push(await snap(s));
  };
  /** Sets a racer's time (ms, null for none) in round `n`. */
  const time = async (n: number, name: string, ms: number | null) => {
    const field = (await s.request("GET", `${RACE}/participants`)).json.data;
    const who = field.find((p: { attributes: { name: string } }) => p.attributes.name === name).id;
    const times = (await s.request("GET", `${RACE}/rounds/${n}/elapsed_times`)).json.data;
    const row = times.find(
      (t: { relationships: { participant: { data: { id: string } } } }) =>
        t.relationships.participant.data.id === who,
    );
    await step("PUT", `${RACE}/rounds/${n}/elapsed_times/${row.id}`, timeBody({ elapsedTime: ms }));
  };
  const change = (state: string) => step("PUT", `${RACE}/change_state`, raceState(state));
  const round = (n: number, state: string) => step("PUT", `${RACE}/rounds/${n}`, roundState(state));
  return { s, looks, time, change, round };
}

describe("diffRace: each event type, in order", () => {
  it("a 2-round grand prix seen step by step", async () => {
    const r = await race();
    await r.change("start");
    await r.time(1, "Ada", 61_000);
    await r.time(1, "Grace", 60_500);
    await r.change("end_round");
    await r.time(2, "Linus", 59_000);
    await r.change("end_round");
    const events = watched(r.looks);
    expect(events.map(label)).toEqual([
      "race.state_changed:underway",
      "round.started:1",
      "elapsed_time.recorded:1:Ada",
      "elapsed_time.recorded:1:Grace",
      "round.finished:1",
      "round.started:2",
      "elapsed_time.recorded:2:Linus",
      "round.finished:2",
      "race.state_changed:completed",
    ]);
    expect(events[0]).toMatchObject({
      tournament: { id: "1", url: "gp", name: "GP" },
      previous_state: "pending",
    });
    expect(events[2]).toMatchObject({
      round: 1,
      participant: { name: "Ada" },
      elapsed_time: { ms: 61_000, formatted: "00:01:01.000" },
    });
    expect(events.at(-1)).toMatchObject({ state: "completed", previous_state: "underway" });
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    const times = events.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });

  it("a time corrected, then taken back (did not finish): two more events, each its own id", async () => {
    const r = await race();
    await r.change("start");
    await r.time(1, "Ada", 61_000);
    await r.time(1, "Ada", 61_250);
    await r.time(1, "Ada", null);
    const times = watched(r.looks).filter((e) => e.type === "elapsed_time.recorded");
    expect(times.map((e) => e.elapsed_time)).toEqual([
      { id: expect.any(String), ms: 61_000, formatted: "00:01:01.000" },
      { id: expect.any(String), ms: 61_250, formatted: "00:01:01.250" },
      { id: expect.any(String), ms: null, formatted: null },
    ]);
    expect(new Set(times.map((e) => e.id)).size).toBe(3);
  });

  it("a round reset and run again: its start, times and finish are new events with new ids", async () => {
    const r = await race(1);
    await r.change("start");
    await r.time(1, "Ada", 61_000);
    await r.change("end_round");
    await r.round(1, "reset");
    await r.round(1, "start");
    await r.time(1, "Ada", 61_000);
    await r.round(1, "finalize");
    const events = watched(r.looks);
    expect(events.map(label)).toEqual([
      "race.state_changed:underway",
      "round.started:1",
      "elapsed_time.recorded:1:Ada",
      "round.finished:1",
      "race.state_changed:completed",
      "race.state_changed:underway",
      "round.started:1",
      "elapsed_time.recorded:1:Ada",
      "round.finished:1",
      "race.state_changed:completed",
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    // A watcher that looked before the reset and after the second finish: the same
    // time again (whatever id its row has now) is a new recording, the race ended anew.
    const seldom = watched([r.looks[3]!, r.looks.at(-1)!]);
    expect(seldom.map(label)).toEqual(events.slice(6).map(label));
    expect(seldom.map((e) => valueId(e.id))).toEqual(events.slice(6).map((e) => valueId(e.id)));
  });

  it("one instant: the start before round 1, a round finished before the next starts, the last before the race completes", () => {
    const at = "2026-03-01T10:00:00.000Z";
    const record = (state: string, stamps: Record<string, string | null>) => ({
      id: "9",
      attributes: { name: "GP", url: "gp", state, timestamps: { updatedAt: at, ...stamps } },
    });
    const round = (
      n: number,
      state: string,
      startsAt: string | null,
      completedAt: string | null,
    ) => ({
      id: String(n),
      attributes: { round: n, state, timestamps: { startsAt, completedAt } },
    });
    const before = raceSnapshot(
      record("pending", {}),
      [],
      [round(1, "pending", null, null), round(2, "pending", null, null)],
      [],
      SEEN,
    );
    const started = raceSnapshot(
      record("underway", { startedAt: at }),
      [],
      [round(1, "underway", at, null), round(2, "pending", null, null)],
      [],
      SEEN,
    );
    const turned = raceSnapshot(
      record("underway", { startedAt: at }),
      [],
      [round(1, "completed", at, at), round(2, "underway", at, null)],
      [],
      SEEN,
    );
    const ended = raceSnapshot(
      record("completed", { startedAt: at, completedAt: at }),
      [],
      [round(1, "completed", at, at), round(2, "completed", at, at)],
      [],
      SEEN,
    );
    expect(diffRace(before, started).map(label)).toEqual([
      "race.state_changed:underway",
      "round.started:1",
    ]);
    expect(diffRace(started, turned).map(label)).toEqual(["round.finished:1", "round.started:2"]);
    expect(diffRace(turned, ended).map(label)).toEqual([
      "round.finished:2",
      "race.state_changed:completed",
    ]);
    // And everything at once, as a first look with --since tells it.
    expect(diffRace(undefined, ended).map(label)).toEqual([
      "race.state_changed:underway",
      "round.started:1",
      "round.finished:1",
      "round.started:2",
      "round.finished:2",
      "race.state_changed:completed",
    ]);
  });
});

describe("diffRace: records as another service may draw them", () => {
  it("a round run again whose time rows kept their ids: the same time is a new recording", () => {
    const record = { id: "9", attributes: { name: "GP", state: "underway" } };
    const round = (startsAt: string) => ({
      id: "1",
      attributes: { round: 1, state: "underway", timestamps: { startsAt } },
    });
    const time = {
      id: "1",
      attributes: { elapsedTime: 61_000, formattedTime: "00:01:01.000", round: 1 },
      relationships: { participant: { data: { id: "4", type: "participant" } } },
    };
    const ada = [{ id: "4", attributes: { name: "Ada" } }];
    const first = raceSnapshot(record, ada, [round("2026-03-01T10:00:00Z")], [time], SEEN);
    const again = raceSnapshot(record, ada, [round("2026-03-01T11:00:00Z")], [time], SEEN);
    expect(diffRace(first, again).map(label)).toEqual([
      "round.started:1",
      "elapsed_time.recorded:1:Ada",
    ]);
    expect(diffRace(first, first)).toEqual([]);
  });
});

describe("diffRace: a time entered just before its round's end, both seen in one look", () => {
  it("is told before the finish: the finish's re-ranking stamped it a moment after the round's own stamp", () => {
    const finished = "2026-03-01T10:00:05.000Z";
    const record = { id: "9", attributes: { name: "GP", state: "underway" } };
    const round = (state: string, completedAt: string | null) => ({
      id: "1",
      attributes: {
        round: 1,
        state,
        timestamps: { startsAt: "2026-03-01T10:00:00.000Z", completedAt },
      },
    });
    const time = (ms: number | null, updatedAt: string) => ({
      id: "3",
      attributes: { elapsedTime: ms, round: 1, timestamps: { updatedAt } },
      relationships: { participant: { data: { id: "4" } } },
    });
    const ada = [{ id: "4", attributes: { name: "Ada" } }];
    const before = raceSnapshot(
      record,
      ada,
      [round("underway", null)],
      [time(null, "2026-03-01T10:00:00.000Z")],
      SEEN,
    );
    const after = raceSnapshot(
      record,
      ada,
      [round("completed", finished)],
      [time(61_000, "2026-03-01T10:00:05.001Z")],
      SEEN,
    );
    const events = diffRace(before, after);
    expect(events.map(label)).toEqual(["elapsed_time.recorded:1:Ada", "round.finished:1"]);
    expect(events[0]!.at).toBe(finished);
  });
});

/** An id but the time a time's ends with (its record's time when seen: a later look, later). */
const valueId = (id: string) => id.replace(/(\.time\d+\.(?:\d+|none))\.\d{4}-.*$/, "$1");

describe("diffRace: ids do not depend on when a watcher looked", () => {
  it("a time corrected back to a value it had: each correction its own id, later than the one before", async () => {
    const r = await race();
    await r.change("start");
    for (const ms of [61_000, 62_000, 61_000, null, 61_000]) await r.time(1, "Ada", ms);
    const times = watched(r.looks).filter((e) => e.type === "elapsed_time.recorded");
    expect(times.map((e) => e.elapsed_time?.ms)).toEqual([61_000, 62_000, 61_000, null, 61_000]);
    const ids = times.map((e) => e.id);
    expect(new Set(ids).size).toBe(5);
    expect(ids.map((id) => id.slice(id.lastIndexOf("time")))).toEqual(
      times.map((e) => `time${e.elapsed_time?.id}.${e.elapsed_time?.ms ?? "none"}.${e.at}`),
    );
  });

  it("the history of a finished race and a watcher that looked seldom tell the ids of one that saw every step, but for a time's time", async () => {
    const r = await race();
    await r.change("start");
    for (const [name, ms] of [
      ["Ada", 61_000],
      ["Grace", 60_500],
      ["Linus", 62_000],
    ] as const)
      await r.time(1, name, ms);
    await r.change("end_round");
    for (const [name, ms] of [
      ["Ada", 59_000],
      ["Grace", 60_000],
    ] as const)
      await r.time(2, name, ms);
    await r.change("end_round");
    const every = watched(r.looks);
    const history = diffSnapshots(undefined, r.looks.at(-1)!);
    const seldom = watched([r.looks[0]!, r.looks[3]!, r.looks[6]!, r.looks.at(-1)!]);
    const ids = (events: WatchEvent[]) => events.map((e) => valueId(e.id)).sort();
    expect(ids(history)).toEqual(ids(every));
    expect(ids(seldom)).toEqual(ids(every));
    // Dated alike, but for times, which a later time in their round re-ranks (updatedAt).
    const dated = (events: WatchEvent[]) =>
      events.filter((e) => e.type !== "elapsed_time.recorded").map((e) => [e.id, e.at]);
    expect(dated(history)).toEqual(dated(every));
  });
});

describe("notified, for a race", () => {
  it("uponMatchesOpen governs round.started, uponTournamentEnds the change to completed", async () => {
    const r = await race(1, {
      notifications: { uponMatchesOpen: false, uponTournamentEnds: false },
    });
    await r.change("start");
    await r.time(1, "Ada", 61_000);
    await r.change("end_round");
    const last = r.looks.at(-1)!;
    const told = watched(r.looks).filter((e) => notified(last, e));
    expect(told.map(label)).toEqual([
      "race.state_changed:underway",
      "elapsed_time.recorded:1:Ada",
      "round.finished:1",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import {
  bulkTimes,
  expectUnchanged,
  raceState,
  roundState,
  timeBody,
  timeIds,
  withRace,
} from "../helpers/race-service.js";

const rounds = "/v2.1/races/1/rounds";
const timesOf = (n: number) => `${rounds}/${n}/elapsed_times`;
const states = async (s: Awaited<ReturnType<typeof withRace>>) =>
  (await s.request("GET", rounds)).json.data.map(
    (r: { attributes: { state: string } }) => r.attributes.state,
  );

describe("rounds", () => {
  it("list and get: the round's number is its id; relationships and links", async () => {
    const s = await withRace({ grandPrixOptions: { rounds: 3 } }, ["A", "B"]);
    const list = await s.request("GET", `${rounds}.json`);
    expect(list.status).toBe(200);
    expect(list.json.meta.count).toBe(3);
    const one = await s.request("GET", `${rounds}/2`);
    expect(one.json.data).toMatchObject({
      id: "2",
      type: "round",
      attributes: { round: 2, state: "pending", timestamps: { startsAt: null, completedAt: null } },
      relationships: {
        participants: {
          links: { related: "http://localhost/v2.1/races/1/participants.json" },
          meta: { count: 2 },
        },
        elapsedTimes: {
          links: { related: "http://localhost/v2.1/races/1/rounds/2/elapsed_times.json" },
          meta: { count: 0 },
        },
      },
      links: { self: "http://localhost/v2.1/races/1/rounds/2.json" },
    });
    expect((await s.request("GET", `${rounds}/4`)).status).toBe(404);
  });

  it("update: finalize, start the next, reset; in order only", async () => {
    const s = await withRace({ grandPrixOptions: { rounds: 3 } }, ["A", "B"]);
    const early = await s.request("PUT", `${rounds}/1`, roundState("start"));
    expect(early.status).toBe(422);
    expect(early.json.errors[0].detail).toContain("race is pending");
    await s.request("PUT", "/v2.1/races/1/change_state", raceState("start"));
    const ids = await timeIds(s, 1);
    await s.request("PUT", `${timesOf(1)}/${ids.get("A")}`, timeBody({ elapsedTime: 500 }));

    await expectUnchanged(s, rounds, async () => {
      for (const [n, change] of [
        [3, "start"],
        [2, "start"],
        [2, "finalize"],
        [2, "reset"],
        [1, "begin"],
      ] as const) {
        const r = await s.request("PUT", `${rounds}/${n}`, roundState(change));
        expect(r.status).toBe(422);
        expect(r.json.errors[0].source.pointer).toBe("/data/attributes/state");
      }
    });
    const finalized = await s.request("PUT", `${rounds}/1`, roundState("finalize"));
    expect(finalized.status).toBe(200);
    expect(finalized.json.data.attributes.state).toBe("completed");
    expect(finalized.json.data.attributes.timestamps.completedAt).not.toBeNull();
    expect((await s.request("PUT", `${rounds}/3`, roundState("start"))).status).toBe(422);
    const second = await s.request("PUT", `${rounds}/2`, roundState("start"));
    expect(second.json.data).toMatchObject({
      attributes: { state: "underway" },
      relationships: { elapsedTimes: { meta: { count: 2 } } },
    });
    expect((await s.request("GET", "/v2.1/races/1")).json.data.attributes.currentLap).toEqual({
      id: 2,
      number: 2,
    });
    // round 1 cannot be reset while round 2 runs; round 2 can
    expect((await s.request("PUT", `${rounds}/1`, roundState("reset"))).status).toBe(422);
    const reset = await s.request("PUT", `${rounds}/2`, roundState("reset"));
    expect(reset.json.data.attributes).toMatchObject({ state: "pending" });
    expect(reset.json.data.relationships.elapsedTimes.meta.count).toBe(0);
    expect(await states(s)).toEqual(["completed", "pending", "pending"]);
    expect((await s.request("GET", "/v2.1/races/1")).json.data.attributes.currentLap).toEqual({
      id: 1,
      number: 1,
    });
    // end_round with no round under way ends none and starts none: refused, naming the round to start
    const next = await s.request("PUT", "/v2.1/races/1/change_state", raceState("end_round"));
    expect(next.status).toBe(422);
    expect(next.json.errors[0].detail).toMatch(
      /no round of race .* is under way; round 2 is pending: start that round/,
    );
    expect(await states(s)).toEqual(["completed", "pending", "pending"]);
  });

  it("finalizing the last round completes the race; resetting it reopens the race", async () => {
    const s = await withRace({ raceType: "time trial" }, ["A"]);
    await s.request("PUT", "/v2.1/races/1/change_state", raceState("start"));
    const ids = await timeIds(s, 1);
    await s.request("PUT", `${timesOf(1)}/${ids.get("A")}`, timeBody({ elapsedTime: 500 }));
    await s.request("PUT", `${rounds}/1`, roundState("finalize"));
    expect((await s.request("GET", "/v2.1/races/1")).json.data.attributes.state).toBe("completed");
    await s.request("PUT", `${rounds}/1`, roundState("reset"));
    const race = await s.request("GET", "/v2.1/races/1");
    expect(race.json.data.attributes).toMatchObject({ state: "underway", currentLap: null });
    expect(race.json.data.attributes.timestamps.completedAt).toBeNull();
  });
});

describe("elapsed times", () => {
  async function running(racers = ["A", "B", "C"]) {
    const s = await withRace({ grandPrixOptions: { rounds: 2 } }, racers);
    await s.request("PUT", "/v2.1/races/1/change_state", raceState("start"));
    return { s, ids: await timeIds(s, 1) };
  }

  it("list, get, update: formattedTime, ranks by time as they come in", async () => {
    const { s, ids } = await running();
    const r = await s.request(
      "PUT",
      `${timesOf(1)}/${ids.get("B")}.json`,
      timeBody({ elapsedTime: 62_345, points: 0 }),
    );
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      id: ids.get("B"),
      type: "elapsed_time",
      attributes: { elapsedTime: 62_345, formattedTime: "00:01:02.345", rank: 1, points: null },
      relationships: {
        participant: {
          data: { id: "2", type: "participant" },
          links: { related: "http://localhost/v2.1/races/1/participants/2.json" },
        },
      },
      links: { self: `http://localhost/v2.1/races/1/rounds/1/elapsed_times/${ids.get("B")}.json` },
    });
    await s.request("PUT", `${timesOf(1)}/${ids.get("A")}`, timeBody({ elapsedTime: 60_000 }));
    const list = await s.request("GET", timesOf(1));
    expect(
      list.json.data.map((t: { attributes: { rank: number | null } }) => t.attributes.rank),
    ).toEqual([1, 2, null]);
    const got = await s.request("GET", `${timesOf(1)}/${ids.get("B")}`);
    expect(got.json.data.attributes).toMatchObject({ rank: 2, formattedTime: "00:01:02.345" });
    const dnf = await s.request(
      "PUT",
      `${timesOf(1)}/${ids.get("B")}`,
      timeBody({ elapsedTime: null }),
    );
    expect(dnf.json.data.attributes).toMatchObject({
      elapsedTime: null,
      formattedTime: null,
      rank: null,
    });
    const ranked = await s.request(
      "PUT",
      `${timesOf(1)}/${ids.get("C")}`,
      timeBody({ rank: 3, points: 7 }),
    );
    expect(ranked.json.data.attributes).toMatchObject({ rank: 3, points: 7 });
  });

  it("list by participant_id (an extension): that racer's time alone; none, an empty list", async () => {
    const { s, ids } = await running();
    const one = await s.request("GET", `${timesOf(1)}?participant_id=2`);
    expect(one.status, one.body).toBe(200);
    expect(one.json.data.map((t: { id: string }) => t.id)).toEqual([ids.get("B")]);
    expect(one.json.data[0].relationships.participant.data.id).toBe("2");
    expect(one.json.meta).toMatchObject({ count: 1 });
    const none = await s.request("GET", `${timesOf(1)}?participant_id=99`);
    expect(none.json.data).toEqual([]);
    const bad = await s.request("GET", `${timesOf(1)}?participant_id=B`);
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].detail).toBe("participant_id must be a participant id");
  });

  it("bulk_update: 1 to 20 entries in one write; the answer lists them", async () => {
    const { s, ids } = await running();
    const r = await s.request(
      "POST",
      `${timesOf(1)}/bulk_update`,
      bulkTimes([
        { elapsedTimeId: Number(ids.get("A")), time: 5000, points: 0 },
        { elapsedTimeId: ids.get("B"), time: 4000, points: 0 },
        { elapsedTimeId: Number(ids.get("C")), time: 5000, points: 0, rank: 0 },
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.json.data.map((t: { attributes: { rank: number } }) => t.attributes.rank)).toEqual([
      2, 1, 2,
    ]);
  });

  it("bad input -> 422 (or 404) with a pointer, nothing written", async () => {
    const { s, ids } = await running();
    const other = await withRace({}, ["X"]);
    const a = ids.get("A")!;
    await expectUnchanged(s, timesOf(1), async () => {
      for (const [value, pointer] of [
        [-1, "/data/attributes/elapsedTime"],
        ["1:02.345", "/data/attributes/elapsedTime"],
        [1.5, "/data/attributes/elapsedTime"],
        [100 * 3_600_000, "/data/attributes/elapsedTime"],
      ] as const) {
        const r = await s.request("PUT", `${timesOf(1)}/${a}`, timeBody({ elapsedTime: value }));
        expect(r.status).toBe(422);
        expect(r.json.errors[0].source.pointer).toBe(pointer);
      }
      // an unknown attribute is ignored (ignored-attributes.test.ts); an object key is refused
      const unknown = await s.request("PUT", `${timesOf(1)}/${a}`, timeBody({ constructor: 3 }));
      expect(unknown.status).toBe(422);
      expect(unknown.json.errors[0].source.pointer).toBe("/data/attributes/constructor");
      const entries = Array.from({ length: 21 }, () => ({
        elapsedTimeId: Number(a),
        time: 1000,
        points: 0,
      }));
      const tooMany = await s.request("POST", `${timesOf(1)}/bulk_update`, bulkTimes(entries));
      expect(tooMany.status).toBe(422);
      expect(tooMany.json.errors[0].source.pointer).toBe("/data/attributes/elapsed_times");
      const empty = await s.request("POST", `${timesOf(1)}/bulk_update`, bulkTimes([]));
      expect(empty.status).toBe(422);
      // one bad entry among good ones: none of them lands
      const mixed = await s.request(
        "POST",
        `${timesOf(1)}/bulk_update`,
        bulkTimes([
          { elapsedTimeId: Number(a), time: 1000 },
          { elapsedTimeId: Number(ids.get("B")), time: -5 },
          { elapsedTimeId: Number(a), time: 2000 },
        ]),
      );
      expect(
        mixed.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer),
      ).toEqual([
        "/data/attributes/elapsed_times/1/time",
        "/data/attributes/elapsed_times/2/elapsedTimeId",
      ]);
      // an elapsed time of another race, of another round
      const foreign = await other.request("GET", "/v2.1/races/1/rounds/1/elapsed_times");
      expect(foreign.json.data).toEqual([]);
      const notHere = await s.request(
        "POST",
        `${timesOf(1)}/bulk_update`,
        bulkTimes([
          { elapsedTimeId: Number(a), time: 1000 },
          { elapsedTimeId: 999, time: 1000 },
        ]),
      );
      expect(notHere.status).toBe(422);
      expect(notHere.json.errors[0].source.pointer).toBe(
        "/data/attributes/elapsed_times/1/elapsedTimeId",
      );
      expect(
        (await s.request("PUT", `${timesOf(2)}/${a}`, timeBody({ elapsedTime: 1000 }))).status,
      ).toBe(404);
      expect((await s.request("GET", `${timesOf(2)}/${a}`)).status).toBe(404);
      // times for a pending round
      expect(
        (
          await s.request(
            "POST",
            `${timesOf(2)}/bulk_update`,
            bulkTimes([{ elapsedTimeId: Number(a), time: 1 }]),
          )
        ).status,
      ).toBe(422);
    });
  });

  it("an elapsed time of another round is refused by bulk_update; a completed round takes no times", async () => {
    const { s, ids } = await running(["A", "B"]);
    await s.request("PUT", `${timesOf(1)}/${ids.get("A")}`, timeBody({ elapsedTime: 1000 }));
    await s.request("PUT", "/v2.1/races/1/change_state", raceState("end_round"));
    const round2 = await timeIds(s, 2);
    await expectUnchanged(s, timesOf(1), async () => {
      const completed = await s.request(
        "PUT",
        `${timesOf(1)}/${ids.get("A")}`,
        timeBody({ elapsedTime: 2000 }),
      );
      expect(completed.status).toBe(422);
      expect(completed.json.errors[0].detail).toContain("completed");
      const wrongRound = await s.request(
        "POST",
        `${timesOf(2)}/bulk_update`,
        bulkTimes([
          { elapsedTimeId: Number(round2.get("A")), time: 1 },
          { elapsedTimeId: Number(ids.get("B")), time: 1 },
        ]),
      );
      expect(wrongRound.status).toBe(422);
      expect(wrongRound.json.errors[0].source.pointer).toBe(
        "/data/attributes/elapsed_times/1/elapsedTimeId",
      );
    });
    expect(
      (await s.request("GET", `${timesOf(2)}/${round2.get("A")}`)).json.data.attributes.elapsedTime,
    ).toBeNull();
  });
});

describe("a grand prix to standings", () => {
  it("3 rounds, 4 racers, one DNF: points by the default table, standings checked by hand", async () => {
    const s = await withRace({ grandPrixOptions: { rounds: 3 } }, ["Ann", "Ben", "Cat", "Dan"]);
    await s.request("PUT", "/v2.1/races/1/change_state", raceState("start"));
    const results: Record<string, number | null>[] = [
      { Ann: 60_000, Ben: 61_000, Cat: 62_000, Dan: 63_000 },
      { Ann: null, Ben: 59_000, Cat: 58_000, Dan: 59_000 },
      { Ann: 57_000, Ben: 60_000, Cat: 61_000, Dan: 58_000 },
    ];
    for (const [i, round] of results.entries()) {
      const ids = await timeIds(s, i + 1);
      const entries = Object.entries(round).map(([name, time]) => ({
        elapsedTimeId: Number(ids.get(name)),
        time,
        points: 0,
      }));
      expect(
        (await s.request("POST", `${timesOf(i + 1)}/bulk_update`, bulkTimes(entries))).status,
      ).toBe(200);
      expect(
        (await s.request("PUT", "/v2.1/races/1/change_state", raceState("end_round"))).status,
      ).toBe(200);
    }
    const round2 = await s.request("GET", timesOf(2));
    // Cat 1st (25); Ben and Dan tie 2nd (18 each); Ann DNF: unranked, 0, listed last
    expect(
      round2.json.data.map((t: { attributes: { rank: number | null; points: number } }) => [
        t.attributes.rank,
        t.attributes.points,
      ]),
    ).toEqual([
      [1, 25],
      [2, 18],
      [2, 18],
      [null, 0],
    ]);
    // By hand: Ann 25 + 0 + 25 = 50; Ben 18 + 18 + 15 = 51; Cat 15 + 25 + 12 = 52; Dan 12 + 18 + 18 = 48
    const standings = await s.request("GET", "/v2.1/races/1/standings");
    expect(standings.status).toBe(200);
    expect(
      standings.json.data.map((r: { attributes: Record<string, unknown> }) => [
        r.attributes.name,
        r.attributes.rank,
        r.attributes.points,
        r.attributes.finishes,
        r.attributes.totalTime,
      ]),
    ).toEqual([
      ["Cat", 1, 52, [1, 3, 4], 181_000],
      ["Ben", 2, 51, [2, 2, 3], 180_000],
      ["Ann", 3, 50, [1, 1, null], 117_000],
      ["Dan", 4, 48, [2, 2, 4], 180_000],
    ]);
    expect(standings.json.data[2].attributes.formattedTotalTime).toBe("00:01:57.000");
    expect((await s.request("GET", "/v2.1/races/1")).json.data.attributes.state).toBe("completed");
  });

  it("pointsTable overrides the default; the client's points stand; equal points go to best finishes, then total time", async () => {
    const s = await withRace({ grandPrixOptions: { rounds: 2 }, pointsTable: [3, 1] }, [
      "Ann",
      "Ben",
      "Cat",
    ]);
    await s.request("PUT", "/v2.1/races/1/change_state", raceState("start"));
    const r1 = await timeIds(s, 1);
    await s.request(
      "POST",
      `${timesOf(1)}/bulk_update`,
      bulkTimes([
        { elapsedTimeId: Number(r1.get("Ann")), time: 100, points: 0 },
        { elapsedTimeId: Number(r1.get("Ben")), time: 200, points: 0 },
        { elapsedTimeId: Number(r1.get("Cat")), time: 300, points: 5 },
      ]),
    );
    await s.request("PUT", "/v2.1/races/1/change_state", raceState("end_round"));
    const r2 = await timeIds(s, 2);
    await s.request(
      "POST",
      `${timesOf(2)}/bulk_update`,
      bulkTimes([
        { elapsedTimeId: Number(r2.get("Ann")), time: 300, points: 0 },
        { elapsedTimeId: Number(r2.get("Ben")), time: 100, points: 0 },
        { elapsedTimeId: Number(r2.get("Cat")), time: 200, points: 0 },
      ]),
    );
    await s.request("PUT", "/v2.1/races/1/change_state", raceState("end_round"));
    // Ann 3 + 0 = 3, Ben 1 + 3 = 4, Cat 5 (given) + 1 = 6
    const standings = await s.request("GET", "/v2.1/races/1/standings");
    expect(
      standings.json.data.map((r: { attributes: { name: string; points: number } }) => [
        r.attributes.name,
        r.attributes.points,
      ]),
    ).toEqual([
      ["Cat", 6],
      ["Ben", 4],
      ["Ann", 3],
    ]);
  });

  it("a time trial ranks by time alone (no points)", async () => {
    const s = await withRace({ raceType: "time trial" }, ["A", "B", "C", "D", "E"]);
    await s.request("PUT", "/v2.1/races/1/change_state", raceState("start"));
    const ids = await timeIds(s, 1);
    const times = { A: 5000, B: 3000, C: 4000, D: 3000, E: null };
    await s.request(
      "POST",
      `${timesOf(1)}/bulk_update`,
      bulkTimes(
        Object.entries(times).map(([n, time]) => ({ elapsedTimeId: Number(ids.get(n)), time })),
      ),
    );
    await s.request("PUT", "/v2.1/races/1/change_state", raceState("end_round"));
    const standings = await s.request("GET", "/v2.1/races/1/standings");
    expect(
      standings.json.data.map(
        (r: { attributes: { name: string; rank: number; points: number } }) => [
          r.attributes.name,
          r.attributes.rank,
          r.attributes.points,
        ],
      ),
    ).toEqual([
      ["B", 1, 0],
      ["D", 1, 0],
      ["C", 3, 0],
      ["A", 4, 0],
      ["E", 5, 0],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import {
  expectUnchanged,
  raceBody,
  raceState as state,
  withRace,
} from "../helpers/race-service.js";
import { startService } from "../helpers/service.js";

describe("races", () => {
  it("creates with 201: camelCase attributes, timestamps, relationships, links", async () => {
    const s = await startService();
    const r = await s.request(
      "POST",
      "/v2.1/races.json",
      raceBody({
        name: "Horse Racing 101",
        url: "horse_racing_101",
        raceType: "grand prix",
        startsAt: "2026-05-01T18:00:00+02:00",
        grandPrixOptions: { rounds: 3 },
        registrationOptions: { openSignup: true, signupCap: 12 },
      }),
    );
    expect(r.status).toBe(201);
    expect(r.json.data).toMatchObject({
      id: "1",
      type: "Race",
      attributes: {
        name: "Horse Racing 101",
        url: "horse_racing_101",
        raceType: "grand prix",
        description: "",
        private: false,
        state: "pending",
        currentLap: null,
        notifications: { uponMatchesOpen: true, uponTournamentEnds: true },
        registrationOptions: { openSignup: true, signupCap: 12 },
        grandPrixOptions: { rounds: 3 },
        pointsTable: null,
        timestamps: { startsAt: "2026-05-01T16:00:00.000Z", completedAt: null },
      },
      relationships: {
        rounds: {
          links: { related: "http://localhost/v2.1/races/1/rounds.json" },
          meta: { count: 3 },
        },
        participants: {
          links: { related: "http://localhost/v2.1/races/1/participants.json" },
          meta: { count: 0 },
        },
      },
      links: { self: "http://localhost/v2.1/races/1.json" },
    });
    expect(r.json.data.attributes).not.toHaveProperty("startsAt");
    expect(r.json.data.attributes.timestamps.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("reads signupCap 0 as not set (null), as the tournament's signup_cap (DESIGN.md §3)", async () => {
    const s = await startService();
    const r = await s.request(
      "POST",
      "/v2.1/races.json",
      raceBody({ name: "Capless", raceType: "time trial", registrationOptions: { signupCap: 0 } }),
    );
    expect(r.status).toBe(201);
    expect(r.json.data.attributes.registrationOptions.signupCap).toBeNull();
  });

  it("defaults: url from the name, 4 grand prix rounds; a time trial has one round", async () => {
    const s = await startService();
    const gp = await s.request(
      "POST",
      "/v2.1/races",
      raceBody({ name: "Night Run", raceType: "grand prix" }),
    );
    expect(gp.json.data.attributes).toMatchObject({
      url: "night_run",
      grandPrixOptions: { rounds: 4 },
    });
    expect(gp.json.data.relationships.rounds.meta.count).toBe(4);
    const again = await s.request(
      "POST",
      "/v2.1/races",
      raceBody({ name: "Night Run", raceType: "time_trial" }),
    );
    expect(again.json.data.attributes).toMatchObject({
      url: "night_run_2",
      raceType: "time trial",
    });
    expect(again.json.data.relationships.rounds.meta.count).toBe(1);
  });

  it("lists paginated like tournaments, gets by id or url", async () => {
    const s = await startService();
    for (const name of ["A", "B", "C"])
      await s.request("POST", "/v2.1/races", raceBody({ name, raceType: "time trial" }));
    const page = await s.request("GET", "/v2.1/races?page=2&per_page=2");
    expect(page.status).toBe(200);
    expect(page.json.data.map((r: { attributes: { name: string } }) => r.attributes.name)).toEqual([
      "C",
    ]);
    expect(page.json.meta).toEqual({ count: 3, page: 2, per_page: 2, total_pages: 2 });
    expect(page.json.links.prev).toContain("page=1");
    expect((await s.request("GET", "/v2.1/races/b")).json.data.id).toBe("2");
    expect((await s.request("GET", "/v2.1/races/2.json")).json.data.attributes.name).toBe("B");
    expect((await s.request("GET", "/v2.1/races/9")).status).toBe(404);
    expect((await s.request("GET", "/v2.1/races/nope")).status).toBe(404);
  });

  it("updates; the rounds follow grandPrixOptions while pending; delete answers 204", async () => {
    const s = await withRace();
    const r = await s.request(
      "PUT",
      "/v2.1/races/1",
      raceBody({ name: "Autumn GP", grandPrixOptions: { rounds: 6 }, pointsTable: [10, 5, 1] }),
    );
    expect(r.status).toBe(200);
    expect(r.json.data.attributes).toMatchObject({ name: "Autumn GP", pointsTable: [10, 5, 1] });
    expect(r.json.data.relationships.rounds.meta.count).toBe(6);
    expect((await s.request("GET", "/v2.1/races/1/rounds")).json.meta.count).toBe(6);
    expect((await s.request("DELETE", "/v2.1/races/1")).status).toBe(204);
    expect((await s.request("GET", "/v2.1/races/1")).status).toBe(404);
    expect((await s.request("DELETE", "/v2.1/races/1")).status).toBe(404);
  });

  it("refuses bad attributes with 422 and a pointer each, nothing written", async () => {
    const s = await startService();
    const r = await s.request(
      "POST",
      "/v2.1/races",
      raceBody({
        name: "",
        raceType: "relay",
        grandPrixOptions: { rounds: 101 },
        pointsTable: [1, -2],
      }),
    );
    expect(r.status).toBe(422);
    const pointers = r.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining([
        "/data/attributes/name",
        "/data/attributes/raceType",
        "/data/attributes/grandPrixOptions/rounds",
        "/data/attributes/pointsTable",
      ]),
    );
    const missing = await s.request("POST", "/v2.1/races", raceBody({ name: "X" }));
    expect(missing.json.errors[0].source.pointer).toBe("/data/attributes/raceType");
    const wrongType = await s.request("POST", "/v2.1/races", {
      data: { type: "tournament", attributes: { name: "X", raceType: "time trial" } },
    });
    expect(wrongType.status).toBe(422);
    expect(wrongType.json.errors[0].source.pointer).toBe("/data/type");
    expect((await s.request("POST", "/v2.1/races", "{nope")).status).toBe(400);
    expect((await s.request("GET", "/v2.1/races")).json.meta.count).toBe(0);
  });

  it("a taken url is 422 on create and update", async () => {
    const s = await withRace({ url: "gp" });
    await s.request(
      "POST",
      "/v2.1/races",
      raceBody({ name: "Other", raceType: "time trial", url: "other" }),
    );
    const taken = await s.request(
      "POST",
      "/v2.1/races",
      raceBody({ name: "X", raceType: "time trial", url: "GP" }),
    );
    expect(taken.status).toBe(422);
    const update = await s.request("PUT", "/v2.1/races/other", raceBody({ url: "gp" }));
    expect(update.json.errors[0].source.pointer).toBe("/data/attributes/url");
  });
});

describe("race change_state", () => {
  it("start: round 1 under way with a time per racer; currentLap follows end_round; the race completes after its last round", async () => {
    const s = await withRace({ grandPrixOptions: { rounds: 2 } }, ["A", "B"]);
    const started = await s.request("PUT", "/v2.1/races/1/change_state", state("start"));
    expect(started.status).toBe(200);
    expect(started.json.data.attributes).toMatchObject({
      state: "underway",
      currentLap: { id: 1, number: 1 },
    });
    expect(started.json.data.attributes.timestamps.startedAt).not.toBeNull();
    const times = await s.request("GET", "/v2.1/races/1/rounds/1/elapsed_times");
    expect(times.json.meta.count).toBe(2);

    const id = times.json.data[0].id;
    await s.request("PUT", `/v2.1/races/1/rounds/1/elapsed_times/${id}`, {
      data: { type: "ElaspedTime", attributes: { elapsedTime: 1000, points: 0 } },
    });
    const next = await s.request("PUT", "/v2.1/races/1/change_state", state("end_round"));
    expect(next.json.data.attributes).toMatchObject({
      state: "underway",
      currentLap: { id: 2, number: 2 },
    });
    const rounds = await s.request("GET", "/v2.1/races/1/rounds");
    expect(
      rounds.json.data.map((r: { attributes: { state: string } }) => r.attributes.state),
    ).toEqual(["completed", "underway"]);
    const round2 = await s.request("GET", "/v2.1/races/1/rounds/2/elapsed_times");
    await s.request("PUT", `/v2.1/races/1/rounds/2/elapsed_times/${round2.json.data[1].id}`, {
      data: { type: "ElaspedTime", attributes: { elapsedTime: 900 } },
    });
    const done = await s.request("PUT", "/v2.1/races/1/change_state", state("end_round"));
    expect(done.json.data.attributes).toMatchObject({
      state: "completed",
      currentLap: { id: 2, number: 2 },
    });
    expect(done.json.data.attributes.timestamps.completedAt).not.toBeNull();

    const again = await s.request("PUT", "/v2.1/races/1/change_state", state("end_round"));
    expect(again.status).toBe(422);
    expect(again.json.errors[0].detail).toContain("completed");
  });

  it("reset: back to pending, every round pending, the times gone", async () => {
    const s = await withRace({ grandPrixOptions: { rounds: 2 } }, ["A", "B"]);
    await s.request("PUT", "/v2.1/races/1/change_state", state("start"));
    const reset = await s.request("PUT", "/v2.1/races/1/change_state", state("reset"));
    expect(reset.status).toBe(200);
    expect(reset.json.data.attributes).toMatchObject({ state: "pending", currentLap: null });
    expect(reset.json.data.attributes.timestamps.startedAt).toBeNull();
    const rounds = await s.request("GET", "/v2.1/races/1/rounds");
    expect(
      rounds.json.data.every(
        (r: { attributes: { state: string } }) => r.attributes.state === "pending",
      ),
    ).toBe(true);
    expect((await s.request("GET", "/v2.1/races/1/rounds/1/elapsed_times")).json.data).toEqual([]);
  });

  it("out of order -> 422 naming the state, with a pointer; nothing written", async () => {
    const s = await withRace({}, ["A", "B"]);
    for (const change of ["reset", "end_round"]) {
      const r = await s.request("PUT", "/v2.1/races/1/change_state", state(change));
      expect(r.status).toBe(422);
      expect(r.json.errors[0]).toMatchObject({ source: { pointer: "/data/attributes/state" } });
      expect(r.json.errors[0].detail).toContain("pending");
    }
    const bad = await s.request("PUT", "/v2.1/races/1/change_state", state("finish"));
    expect(bad.status).toBe(422);
    await s.request("PUT", "/v2.1/races/1/change_state", state("start"));
    await expectUnchanged(s, "/v2.1/races/1/rounds", async () => {
      const twice = await s.request("PUT", "/v2.1/races/1/change_state", state("start"));
      expect(twice.status).toBe(422);
      // end_round before any time is in
      const early = await s.request("PUT", "/v2.1/races/1/change_state", state("end_round"));
      expect(early.status).toBe(422);
      expect(early.json.errors[0].detail).toContain("no time in yet");
    });
    const frozen = await s.request(
      "PUT",
      "/v2.1/races/1",
      raceBody({ grandPrixOptions: { rounds: 2 }, raceType: "time trial" }),
    );
    expect(frozen.status).toBe(422);
    expect(
      frozen.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer),
    ).toEqual(["/data/attributes/raceType", "/data/attributes/grandPrixOptions"]);
    const renamed = await s.request("PUT", "/v2.1/races/1", raceBody({ name: "Renamed" }));
    expect(renamed.status).toBe(200);
  });

  it("a race without participants does not start", async () => {
    const s = await withRace();
    const r = await s.request("PUT", "/v2.1/races/1/change_state", state("start"));
    expect(r.status).toBe(422);
    expect((await s.request("GET", "/v2.1/races/1")).json.data.attributes.state).toBe("pending");
  });
});

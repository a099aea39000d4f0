import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contract, contractPath, sharedContractPath, violations } from "../helpers/contract.js";
import {
  bulkTimes,
  raceBody,
  raceState,
  roundState,
  timeBody,
  timeIds,
  withRace,
} from "../helpers/race-service.js";
import { participantsBody, startService, tournamentBody } from "../helpers/service.js";

describe("responses validate against the published v2.1 contract", () => {
  it.skipIf(!existsSync(sharedContractPath))(
    "the repository's copy of the contract is the published one (when it sits beside the repository)",
    () => {
      expect(readFileSync(contractPath, "utf8")).toBe(readFileSync(sharedContractPath, "utf8"));
    },
  );

  it("the checker catches a wrong type (it can fail)", () => {
    expect(
      violations("TournamentModel", { id: 1, type: "tournament", attributes: { private: "no" } }),
    ).toEqual([
      "$.id: expected string, got 1",
      "$.attributes: missing name",
      "$.attributes: missing tournament_type",
      '$.attributes.private: expected boolean, got "no"',
    ]);
  });

  it("tournament and participant documents", async () => {
    const s = await startService();
    const full = {
      name: "Contract Cup",
      tournament_type: "double elimination",
      match_options: { consolation_matches_target_rank: 3, accept_attachments: true },
      registration_options: { open_signup: true, signup_cap: 8, check_in_duration: 15 },
      group_stage_enabled: true,
      group_stage_options: {
        stage_type: "double elimination",
        group_size: 4,
        participant_count_to_advance_per_group: 2,
      },
    };
    const created = await s.request("POST", "/v2.1/tournaments", tournamentBody(full));
    expect(violations("TournamentModel", created.json.data)).toEqual([]);
    const list = await s.request("GET", "/v2.1/tournaments");
    for (const item of list.json.data) expect(violations("TournamentModel", item)).toEqual([]);

    const added = await s.request(
      "POST",
      "/v2.1/tournaments/1/participants/bulk_add",
      participantsBody(["A", "B"]),
    );
    for (const item of added.json.data) expect(violations("ParticipantModel", item)).toEqual([]);
    const one = await s.request("GET", "/v2.1/tournaments/1/participants/1");
    expect(violations("ParticipantModel", one.json.data)).toEqual([]);
  });

  it("race, round and elapsed-time documents", async () => {
    const s = await withRace(
      {
        name: "Horse Racing 101",
        url: "horse_racing_101",
        startsAt: "2026-05-01T18:00:00+02:00",
        registrationOptions: { openSignup: true, signupCap: 8 },
        grandPrixOptions: { rounds: 2 },
      },
      ["A", "B"],
    );
    const check = (definition: string, data: unknown) =>
      expect(violations(definition, data)).toEqual([]);
    check("RacingOutput", (await s.request("GET", "/v2.1/races/1")).json.data);
    const started = await s.request("PUT", "/v2.1/races/1/change_state", raceState("start"));
    expect(started.json.data.attributes.currentLap).not.toBeNull();
    check("RacingOutput", started.json.data);
    for (const race of (await s.request("GET", "/v2.1/races")).json.data)
      check("RacingOutput", race);
    const updated = await s.request("PUT", "/v2.1/races/1", raceBody({ description: "Two laps" }));
    check("RacingOutput", updated.json.data);
    for (const round of (await s.request("GET", "/v2.1/races/1/rounds")).json.data)
      check("RoundOutput", round);
    const ids = await timeIds(s, 1);
    const one = await s.request(
      "PUT",
      `/v2.1/races/1/rounds/1/elapsed_times/${ids.get("A")}`,
      timeBody({ elapsedTime: 1000, points: 0 }),
    );
    expect(one.json.data.attributes.formattedTime).toBe("00:00:01.000");
    check("ElapsedTimeOutput", one.json.data);
    const bulk = await s.request(
      "POST",
      "/v2.1/races/1/rounds/1/elapsed_times/bulk_update",
      bulkTimes([{ elapsedTimeId: Number(ids.get("B")), time: 900, points: 0, rank: 1 }]),
    );
    for (const time of bulk.json.data) check("ElapsedTimeOutput", time);
    const finalized = await s.request("PUT", "/v2.1/races/1/rounds/1", roundState("finalize"));
    check("RoundOutput", finalized.json.data);
    for (const time of (await s.request("GET", "/v2.1/races/1/rounds/1/elapsed_times")).json.data)
      check("ElapsedTimeOutput", time);
    for (const p of (await s.request("GET", "/v2.1/races/1/participants")).json.data)
      check("ParticipantModel", p);
  });

  it("accepts the contract's own race request example", async () => {
    const s = await startService();
    const example = Object.fromEntries(
      Object.entries(
        (contract.definitions.RacingInput!.properties!.attributes as { properties: object })
          .properties,
      ).map(([key, schema]) => {
        const nested = (schema as { properties?: Record<string, { default?: unknown }> })
          .properties;
        if (nested === undefined) return [key, (schema as { default?: unknown }).default];
        return [key, Object.fromEntries(Object.entries(nested).map(([k, v]) => [k, v.default]))];
      }),
    );
    const r = await s.request("POST", "/v2.1/races", {
      data: { type: "Race", attributes: example },
    });
    expect(r.json.errors ?? []).toEqual([]);
    expect(r.status).toBe(201);
  });

  it("accepts the contract's own request examples", async () => {
    const s = await startService();
    const defaults = Object.fromEntries(
      Object.entries(contract.definitions.Tournament!.properties!)
        .map(([key, schema]) => {
          const value = (schema as { default?: unknown }).default;
          if (value !== undefined) return [key, value];
          const nested = (schema as { properties?: Record<string, { default?: unknown }> })
            .properties;
          if (nested === undefined) return [key, undefined];
          return [
            key,
            Object.fromEntries(
              Object.entries(nested)
                .filter(([, v]) => v.default !== undefined)
                .map(([k, v]) => [k, v.default]),
            ),
          ];
        })
        .filter(([, v]) => v !== undefined),
    );
    const r = await s.request("POST", "/v2.1/tournaments", {
      data: { type: "Tournaments", attributes: defaults },
    });
    expect(r.json.errors ?? []).toEqual([]);
    expect(r.status).toBe(201);
  });
});

describe("what clients of the published interface send and read (issue 15, point 5)", () => {
  it("0 means not set for signup_cap, check_in_duration, consolation_matches_target_rank and swiss rounds; unset ones are present as null", async () => {
    const s = await startService();
    const created = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({
        name: "Zeroes",
        tournament_type: "swiss",
        registration_options: { signup_cap: 0, check_in_duration: 0 },
        match_options: { consolation_matches_target_rank: 0 },
        swiss_options: { rounds: 0 },
      }),
    );
    expect(created.json.errors ?? []).toEqual([]);
    expect(created.status).toBe(201);
    const a = created.json.data.attributes;
    expect(a.registration_options).toMatchObject({ signup_cap: null, check_in_duration: null });
    expect(a.match_options).toMatchObject({ consolation_matches_target_rank: null });
    expect(a.swiss_options).toMatchObject({ rounds: null });
    expect(violations("TournamentModel", created.json.data)).toEqual([]);
    const set = await s.request(
      "PUT",
      "/v2.1/tournaments/1",
      tournamentBody({ registration_options: { signup_cap: 8 }, swiss_options: { rounds: 3 } }),
    );
    expect(set.json.data.attributes.registration_options.signup_cap).toBe(8);
    expect(set.json.data.attributes.swiss_options.rounds).toBe(3);
    const unset = await s.request(
      "PUT",
      "/v2.1/tournaments/1",
      tournamentBody({ registration_options: { signup_cap: 0 } }),
    );
    expect(unset.json.data.attributes.registration_options.signup_cap).toBeNull();
    expect(
      (
        await s.request(
          "POST",
          "/v2.1/tournaments",
          tournamentBody({ name: "N", tournament_type: "swiss", swiss_options: { rounds: -1 } }),
        )
      ).status,
    ).toBe(422);
  });

  it("a match carries relationships.player1/player2 inside attributes and beside them, same values, and its station_id", async () => {
    const s = await startService();
    await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "M", tournament_type: "single elimination" }),
    );
    await s.request(
      "POST",
      "/v2.1/tournaments/1/participants/bulk_add",
      participantsBody(["A", "B"]),
    );
    await s.request("PUT", "/v2.1/tournaments/1/change_state", {
      data: { type: "TournamentState", attributes: { state: "start" } },
    });
    const match = (await s.request("GET", "/v2.1/tournaments/1/matches/1")).json.data;
    expect(match.attributes.relationships).toEqual(match.relationships);
    expect(match.relationships.player1.data).toEqual({
      id: String(match.attributes.player1_id),
      type: "participant",
    });
    expect(match.attributes.station_id).toBeNull();
  });

  it("attributes the service does not know are ignored and named in meta.ignored_attributes (stations, attachments); object keys stay refused", async () => {
    const s = await startService();
    await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({
        name: "I",
        tournament_type: "single elimination",
        match_options: { accept_attachments: true },
      }),
    );
    const st = await s.request("POST", "/v2.1/tournaments/1/stations", {
      data: { type: "station", attributes: { name: "Main", colour: "red" } },
    });
    expect(st.status).toBe(201);
    expect(st.json.meta.ignored_attributes).toEqual(["colour"]);
    const proto = await s.request(
      "POST",
      "/v2.1/tournaments/1/stations",
      '{"data":{"type":"station","attributes":{"name":"X","__proto__":{"a":1}}}}',
    );
    expect(proto.status).toBe(422);
    expect(proto.json.errors[0].source.pointer).toBe("/data/attributes/__proto__");
  });
});

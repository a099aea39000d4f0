import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { serviceWithCommunities } from "../helpers/communities.js";
import {
  absent,
  contract,
  contractPath,
  listViolations,
  sharedContractPath,
  undrawn,
  violations,
} from "../helpers/contract.js";
import {
  bulkTimes,
  expectUnchanged,
  raceBody,
  raceState,
  roundState,
  timeBody,
  timeIds,
  withRace,
} from "../helpers/race-service.js";
import {
  participantsBody,
  type ServiceHarness,
  startService,
  tournamentBody,
} from "../helpers/service.js";

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

  it("the checker reads score_in_sets and points_by_participant as the contract's example draws them: arrays", () => {
    const match = (attributes: Record<string, unknown>) => ({
      id: "1",
      type: "match",
      attributes,
    });
    expect(
      violations("MatchModel", match({ score_in_sets: [], points_by_participant: [] })),
    ).toEqual([]);
    expect(
      violations(
        "MatchModel",
        match({
          score_in_sets: [
            [3, 1],
            [4, 2],
          ],
          points_by_participant: [{ participant_id: 355, scores: [3, 4] }],
        }),
      ),
    ).toEqual([]);
    expect(
      violations("MatchModel", match({ score_in_sets: { a: 1 }, points_by_participant: [[1]] })),
    ).toEqual([
      '$.attributes.score_in_sets: expected array, got {"a":1}',
      "$.attributes.points_by_participant[0]: expected object, got [1]",
    ]);
    expect(violations("MatchModel", match({ score_in_sets: [3, 1] }))).toEqual([
      "$.attributes.score_in_sets[0]: expected array, got 3",
      "$.attributes.score_in_sets[1]: expected array, got 1",
    ]);
  });

  it("the presence checker names an attribute the contract draws that a response lacks (it can fail)", () => {
    expect(absent("UserModel", { id: "1", type: "user", attributes: { email: null } })).toEqual([
      "$.attributes.username",
      "$.attributes.image_url",
    ]);
    expect(
      absent("UserModel", {
        id: "1",
        type: "user",
        attributes: { email: null, username: "u", image_url: null },
      }),
    ).toEqual([]);
  });

  it("the list checker catches a bare array and a meta without counts (it can fail)", () => {
    expect(listViolations("ParticipantModel", [])).toEqual([
      "$: expected object, got []",
      "$: missing data",
      "$: missing meta",
      "$: missing links",
    ]);
    expect(
      listViolations("ParticipantModel", { data: [], meta: {}, links: { self: "/x" } }),
    ).toEqual([
      "$.meta: missing count",
      "$.meta: missing page",
      "$.meta: missing per_page",
      "$.meta: missing total_pages",
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

describe("unknown attributes on tournaments, participants and races (issue 15, point 5)", () => {
  const participant = (attributes: Record<string, unknown>) => ({
    data: { type: "Participants", attributes },
  });

  it("are ignored and named in meta.ignored_attributes; what is known is applied and nothing unknown is stored", async () => {
    const s = await startService();
    const created = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({
        name: "Lenient",
        tournament_type: "swiss",
        colour: "red",
        match_options: { accept_attachments: true, sound: "loud" },
      }),
    );
    expect(created.status).toBe(201);
    expect(Object.keys(created.json.meta)).toEqual(["ignored_attributes"]);
    expect(created.json.meta.ignored_attributes.sort()).toEqual(["colour", "match_options.sound"]);
    expect(created.json.data.attributes.match_options.accept_attachments).toBe(true);
    expect(created.json.data.attributes).not.toHaveProperty("colour");
    expect(created.json.data.attributes.match_options).not.toHaveProperty("sound");
    const updated = await s.request(
      "PUT",
      "/v2.1/tournaments/1",
      tournamentBody({ game_name: "Go", mood: 1 }),
    );
    expect(updated.status).toBe(200);
    expect(updated.json.meta).toEqual({ ignored_attributes: ["mood"] });
    expect((await s.request("GET", "/v2.1/tournaments/1")).json.data.attributes.game_name).toBe(
      "Go",
    );
    // Nothing ignored: no meta, as before.
    const plain = await s.request(
      "PUT",
      "/v2.1/tournaments/1",
      tournamentBody({ game_name: "Chess" }),
    );
    expect(plain.json.meta).toBeUndefined();

    const one = await s.request(
      "POST",
      "/v2.1/tournaments/1/participants",
      participant({ name: "Ada", team: "x" }),
    );
    expect(one.status).toBe(201);
    expect(one.json.meta).toEqual({ ignored_attributes: ["team"] });
    const changed = await s.request(
      "PUT",
      `/v2.1/tournaments/1/participants/${one.json.data.id}`,
      participant({ misc: "m", team: "y" }),
    );
    expect(changed.json.meta).toEqual({ ignored_attributes: ["team"] });
    expect(changed.json.data.attributes.misc).toBe("m");
    const bulk = await s.request("POST", "/v2.1/tournaments/1/participants/bulk_add", {
      data: {
        type: "Participants",
        attributes: { participants: [{ name: "Bo" }, { name: "Cy", team: "z" }], source: "csv" },
      },
    });
    expect(bulk.status).toBe(200);
    expect(bulk.json.meta).toMatchObject({
      count: 2,
      ignored_attributes: ["source", "participants.1.team"],
    });
    const names = (await s.request("GET", "/v2.1/tournaments/1/participants")).json.data.map(
      (p: { attributes: { name: string } }) => p.attributes.name,
    );
    expect(names).toEqual(["Ada", "Bo", "Cy"]);

    const race = await s.request(
      "POST",
      "/v2.1/races",
      raceBody({
        name: "R",
        raceType: "time trial",
        laps: 3,
        grandPrixOptions: { rounds: 2, pits: 1 },
      }),
    );
    expect(race.status).toBe(201);
    expect(race.json.meta.ignored_attributes.sort()).toEqual(["grandPrixOptions.pits", "laps"]);
    const raceUpdate = await s.request(
      "PUT",
      `/v2.1/races/${race.json.data.id}`,
      raceBody({ description: "d", laps: 4 }),
    );
    expect(raceUpdate.json.meta).toEqual({ ignored_attributes: ["laps"] });
    expect(raceUpdate.json.data.attributes.description).toBe("d");
  });

  it("object keys (__proto__, constructor, prototype, toString ...) are still refused with 422, nothing written", async () => {
    const s = await startService();
    await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "T", tournament_type: "swiss" }),
    );
    await s.request("POST", "/v2.1/tournaments/1/participants/bulk_add", participantsBody(["A"]));
    await s.request("POST", "/v2.1/races", raceBody({ name: "R", raceType: "time trial" }));
    // JSON text: "__proto__" is an own key of the parsed object, as a client sends it.
    const cases: [string, string, string, string][] = [
      [
        "POST",
        "/v2.1/tournaments",
        '"tournament"',
        '{"name":"X","tournament_type":"swiss","__proto__":{"a":1}}',
      ],
      [
        "PUT",
        "/v2.1/tournaments/1",
        '"tournament"',
        '{"game_name":"G","match_options":{"constructor":1}}',
      ],
      ["POST", "/v2.1/tournaments/1/participants", '"Participants"', '{"name":"B","prototype":1}'],
      ["PUT", "/v2.1/tournaments/1/participants/1", '"Participants"', '{"misc":"m","toString":1}'],
      [
        "POST",
        "/v2.1/tournaments/1/participants/bulk_add",
        '"Participants"',
        '{"participants":[{"name":"C","__proto__":{"x":1}}]}',
      ],
      [
        "POST",
        "/v2.1/tournaments/1/participants/bulk_add",
        '"Participants"',
        '{"participants":[{"name":"D"}],"constructor":{}}',
      ],
      ["POST", "/v2.1/races", '"Race"', '{"name":"Y","raceType":"time trial","hasOwnProperty":1}'],
      ["PUT", "/v2.1/races/1", '"Race"', '{"description":"d","notifications":{"valueOf":1}}'],
    ];
    for (const [method, path, type, attributes] of cases) {
      const list = path.includes("/races") ? "/v2.1/races" : "/v2.1/tournaments";
      await expectUnchanged(s, list, async () => {
        const r = await s.request(
          method as "POST",
          path,
          `{"data":{"type":${type},"attributes":${attributes}}}`,
        );
        expect(r.status, `${method} ${path} ${attributes}`).toBe(422);
        expect(r.json.errors[0].source.pointer).toMatch(
          /^\/data\/attributes\/.*(__proto__|constructor|prototype|toString|hasOwnProperty|valueOf)$/,
        );
      });
    }
    const roster = (await s.request("GET", "/v2.1/tournaments/1/participants")).json.data;
    expect(
      roster.map((p: { attributes: { name: string; misc: unknown } }) => [
        p.attributes.name,
        p.attributes.misc,
      ]),
    ).toEqual([["A", null]]);
    expect((await s.request("GET", "/v2.1/races/1")).json.data.attributes.description).toBe("");
  });

  it("bulk_add and randomize answer with the list shape (data, meta, links) as other lists", async () => {
    const s = await startService();
    await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "L", tournament_type: "swiss" }),
    );
    const added = await s.request(
      "POST",
      "/v2.1/tournaments/1/participants/bulk_add",
      participantsBody(["A", "B", "C"]),
    );
    expect(added.json.meta).toEqual({ count: 3, page: 1, per_page: 3, total_pages: 1 });
    expect(typeof added.json.links.self).toBe("string");
    expect(listViolations("ParticipantModel", added.json)).toEqual([]);
    const shuffled = await s.request("PUT", "/v2.1/tournaments/1/participants/randomize");
    expect(shuffled.json.meta).toEqual({ count: 3, page: 1, per_page: 3, total_pages: 1 });
    expect(listViolations("ParticipantModel", shuffled.json)).toEqual([]);
    expect(
      shuffled.json.data.map((p: { attributes: { seed: number } }) => p.attributes.seed).sort(),
    ).toEqual([1, 2, 3]);
  });
});

const state = (value: string, type = "TournamentState") => ({
  data: { type, attributes: { state: value } },
});

/** Every route of a tournament, its participants, matches and attachments under `base`. */
async function checkTournamentRoutes(s: ServiceHarness, base: string, url: string): Promise<void> {
  type Definition = Parameters<typeof violations>[0];
  // Each response validates, and carries every attribute the contract draws (point 5).
  const ok = (definition: Definition, data: unknown) => {
    expect(violations(definition, data)).toEqual([]);
    expect(absent(definition, data)).toEqual([]);
  };
  const okList = (item: Definition, document: unknown) => {
    expect(listViolations(item, document)).toEqual([]);
    for (const data of (document as { data: unknown[] }).data) ok(item, data);
  };
  const created = await s.request(
    "POST",
    `${base}/tournaments`,
    tournamentBody({
      name: "Shapes",
      url,
      tournament_type: "single elimination",
      match_options: { accept_attachments: true },
    }),
  );
  expect(created.json.errors ?? []).toEqual([]);
  ok("TournamentModel", created.json.data);
  const t = `${base}/tournaments/${url}`;
  okList("TournamentModel", (await s.request("GET", `${base}/tournaments`)).json);
  ok("TournamentModel", (await s.request("GET", t)).json.data);
  ok("TournamentModel", (await s.request("PUT", t, tournamentBody({ game_name: "Go" }))).json.data);

  const one = await s.request("POST", `${t}/participants`, {
    data: { type: "Participants", attributes: { name: "Solo", misc: "m" } },
  });
  ok("ParticipantModel", one.json.data);
  const bulk = await s.request(
    "POST",
    `${t}/participants/bulk_add`,
    participantsBody(["A", "B", "C"]),
  );
  okList("ParticipantModel", bulk.json);
  okList("ParticipantModel", (await s.request("PUT", `${t}/participants/randomize`)).json);
  okList("ParticipantModel", (await s.request("GET", `${t}/participants`)).json);
  const p = `${t}/participants/${one.json.data.id}`;
  ok("ParticipantModel", (await s.request("GET", p)).json.data);
  ok(
    "ParticipantModel",
    (await s.request("PUT", p, { data: { type: "Participants", attributes: { misc: "n" } } })).json
      .data,
  );

  ok("TournamentModel", (await s.request("PUT", `${t}/change_state`, state("start"))).json.data);
  const matches = await s.request("GET", `${t}/matches`);
  okList("MatchModel", matches.json);
  const m = matches.json.data.find(
    (x: { attributes: { state: string } }) => x.attributes.state === "open",
  );
  const path = `${t}/matches/${m.id}`;
  ok("MatchModel", (await s.request("GET", path)).json.data);
  ok(
    "MatchModel",
    (await s.request("PUT", `${path}/change_state`, state("mark_as_underway", "MatchState"))).json
      .data,
  );
  const reported = await s.request("PUT", path, {
    data: {
      type: "Match",
      attributes: {
        match: [
          { participant_id: String(m.attributes.player1_id), score_set: "3,4", advancing: true },
          { participant_id: String(m.attributes.player2_id), score_set: "1,2" },
        ],
      },
    },
  });
  expect(reported.json.data.attributes.score_in_sets).toEqual([
    [3, 1],
    [4, 2],
  ]);
  ok("MatchModel", reported.json.data);

  const attachments = `${path}/attachments`;
  const attached = await s.request("POST", attachments, {
    data: {
      type: "match_attachment",
      attributes: { url: "https://example.org/v", description: "VOD" },
    },
  });
  expect(attached.json.errors ?? []).toEqual([]);
  ok("MatchAttachmentModel", attached.json.data);
  okList("MatchAttachmentModel", (await s.request("GET", attachments)).json);

  const station = await s.request("POST", `${t}/stations`, {
    data: { type: "station", attributes: { name: "Main", stream_url: "https://example.org/s" } },
  });
  expect(station.json.errors ?? []).toEqual([]);
  ok(undrawn.station, station.json.data);
  const st = `${t}/stations/${station.json.data.id}`;
  okList(undrawn.station, (await s.request("GET", `${t}/stations`)).json);
  ok(undrawn.station, (await s.request("GET", st)).json.data);
  ok(
    undrawn.station,
    (await s.request("PUT", st, { data: { type: "station", attributes: { details: "left" } } }))
      .json.data,
  );
  const open = (await s.request("GET", `${t}/matches?state=open`)).json.data;
  const queued = await s.request("POST", `${st}/station_queuers`, {
    data: { type: "station_queuer", attributes: { match_id: Number(open[0].id) } },
  });
  expect(queued.json.errors ?? []).toEqual([]);
  ok(undrawn.station_queuer, queued.json.data);
  const q = `${st}/station_queuers/${queued.json.data.id}`;
  okList(undrawn.station_queuer, (await s.request("GET", `${st}/station_queuers`)).json);
  ok(undrawn.station_queuer, (await s.request("GET", q)).json.data);
  ok(
    undrawn.station_queuer,
    (await s.request("PUT", q, { data: { type: "station_queuer", attributes: { position: 1 } } }))
      .json.data,
  );
}

describe("every response the v2.1 routes answer validates (issue 15)", () => {
  it("tournaments, participants (bulk_add and randomize as lists), matches, attachments, stations and queuers; on the plain and the community paths", async () => {
    const s = await serviceWithCommunities(["lan"]);
    await checkTournamentRoutes(s, "/v2.1", "shapes");
    await checkTournamentRoutes(s, "/v2.1/communities/lan", "lan_shapes");
    const flat = "/v2.1/communities/lan/tournaments/lan_shapes/match_attachments";
    const match = (await s.request("GET", "/v2.1/communities/lan/tournaments/lan_shapes/matches"))
      .json.data[0].id;
    const made = await s.request("POST", flat, {
      data: {
        type: "match_attachment",
        attributes: { description: "flat", match_id: Number(match) },
      },
    });
    expect(made.json.errors ?? []).toEqual([]);
    expect(violations("MatchAttachmentModel", made.json.data)).toEqual([]);
    expect(
      listViolations(
        "MatchAttachmentModel",
        (await s.request("GET", `${flat}?match_id=${match}`)).json,
      ),
    ).toEqual([]);
  });

  it("communities and /me", async () => {
    const s = await serviceWithCommunities(["lan", "nerdfest"]);
    const communities = await s.request("GET", "/v2.1/communities");
    expect(
      communities.json.data.map(
        (c: { attributes: { identifier: string } }) => c.attributes.identifier,
      ),
    ).toEqual(["lan", "nerdfest"]);
    expect(listViolations("CommunityModel", communities.json)).toEqual([]);
    const me = await s.request("GET", "/v2.1/me");
    expect(me.status).toBe(200);
    expect(Object.keys(me.json.data.attributes).sort()).toEqual(["email", "image_url", "username"]);
    expect(violations("UserModel", me.json.data)).toEqual([]);
  });
});

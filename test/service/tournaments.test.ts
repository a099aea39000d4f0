import { describe, expect, it } from "vitest";
import { serviceWithCommunities } from "../helpers/communities.js";
import { startService, steppingClock, tournamentBody } from "../helpers/service.js";

describe("tournaments", () => {
  it("creates with the contract's attributes, defaults and a url slug, answering 201", async () => {
    const s = await startService();
    const r = await s.request("POST", "/v2.1/tournaments.json", {
      data: {
        type: "Tournaments",
        attributes: { name: "Spring Cup", tournament_type: "double elimination" },
      },
    });
    expect(r.status).toBe(201);
    expect(r.json.data.id).toBe("1");
    expect(r.json.data.type).toBe("tournament");
    const a = r.json.data.attributes;
    expect(a.url).toBe("spring_cup");
    expect(a.state).toBe("pending");
    expect(a.tournament_type).toBe("double elimination");
    expect(a.double_elimination_options).toEqual({
      split_participants: false,
      grand_finals_modifier: "",
    });
    expect(a.match_options).toEqual({
      consolation_matches_target_rank: null,
      accept_attachments: false,
    });
    expect(a.round_robin_options.iterations).toBe(1);
    expect(a.round_robin_options.ranking).toBe("match wins");
    expect(a.swiss_options).toMatchObject({
      pts_for_match_win: 1,
      pts_for_match_tie: 0.5,
      pts_for_bye: 1,
    });
    expect(a.group_stage_options).toMatchObject({
      group_size: 4,
      participant_count_to_advance_per_group: 2,
    });
    expect(a.tie_breaks).toEqual(["match wins vs tied", "game wins", "points scored"]);
    expect(a.timestamps.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("stores and returns every nested option it is given", async () => {
    const s = await startService();
    const attributes = {
      name: "Full",
      tournament_type: "round robin",
      url: "full_2026",
      game_name: "Chess",
      private: true,
      starts_at: "2026-05-01T18:00:00+02:00",
      description: "all options",
      notifications: { upon_matches_open: false, upon_tournament_ends: false },
      match_options: { consolation_matches_target_rank: 3, accept_attachments: true },
      registration_options: { open_signup: true, signup_cap: 16, check_in_duration: 30 },
      seeding_options: { hide_seeds: true, sequential_pairings: true },
      station_options: { auto_assign: true, only_start_matches_with_assigned_stations: true },
      round_robin_options: {
        iterations: 2,
        ranking: "custom",
        pts_for_game_win: 0.1,
        pts_for_game_tie: 0,
        pts_for_match_win: 3,
        pts_for_match_tie: 1,
      },
      tie_breaks: ["points difference", "median buchholz"],
    };
    const created = await s.request("POST", "/v2.1/tournaments", tournamentBody(attributes));
    expect(created.status).toBe(201);
    const got = await s.request("GET", "/v2.1/tournaments/full_2026");
    const a = got.json.data.attributes;
    expect(a.starts_at).toBe("2026-05-01T16:00:00.000Z");
    for (const key of [
      "match_options",
      "registration_options",
      "seeding_options",
      "station_options",
      "round_robin_options",
      "notifications",
      "tie_breaks",
    ] as const) {
      expect(a[key]).toEqual(attributes[key]);
    }
  });

  it("names every wrong field with its pointer in one 422", async () => {
    const s = await startService();
    const r = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({
        name: "",
        tournament_type: "knockout",
        private: "yes",
        registration_options: { signup_cap: -1 },
        group_stage_options: { group_size: 4, participant_count_to_advance_per_group: 4 },
        colour: "red",
      }),
    );
    expect(r.status).toBe(422);
    const pointers = r.json.errors
      .map((e: { source: { pointer: string } }) => e.source.pointer)
      .sort();
    // colour is unknown: ignored (issue 15), never one of the problems.
    expect(pointers).toEqual([
      "/data/attributes/group_stage_options/participant_count_to_advance_per_group",
      "/data/attributes/name",
      "/data/attributes/private",
      "/data/attributes/registration_options/signup_cap",
      "/data/attributes/tournament_type",
    ]);
    expect((await s.request("GET", "/v2.1/tournaments")).json.meta.count).toBe(0);
  });

  it("requires name and tournament_type", async () => {
    const s = await startService();
    const r = await s.request("POST", "/v2.1/tournaments", tournamentBody({}));
    expect(r.status).toBe(422);
    expect(r.json.errors.map((e: { detail: string }) => e.detail)).toEqual(
      expect.arrayContaining(["name is required", "tournament_type is required"]),
    );
  });

  it("refuses a url already taken, and derives distinct slugs from equal names", async () => {
    const s = await startService();
    await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "Cup", tournament_type: "swiss", url: "cup" }),
    );
    const dup = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "X", tournament_type: "swiss", url: "CUP" }),
    );
    expect(dup.status).toBe(422);
    expect(dup.json.errors[0].source.pointer).toBe("/data/attributes/url");
    const second = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "Cup", tournament_type: "swiss" }),
    );
    expect(second.json.data.attributes.url).toBe("cup_2");
  });

  it("updates by merging nested options, and deletes with 204", async () => {
    const s = await startService();
    await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "Cup", tournament_type: "single elimination" }),
    );
    const u = await s.request(
      "PUT",
      "/v2.1/tournaments/cup",
      tournamentBody({ name: "Cup 2", match_options: { consolation_matches_target_rank: 3 } }),
    );
    expect(u.status).toBe(200);
    expect(u.json.data.attributes.name).toBe("Cup 2");
    expect(u.json.data.attributes.match_options).toEqual({
      consolation_matches_target_rank: 3,
      accept_attachments: false,
    });
    const d = await s.request("DELETE", "/v2.1/tournaments/1");
    expect(d.status).toBe(204);
    expect(d.body).toBe("");
    expect((await s.request("GET", "/v2.1/tournaments/1")).status).toBe(404);
  });

  it("lists with meta, links and filters", async () => {
    const s = await startService({ now: steppingClock("2026-01-10T00:00:00Z") });
    for (let i = 1; i <= 5; i++) {
      const type = i % 2 === 0 ? "swiss" : "round robin";
      await s.request(
        "POST",
        "/v2.1/tournaments",
        tournamentBody({ name: `T${i}`, tournament_type: type }),
      );
    }
    const page = await s.request("GET", "/v2.1/tournaments?page=2&per_page=2");
    expect(page.json.meta).toEqual({ count: 5, page: 2, per_page: 2, total_pages: 3 });
    expect(page.json.data.map((t: { id: string }) => t.id)).toEqual(["3", "4"]);
    // Absolute, with .json (issue 25); in process the origin is http://localhost.
    const list = "http://localhost/v2.1/tournaments.json";
    expect(page.json.links).toEqual({
      self: `${list}?page=2&per_page=2`,
      next: `${list}?page=3&per_page=2`,
      prev: `${list}?page=1&per_page=2`,
    });
    const swiss = await s.request("GET", "/v2.1/tournaments?type=swiss");
    expect(swiss.json.data.map((t: { id: string }) => t.id)).toEqual(["2", "4"]);
    expect((await s.request("GET", "/v2.1/tournaments?state=in_progress")).json.meta.count).toBe(0);
    expect((await s.request("GET", "/v2.1/tournaments?state=pending")).json.meta.count).toBe(5);
    expect(
      (await s.request("GET", "/v2.1/tournaments?created_after=01/11/2026")).json.meta.count,
    ).toBe(0);
    expect(
      (await s.request("GET", "/v2.1/tournaments?created_before=2026-01-11")).json.meta.count,
    ).toBe(5);
    expect((await s.request("GET", "/v2.1/tournaments?type=knockout")).status).toBe(400);
  });

  it("scopes tournaments to a community by path or query", async () => {
    const s = await serviceWithCommunities(["lan"]);
    await s.request(
      "POST",
      "/v2.1/communities/lan/tournaments",
      tournamentBody({ name: "In", tournament_type: "swiss" }),
    );
    await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "Out", tournament_type: "swiss" }),
    );
    const scoped = await s.request("GET", "/v2.1/communities/lan/tournaments");
    expect(
      scoped.json.data.map((t: { attributes: { name: string } }) => t.attributes.name),
    ).toEqual(["In"]);
    expect((await s.request("GET", "/v2.1/tournaments?community_id=lan")).json.meta.count).toBe(1);
    expect((await s.request("GET", "/v2.1/communities/lan/tournaments/2")).status).toBe(404);
    const communities = await s.request("GET", "/v2.1/communities");
    expect(communities.json.data[0]).toMatchObject({
      type: "Community",
      attributes: { identifier: "lan", tournaments_count: 1 },
    });
  });

  it("answers change_state with 422 naming the transition, as the engine is not there yet", async () => {
    const s = await startService();
    await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "Cup", tournament_type: "swiss" }),
    );
    const r = await s.request("PUT", "/v2.1/tournaments/1/change_state", {
      data: { type: "TournamentState", attributes: { state: "start" } },
    });
    expect(r.status).toBe(422);
    expect(r.json.errors[0].detail).toContain("start");
    const bad = await s.request("PUT", "/v2.1/tournaments/1/change_state", {
      data: { type: "TournamentState", attributes: { state: "explode" } },
    });
    expect(bad.json.errors[0].source.pointer).toBe("/data/attributes/state");
  });
});

describe("a change of type and the third-place match", () => {
  const put = (s: Awaited<ReturnType<typeof startService>>, attributes: Record<string, unknown>) =>
    s.request("PUT", "/v2.1/tournaments/1", { data: { type: "Tournaments", attributes } });
  const rank = (r: { json: any }) =>
    r.json.data.attributes.match_options.consolation_matches_target_rank;

  it("drops consolation_matches_target_rank when the type leaves single elimination, unless the request sets it", async () => {
    const s = await startService();
    await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({
        name: "Cup",
        tournament_type: "single elimination",
        match_options: { consolation_matches_target_rank: 3 },
      }),
    );
    // Another attribute, the type unchanged: kept.
    expect(rank(await put(s, { name: "Cup 2" }))).toBe(3);
    const swapped = await put(s, { tournament_type: "double elimination" });
    expect(swapped.status).toBe(200);
    expect(rank(swapped)).toBeNull();
    expect(rank(await s.request("GET", "/v2.1/tournaments/1"))).toBeNull();
    // Back to single elimination with it; then a type and the rank in one request: as asked.
    expect(
      rank(
        await put(s, {
          tournament_type: "single elimination",
          match_options: { consolation_matches_target_rank: 3 },
        }),
      ),
    ).toBe(3);
    expect(
      rank(
        await put(s, {
          tournament_type: "swiss",
          match_options: { consolation_matches_target_rank: 3 },
        }),
      ),
    ).toBe(3);
  });

  // 5 (5th-8th) was once taken at create, then refused at the start; now 5, 9, 17 are planned
  // (placements.test.ts) and a value between them is refused at create and update alike.
  it("refuses a consolation_matches_target_rank between 3, 5, 9, ... at create and update alike, 422", async () => {
    const s = await startService();
    const valid =
      "must be 3 (a third-place match), 5 (also 5th-8th), 9 (also 9th-16th), 17, 33, ... (a power of two plus one, up to 32769), or null or 0 for none";
    for (const value of [4, 6, 10]) {
      const created = await s.request(
        "POST",
        "/v2.1/tournaments",
        tournamentBody({
          name: `C${value}`,
          tournament_type: "single elimination",
          match_options: { consolation_matches_target_rank: value },
        }),
      );
      expect(created.status).toBe(422);
      expect(created.json.errors[0].detail).toBe(
        `consolation_matches_target_rank ${valid}, not ${value}`,
      );
      expect(created.json.errors[0].source.pointer).toBe(
        "/data/attributes/match_options/consolation_matches_target_rank",
      );
    }
    expect((await s.request("GET", "/v2.1/tournaments")).json.data).toEqual([]);
    await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "Cup", tournament_type: "single elimination" }),
    );
    const updated = await put(s, { match_options: { consolation_matches_target_rank: 6 } });
    expect(updated.status).toBe(422);
    expect(updated.json.errors[0].detail).toContain(`${valid}, not 6`);
    expect(rank(await s.request("GET", "/v2.1/tournaments/1"))).toBeNull();
    const below = await put(s, { match_options: { consolation_matches_target_rank: 2 } });
    expect(below.json.errors[0].detail).toBe(`consolation_matches_target_rank ${valid}, not 2`);
    expect(rank(await put(s, { match_options: { consolation_matches_target_rank: 5 } }))).toBe(5);
  });
});

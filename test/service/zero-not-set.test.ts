/**
 * DESIGN.md §3: "`0` where the contract sets no bound means 'not set'". The published
 * description bounds no integer, so a count whose least value is 1 or 2 (a group's size,
 * those advancing from it, round robin iterations, a free for all's match size, a grand
 * prix's rounds) takes 0 as not set: its default (src/model/tournament-defaults.ts,
 * DEFAULT_GRAND_PRIX_ROUNDS), on a create as on an update, as the nullable ones
 * (swiss_options.rounds, signup_cap, check_in_duration) take it as null. A count that
 * allows 0, such as a points value, keeps its 0.
 */
import { describe, expect, it } from "vitest";
import { raceBody } from "../helpers/race-service.js";
import { startService, tournamentBody } from "../helpers/service.js";

describe("0 is not set for a count the description gives no bound", () => {
  it("a tournament's counts take their defaults, on create and on update", async () => {
    const s = await startService();
    const created = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({
        name: "Zero",
        tournament_type: "round robin",
        group_stage_enabled: true,
        group_stage_options: {
          group_size: 0,
          participant_count_to_advance_per_group: 0,
          rr_iterations: 0,
          rr_pts_for_match_win: 0,
        },
        round_robin_options: { iterations: 0, pts_for_match_win: 0 },
        free_for_all_options: { max_participants: 0 },
      }),
    );
    expect(created.status, created.body).toBe(201);
    const attributes = created.json.data.attributes;
    expect(attributes.group_stage_options).toMatchObject({
      group_size: 4,
      participant_count_to_advance_per_group: 2,
      rr_iterations: 1,
      rr_pts_for_match_win: 0,
    });
    expect(attributes.round_robin_options).toMatchObject({ iterations: 1, pts_for_match_win: 0 });
    expect(attributes.free_for_all_options).toEqual({ max_participants: 4 });

    const set = await s.request(
      "PUT",
      "/v2.1/tournaments/zero",
      tournamentBody({
        round_robin_options: { iterations: 3 },
        group_stage_options: { group_size: 6 },
      }),
    );
    expect(set.status, set.body).toBe(200);
    expect(set.json.data.attributes.round_robin_options.iterations).toBe(3);
    const unset = await s.request(
      "PUT",
      "/v2.1/tournaments/zero",
      tournamentBody({
        round_robin_options: { iterations: 0 },
        group_stage_options: { group_size: 0 },
      }),
    );
    expect(unset.status, unset.body).toBe(200);
    expect(unset.json.data.attributes.round_robin_options.iterations).toBe(1);
    expect(unset.json.data.attributes.group_stage_options.group_size).toBe(4);
  });

  it("a grand prix of 0 rounds runs the default 4", async () => {
    const s = await startService();
    const r = await s.request(
      "POST",
      "/v2.1/races",
      raceBody({ name: "GP", raceType: "grand prix", grandPrixOptions: { rounds: 0 } }),
    );
    expect(r.status, r.body).toBe(201);
    expect(r.json.data.attributes.grandPrixOptions).toEqual({ rounds: 4 });
    expect((await s.request("GET", "/v2.1/races/1/rounds")).json.meta.count).toBe(4);
  });

  it("below the least value otherwise is still refused", async () => {
    const s = await startService();
    const r = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({
        name: "One",
        tournament_type: "round robin",
        group_stage_options: { group_size: 1 },
      }),
    );
    expect(r.status).toBe(422);
    expect(r.json.errors[0].source.pointer).toBe("/data/attributes/group_stage_options/group_size");
  });
});

/** v1 tournaments (issue 17): every operation, the record's fields and types, the v1 names on the v2.1 model. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startV1, type V1Harness } from "../helpers/v1.js";

let v: V1Harness;
beforeEach(async () => {
  // The subdomains the tests use exist: an unknown one is a 404 (issue 24, item 11).
  v = await startV1({ communities: ["lan", "club"] });
});
afterEach(() => v.close());

const FIELD_TYPES: Record<string, string> = {
  id: "number",
  name: "string",
  url: "string",
  description: "string",
  description_source: "string",
  ranked_by: "string",
  state: "string",
  tournament_type: "string",
  game_name: "string",
  full_service_url: "string",
  live_image_url: "string",
  game_id: "number",
  participants_count: "number",
  progress_meter: "number",
  max_predictions_per_user: "number",
  prediction_method: "number",
  swiss_rounds: "number",
  ...Object.fromEntries(
    [
      "pts_for_bye",
      "pts_for_game_tie",
      "pts_for_game_win",
      "pts_for_match_tie",
      "pts_for_match_win",
      "rr_pts_for_game_tie",
      "rr_pts_for_game_win",
      "rr_pts_for_match_tie",
      "rr_pts_for_match_win",
    ].map((k) => [k, "decimal"]),
  ),
  created_at: "time",
  updated_at: "time",
  ...Object.fromEntries(
    [
      "accept_attachments",
      "allow_participant_match_reporting",
      "anonymous_voting",
      "created_by_api",
      "credit_capped",
      "group_stages_enabled",
      "hide_forum",
      "hide_seeds",
      "hold_third_place_match",
      "notify_users_when_matches_open",
      "notify_users_when_the_tournament_ends",
      "open_signup",
      "private",
      "quick_advance",
      "require_score_agreement",
      "sequential_pairings",
      "show_rounds",
      "teams",
      "review_before_finalizing",
      "accepting_predictions",
      "participants_locked",
      "participants_swappable",
      "team_convertable",
      "group_stages_were_started",
    ].map((k) => [k, "boolean"]),
  ),
  tie_breaks: "array",
  ...Object.fromEntries(
    [
      "category",
      "check_in_duration",
      "completed_at",
      "predictions_opened_at",
      "signup_cap",
      "start_at",
      "started_at",
      "started_checking_in_at",
      "subdomain",
      "sign_up_url",
    ].map((k) => [k, "null"]),
  ),
};

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "string" && /^-?\d+\.\d+$/.test(value)) return "decimal";
  if (
    typeof value === "string" &&
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/.test(value)
  )
    return "time";
  return typeof value;
}

const create = (query: Record<string, string>) => v.call("POST", "/v1/tournaments.json", { query });

describe("v1 tournaments", () => {
  it("create answers 200 with {tournament: {...}}: exactly the seed's v1 fields, with their types", async () => {
    const r = await create({ "tournament[name]": "Spring Cup", "tournament[url]": "spring" });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual(["tournament"]);
    const t = r.json.tournament;
    expect(Object.keys(t).sort()).toEqual(Object.keys(FIELD_TYPES).sort());
    for (const [field, type] of Object.entries(FIELD_TYPES))
      expect(typeOf(t[field]), field).toBe(type);
    expect(t).toMatchObject({
      id: 1,
      name: "Spring Cup",
      url: "spring",
      state: "pending",
      tournament_type: "single elimination",
      pts_for_match_win: "1.0",
      pts_for_match_tie: "0.5",
      rr_pts_for_match_win: "1.0",
      swiss_rounds: 0,
      hold_third_place_match: false,
      full_service_url: "http://localhost/v1/tournaments/spring",
    });
  });

  it("maps every v1 create parameter onto the v2.1 model, read back through v1 and v2.1", async () => {
    const r = await create({
      "tournament[name]": "Mapped",
      "tournament[tournament_type]": "swiss",
      "tournament[description]": "All of them",
      "tournament[open_signup]": "true",
      "tournament[hold_third_place_match]": "1",
      "tournament[pts_for_match_win]": "3",
      "tournament[pts_for_match_tie]": "1",
      "tournament[pts_for_game_win]": "0.5",
      "tournament[pts_for_game_tie]": "0.25",
      "tournament[pts_for_bye]": "2",
      "tournament[swiss_rounds]": "4",
      "tournament[ranked_by]": "game wins",
      "tournament[rr_pts_for_match_win]": "2",
      "tournament[rr_pts_for_match_tie]": "1.5",
      "tournament[rr_pts_for_game_win]": "1",
      "tournament[rr_pts_for_game_tie]": "0",
      "tournament[accept_attachments]": "true",
      "tournament[hide_forum]": "true",
      "tournament[show_rounds]": "false",
      "tournament[private]": "true",
      "tournament[notify_users_when_matches_open]": "false",
      "tournament[notify_users_when_the_tournament_ends]": "0",
      "tournament[sequential_pairings]": "true",
      "tournament[signup_cap]": "16",
      "tournament[start_at]": "2026-05-01T18:00:00+02:00",
      "tournament[check_in_duration]": "30",
      "tournament[grand_finals_modifier]": "single match",
      "tournament[subdomain]": "lan",
    });
    expect(r.status).toBe(200);
    const t = r.json.tournament;
    expect(t).toMatchObject({
      tournament_type: "swiss",
      open_signup: true,
      hold_third_place_match: true,
      pts_for_match_win: "3.0",
      pts_for_game_tie: "0.25",
      pts_for_bye: "2.0",
      swiss_rounds: 4,
      ranked_by: "game wins",
      rr_pts_for_match_tie: "1.5",
      accept_attachments: true,
      private: true,
      notify_users_when_matches_open: false,
      notify_users_when_the_tournament_ends: false,
      sequential_pairings: true,
      signup_cap: 16,
      start_at: "2026-05-01T16:00:00.000+00:00",
      check_in_duration: 30,
      subdomain: "lan",
      sign_up_url: "http://localhost/v2.1/tournaments/mapped/participants/register",
    });
    const v21 = await v.s.request("GET", `/v2.1/tournaments/${t.id}`, undefined, {
      authorization: v.key,
    });
    const a = v21.json.data.attributes;
    expect(a.match_options).toEqual({
      consolation_matches_target_rank: 3,
      accept_attachments: true,
    });
    expect(a.swiss_options).toEqual({
      rounds: 4,
      pts_for_match_win: 3,
      pts_for_match_tie: 1,
      pts_for_game_win: 0.5,
      pts_for_game_tie: 0.25,
      pts_for_bye: 2,
    });
    expect(a.round_robin_options).toMatchObject({
      ranking: "game wins",
      pts_for_match_win: 2,
      pts_for_match_tie: 1.5,
    });
    expect(a.registration_options).toEqual({
      open_signup: true,
      signup_cap: 16,
      check_in_duration: 30,
    });
    expect(a.double_elimination_options.grand_finals_modifier).toBe("single match");
    expect(a.notifications).toEqual({ upon_matches_open: false, upon_tournament_ends: false });
    expect(a.starts_at).toBe("2026-05-01T16:00:00.000Z");
  });

  it("a tournament made through v2.1 reads the same through v1", async () => {
    const made = await v.s.request(
      "POST",
      "/v2.1/tournaments",
      {
        data: {
          type: "tournament",
          attributes: {
            name: "From v2",
            tournament_type: "round robin",
            match_options: { consolation_matches_target_rank: 3 },
            round_robin_options: { pts_for_match_win: 3 },
          },
        },
      },
      { authorization: v.key },
    );
    const r = await v.call("GET", `/v1/tournaments/${made.json.data.attributes.url}`);
    expect(r.status).toBe(200);
    expect(r.json.tournament).toMatchObject({
      id: Number(made.json.data.id),
      tournament_type: "round robin",
      hold_third_place_match: true,
      rr_pts_for_match_win: "3.0",
    });
  });

  it("index filters by state, type, created_after/before and subdomain; a list of wrapped records", async () => {
    await create({ "tournament[name]": "A", "tournament[tournament_type]": "swiss" });
    await create({ "tournament[name]": "B", "tournament[subdomain]": "club" });
    const all = await v.call("GET", "/v1/tournaments.json");
    expect(all.status).toBe(200);
    expect(all.json.map((w: any) => w.tournament.name)).toEqual(["A", "B"]);
    const swiss = await v.call("GET", "/v1/tournaments.json", { query: { type: "swiss" } });
    expect(swiss.json.map((w: any) => w.tournament.name)).toEqual(["A"]);
    const club = await v.call("GET", "/v1/tournaments", { query: { subdomain: "club" } });
    expect(club.json.map((w: any) => w.tournament.name)).toEqual(["B"]);
    const ended = await v.call("GET", "/v1/tournaments", { query: { state: "ended" } });
    expect(ended.json).toEqual([]);
    const pending = await v.call("GET", "/v1/tournaments", { query: { state: "pending" } });
    expect(pending.json).toHaveLength(2);
    const later = await v.call("GET", "/v1/tournaments", {
      query: { created_after: "2026-03-02" },
    });
    expect(later.json).toEqual([]);
    const before = await v.call("GET", "/v1/tournaments", {
      query: { created_before: "2026-03-02" },
    });
    expect(before.json).toHaveLength(2);
    const bad = await v.call("GET", "/v1/tournaments", { query: { state: "sideways" } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0]).toMatch(/^State must be pending, in_progress, ended/);
  });

  it("show nests participants and matches on include_participants=1 and include_matches=1", async () => {
    await create({ "tournament[name]": "Nest", "tournament[url]": "nest" });
    await v.call("POST", "/v1/tournaments/nest/participants/bulk_add", {
      query: [
        ["participants[][name]", "Ada"],
        ["participants[][name]", "Bo"],
      ],
    });
    await v.call("POST", "/v1/tournaments/nest/start.json");
    const plain = await v.call("GET", "/v1/tournaments/nest.json");
    expect(plain.json.tournament.participants).toBeUndefined();
    const full = await v.call("GET", "/v1/tournaments/nest.json", {
      query: { include_participants: "1", include_matches: "1" },
    });
    const t = full.json.tournament;
    expect(t.participants.map((w: any) => w.participant.name)).toEqual(["Ada", "Bo"]);
    expect(t.matches).toHaveLength(1);
    expect(t.matches[0].match).toMatchObject({ state: "open", round: 1, scores_csv: "" });
  });

  it("update changes v1 fields; destroy answers the record and removes it", async () => {
    const made = (await create({ "tournament[name]": "Old" })).json.tournament;
    const r = await v.call("PUT", `/v1/tournaments/${made.id}.json`, {
      form: [
        ["tournament[name]", "New"],
        ["tournament[signup_cap]", ""],
        ["tournament[hold_third_place_match]", "true"],
      ],
    });
    expect(r.status).toBe(200);
    expect(r.json.tournament).toMatchObject({
      name: "New",
      hold_third_place_match: true,
      signup_cap: null,
    });
    const gone = await v.call("DELETE", `/v1/tournaments/${made.id}.json`);
    expect(gone.status).toBe(200);
    expect(gone.json.tournament.name).toBe("New");
    const after = await v.call("GET", `/v1/tournaments/${made.id}.json`);
    expect(after.status).toBe(404);
    expect(after.json).toEqual({ errors: [`Tournament ${made.id} not found`] });
  });

  it("start, reset, open_for_predictions, and the check-in operations change state as v2.1 does", async () => {
    await create({ "tournament[name]": "Flow", "tournament[url]": "flow" });
    await v.call("POST", "/v1/tournaments/flow/participants/bulk_add", {
      json: { participants: [{ name: "A" }, { name: "B" }, { name: "C" }] },
    });
    const predictions = await v.call("POST", "/v1/tournaments/flow/open_for_predictions");
    expect(predictions.json.tournament).toMatchObject({
      state: "accepting_predictions",
      accepting_predictions: true,
    });
    const started = await v.call("POST", "/v1/tournaments/flow/start");
    expect(started.json.tournament).toMatchObject({ state: "underway", participants_locked: true });
    expect(started.json.tournament.started_at).toMatch(/\+00:00$/);
    const reset = await v.call("POST", "/v1/tournaments/flow/reset");
    expect(reset.json.tournament.state).toBe("pending");
    const again = await v.call("POST", "/v1/tournaments/flow/reset");
    expect(again.status).toBe(422);
    expect(again.json.errors[0]).toMatch(/pending/);
    // Check-in: a start time and a duration open it; process and abort move it on.
    const soon = new Date(Date.parse("2026-03-01T10:20:00Z")).toISOString();
    await v.call("PUT", "/v1/tournaments/flow", {
      query: { "tournament[start_at]": soon, "tournament[check_in_duration]": "60" },
    });
    const checking = await v.call("GET", "/v1/tournaments/flow");
    expect(checking.json.tournament.state).toBe("checking_in");
    expect(checking.json.tournament.started_checking_in_at).toMatch(/\+00:00$/);
    const aborted = await v.call("POST", "/v1/tournaments/flow/abort_check_in");
    expect(aborted.status).toBe(200);
    expect(aborted.json.tournament.state).toBe("pending");
    const processed = await v.call("POST", "/v1/tournaments/flow/process_check_ins");
    expect(processed.status).toBe(422);
  });

  it("finalize completes a tournament awaiting review", async () => {
    await create({ "tournament[name]": "Fin", "tournament[url]": "fin" });
    await v.call("POST", "/v1/tournaments/fin/participants/bulk_add", {
      query: [
        ["participants[][name]", "A"],
        ["participants[][name]", "B"],
      ],
    });
    await v.call("POST", "/v1/tournaments/fin/start");
    const m = (await v.call("GET", "/v1/tournaments/fin/matches")).json[0].match;
    await v.call("PUT", `/v1/tournaments/fin/matches/${m.id}`, {
      query: { "match[scores_csv]": "2-0", "match[winner_id]": String(m.player1_id) },
    });
    const waiting = await v.call("GET", "/v1/tournaments/fin");
    expect(waiting.json.tournament).toMatchObject({
      state: "awaiting_review",
      progress_meter: 100,
    });
    const done = await v.call("POST", "/v1/tournaments/fin/finalize", {
      query: { include_participants: "1" },
    });
    expect(done.json.tournament.state).toBe("complete");
    expect(done.json.tournament.completed_at).toMatch(/\+00:00$/);
    expect(done.json.tournament.participants.map((w: any) => w.participant.final_rank)).toEqual([
      1, 2,
    ]);
  });

  it("v1 start and finalize run a two-stage tournament's group stage", async () => {
    await create({
      "tournament[name]": "Groups",
      "tournament[url]": "groups",
      "tournament[group_stages_enabled]": "true",
    });
    const names = ["A", "B", "C", "D", "E", "F", "G", "H"].map(
      (n) => ["participants[][name]", n] as [string, string],
    );
    await v.call("POST", "/v1/tournaments/groups/participants/bulk_add", { query: names });
    const started = await v.call("POST", "/v1/tournaments/groups/start");
    expect(started.json.tournament).toMatchObject({
      state: "group_stages_underway",
      group_stages_were_started: true,
    });
    const early = await v.call("POST", "/v1/tournaments/groups/finalize");
    // finalize_group_stage, not finalize: the group stage is what is not over.
    expect(early.status).toBe(422);
    expect(early.json).toEqual({
      errors: ["12 group stage matches are not complete yet; report them first"],
    });
  });
});

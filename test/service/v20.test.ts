/**
 * The deprecated v2.0 (issue 25): every operation the seed names answers under
 * /v2 and /v2.0 as its v2.1 successor does, with Deprecation and a Link to the
 * successor; nothing else is answered there.
 */
import { describe, expect, it } from "vitest";
import type { HttpMethod } from "../../src/model/http.js";
import { V20_OPERATIONS } from "../../src/service/v20/operations.js";
import { v20Prefix } from "../../src/service/v20/version.js";
import { bulkTimes, raceBody, raceState, roundState, timeBody } from "../helpers/race-service.js";
import {
  participantsBody,
  type ServiceHarness,
  startService,
  tournamentBody,
} from "../helpers/service.js";

const state = (type: string, value: string) => ({ data: { type, attributes: { state: value } } });

/** Calls one v2.0 operation under `prefix`, checks it answered 2xx with the deprecation headers. */
function caller(s: ServiceHarness, prefix: string, seen: Set<string>) {
  return async (id: string, method: HttpMethod, path: string, body?: unknown) => {
    const op = V20_OPERATIONS.find((o) => {
      if (o.id !== id || o.method !== method) return false;
      const pattern = new RegExp(`^${o.path.replace(/:[a-z]+/g, "[^/]+")}(\\.json)?(\\?.*)?$`);
      return pattern.test(path);
    });
    expect(op, `${id}: ${method} ${path} is not a v2.0 operation`).toBeDefined();
    seen.add(`${op!.id} ${op!.method} ${op!.path}`);
    const r = await s.request(method, `${prefix}${path}`, body);
    expect(r.status, `${method} ${prefix}${path}: ${r.body}`).toBeLessThan(300);
    expect(r.headers.deprecation).toMatch(/^@\d+$/);
    expect(r.headers.link).toBe(`</v2.1${path}>; rel="successor-version"`);
    return r;
  };
}

async function tournamentOperations(call: ReturnType<typeof caller>) {
  const cup = { name: "Cup", url: "cup", tournament_type: "single elimination" };
  await call(
    "createTournament",
    "POST",
    "/tournaments.json",
    tournamentBody({
      ...cup,
      match_options: { accept_attachments: true },
    }),
  );
  expect((await call("findTournaments", "GET", "/tournaments")).json.data).toHaveLength(1);
  await call("showTournament", "GET", "/tournaments/cup.json");
  const updated = await call(
    "updateTournament",
    "PUT",
    "/tournaments/cup",
    tournamentBody({
      description: "spring",
    }),
  );
  expect(updated.json.data.attributes.description).toBe("spring");
  await call("createParticipant", "POST", "/tournaments/cup/participants", {
    data: { type: "Participants", attributes: { name: "A" } },
  });
  const path = "/tournaments/cup/participants";
  await call(
    "bulkCreateParticipant",
    "POST",
    `${path}/bulk_add`,
    participantsBody(["B", "C", "D"]),
  );
  const listed = await call("findParticipants", "GET", path);
  const ids = listed.json.data.map((p: { id: string }) => p.id) as string[];
  expect(ids).toHaveLength(4);
  await call("showParticipant", "GET", `${path}/${ids[0]}`);
  await call("updateParticipant", "PUT", `${path}/${ids[0]}`, {
    data: { type: "Participants", attributes: { name: "Ann" } },
  });
  await call("randomizeParticipants", "PUT", `${path}/randomize`);
  await call("deleteParticipant", "DELETE", `${path}/${ids[3]}`);
  await call(
    "changeStateTournament",
    "PUT",
    "/tournaments/cup/change_state",
    state("TournamentState", "start"),
  );
  const matches = await call("findMatches", "GET", "/tournaments/cup/matches?state=open");
  const m = matches.json.data[0];
  const match = `/tournaments/cup/matches/${m.id}`;
  await call("showMatch", "GET", match);
  await call(
    "changeStateTournament",
    "PUT",
    `${match}/change_state`,
    state("MatchState", "mark_as_underway"),
  );
  const attachment = await call("createMatchAttachments", "POST", `${match}/attachments`, {
    data: { type: "match_attachment", attributes: { description: "VOD" } },
  });
  await call("findMatchAttachments", "GET", `${match}/attachments`);
  await call("deleteMatchAttachment", "DELETE", `${match}/attachments/${attachment.json.data.id}`);
  const players = [m.relationships.player1.data.id, m.relationships.player2.data.id];
  const reported = await call("updateMatch", "PUT", match, {
    data: {
      type: "Match",
      attributes: {
        match: [
          { participant_id: players[0], score_set: "3", advancing: true },
          { participant_id: players[1], score_set: "1" },
        ],
      },
    },
  });
  expect(reported.json.data.attributes.state).toBe("complete");
  await call("createTournament", "POST", "/tournaments", tournamentBody({ ...cup, url: "two" }));
  await call(
    "bulkCreateParticipant",
    "POST",
    "/tournaments/two/participants/bulk_add",
    participantsBody(["X"]),
  );
  await call("clearAllParticipants", "DELETE", "/tournaments/two/participants/clear");
  await call("deleteTournament", "DELETE", "/tournaments/two");
}

async function raceOperations(s: ServiceHarness, call: ReturnType<typeof caller>) {
  const race = await call(
    "createRace",
    "POST",
    "/races",
    raceBody({
      name: "GP",
      raceType: "grand prix",
      grandPrixOptions: { rounds: 2 },
    }),
  );
  const r = `/races/${race.json.data.id}`;
  // Race participants are not a v2.0 operation: added through v2.1.
  const added = await s.request(
    "POST",
    `/v2.1${r}/participants/bulk_add`,
    participantsBody(["A", "B"]),
  );
  expect(added.status).toBe(200);
  await call("findRaces", "GET", "/races");
  await call("showRace", "GET", r);
  await call("updateRace", "PUT", r, raceBody({ description: "fast" }));
  await call("changeStateRace", "PUT", `${r}/change_state`, raceState("start"));
  await call("findRounds", "GET", `${r}/rounds`);
  await call("showRound", "GET", `${r}/rounds/1`);
  const times = await call("findElapsedTime", "GET", `${r}/rounds/1/elapsed_times`);
  const [a, b] = times.json.data.map((t: { id: string }) => t.id) as string[];
  await call("showElapsedTime", "GET", `${r}/rounds/1/elapsed_times/${a}`);
  await call(
    "updateElapsedTime",
    "PUT",
    `${r}/rounds/1/elapsed_times/${a}`,
    timeBody({ elapsedTime: 500 }),
  );
  await call(
    "bulkUpdateElapsedTime",
    "POST",
    `${r}/rounds/1/elapsed_times/bulk_update`,
    bulkTimes([{ elapsedTimeId: Number(b), time: 900, points: 0 }]),
  );
  await call("updateRound", "PUT", `${r}/rounds/1`, roundState("finalize"));
  await call("deleteRace", "DELETE", r);
}

describe("v2.0 (deprecated)", () => {
  for (const prefix of ["/v2", "/v2.0"]) {
    it(`answers every v2.0 operation under ${prefix}, with Deprecation and a Link to its v2.1 successor`, async () => {
      const s = await startService();
      const seen = new Set<string>();
      const call = caller(s, prefix, seen);
      await tournamentOperations(call);
      await raceOperations(s, call);
      await call("findUser", "GET", "/me");
      await call("findCommunities", "GET", "/communities");
      const all = V20_OPERATIONS.map((o) => `${o.id} ${o.method} ${o.path}`);
      expect([...seen].sort()).toEqual([...all].sort());
      expect(new Set(V20_OPERATIONS.map((o) => o.id)).size).toBe(35);
    });
  }

  it("answers exactly what v2.1 answers, the same body and status, errors too", async () => {
    const s = await startService();
    await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({
        name: "Cup",
        url: "cup",
        tournament_type: "swiss",
      }),
    );
    await s.request(
      "POST",
      "/v2.1/tournaments/cup/participants/bulk_add",
      participantsBody(["A", "B"]),
    );
    for (const path of [
      "/tournaments",
      "/tournaments/cup.json",
      "/tournaments/cup/participants?per_page=1",
      "/tournaments/nope",
    ]) {
      const old = await s.request("GET", `/v2${path}`);
      const now = await s.request("GET", `/v2.1${path}`);
      expect(old.status).toBe(now.status);
      expect(old.json).toEqual(now.json);
    }
    const missing = await s.request("GET", "/v2.0/tournaments/nope");
    expect(missing.status).toBe(404);
    expect(missing.headers.deprecation).toMatch(/^@\d+$/);
    expect(missing.headers.link).toBe('</v2.1/tournaments/nope>; rel="successor-version"');
  });

  it("answers nothing else under /v2: community paths, stations, check-in, unknown paths are 404; another method is 405", async () => {
    const s = await startService();
    await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({
        name: "Cup",
        url: "cup",
        tournament_type: "single elimination",
      }),
    );
    for (const [method, path] of [
      ["GET", "/v2/communities/lan/tournaments"],
      ["GET", "/v2.0/communities/lan/tournaments/cup"],
      ["GET", "/v2/tournaments/cup/stations"],
      ["POST", "/v2/tournaments/cup/participants/1/check_in"],
      ["GET", "/v2/races/1/participants"],
      ["GET", "/v2/tournaments/cup/standings"],
      ["GET", "/v2"],
      ["GET", "/v2.0/"],
      ["GET", "/v2.2/tournaments"],
      ["GET", "/v20/tournaments"],
    ] as const) {
      const r = await s.request(method, path);
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.headers.link).toBeUndefined();
    }
    const wrong = await s.request(
      "POST",
      "/v2/tournaments/cup/change_state",
      state("TournamentState", "start"),
    );
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe("PUT, OPTIONS");
    const options = await s.request("OPTIONS", "/v2/tournaments/cup");
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe("GET, PUT, DELETE, HEAD, OPTIONS");
    expect((await s.request("GET", "/v2.1/tournaments/cup")).json.data.attributes.state).toBe(
      "pending",
    );
  });

  it("finds the version prefix before a slash, a query, .json or the end, and only there", () => {
    const cases: [string, string | undefined][] = [
      ["/v2.json", "/v2"],
      ["/v2.0.json", "/v2.0"],
      ["/v2.0.json?x=1", "/v2.0"],
      ["/v2/tournaments", "/v2"],
      ["/v2?page=1", "/v2"],
      ["/v2", "/v2"],
      ["/v2.1/tournaments/1/matches/5", undefined],
      ["/v2.js", undefined],
      ["/v20", undefined],
    ];
    for (const [path, prefix] of cases) expect(v20Prefix(path), path).toBe(prefix);
  });

  it("needs the same credentials as v2.1 when served", async () => {
    const s = await startService({ requireAuth: true });
    const refused = await s.request("GET", "/v2/tournaments");
    expect(refused.status).toBe(401);
    expect(refused.headers.deprecation).toMatch(/^@\d+$/);
    const key = s.service.createApiKey("v2 client");
    const ok = await s.request("GET", "/v2/tournaments", undefined, { authorization: key });
    expect(ok.status).toBe(200);
  });
});

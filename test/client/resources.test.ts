import { describe, expect, it } from "vitest";
import { type ApiClient, createApiClient } from "../../src/client/api-client.js";
import type { HttpRequest } from "../../src/model/http.js";
import { json, record, routeTransport } from "./stub-transport.js";

/** Runs `call` against a transport answering every request with one record; returns the request. */
async function requestOf(call: (client: ApiClient) => Promise<unknown>) {
  const transport = routeTransport((request) =>
    request.method === "DELETE" ? { status: 204 } : json(200, { data: record(1, "x") }),
  );
  await call(createApiClient({ transport }));
  const request = transport.requests[0] as HttpRequest;
  return {
    method: request.method,
    path: request.path,
    body: request.body === undefined ? undefined : JSON.parse(request.body),
  };
}

describe("resource calls", () => {
  it.each<[string, (c: ApiClient) => Promise<unknown>, string, string, unknown]>([
    [
      "tournament state",
      (c) => c.tournaments.changeState("cup", "start"),
      "PUT",
      "/v2.1/tournaments/cup/change_state",
      { data: { type: "TournamentState", attributes: { state: "start" } } },
    ],
    [
      "tournament list filters",
      (c) =>
        c.tournaments.list({
          state: "in_progress",
          type: "swiss",
          created_after: "2025-01-01",
          page: 2,
          per_page: 50,
        }),
      "GET",
      "/v2.1/tournaments?state=in_progress&type=swiss&created_after=2025-01-01&page=2&per_page=50",
      undefined,
    ],
    [
      "participant update",
      (c) => c.participants.update("cup", 5, { seed: 2 }),
      "PUT",
      "/v2.1/tournaments/cup/participants/5",
      { data: { type: "Participants", attributes: { seed: 2 } } },
    ],
    [
      "participants clear",
      (c) => c.participants.clear("cup"),
      "DELETE",
      "/v2.1/tournaments/cup/participants/clear",
      undefined,
    ],
    [
      "participants randomize",
      (c) => c.participants.randomize("cup"),
      "PUT",
      "/v2.1/tournaments/cup/participants/randomize",
      undefined,
    ],
    [
      "register",
      (c) => c.participants.register("cup"),
      "POST",
      "/v2.1/tournaments/cup/participants/register",
      { data: { type: "Participants", attributes: {} } },
    ],
    [
      "unregister",
      (c) => c.participants.unregister("cup"),
      "DELETE",
      "/v2.1/tournaments/cup/participants/register",
      undefined,
    ],
    [
      "match list filters",
      (c) => c.matches.list("cup", { state: "open", participant_id: 355 }),
      "GET",
      "/v2.1/tournaments/cup/matches?state=open&participant_id=355",
      undefined,
    ],
    [
      "match get",
      (c) => c.matches.get("cup", 8),
      "GET",
      "/v2.1/tournaments/cup/matches/8",
      undefined,
    ],
    [
      "match report",
      (c) =>
        c.matches.update("cup", 8, {
          match: [
            { participant_id: "355", score_set: "3,1", advancing: true },
            { participant_id: 354, score_set: "1,3" },
          ],
        }),
      "PUT",
      "/v2.1/tournaments/cup/matches/8",
      {
        data: {
          type: "Match",
          attributes: {
            match: [
              { participant_id: "355", score_set: "3,1", advancing: true },
              { participant_id: 354, score_set: "1,3" },
            ],
          },
        },
      },
    ],
    [
      "match tie",
      (c) =>
        c.matches.update("cup", 8, { match: [{ participant_id: 1, score_set: "1" }], tie: true }),
      "PUT",
      "/v2.1/tournaments/cup/matches/8",
      {
        data: {
          type: "Match",
          attributes: { match: [{ participant_id: 1, score_set: "1" }], tie: true },
        },
      },
    ],
    [
      "match state",
      (c) => c.matches.changeState("cup", 8, "reopen"),
      "PUT",
      "/v2.1/tournaments/cup/matches/8/change_state",
      { data: { type: "MatchState", attributes: { state: "reopen" } } },
    ],
    [
      "match reopen with reset_dependents",
      (c) => c.matches.changeState("cup", 8, "reopen", { reset_dependents: true }),
      "PUT",
      "/v2.1/tournaments/cup/matches/8/change_state",
      { data: { type: "MatchState", attributes: { state: "reopen", reset_dependents: true } } },
    ],
    [
      "standings",
      (c) => c.tournaments.standings("cup"),
      "GET",
      "/v2.1/tournaments/cup/standings?page=1&per_page=1000",
      undefined,
    ],
    [
      "check in",
      (c) => c.participants.checkIn("cup", 5),
      "POST",
      "/v2.1/tournaments/cup/participants/5/check_in",
      undefined,
    ],
    [
      "undo check in",
      (c) => c.participants.undoCheckIn("cup", 5),
      "POST",
      "/v2.1/tournaments/cup/participants/5/undo_check_in",
      undefined,
    ],
    [
      "attachment create",
      (c) => c.attachments.create("cup", 8, { url: "https://x/y.png" }),
      "POST",
      "/v2.1/tournaments/cup/matches/8/attachments",
      { data: { type: "match_attachment", attributes: { url: "https://x/y.png" } } },
    ],
    [
      "attachment delete",
      (c) => c.attachments.delete("cup", 8, 3),
      "DELETE",
      "/v2.1/tournaments/cup/matches/8/attachments/3",
      undefined,
    ],
    [
      "station update",
      (c) => c.stations.of("cup").update(4, { name: "TV 1" }),
      "PUT",
      "/v2.1/tournaments/cup/stations/4",
      { data: { type: "station", attributes: { name: "TV 1" } } },
    ],
    [
      "queuer create",
      (c) => c.stations.queuers("cup", 4).create({ participant_id: 9 }),
      "POST",
      "/v2.1/tournaments/cup/stations/4/station_queuers",
      { data: { type: "station_queuer", attributes: { participant_id: 9 } } },
    ],
    [
      "race state",
      (c) => c.races.changeState("derby", "end_round"),
      "PUT",
      "/v2.1/races/derby/change_state",
      { data: { type: "RaceState", attributes: { state: "end_round" } } },
    ],
    [
      "round state",
      (c) => c.races.rounds("derby").changeState(2, "finalize"),
      "PUT",
      "/v2.1/races/derby/rounds/2",
      { data: { type: "RoundState", attributes: { state: "finalize" } } },
    ],
    [
      "elapsed times bulk",
      (c) =>
        c.races.elapsedTimes("derby", 2).bulkUpdate([{ elapsedTimeId: 1, time: 900, points: 3 }]),
      "POST",
      "/v2.1/races/derby/rounds/2/elapsed_times/bulk_update",
      {
        data: {
          type: "BulkElapsedTime",
          attributes: { elapsed_times: [{ elapsedTimeId: 1, time: 900, points: 3 }] },
        },
      },
    ],
    ["me", (c) => c.user.me(), "GET", "/v2.1/me", undefined],
    ["communities", (c) => c.communities.list(), "GET", "/v2.1/communities", undefined],
  ])("%s", async (_name, call, method, path, body) => {
    expect(await requestOf(call)).toEqual({ method, path, body });
  });
});

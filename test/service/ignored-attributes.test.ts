/**
 * DESIGN.md §3: attributes the service does not know are ignored and named in
 * `meta.ignored_attributes`, on every write route alike (tournaments, participants,
 * stations and attachments: contract.test.ts). Here the routes that refused them
 * (elapsed times, bulk_update, register) or dropped them unnamed (a match report,
 * every change of state, a round update). A key naming an object property stays a 422.
 */
import { describe, expect, it } from "vitest";
import { changeState, createWithPlayers, matches } from "../helpers/play.js";
import {
  bulkTimes,
  raceState,
  roundState,
  timeBody,
  timeIds,
  withRace,
} from "../helpers/race-service.js";
import { startService } from "../helpers/service.js";

const times = "/v2.1/races/1/rounds/1/elapsed_times";

describe("unknown attributes are ignored and named on every write route", () => {
  it("elapsed times: PUT and bulk_update (beside elapsed_times and in an entry) apply what is known", async () => {
    const s = await withRace({ grandPrixOptions: { rounds: 2 } }, ["A", "B"]);
    const started = await s.request("PUT", "/v2.1/races/1/change_state", {
      data: { type: "RaceState", attributes: { state: "start", reason: "rain" } },
    });
    expect(started.status, started.body).toBe(200);
    expect(started.json.meta).toEqual({ ignored_attributes: ["reason"] });
    const ids = await timeIds(s, 1);
    const one = await s.request(
      "PUT",
      `${times}/${ids.get("A")}`,
      timeBody({ elapsedTime: 61_000, colour: "red" }),
    );
    expect(one.status, one.body).toBe(200);
    expect(one.json.meta).toEqual({ ignored_attributes: ["colour"] });
    expect(one.json.data.attributes.elapsedTime).toBe(61_000);
    expect(one.json.data.attributes).not.toHaveProperty("colour");
    const plain = await s.request("PUT", `${times}/${ids.get("A")}`, timeBody({ points: 3 }));
    expect(plain.json.meta).toBeUndefined();

    const bulk = await s.request("POST", `${times}/bulk_update`, {
      data: {
        type: "BulkElapsedTime",
        attributes: {
          source: "timer",
          elapsed_times: [
            { elapsedTimeId: Number(ids.get("A")), time: 5000 },
            { elapsedTimeId: Number(ids.get("B")), time: 4000, colour: "blue" },
          ],
        },
      },
    });
    expect(bulk.status, bulk.body).toBe(200);
    expect(bulk.json.meta).toEqual({ ignored_attributes: ["source", "elapsed_times.1.colour"] });
    expect(
      bulk.json.data.map((t: { attributes: { elapsedTime: number } }) => t.attributes.elapsedTime),
    ).toEqual([5000, 4000]);
    const objectKey = await s.request(
      "POST",
      `${times}/bulk_update`,
      bulkTimes([{ elapsedTimeId: Number(ids.get("A")), time: 1, toString: 1 }]),
    );
    expect(objectKey.status).toBe(422);
    expect(objectKey.json.errors[0].source.pointer).toBe(
      "/data/attributes/elapsed_times/0/toString",
    );

    const round = await s.request("PUT", "/v2.1/races/1/rounds/1", {
      data: { type: "RoundState", attributes: { state: "finalize", note: "x" } },
    });
    expect(round.status, round.body).toBe(200);
    expect(round.json.meta).toEqual({ ignored_attributes: ["note"] });
    const bare = await s.request("PUT", "/v2.1/races/1/rounds/2", roundState("start"));
    expect(bare.status, bare.body).toBe(200);
    expect(bare.json.meta).toBeUndefined();
    expect(
      (await s.request("PUT", "/v2.1/races/1/change_state", raceState("reset"))).json.meta,
    ).toBeUndefined();
  });

  it("tournaments: change_state, a match report (beside match and in an entry), a match's change_state, register", async () => {
    const s = await startService();
    const { id } = await createWithPlayers(
      s,
      { tournament_type: "single elimination", registration_options: { open_signup: true } },
      1,
    );
    const registered = await s.request("POST", `/v2.1/tournaments/${id}/participants/register`, {
      data: { type: "Participants", attributes: { misc: "m", team: "x" } },
    });
    expect(registered.status, registered.body).toBe(201);
    expect(registered.json.meta).toEqual({ ignored_attributes: ["team"] });
    expect(registered.json.data.attributes.misc).toBe("m");

    const started = await s.request("PUT", `/v2.1/tournaments/${id}/change_state`, {
      data: { type: "TournamentState", attributes: { state: "start", when: "now" } },
    });
    expect(started.status, started.body).toBe(200);
    expect(started.json.meta).toEqual({ ignored_attributes: ["when"] });
    expect(started.json.data.attributes.state).toBe("underway");

    const [m] = await matches(s, id, "open");
    const report = await s.request("PUT", `/v2.1/tournaments/${id}/matches/${m!.id}`, {
      data: {
        type: "Match",
        attributes: {
          referee: "Bo",
          match: [
            {
              participant_id: String(m!.player1_id),
              score_set: "2",
              advancing: true,
              side: "left",
            },
            { participant_id: String(m!.player2_id), score_set: "1", advancing: false },
          ],
        },
      },
    });
    expect(report.status, report.body).toBe(200);
    expect(report.json.meta).toEqual({ ignored_attributes: ["referee", "match.0.side"] });
    expect(report.json.data.attributes.winner_id).toBe(m!.player1_id);

    const reopened = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${m!.id}/change_state`,
      {
        data: {
          type: "MatchState",
          attributes: { state: "reopen", reset_dependents: false, why: "typo" },
        },
      },
    );
    expect(reopened.status, reopened.body).toBe(200);
    expect(reopened.json.meta).toEqual({ ignored_attributes: ["why"] });
    expect(reopened.json.data.attributes.state).toBe("open");
    const reset = await changeState(s, id, "reset");
    expect(reset.status).toBe(200);
    expect(reset.json.meta).toBeUndefined();

    const objectKey = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/change_state`,
      '{"data":{"type":"TournamentState","attributes":{"state":"start","__proto__":{"a":1}}}}',
    );
    expect(objectKey.status).toBe(422);
    expect(objectKey.json.errors[0].source.pointer).toBe("/data/attributes/__proto__");
    const after = await s.request("GET", `/v2.1/tournaments/${id}`);
    expect(after.json.data.attributes.state).toBe("pending");
  });
});

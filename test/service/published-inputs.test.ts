/**
 * serve answers the requests the published description draws (issue 25): the
 * community's `change_stage` path (the publisher's spelling), and the race and
 * elapsed-time inputs drawn without the `data` wrapper.
 */
import { describe, expect, it } from "vitest";
import { serviceWithCommunities } from "../helpers/communities.js";
import { raceState, timeIds, withRace } from "../helpers/race-service.js";
import { participantsBody, tournamentBody } from "../helpers/service.js";

describe("paths and inputs as the published description draws them", () => {
  it("PUT /communities/{c}/tournaments/{t}/change_stage.json changes the state, as change_state does", async () => {
    const s = await serviceWithCommunities(["lan"]);
    const base = "/v2.1/communities/lan/tournaments";
    const created = await s.request(
      "POST",
      `${base}.json`,
      tournamentBody({ name: "Cup", tournament_type: "single elimination" }),
    );
    expect(created.status).toBe(201);
    const t = created.json.data.id;
    const added = await s.request(
      "POST",
      `${base}/${t}/participants/bulk_add.json`,
      participantsBody(["A", "B", "C"]),
    );
    expect(added.status).toBe(200);
    const body = { data: { type: "TournamentState", attributes: { state: "start" } } };
    const started = await s.request("PUT", `${base}/${t}/change_stage.json`, body);
    expect(started.status).toBe(200);
    expect(started.json.data.attributes.state).toBe("underway");
    // Only the community scope publishes the spelling.
    const plain = await s.request("PUT", `/v2.1/tournaments/${t}/change_stage.json`, body);
    expect(plain.status).toBe(404);
  });

  it("lists and deletes the community's match_attachments without a match_id (the path cannot hold it)", async () => {
    const s = await serviceWithCommunities(["lan"]);
    const base = "/v2.1/communities/lan/tournaments";
    const settings = { match_options: { accept_attachments: true } };
    const created = await s.request(
      "POST",
      `${base}.json`,
      tournamentBody({ name: "Cup", tournament_type: "single elimination", ...settings }),
    );
    const t = created.json.data.id;
    await s.request(
      "POST",
      `${base}/${t}/participants/bulk_add`,
      participantsBody(["A", "B", "C", "D"]),
    );
    const start = { data: { type: "TournamentState", attributes: { state: "start" } } };
    expect((await s.request("PUT", `${base}/${t}/change_state`, start)).status).toBe(200);
    const matches = (await s.request("GET", `${base}/${t}/matches`)).json.data;
    const at = `${base}/${t}/match_attachments`;
    const note = (m: string, description: string) => ({
      data: { type: "match_attachment", attributes: { match_id: Number(m), description } },
    });
    expect((await s.request("POST", `${at}.json`, note(matches[0].id, "one"))).status).toBe(201);
    expect((await s.request("POST", `${at}.json`, note(matches[1].id, "two"))).status).toBe(201);
    const all = await s.request("GET", `${at}.json`);
    expect(all.status, all.body).toBe(200);
    expect(all.json.data.map((a: any) => a.attributes.description)).toEqual(["one", "two"]);
    expect(all.json.meta.count).toBe(2);
    const one = await s.request("GET", `${at}.json?match_id=${matches[0].id}`);
    expect(one.json.data).toHaveLength(1);
    const gone = await s.request("DELETE", `${at}/${all.json.data[1].id}.json`);
    expect(gone.status, gone.body).toBe(204);
    expect((await s.request("GET", `${at}.json`)).json.data).toHaveLength(1);
    expect((await s.request("DELETE", `${at}/${all.json.data[1].id}.json`)).status).toBe(404);
    // A create still needs the match.
    const bare = { data: { type: "match_attachment", attributes: { description: "x" } } };
    expect((await s.request("POST", `${at}.json`, bare)).status).toBe(400);
  });

  it("takes RacingInput, ElaspedTimeInput and ElapsedTimeBulkInput without the data wrapper", async () => {
    const s = await withRace({}, ["A", "B"]);
    const drawnRace = {
      type: "Race",
      attributes: { name: "Horse Racing 101", url: "horse_racing_101", raceType: "time trial" },
    };
    const created = await s.request("POST", "/v2.1/races.json", drawnRace);
    expect(created.status, created.body).toBe(201);
    expect(created.json.data.attributes.name).toBe("Horse Racing 101");
    const renamed = await s.request("PUT", "/v2.1/races/1.json", {
      type: "Race",
      attributes: { name: "Renamed GP" },
    });
    expect(renamed.status, renamed.body).toBe(200);
    expect(renamed.json.data.attributes.name).toBe("Renamed GP");

    expect((await s.request("PUT", "/v2.1/races/1/change_state", raceState("start"))).status).toBe(
      200,
    );
    const ids = await timeIds(s, 1);
    const times = "/v2.1/races/1/rounds/1/elapsed_times";
    const one = await s.request("PUT", `${times}/${ids.get("A")}.json`, {
      type: "ElaspedTime",
      attributes: { elapsedTime: 61000, points: 0 },
    });
    expect(one.status, one.body).toBe(200);
    expect(one.json.data.attributes.elapsedTime).toBe(61000);
    const bulk = await s.request("POST", `${times}/bulk_update.json`, {
      type: "BulkElapsedTime",
      attributes: {
        elapsed_times: [{ elapsedTimeId: Number(ids.get("B")), time: 59000, points: 0 }],
      },
    });
    expect(bulk.status, bulk.body).toBe(200);
    // A body that is neither form is still refused, naming the envelope.
    const neither = await s.request("PUT", `${times}/${ids.get("A")}.json`, { elapsedTime: 1 });
    expect(neither.status).toBe(400);
  });
});

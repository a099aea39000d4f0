/**
 * Aliases for a known client (issue 25): what Node-Challonge-V2 sends for
 * published operations answers as those operations do; nothing else is
 * loosened (other methods stay 405, v2.0 and community paths have no alias).
 */
import { describe, expect, it } from "vitest";
import {
  participantsBody,
  type ServiceHarness,
  startService,
  tournamentBody,
} from "../helpers/service.js";

const T = "/v2.1/tournaments/cup";
const state = (type: string, value: string) => ({ data: { type, attributes: { state: value } } });
const station = (attributes: Record<string, unknown>) => ({
  data: { type: "station", attributes },
});

async function withCup(s: ServiceHarness, attributes: Record<string, unknown> = {}) {
  const created = await s.request(
    "POST",
    "/v2.1/tournaments",
    tournamentBody({
      name: "Cup",
      url: "cup",
      tournament_type: "single elimination",
      ...attributes,
    }),
  );
  expect(created.status).toBe(201);
}

async function names(s: ServiceHarness): Promise<string[]> {
  const list = await s.request("GET", `${T}/participants`);
  return list.json.data.map((p: { attributes: { name: string } }) => p.attributes.name).sort();
}

describe("aliases for Node-Challonge-V2", () => {
  it("POST bulk_create, randomize, clear, change_state answer as bulk_add, PUT randomize, DELETE clear, PUT change_state", async () => {
    const s = await startService();
    await withCup(s);
    const bulk = await s.request(
      "POST",
      `${T}/participants/bulk_create.json`,
      participantsBody(["A", "B", "C", "D"]),
    );
    expect(bulk.status).toBe(200);
    expect(await names(s)).toEqual(["A", "B", "C", "D"]);
    const randomized = await s.request("POST", `${T}/participants/randomize`);
    expect(randomized.status).toBe(200);
    expect(randomized.json.data).toHaveLength(4);
    await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "Two", url: "two", tournament_type: "swiss" }),
    );
    await s.request(
      "POST",
      "/v2.1/tournaments/two/participants/bulk_add",
      participantsBody(["X", "Y"]),
    );
    const cleared = await s.request("POST", "/v2.1/tournaments/two/participants/clear");
    expect(cleared.status).toBe(204);
    expect((await s.request("GET", "/v2.1/tournaments/two/participants")).json.data).toEqual([]);

    const started = await s.request("POST", `${T}/change_state`, state("TournamentState", "start"));
    expect(started.status).toBe(200);
    expect(started.json.data.attributes.state).toBe("underway");
    const m = (await s.request("GET", `${T}/matches?state=open`)).json.data[0].id;
    const underway = await s.request(
      "POST",
      `${T}/matches/${m}/change_state`,
      state("MatchState", "mark_as_underway"),
    );
    expect(underway.status).toBe(200);
    expect(underway.json.data.attributes.underway_at).not.toBeNull();
    // The alias refuses what the operation refuses: a started tournament cannot start again.
    const again = await s.request("POST", `${T}/change_state`, state("TournamentState", "start"));
    expect(again.status).toBe(422);
  });

  it("POST unregister answers as DELETE register: another user leaves a public tournament", async () => {
    const s = await startService({ requireAuth: true });
    const owner = s.service.createApiKey("owner");
    s.service.admin.addUser({ username: "bob" });
    const bob = s.service.admin.createKey({ label: "bob", user: "bob" });
    if (!bob.ok) throw new Error(bob.reason);
    await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({
        name: "Open",
        url: "open",
        tournament_type: "swiss",
        registration_options: { open_signup: true },
      }),
      { authorization: owner },
    );
    const as = { authorization: bob.value.key };
    const path = "/v2.1/tournaments/open/participants";
    expect((await s.request("POST", `${path}/register`, undefined, as)).status).toBe(201);
    const out = await s.request("POST", `${path}/unregister`, undefined, as);
    expect(out.status, out.body).toBe(204);
    expect((await s.request("GET", path, undefined, as)).json.data).toEqual([]);
    // Clearing is the owner's: the alias keeps the operation's access rule.
    expect((await s.request("POST", `${path}/clear`, undefined, as)).status).toBe(403);
  });

  it("stations and a match's queue entry under /matches/{m}/ answer as the tournament's stations and queuers", async () => {
    const s = await startService();
    await withCup(s, { station_options: { auto_assign: false } });
    await s.request("POST", `${T}/participants/bulk_add`, participantsBody(["A", "B", "C", "D"]));
    await s.request("PUT", `${T}/change_state`, state("TournamentState", "start"));
    const [m1, m2] = (await s.request("GET", `${T}/matches?state=open`)).json.data.map(
      (m: { id: string }) => m.id,
    );
    const under = `${T}/matches/${m1}/stations`;
    const created = await s.request("POST", under, station({ name: "Main" }));
    expect(created.status).toBe(201);
    const id = created.json.data.id;
    expect(
      (await s.request("GET", `${T}/stations`)).json.data.map((x: { id: string }) => x.id),
    ).toEqual([id]);
    expect((await s.request("GET", under)).json.data).toHaveLength(1);
    const updated = await s.request("PUT", `${under}/${id}`, station({ details: "stage left" }));
    expect(updated.json.data.attributes.details).toBe("stage left");
    expect((await s.request("GET", `${under}/${id}`)).json.data.attributes.name).toBe("Main");

    const entry = `${T}/matches/${m2}/station_queuer`;
    expect((await s.request("GET", entry)).status).toBe(404);
    const queued = await s.request("POST", `${T}/stations/${id}/station_queuers`, {
      data: { type: "station_queuer", attributes: { match_id: Number(m2) } },
    });
    expect(queued.status).toBe(201);
    const got = await s.request("GET", entry);
    expect(got.status).toBe(200);
    expect(got.json.data.id).toBe(queued.json.data.id);
    expect((await s.request("DELETE", entry)).status).toBe(204);
    expect((await s.request("GET", `${T}/stations/${id}/station_queuers`)).json.data).toEqual([]);

    expect((await s.request("GET", `${T}/matches/999/stations`)).status).toBe(404);
    expect((await s.request("DELETE", `${under}/${id}`)).status).toBe(204);
  });

  it("loosens nothing else: other methods stay 405, no alias under v2.0 or a community, no POST for a queue entry", async () => {
    const s = await startService();
    await withCup(s);
    for (const [method, path, status] of [
      ["POST", T, 405],
      ["POST", `${T}/matches/1`, 405],
      ["PATCH", `${T}/participants/clear`, 405],
      ["GET", `${T}/participants/unregister`, 404],
      ["POST", `${T}/matches/1/station_queuer`, 405],
      ["PUT", `${T}/participants/bulk_create`, 404],
      ["POST", "/v2/tournaments/cup/change_state", 405],
      ["POST", "/v2.0/tournaments/cup/participants/randomize", 405],
      ["POST", "/v2.1/communities/lan/tournaments/cup/change_state", 405],
      ["POST", "/v2/tournaments/cup/participants/bulk_create", 405],
    ] as const) {
      const r = await s.request(method, path);
      expect(r.status, `${method} ${path}`).toBe(status);
    }
    expect((await s.request("POST", "/v2/tournaments/cup/matches/1/stations")).status).toBe(404);
    expect((await s.request("GET", T)).json.data.attributes.state).toBe("pending");
  });
});

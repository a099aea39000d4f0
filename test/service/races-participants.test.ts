import { describe, expect, it } from "vitest";
import { expectUnchanged, raceState, withRace } from "../helpers/race-service.js";
import { participantsBody } from "../helpers/service.js";

const names = (r: { json: { data: { attributes: { name: string } }[] } }) =>
  r.json.data.map((p) => p.attributes.name);

const one = (attributes: Record<string, unknown>) => ({
  data: { type: "Participants", attributes },
});

describe("race participants: the participant verbs, addressed by the race", () => {
  it("add (201), bulk_add, list, get, update, delete", async () => {
    const s = await withRace();
    const added = await s.request(
      "POST",
      "/v2.1/races/spring_gp/participants.json",
      one({ name: "Ada", misc: "#7" }),
    );
    expect(added.status).toBe(201);
    expect(added.json.data).toMatchObject({
      id: "1",
      type: "participant",
      attributes: { name: "Ada", seed: 1, misc: "#7", race_id: 1, tournament_id: null },
    });
    const bulk = await s.request(
      "POST",
      "/v2.1/races/1/participants/bulk_add",
      participantsBody(["Bo", "Cy"]),
    );
    expect(bulk.status).toBe(200);
    expect(names(bulk)).toEqual(["Bo", "Cy"]);
    const list = await s.request("GET", "/v2.1/races/1/participants?per_page=2");
    expect(names(list)).toEqual(["Ada", "Bo"]);
    expect(list.json.meta).toMatchObject({ count: 3, total_pages: 2 });
    expect((await s.request("GET", "/v2.1/races/1/participants/2")).json.data.attributes.name).toBe(
      "Bo",
    );
    const updated = await s.request(
      "PUT",
      "/v2.1/races/1/participants/3",
      one({ name: "Cyd", seed: 1 }),
    );
    expect(updated.json.data.attributes).toMatchObject({ name: "Cyd", seed: 1 });
    expect((await s.request("DELETE", "/v2.1/races/1/participants/1")).status).toBe(204);
    const after = await s.request("GET", "/v2.1/races/1/participants");
    expect(names(after)).toEqual(["Cyd", "Bo"]);
    expect(after.json.data.map((p: { attributes: { seed: number } }) => p.attributes.seed)).toEqual(
      [1, 2],
    );
    expect(
      (await s.request("GET", "/v2.1/races/1")).json.data.relationships.participants.meta.count,
    ).toBe(2);
  });

  it("randomize and clear while pending", async () => {
    const s = await withRace({}, ["A", "B", "C", "D", "E", "F"]);
    const shuffled = await s.request("PUT", "/v2.1/races/1/participants/randomize");
    expect(shuffled.status).toBe(200);
    expect([...names(shuffled)].sort()).toEqual(["A", "B", "C", "D", "E", "F"]);
    expect(
      shuffled.json.data.map((p: { attributes: { seed: number } }) => p.attributes.seed),
    ).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await s.request("DELETE", "/v2.1/races/1/participants/clear")).status).toBe(204);
    expect((await s.request("GET", "/v2.1/races/1/participants")).json.data).toEqual([]);
  });

  it("a race's field and a tournament's are apart: ids, names, 404s", async () => {
    const s = await withRace({}, ["Ada"]);
    await s.request("POST", "/v2.1/tournaments", {
      data: { type: "tournament", attributes: { name: "Cup", tournament_type: "swiss" } },
    });
    const t = await s.request("POST", "/v2.1/tournaments/1/participants", one({ name: "Ada" }));
    expect(t.status).toBe(201);
    expect(t.json.data.attributes.tournament_id).toBe(1);
    expect((await s.request("GET", "/v2.1/tournaments/1/participants")).json.meta.count).toBe(1);
    expect((await s.request("GET", "/v2.1/races/1/participants/99")).status).toBe(404);
    expect((await s.request("GET", "/v2.1/races/9/participants")).status).toBe(404);
  });

  it("the same rules as a tournament's: names unique, seeds in range, the sign-up cap, a name required: each 422 with a pointer", async () => {
    const s = await withRace({ registrationOptions: { signupCap: 3 } }, ["Ada"]);
    await expectUnchanged(s, "/v2.1/races/1/participants", async () => {
      const dup = await s.request(
        "POST",
        "/v2.1/races/1/participants/bulk_add",
        participantsBody(["ada", "Bo"]),
      );
      expect(dup.status).toBe(422);
      expect(dup.json.errors[0]).toMatchObject({
        source: { pointer: "/data/attributes/participants/0/name" },
      });
      expect(dup.json.errors[0].detail).toContain("already taken in this race");
      const cap = await s.request(
        "POST",
        "/v2.1/races/1/participants/bulk_add",
        participantsBody(["B", "C", "D"]),
      );
      expect(cap.status).toBe(422);
      expect(cap.json.errors[0].detail).toContain("the race has 1 participants");
      const seed = await s.request("PUT", "/v2.1/races/1/participants/1", one({ seed: 5 }));
      expect(seed.json.errors[0].source.pointer).toBe("/data/attributes/seed");
      const blank = await s.request("POST", "/v2.1/races/1/participants", one({}));
      expect(blank.json.errors[0].source.pointer).toBe("/data/attributes/name");
    });
  });

  it("once the race has started the field is fixed (names may change); after a reset it is free again", async () => {
    const s = await withRace({}, ["Ada", "Bo"]);
    await s.request("PUT", "/v2.1/races/1/change_state", raceState("start"));
    await expectUnchanged(s, "/v2.1/races/1/participants", async () => {
      const refusals = [
        await s.request("POST", "/v2.1/races/1/participants", one({ name: "Cy" })),
        await s.request("POST", "/v2.1/races/1/participants/bulk_add", participantsBody(["Cy"])),
        await s.request("DELETE", "/v2.1/races/1/participants/1"),
        await s.request("DELETE", "/v2.1/races/1/participants/clear"),
        await s.request("PUT", "/v2.1/races/1/participants/randomize"),
        await s.request("PUT", "/v2.1/races/1/participants/1", one({ seed: 2 })),
      ];
      for (const r of refusals) {
        expect(r.status).toBe(422);
        expect(r.json.errors[0].detail).toContain("race is underway");
      }
    });
    const renamed = await s.request("PUT", "/v2.1/races/1/participants/1", one({ name: "Ada L." }));
    expect(renamed.status).toBe(200);
    await s.request("PUT", "/v2.1/races/1/change_state", raceState("reset"));
    expect((await s.request("DELETE", "/v2.1/races/1/participants/1")).status).toBe(204);
  });
});

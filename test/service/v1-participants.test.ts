/** v1 participants (issue 17): every operation, over the v2.1 participant rules. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startV1, type V1Harness } from "../helpers/v1.js";

let v: V1Harness;
const base = "/v1/tournaments/cup/participants";
beforeEach(async () => {
  v = await startV1();
  await v.call("POST", "/v1/tournaments.json", {
    query: { "tournament[name]": "Cup", "tournament[url]": "cup" },
  });
});
afterEach(() => v.close());

const names = (list: any[]) => list.map((w) => w.participant.name);

describe("v1 participants", () => {
  it("create answers 200 with the flat record v1 clients read", async () => {
    const r = await v.call("POST", `${base}.json`, {
      query: { "participant[name]": "Ada", "participant[misc]": "team red" },
    });
    expect(r.status).toBe(200);
    const p = r.json.participant;
    expect(p).toMatchObject({
      id: 1,
      tournament_id: 1,
      name: "Ada",
      seed: 1,
      active: true,
      misc: "team red",
      final_rank: null,
      checked_in: false,
      checked_in_at: null,
      group_player_ids: [],
    });
    expect(p.created_at).toMatch(/\+00:00$/);
    // The same participant through v2.1.
    const v21 = await v.s.request("GET", "/v2.1/tournaments/cup/participants/1", undefined, {
      authorization: v.key,
    });
    expect(v21.json.data.attributes).toMatchObject({ name: "Ada", misc: "team red", seed: 1 });
  });

  it("bulk_add takes participants[][name] (with seeds) from the query, a form or JSON; index lists them", async () => {
    const q = await v.call("POST", `${base}/bulk_add.json`, {
      query: [
        ["participants[][name]", "Ada"],
        ["participants[][name]", "Bo"],
        ["participants[][seed]", "1"],
      ],
    });
    expect(q.status).toBe(200);
    expect(names(q.json)).toEqual(["Ada", "Bo"]);
    const form = await v.call("POST", `${base}/bulk_add`, {
      form: [["participants[][name]", "Cy"]],
    });
    expect(names(form.json)).toEqual(["Cy"]);
    const json = await v.call("POST", `${base}/bulk_add`, {
      json: { participants: [{ name: "Di", misc: "x" }] },
    });
    expect(json.json[0].participant).toMatchObject({ name: "Di", misc: "x" });
    const list = await v.call("GET", `${base}.json`);
    expect(list.json.map((w: any) => [w.participant.name, w.participant.seed])).toEqual([
      ["Bo", 1],
      ["Ada", 2],
      ["Cy", 3],
      ["Di", 4],
    ]);
  });

  it("show (with include_matches=1), update and destroy", async () => {
    await v.call("POST", `${base}/bulk_add`, {
      query: [
        ["participants[][name]", "Ada"],
        ["participants[][name]", "Bo"],
        ["participants[][name]", "Cy"],
      ],
    });
    const shown = await v.call("GET", `${base}/2.json`);
    expect(shown.json.participant.name).toBe("Bo");
    const updated = await v.call("PUT", `${base}/2.json`, {
      query: { "participant[name]": "Bob", "participant[seed]": "1" },
    });
    expect(updated.status).toBe(200);
    expect(updated.json.participant).toMatchObject({ name: "Bob", seed: 1 });
    const taken = await v.call("PUT", `${base}/2.json`, { query: { "participant[name]": "Ada" } });
    expect(taken.status).toBe(422);
    expect(taken.json).toEqual({ errors: ['Name "Ada" is already taken in this tournament'] });
    const gone = await v.call("DELETE", `${base}/3.json`);
    expect(gone.status).toBe(200);
    expect(gone.json.participant.name).toBe("Cy");
    expect((await v.call("GET", `${base}/3.json`)).status).toBe(404);
    await v.call("POST", "/v1/tournaments/cup/start");
    const withMatches = await v.call("GET", `${base}/1`, { query: { include_matches: "1" } });
    expect(withMatches.json.participant.matches).toHaveLength(1);
    expect(withMatches.json.participant.matches[0].match.player2_id).toBe(1);
  });

  it("destroy once started deactivates the participant, as v2.1 does", async () => {
    await v.call("POST", `${base}/bulk_add`, {
      query: [
        ["participants[][name]", "Ada"],
        ["participants[][name]", "Bo"],
        ["participants[][name]", "Cy"],
      ],
    });
    await v.call("POST", "/v1/tournaments/cup/start");
    const gone = await v.call("DELETE", `${base}/3`);
    expect(gone.status).toBe(200);
    expect(gone.json.participant).toMatchObject({ name: "Cy", active: false });
  });

  it("check_in and undo_check_in while check-in is open", async () => {
    await v.call("PUT", "/v1/tournaments/cup", {
      query: {
        "tournament[start_at]": "2026-03-01T10:30:00Z",
        "tournament[check_in_duration]": "60",
      },
    });
    await v.call("POST", `${base}`, { query: { "participant[name]": "Ada" } });
    const inn = await v.call("POST", `${base}/1/check_in.json`);
    expect(inn.status).toBe(200);
    expect(inn.json.participant.checked_in).toBe(true);
    expect(inn.json.participant.checked_in_at).toMatch(/\+00:00$/);
    const out = await v.call("POST", `${base}/1/undo_check_in`);
    expect(out.json.participant).toMatchObject({ checked_in: false, checked_in_at: null });
  });

  it("randomize shuffles the seeds of a pending tournament; refused once started", async () => {
    const list = Array.from({ length: 8 }, (_, i) => ["participants[][name]", `P${i + 1}`]);
    await v.call("POST", `${base}/bulk_add`, { query: list as [string, string][] });
    const r = await v.call("POST", `${base}/randomize.json`);
    expect(r.status).toBe(200);
    expect(r.json.map((w: any) => w.participant.seed).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(names(r.json).sort()).toEqual(list.map(([, n]) => n).sort());
    await v.call("POST", "/v1/tournaments/cup/start");
    const late = await v.call("POST", `${base}/randomize`);
    expect(late.status).toBe(422);
    expect(late.json.errors[0]).toMatch(/underway/);
  });
});

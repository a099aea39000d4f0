/** v1 matches (issue 17): index filters, show, update by scores_csv and winner_id, the match state operations. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseScoresCsv } from "../../src/service/v1/matches.js";
import { startV1, type V1Harness } from "../helpers/v1.js";

let v: V1Harness;
const base = "/v1/tournaments/cup/matches";

async function cup(type: string, players: string[]): Promise<void> {
  await v.call("POST", "/v1/tournaments.json", {
    query: {
      "tournament[name]": "Cup",
      "tournament[url]": "cup",
      "tournament[tournament_type]": type,
    },
  });
  await v.call("POST", "/v1/tournaments/cup/participants/bulk_add", {
    query: players.map((n) => ["participants[][name]", n] as [string, string]),
  });
  await v.call("POST", "/v1/tournaments/cup/start");
}

beforeEach(async () => {
  v = await startV1();
});
afterEach(() => v.close());

describe("v1 matches", () => {
  it("parses scores_csv from player 1's side, negative scores included", () => {
    expect(parseScoresCsv("3-1,1-3,3-0")).toEqual([
      [3, 1],
      [1, 3],
      [3, 0],
    ]);
    expect(parseScoresCsv("-1-2")).toEqual([[-1, 2]]);
    expect(parseScoresCsv("")).toEqual([]);
    expect(() => parseScoresCsv("3:1")).toThrow(/set 1/);
  });

  it("index lists wrapped matches, filtered by state and participant_id; show one", async () => {
    await cup("single elimination", ["A", "B", "C", "D"]);
    const all = await v.call("GET", `${base}.json`);
    expect(all.status).toBe(200);
    expect(all.json).toHaveLength(3);
    expect(Object.keys(all.json[0])).toEqual(["match"]);
    const open = await v.call("GET", base, { query: { state: "open" } });
    expect(open.json.map((w: any) => w.match.state)).toEqual(["open", "open"]);
    const ofA = await v.call("GET", base, { query: { participant_id: "1" } });
    expect(ofA.json).toHaveLength(1);
    expect([ofA.json[0].match.player1_id, ofA.json[0].match.player2_id]).toContain(1);
    const one = await v.call("GET", `${base}/${open.json[0].match.id}.json`);
    expect(one.json.match).toMatchObject({
      id: open.json[0].match.id,
      tournament_id: 1,
      round: 1,
      state: "open",
      winner_id: null,
      scores_csv: "",
      underway_at: null,
      attachment_count: 0,
    });
    expect(typeof one.json.match.identifier).toBe("string");
    expect(typeof one.json.match.suggested_play_order).toBe("number");
    const bad = await v.call("GET", base, { query: { state: "sideways" } });
    expect(bad.status).toBe(422);
  });

  it("update records scores_csv alone (open), then winner_id completes it keeping the scores", async () => {
    await cup("single elimination", ["A", "B"]);
    const m = (await v.call("GET", base)).json[0].match;
    const scores = await v.call("PUT", `${base}/${m.id}.json`, {
      query: { "match[scores_csv]": "3-1,1-3" },
    });
    expect(scores.status).toBe(200);
    expect(scores.json.match).toMatchObject({ state: "open", scores_csv: "3-1,1-3" });
    const won = await v.call("PUT", `${base}/${m.id}.json`, {
      query: { "match[winner_id]": String(m.player2_id) },
    });
    expect(won.json.match).toMatchObject({
      state: "complete",
      scores_csv: "3-1,1-3",
      winner_id: m.player2_id,
      loser_id: m.player1_id,
    });
    // The same result through v2.1.
    const v21 = await v.s.request("GET", `/v2.1/tournaments/cup/matches/${m.id}`, undefined, {
      authorization: v.key,
    });
    expect(v21.json.data.attributes).toMatchObject({
      winner_id: m.player2_id,
      score_in_sets: [
        [3, 1],
        [1, 3],
      ],
    });
  });

  it('winner_id "tie" ends a round robin match level', async () => {
    await cup("round robin", ["A", "B"]);
    const m = (await v.call("GET", base)).json[0].match;
    const tie = await v.call("PUT", `${base}/${m.id}`, {
      json: { match: { scores_csv: "2-2", winner_id: "tie" } },
    });
    expect(tie.status).toBe(200);
    expect(tie.json.match).toMatchObject({ state: "complete", tie: true, winner_id: null });
  });

  it("mark_as_underway, unmark_as_underway and reopen", async () => {
    await cup("single elimination", ["A", "B", "C", "D"]);
    const [first] = (await v.call("GET", base, { query: { state: "open" } })).json;
    const m = first.match;
    const marked = await v.call("POST", `${base}/${m.id}/mark_as_underway.json`);
    expect(marked.status).toBe(200);
    expect(marked.json.match.underway_at).toMatch(/\+00:00$/);
    const unmarked = await v.call("POST", `${base}/${m.id}/unmark_as_underway`);
    expect(unmarked.json.match.underway_at).toBeNull();
    await v.call("PUT", `${base}/${m.id}`, {
      query: { "match[scores_csv]": "2-0", "match[winner_id]": String(m.player1_id) },
    });
    const reopened = await v.call("POST", `${base}/${m.id}/reopen`);
    expect(reopened.status).toBe(200);
    expect(reopened.json.match).toMatchObject({ state: "open", winner_id: null });
    const twice = await v.call("POST", `${base}/${m.id}/reopen`);
    expect(twice.status).toBe(422);
  });
});

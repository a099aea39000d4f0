/**
 * Issue 24, item 8, as a client meets it against the built `serve`: one match
 * took 120,000 sets (1.2 MB of JSON every viewer downloads). Now a score holds
 * at most MAX_SCORE_SETS (100) sets: more is a 422 naming the field, on v2.1
 * (score_set, with its pointer) and v1 (scores_csv), and nothing is stored;
 * 100 sets are taken.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_SCORE_SETS } from "../../src/model/limits.js";
import { BUILT } from "../helpers/binary.js";
import { useServedSandbox } from "../helpers/served-sandbox.js";

describe.runIf(BUILT)("the limit on score sets", () => {
  const box = useServedSandbox("score-sets");
  let match: { id: string; player1: number; player2: number };

  const v21 = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${box.base}/v2.1${path}`, {
      method,
      headers: {
        Authorization: box.served.apiKey,
        "Authorization-Type": "v1",
        "Content-Type": "application/vnd.api+json",
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: answer.status, json: (await answer.json()) as any };
  };
  const report = (scores: [string, string]) =>
    v21("PUT", `/tournaments/sets/matches/${match.id}.json`, {
      data: {
        type: "Match",
        attributes: {
          match: [
            { participant_id: match.player1, score_set: scores[0] },
            { participant_id: match.player2, score_set: scores[1] },
          ],
        },
      },
    });
  const sets = (n: number, score: number) => Array(n).fill(score).join(",");

  beforeAll(async () => {
    const attributes = { name: "Sets", url: "sets", tournament_type: "single elimination" };
    expect(
      (await v21("POST", "/tournaments.json", { data: { type: "tournaments", attributes } }))
        .status,
    ).toBe(201);
    const participants = { participants: [{ name: "Ada" }, { name: "Grace" }] };
    const added = await v21("POST", "/tournaments/sets/participants/bulk_add.json", {
      data: { type: "Participants", attributes: participants },
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const state = { data: { type: "TournamentState", attributes: { state: "start" } } };
    expect((await v21("PUT", "/tournaments/sets/change_state.json", state)).status).toBe(200);
    const first = (await v21("GET", "/tournaments/sets/matches.json")).json.data[0];
    match = {
      id: first.id,
      player1: first.attributes.player1_id,
      player2: first.attributes.player2_id,
    };
  });

  it("v2.1: more than 100 sets is a 422 naming score_set; nothing is stored", async () => {
    for (const n of [MAX_SCORE_SETS + 1, 90_000]) {
      const refused = await report([sets(n, 3), sets(n, 1)]);
      expect(refused.status, JSON.stringify(refused.json).slice(0, 300)).toBe(422);
      const pointers = refused.json.errors.map((e: any) => e.source?.pointer);
      expect(pointers).toEqual([
        "/data/attributes/match/0/score_set",
        "/data/attributes/match/1/score_set",
      ]);
      expect(refused.json.errors[0].detail).toContain(`at most ${MAX_SCORE_SETS}`);
    }
    const stored = await v21("GET", `/tournaments/sets/matches/${match.id}.json`);
    expect(stored.json.data.attributes.score_in_sets).toEqual([]);
  });

  it("v2.1: 100 sets are taken", async () => {
    const taken = await report([sets(MAX_SCORE_SETS, 3), sets(MAX_SCORE_SETS, 1)]);
    expect(taken.status, JSON.stringify(taken.json).slice(0, 300)).toBe(200);
    expect(taken.json.data.attributes.score_in_sets).toHaveLength(MAX_SCORE_SETS);
  });

  it("v1: scores_csv of more than 100 sets is a 422 naming it", async () => {
    const csv = Array(MAX_SCORE_SETS + 1)
      .fill("3-1")
      .join(",");
    const answer = await fetch(
      `${box.base}/v1/tournaments/sets/matches/${match.id}.json?api_key=${box.served.apiKey}`,
      {
        method: "PUT",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ "match[scores_csv]": csv }),
      },
    );
    const text = await answer.text();
    expect(answer.status, text).toBe(422);
    expect(text).toMatch(/match\[scores_csv\] holds 101 sets; a match takes at most 100/i);
  });
});

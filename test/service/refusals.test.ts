/**
 * How the service refuses, as a client meets it (issue 10, items 13, 14, 16):
 * one complaint per field, tournaments named by their url, scores it can count,
 * and a reopened match without its old scores.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changeState, createWithPlayers, matches, reportBody } from "../helpers/play.js";
import { type ServiceHarness, startService, tournamentBody } from "../helpers/service.js";

let s: ServiceHarness;
beforeEach(async () => {
  s = await startService();
});
afterEach(() => s.service.close());

function matchPath(t: string, m: string | number): string {
  return `/v2.1/tournaments/${t}/matches/${m}`;
}

describe("refusals", () => {
  it("counts a name's characters as code points: 60 emoji fit, 61 are 61", async () => {
    const make = (name: string) =>
      s.request("POST", "/v2.1/tournaments", tournamentBody({ name, tournament_type: "swiss" }));
    const fits = await make("🎮".repeat(60));
    expect(fits.status).toBe(201);
    expect(fits.json.data.attributes.name).toBe("🎮".repeat(60));
    const over = await make("🎮".repeat(61));
    expect(over.status).toBe(422);
    expect(over.json.errors[0].detail).toBe("name is too long (61 characters; at most 60)");
  });

  it("a 300-character name is too long, and not also blank", async () => {
    const r = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "a".repeat(300), tournament_type: "swiss" }),
    );
    expect(r.status).toBe(422);
    expect(r.json.errors.map((e: { detail: string }) => e.detail)).toEqual([
      "name is too long (300 characters; at most 60)",
    ]);
    const blank = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "  ", tournament_type: "swiss" }),
    );
    expect(blank.json.errors.map((e: { detail: string }) => e.detail)).toEqual([
      "name can't be blank",
    ]);
  });

  it("a score that is not a safe integer is refused with 422, and nothing is recorded", async () => {
    const { id } = await createWithPlayers(
      s,
      { url: "big_cup", tournament_type: "single elimination" },
      2,
    );
    expect((await changeState(s, id, "start")).status).toBe(200);
    const [m] = await matches(s, id);
    const r = await s.request(
      "PUT",
      matchPath(id, m!.id),
      reportBody(m!.player1_id, m!.player2_id, "99999999999999999999", "1"),
    );
    expect(r.status).toBe(422);
    expect(r.json.errors[0].detail).toContain("too large");
    expect(r.json.errors[0].source.pointer).toBe("/data/attributes/match/0/score_set");
    const [after] = await matches(s, id);
    expect(after!.state).toBe("open");
    expect((after as unknown as { score_in_sets: unknown }).score_in_sets).toEqual([]);
  });

  it("reopen clears the result and the scores; a finalized tournament is named by its url", async () => {
    const { id } = await createWithPlayers(
      s,
      { url: "reopen_cup", tournament_type: "single elimination" },
      2,
    );
    await changeState(s, id, "start");
    const [m] = await matches(s, id);
    const reported = await s.request(
      "PUT",
      matchPath(id, m!.id),
      reportBody(m!.player1_id, m!.player2_id, "3,3", "1,2"),
    );
    expect(reported.json.data.attributes.score_in_sets).toEqual([
      [3, 1],
      [3, 2],
    ]);
    const reopen = () =>
      s.request("PUT", `${matchPath(id, m!.id)}/change_state`, {
        data: { type: "MatchState", attributes: { state: "reopen" } },
      });
    const reopened = await reopen();
    expect(reopened.status, reopened.body).toBe(200);
    expect(reopened.json.data.attributes).toMatchObject({
      state: "open",
      winner_id: null,
      score_in_sets: [],
      scores: "",
    });
    await s.request("PUT", matchPath(id, m!.id), reportBody(m!.player1_id, m!.player2_id));
    expect((await changeState(s, id, "finalize")).status).toBe(200);
    const refused = await reopen();
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].detail).toBe(
      "tournament reopen_cup is complete (finalized); its matches can no longer be reopened",
    );
  });
});

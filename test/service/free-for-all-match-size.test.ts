/**
 * free_for_all_options.max_participants stops at 8: a match is reported in one request
 * whose `match` holds 1 to 8 entries (the published contract's MatchInput maxItems), so
 * a match of 9 or more players could never be reported, nor the tournament finish. Before,
 * 2 to 64 was taken: a 9-player match was made at the start and every report of it was
 * refused ("match must be an array of 1 to 8 entries"). Now 9 and more are refused on
 * create and on update (422, naming the bound and why); 8 plays to the end.
 */
import { describe, expect, it } from "vitest";
import { ffaMatches, ffaReport } from "../helpers/free-for-all.js";
import { changeState, createWithPlayers } from "../helpers/play.js";
import { startService, tournamentBody } from "../helpers/service.js";

const WHY =
  "max_participants must be between 2 and 8, not 9: a free-for-all match is reported in one request of at most 8 entries (the v2.1 contract's match maxItems), so a larger match could never be completed";

describe("free for all: at most 8 players a match", () => {
  it("refuses 9 and more on create and on update, naming the bound and why", async () => {
    const s = await startService();
    const created = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({
        name: "Big",
        tournament_type: "free for all",
        free_for_all_options: { max_participants: 9 },
      }),
    );
    expect(created.status).toBe(422);
    expect(created.json.errors).toEqual([
      {
        status: 422,
        detail: WHY,
        source: { pointer: "/data/attributes/free_for_all_options/max_participants" },
      },
    ]);
    expect((await s.request("GET", "/v2.1/tournaments/big")).status).toBe(404);

    const ok = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({
        name: "Big",
        tournament_type: "free for all",
        free_for_all_options: { max_participants: 8 },
      }),
    );
    expect(ok.status, ok.body).toBe(201);
    for (const value of [9, 64]) {
      const update = await s.request(
        "PUT",
        "/v2.1/tournaments/big",
        tournamentBody({ free_for_all_options: { max_participants: value } }),
      );
      expect(update.status).toBe(422);
      expect(update.json.errors[0].detail).toBe(WHY.replace("not 9", `not ${value}`));
    }
    const read = await s.request("GET", "/v2.1/tournaments/big");
    expect(read.json.data.attributes.free_for_all_options).toEqual({ max_participants: 8 });
  });

  it("a match of 8 is reported in one request and the tournament finishes", async () => {
    const s = await startService();
    const { id, idOfSeed } = await createWithPlayers(
      s,
      { tournament_type: "free for all", free_for_all_options: { max_participants: 8 } },
      8,
    );
    expect((await changeState(s, id, "start")).status).toBe(200);
    const [table] = await ffaMatches(s, id);
    expect(table!.participant_ids).toHaveLength(8);
    const entries = [...idOfSeed.values()].map((pid, i) => ({ id: pid, rank: i + 1 }));
    const r = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${table!.id}`,
      ffaReport(entries),
    );
    expect(r.status, r.body).toBe(200);
    const t = await s.request("GET", `/v2.1/tournaments/${id}`);
    expect(t.json.data.attributes.state).toBe("awaiting_review");
  });
});

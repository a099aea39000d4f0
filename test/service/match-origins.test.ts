/**
 * Issue 28: where each player of a match comes from, on the v2.1 match record
 * (player1_prereq_match_id / player1_is_prereq_match_loser, the same for player2;
 * an addition listed in docs/interface.md): the losers bracket's first round takes
 * the losers of the winners' first round, the second round their winners, a seeded
 * slot has none; the same on GET of one match; no id names a match that is not stored;
 * v1's match records carry the same four fields.
 */
import { describe, expect, it } from "vitest";
import { changeState, createWithPlayers, matches, reportBody } from "../helpers/play.js";
import { startService } from "../helpers/service.js";
import { startV1 } from "../helpers/v1.js";

interface Origins {
  id: string;
  identifier: string;
  round: number;
  bracket: string;
  player1_id: number | null;
  player2_id: number | null;
  player1_prereq_match_id: number | null;
  player1_is_prereq_match_loser: boolean;
  player2_prereq_match_id: number | null;
  player2_is_prereq_match_loser: boolean;
}

/** "Loser of A" / "Winner of B" / "seeded" for each side, by the identifiers of the list. */
function origins(list: Origins[]) {
  const identifier = new Map(list.map((m) => [Number(m.id), m.identifier]));
  const side = (id: number | null, loser: boolean) =>
    id === null ? "seeded" : `${loser ? "Loser" : "Winner"} of ${identifier.get(id)}`;
  return (m: Origins) => [
    side(m.player1_prereq_match_id, m.player1_is_prereq_match_loser),
    side(m.player2_prereq_match_id, m.player2_is_prereq_match_loser),
  ];
}

describe("match records name where their players come from", () => {
  it("an 8-player double elimination: seeded, winners and losers of earlier matches", async () => {
    const s = await startService();
    const { id } = await createWithPlayers(s, { tournament_type: "double elimination" }, 8);
    await changeState(s, id, "start");
    const list = (await matches(s, id)) as unknown as Origins[];
    const from = origins(list);
    const at = (bracket: string, round: number) =>
      list.filter((m) => m.bracket === bracket && m.round === round);
    for (const m of at("winners", 1)) expect(from(m)).toEqual(["seeded", "seeded"]);
    expect(at("winners", 2).map(from)).toEqual([
      ["Winner of A", "Winner of B"],
      ["Winner of C", "Winner of D"],
    ]);
    expect(at("losers", -1).map(from)).toEqual([
      ["Loser of A", "Loser of B"],
      ["Loser of C", "Loser of D"],
    ]);
    const [firstLosers] = at("losers", -1);
    const one = await s.request("GET", `/v2.1/tournaments/${id}/matches/${firstLosers!.id}`);
    expect(one.json.data.attributes).toMatchObject({
      player1_prereq_match_id: Number(list.find((m) => m.identifier === "A")!.id),
      player1_is_prereq_match_loser: true,
    });
    const grandFinal = list.find((m) => m.bracket === "grand_final")!;
    expect(from(grandFinal)).toEqual([
      `Winner of ${at("winners", 3)[0]!.identifier}`,
      `Winner of ${list.filter((m) => m.bracket === "losers").at(-1)!.identifier}`,
    ]);
    // A report leaves the origin as it was and fills the slot.
    const a = list.find((m) => m.identifier === "A")!;
    const r = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${a.id}`,
      reportBody(a.player1_id!, a.player2_id!),
    );
    expect(r.status, r.body).toBe(200);
    const after = (await matches(s, id)) as unknown as Origins[];
    const losers1 = after.find((m) => m.id === firstLosers!.id)!;
    expect(losers1.player1_id).toBe(a.player2_id);
    expect(from(losers1)).toEqual(["Loser of A", "Loser of B"]);
    s.service.close();
  });

  it("a reset and a new start: the new matches' records name the new matches, in lists and replies", async () => {
    // The origins are kept with each row object the cache holds (match-origins.ts `kept`):
    // the rows of a new start are new objects, and their records must name the new rows.
    const s = await startService();
    const { id } = await createWithPlayers(s, { tournament_type: "double elimination" }, 8);
    await changeState(s, id, "start");
    const before = (await matches(s, id)) as unknown as Origins[];
    const firstA = before.find((m) => m.identifier === "A")!;
    const firstReply = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${firstA.id}`,
      reportBody(firstA.player1_id!, firstA.player2_id!),
    );
    expect(firstReply.status, firstReply.body).toBe(200);
    expect((await changeState(s, id, "reset")).status).toBe(200);
    await changeState(s, id, "start");
    const after = (await matches(s, id)) as unknown as Origins[];
    const ids = new Set(after.map((m) => Number(m.id)));
    expect([...ids].some((n) => before.some((m) => Number(m.id) === n))).toBe(false);
    const from = origins(after);
    for (const m of after)
      for (const prereq of [m.player1_prereq_match_id, m.player2_prereq_match_id])
        if (prereq !== null) expect(ids.has(prereq), m.identifier).toBe(true);
    const losers1 = after.find((m) => m.bracket === "losers" && m.round === -1)!;
    expect(from(losers1)).toEqual(["Loser of A", "Loser of B"]);
    // A report's reply and a GET of one match name them too.
    const a = after.find((m) => m.identifier === "A")!;
    const r = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${a.id}`,
      reportBody(a.player1_id!, a.player2_id!),
    );
    expect(r.status, r.body).toBe(200);
    const one = await s.request("GET", `/v2.1/tournaments/${id}/matches/${losers1.id}`);
    expect(one.json.data.attributes).toMatchObject({
      player1_prereq_match_id: Number(a.id),
      player1_is_prereq_match_loser: true,
    });
    s.service.close();
  });

  it("byes and a round robin: no id of a match that is not stored; every round-robin slot seeded", async () => {
    const s = await startService();
    const five = await createWithPlayers(s, { tournament_type: "double elimination" }, 5);
    await changeState(s, five.id, "start");
    const list = (await matches(s, five.id)) as unknown as Origins[];
    const ids = new Set(list.map((m) => Number(m.id)));
    for (const m of list)
      for (const prereq of [m.player1_prereq_match_id, m.player2_prereq_match_id])
        if (prereq !== null) expect(ids.has(prereq)).toBe(true);
    // A slot that waits for a player always says whose.
    for (const m of list) {
      if (m.player1_id === null) expect(m.player1_prereq_match_id).not.toBeNull();
      if (m.player2_id === null) expect(m.player2_prereq_match_id).not.toBeNull();
    }
    const rr = await createWithPlayers(s, { tournament_type: "round robin", url: "rr" }, 4);
    await changeState(s, rr.id, "start");
    const from = origins((await matches(s, rr.id)) as unknown as Origins[]);
    for (const m of (await matches(s, rr.id)) as unknown as Origins[])
      expect(from(m)).toEqual(["seeded", "seeded"]);
    s.service.close();
  });

  it("v1 match records carry the same fields", async () => {
    const v = await startV1();
    const q = { "tournament[name]": "Cup", "tournament[url]": "cup" };
    await v.call("POST", "/v1/tournaments.json", {
      query: { ...q, "tournament[tournament_type]": "double elimination" },
    });
    await v.call("POST", "/v1/tournaments/cup/participants/bulk_add", {
      query: ["A", "B", "C", "D"].map((n) => ["participants[][name]", n] as [string, string]),
    });
    await v.call("POST", "/v1/tournaments/cup/start");
    const list = (await v.call("GET", "/v1/tournaments/cup/matches.json")).json.map(
      (w: { match: Origins }) => ({ ...w.match, id: String(w.match.id) }),
    ) as Origins[];
    const from = origins(list);
    // v1 numbers the losers bracket's rounds below zero (it used to turn them positive).
    expect(list.map((m) => [m.identifier, m.round])).toEqual([
      ["A", 1],
      ["B", 1],
      ["C", -1],
      ["D", 2],
      ["E", -2],
      ["F", 3],
    ]);
    expect(from(list.find((m) => m.identifier === "C")!)).toEqual(["Loser of A", "Loser of B"]);
    expect(from(list.find((m) => m.identifier === "E")!)).toEqual(["Winner of C", "Loser of D"]);
    expect(from(list.find((m) => m.identifier === "A")!)).toEqual(["seeded", "seeded"]);
    v.close();
  });
});

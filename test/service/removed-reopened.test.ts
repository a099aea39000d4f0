/**
 * A match and a player's removal (deactivation) after the start. A match the removal
 * completed (a forfeit: no score sets) is not reopened while its loser is removed: a reopen
 * clears the result and nothing would tell the forfeit from a played result, so a report
 * could award it to the removed player (422 naming both players by name and id). A played
 * result, reported before the removal, is reopened and re-entered as played, the removed
 * player winning or tying included (6511c19 refused that: 422); the removed player's later
 * matches still forfeit as they open.
 */
import { describe, expect, it } from "vitest";
import { changeState, createWithPlayers, matches, reportBody } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

async function remove(s: ServiceHarness, t: string, participant: number): Promise<void> {
  const r = await s.request("DELETE", `/v2.1/tournaments/${t}/participants/${participant}`);
  expect(r.status, r.body).toBe(204);
}

function reopen(s: ServiceHarness, t: string, m: string) {
  return s.request("PUT", `/v2.1/tournaments/${t}/matches/${m}/change_state`, {
    data: { type: "Match", attributes: { state: "reopen", reset_dependents: true } },
  });
}

function tieBody(a: number, b: number, score = "2") {
  return {
    data: {
      type: "Match",
      attributes: {
        tie: true,
        match: [
          { participant_id: String(a), score_set: score, advancing: false },
          { participant_id: String(b), score_set: score, advancing: false },
        ],
      },
    },
  };
}

describe("a match and a player's removal", () => {
  it("single elimination: a forfeit is not reopened while its loser is removed (names by name)", async () => {
    const s = await startService();
    const { id, idOfSeed } = await createWithPlayers(
      s,
      { tournament_type: "single elimination" },
      4,
    );
    expect((await changeState(s, id, "start")).status).toBe(200);
    const [one, four] = [idOfSeed.get(1)!, idOfSeed.get(4)!];
    await remove(s, id, four);
    const semi = (await matches(s, id)).find((m) => m.player2_id === four)!;
    expect(semi).toMatchObject({ state: "complete", winner_id: one });
    const refused = await reopen(s, id, semi.id);
    expect(refused.status, refused.body).toBe(422);
    expect(refused.json.errors[0].detail).toBe(
      `match ${semi.identifier} (${semi.id}) was forfeited by P4 (${four}), removed from the tournament, to P1 (${one}): a removal's forfeit stands while they are removed, so it is not reopened (a played result is)`,
    );
    const after = (await matches(s, id)).find((m) => m.id === semi.id);
    expect(after).toMatchObject({ state: "complete", winner_id: one, loser_id: four });
  });

  it("round robin: a tie played before the removal is reopened and entered again as a tie", async () => {
    const s = await startService();
    const { id, idOfSeed } = await createWithPlayers(s, { tournament_type: "round robin" }, 3);
    expect((await changeState(s, id, "start")).status).toBe(200);
    const [a, b] = [idOfSeed.get(1)!, idOfSeed.get(2)!];
    const ab = (await matches(s, id)).find(
      (m) => [m.player1_id, m.player2_id].includes(a) && [m.player1_id, m.player2_id].includes(b),
    )!;
    const tied = await s.request("PUT", `/v2.1/tournaments/${id}/matches/${ab.id}`, tieBody(a, b));
    expect(tied.status, tied.body).toBe(200);
    await remove(s, id, b);
    const theirs = (await matches(s, id)).filter(
      (m) => m.id !== ab.id && (m.player1_id === b || m.player2_id === b),
    );
    expect(theirs.every((m) => m.state === "complete" && m.loser_id === b)).toBe(true);
    expect((await reopen(s, id, ab.id)).status).toBe(200);
    // The typo corrected: 2-2 re-entered (refused before with 422).
    const again = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${ab.id}`,
      tieBody(a, b, "2"),
    );
    expect(again.status, again.body).toBe(200);
    expect(again.json.data.attributes).toMatchObject({ state: "complete", tie: true });
    // Played, so the removed player may also be entered as its winner.
    expect((await reopen(s, id, ab.id)).status).toBe(200);
    const won = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${ab.id}`,
      reportBody(b, a),
    );
    expect(won.status, won.body).toBe(200);
    expect(won.json.data.attributes.winner_id).toBe(b);
    // Their unplayed match was a forfeit: not reopened.
    const forfeit = await reopen(s, id, theirs[0]!.id);
    expect(forfeit.status, forfeit.body).toBe(422);
    expect(forfeit.json.errors[0].detail).toContain(`forfeited by P2 (${b})`);
  });

  it("single elimination: a played win of the removed player is re-entered; their next match forfeits as it opens", async () => {
    const s = await startService();
    const { id, idOfSeed } = await createWithPlayers(
      s,
      { tournament_type: "single elimination" },
      4,
    );
    expect((await changeState(s, id, "start")).status).toBe(200);
    const [one, two, three, four] = [1, 2, 3, 4].map((seed) => idOfSeed.get(seed)!) as [
      number,
      number,
      number,
      number,
    ];
    const semi = (await matches(s, id)).find((m) => m.player2_id === four)!;
    const other = (await matches(s, id)).find((m) => m.player2_id === three)!;
    const played = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${semi.id}`,
      reportBody(four, one),
    );
    expect(played.status, played.body).toBe(200);
    await remove(s, id, four);
    expect((await reopen(s, id, semi.id)).status).toBe(200);
    const again = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${semi.id}`,
      reportBody(four, one, "3,1", "1,3"),
    );
    expect(again.status, again.body).toBe(200);
    expect(again.json.data.attributes.winner_id).toBe(four);
    const last = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${other.id}`,
      reportBody(two, three),
    );
    expect(last.status, last.body).toBe(200);
    const final = (await matches(s, id)).find((m) => m.round === 2)!;
    expect(final).toMatchObject({ state: "complete", winner_id: two, loser_id: four });
  });

  it("both players removed: one of them must still win, and may", async () => {
    const s = await startService();
    const { id, idOfSeed } = await createWithPlayers(
      s,
      { tournament_type: "single elimination" },
      4,
    );
    expect((await changeState(s, id, "start")).status).toBe(200);
    const [one, four] = [idOfSeed.get(1)!, idOfSeed.get(4)!];
    const semi = (await matches(s, id)).find((m) => m.player2_id === four)!;
    const first = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${semi.id}`,
      reportBody(one, four),
    );
    expect(first.status, first.body).toBe(200);
    await remove(s, id, one);
    await remove(s, id, four);
    expect((await reopen(s, id, semi.id)).status).toBe(200);
    const r = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${semi.id}`,
      reportBody(four, one),
    );
    expect(r.status, r.body).toBe(200);
  });
});

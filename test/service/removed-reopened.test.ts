/**
 * A match reopened after one of its players was removed (deactivated): the removed player
 * forfeits, so a report may not record them as its winner, nor a tie, against a player
 * still in (422 naming why). Before, a reopened forfeit could be reported as won by the
 * removed player: accepted, and their next match forfeited only when it opened.
 */
import { describe, expect, it } from "vitest";
import { changeState, createWithPlayers, matches, reportBody } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

async function remove(s: ServiceHarness, t: string, participant: number): Promise<void> {
  const r = await s.request("DELETE", `/v2.1/tournaments/${t}/participants/${participant}`);
  expect(r.status, r.body).toBe(204);
}

async function reopen(s: ServiceHarness, t: string, m: string) {
  const r = await s.request("PUT", `/v2.1/tournaments/${t}/matches/${m}/change_state`, {
    data: { type: "Match", attributes: { state: "reopen", reset_dependents: true } },
  });
  expect(r.status, r.body).toBe(200);
}

describe("a match reopened after a player's removal", () => {
  it("single elimination: the removed player cannot be reported the winner; the other can", async () => {
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
    await reopen(s, id, semi.id);
    const refused = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${semi.id}`,
      reportBody(four, one),
    );
    expect(refused.status, refused.body).toBe(422);
    expect(refused.json.errors[0].detail).toBe(
      `participant ${four} was removed from the tournament and forfeits: it cannot win match ${semi.identifier} against ${one}, who is still in; report ${one} as the winner`,
    );
    const after = await matches(s, id);
    expect(after.find((m) => m.id === semi.id)).toMatchObject({ state: "open", winner_id: null });
    expect(after.some((m) => m.player1_id === four && m.round === 2)).toBe(false);
    expect(after.some((m) => m.player2_id === four && m.round === 2)).toBe(false);
    const won = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${semi.id}`,
      reportBody(one, four),
    );
    expect(won.status, won.body).toBe(200);
    expect(won.json.data.attributes.winner_id).toBe(one);
  });

  it("round robin: no tie with the removed player either; scores alone keep the match open", async () => {
    const s = await startService();
    const { id, idOfSeed } = await createWithPlayers(s, { tournament_type: "round robin" }, 3);
    expect((await changeState(s, id, "start")).status).toBe(200);
    const gone = idOfSeed.get(3)!;
    await remove(s, id, gone);
    const theirs = (await matches(s, id)).filter(
      (m) => m.player1_id === gone || m.player2_id === gone,
    );
    expect(theirs.every((m) => m.state === "complete" && m.loser_id === gone)).toBe(true);
    const m = theirs[0]!;
    const other = m.player1_id === gone ? m.player2_id : m.player1_id;
    await reopen(s, id, m.id);
    const tie = await s.request("PUT", `/v2.1/tournaments/${id}/matches/${m.id}`, {
      data: {
        type: "Match",
        attributes: {
          tie: true,
          match: [
            { participant_id: String(gone), score_set: "1", advancing: false },
            { participant_id: String(other), score_set: "1", advancing: false },
          ],
        },
      },
    });
    expect(tie.status, tie.body).toBe(422);
    expect(tie.json.errors[0].detail).toBe(
      `participant ${gone} was removed from the tournament and forfeits: match ${m.identifier} cannot end in a tie with ${other}, who is still in; report ${other} as the winner`,
    );
    const scores = await s.request("PUT", `/v2.1/tournaments/${id}/matches/${m.id}`, {
      data: {
        type: "Match",
        attributes: {
          match: [
            { participant_id: String(gone), score_set: "2", advancing: false },
            { participant_id: String(other), score_set: "1", advancing: false },
          ],
        },
      },
    });
    expect(scores.status, scores.body).toBe(200);
    expect(scores.json.data.attributes.state).toBe("open");
    const wins = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${m.id}`,
      reportBody(gone, other, "2", "1"),
    );
    expect(wins.status).toBe(422);
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
    await reopen(s, id, semi.id);
    const r = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${semi.id}`,
      reportBody(four, one),
    );
    expect(r.status, r.body).toBe(200);
  });
});

/**
 * `median buchholz` in a swiss with byes, through the service's standings: a bye counts as a
 * dummy opponent with the player's own score (FIDE C.07 16.4, engine/tiebreaks.ts
 * buchholzScores), so a player who sat out a round is compared on as many values as one who
 * did not. The reviewer's case: 7 players, 4 rounds, player 1 winning every match; before,
 * Fay (2 points, a bye, 3 opponents) kept 1 value after the two cuts against Bob's 2.
 */
import { describe, expect, it } from "vitest";
import { changeState, createWithPlayers, matches, playOut } from "../helpers/play.js";
import { startService } from "../helpers/service.js";

interface Row {
  participant_id: number;
  points: number;
  byes: number;
  tie_breaks: Record<string, number>;
}

const median = (values: number[]) =>
  values.length < 3
    ? values.reduce((a, b) => a + b, 0)
    : values.reduce((a, b) => a + b, 0) - Math.max(...values) - Math.min(...values);

describe("median buchholz with byes", () => {
  it("counts each bye as an opponent on the player's own score", async () => {
    const s = await startService();
    const { id } = await createWithPlayers(
      s,
      { tournament_type: "swiss", swiss_options: { rounds: 4 }, tie_breaks: ["median buchholz"] },
      7,
    );
    expect((await changeState(s, id, "start")).status).toBe(200);
    await playOut(s, id, (m) => m.player1_id);
    const r = await s.request("GET", `/v2.1/tournaments/${id}/standings`);
    expect(r.status, r.body).toBe(200);
    const rows: Row[] = r.json.data.map((d: { attributes: Row }) => d.attributes);
    const pointsOf = new Map(rows.map((row) => [row.participant_id, row.points]));
    const opponents = new Map<number, number[]>();
    for (const m of await matches(s, id, "complete")) {
      opponents.set(m.player1_id, [...(opponents.get(m.player1_id) ?? []), m.player2_id]);
      opponents.set(m.player2_id, [...(opponents.get(m.player2_id) ?? []), m.player1_id]);
    }
    expect(rows.reduce((n, row) => n + row.byes, 0)).toBe(4);
    for (const row of rows) {
      const played = opponents.get(row.participant_id) ?? [];
      // Every player has 4 values: the rounds played and the byes.
      expect(played.length + row.byes).toBe(4);
      const values = [
        ...played.map((p) => pointsOf.get(p)!),
        ...Array<number>(row.byes).fill(row.points),
      ];
      expect(row.tie_breaks["median buchholz"], `participant ${row.participant_id}`).toBe(
        median(values),
      );
    }
  });
});

/**
 * Final ranks of stages played out by the pure rules, no database: the ranks
 * `finalize` stores and the standings show.
 */
import { describe, expect, it } from "vitest";
import { planDoubleElimination, planSingleElimination } from "../../src/engine/index.js";
import { finalStageRanks } from "../../src/service/bracket/ranks.js";
import { planSwissRound } from "../../src/service/bracket/round-plans.js";
import { planRows, players, playOut, REF, rowsOf, settingsFor, stateOf } from "../helpers/stage.js";

describe("final ranks of a stage played out", () => {
  it("single elimination of 4: the final's winner first, the semi-final losers third together", () => {
    const rows = planRows(planSingleElimination(players(4), { sequentialPairings: false }));
    const played = playOut({ type: "single elimination", rows, count: 4 });
    expect(played.state).toBe("awaiting_review");
    const ranks = finalStageRanks(
      stateOf({ type: "single elimination", rows: played.rows, count: 4 }),
    );
    expect(Object.fromEntries(ranks)).toEqual({ 101: 1, 102: 2, 103: 3, 104: 3 });
  });

  it("double elimination of 6 (the lower id always wins): the stage ends without the reset", () => {
    const plan = planDoubleElimination(players(6), {
      sequentialPairings: false,
      grandFinalsModifier: "",
      splitParticipants: false,
    });
    const played = playOut({ type: "double elimination", rows: planRows(plan), count: 6 });
    expect(played.state).toBe("awaiting_review");
    const reset = played.rows.find((r) => r.only_if_loser_wins !== null)!;
    expect(reset.active).toBe(0);
    const ranks = finalStageRanks(
      stateOf({ type: "double elimination", rows: played.rows, count: 6 }),
    );
    expect([ranks.get(101), ranks.get(102), ranks.get(103)]).toEqual([1, 2, 3]);
  });

  it("swiss of 4: every round paired when the one before ends, ranked by the standings", () => {
    const settings = settingsFor("swiss");
    const round1 = planSwissRound(settings, REF, 1, players(4), { rows: [], byes: [] });
    const played = playOut({ type: "swiss", rows: rowsOf(round1.matches), count: 4 });
    expect(played.rows.map((r) => r.round)).toEqual([1, 1, 2, 2]);
    expect(played.state).toBe("awaiting_review");
    const ranks = finalStageRanks(stateOf({ type: "swiss", rows: played.rows, count: 4 }));
    expect(ranks.get(101)).toBe(1);
    expect(ranks.get(104)).toBe(4);
  });
});

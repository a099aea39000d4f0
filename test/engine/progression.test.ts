import { describe, expect, it } from "vitest";
import { planDoubleElimination } from "../../src/engine/double-elimination.js";
import { EngineRuleError } from "../../src/engine/errors.js";
import {
  advance,
  buildIndex,
  completed,
  dependentsOf,
  indexSteps,
  isStageComplete,
  type MatchOutcome,
  openingMatches,
  type ResultLookup,
  reopenEffects,
} from "../../src/engine/progression.js";
import { planSingleElimination } from "../../src/engine/single-elimination.js";
import { field, higherSeedWins, playOut, render } from "./elimination-playout.js";

const win = (winnerId: number, loserId: number): MatchOutcome => ({ winnerId, loserId });

/** 4-player double elimination, reported step by step. */
function fourPlayers() {
  const plan = planDoubleElimination(field(4));
  const index = buildIndex(plan);
  const results = new Map<string, MatchOutcome>();
  const report = (key: string, outcome: MatchOutcome) => {
    const change = advance(index, results, key, outcome);
    results.set(key, outcome);
    return change;
  };
  return { plan, index, results, report };
}

describe("advancing results", () => {
  it("plans the 4-player double elimination this walk-through uses", () => {
    expect(render(fourPlayers().plan)).toEqual([
      "A W1-1 1: 1 v 4",
      "B W1-2 1: 2 v 3",
      "C L1-1 -1: l(W1-1) v l(W1-2)",
      "D W2-1 2: w(W1-1) v w(W1-2)",
      "E L2-1 -2: w(L1-1) v l(W2-1)",
      "F GF1 3: w(W2-1) v w(L2-1)",
      "G GF2 4: l(GF1) v w(GF1) if GF1",
    ]);
  });

  it("sends winners on and losers down, and opens matches once both slots are known", () => {
    const { index, report } = fourPlayers();
    expect(openingMatches(index)).toEqual(["W1-1", "W1-2"]);
    expect(report("W1-1", win(101, 104))).toEqual({
      assignments: [
        { match: "L1-1", slot: "player1", participantId: 104 },
        { match: "W2-1", slot: "player1", participantId: 101 },
      ],
      playable: [],
      reset: null,
      stageComplete: false,
    });
    const second = report("W1-2", win(102, 103));
    expect(second.assignments).toEqual([
      { match: "L1-1", slot: "player2", participantId: 103 },
      { match: "W2-1", slot: "player2", participantId: 102 },
    ]);
    expect(second.playable).toEqual(["L1-1", "W2-1"]);
    expect(report("W2-1", win(101, 102))).toMatchObject({
      assignments: [
        { match: "L2-1", slot: "player2", participantId: 102 },
        { match: "GF1", slot: "player1", participantId: 101 },
      ],
      playable: [],
    });
    expect(report("L1-1", win(103, 104)).playable).toEqual(["L2-1"]);
    expect(report("L2-1", win(102, 103))).toMatchObject({
      assignments: [{ match: "GF1", slot: "player2", participantId: 102 }],
      playable: ["GF1"],
    });
  });

  it("requires the reset when GF1's player2 wins, and completes after it", () => {
    const { report } = fourPlayers();
    for (const [key, outcome] of [
      ["W1-1", win(101, 104)],
      ["W1-2", win(102, 103)],
      ["W2-1", win(101, 102)],
      ["L1-1", win(103, 104)],
      ["L2-1", win(102, 103)],
    ] as const) {
      report(key, outcome);
    }
    expect(report("GF1", win(102, 101))).toEqual({
      assignments: [
        { match: "GF2", slot: "player1", participantId: 101 },
        { match: "GF2", slot: "player2", participantId: 102 },
      ],
      playable: ["GF2"],
      reset: "required",
      stageComplete: false,
    });
    expect(report("GF2", win(101, 102))).toEqual({
      assignments: [],
      playable: [],
      reset: null,
      stageComplete: true,
    });
  });

  it("cancels the reset when GF1's player1 wins: the stage is complete", () => {
    const { report, index, results } = fourPlayers();
    report("W1-1", win(101, 104));
    report("W1-2", win(102, 103));
    report("W2-1", win(101, 102));
    report("L1-1", win(103, 104));
    report("L2-1", win(102, 103));
    expect(report("GF1", win(101, 102))).toEqual({
      assignments: [],
      playable: [],
      reset: "cancelled",
      stageComplete: true,
    });
    expect(() => advance(index, results, "GF2", win(101, 102))).toThrow(/not played/);
  });

  it("completes a single elimination with a third place only when both last matches are in", () => {
    const plan = planSingleElimination(field(4), { consolationMatchesTargetRank: 3 });
    const index = buildIndex(plan);
    const results = new Map<string, MatchOutcome>([
      ["W1-1", win(101, 104)],
      ["W1-2", win(102, 103)],
    ]);
    expect(advance(index, results, "W2-1", win(101, 102)).stageComplete).toBe(false);
    results.set("W2-1", win(101, 102));
    expect(isStageComplete(index, results)).toBe(false);
    expect(advance(index, results, "3P", win(103, 104)).stageComplete).toBe(true);
  });

  it("rejects reports that do not fit the match", () => {
    const { index, results, report } = fourPlayers();
    expect(() => advance(index, results, "X9", win(101, 104))).toThrow(EngineRuleError);
    expect(() => advance(index, results, "W1-1", win(101, 102))).toThrow(/between 101 and 104/);
    expect(() => advance(index, results, "W1-1", win(101, 101))).toThrow(/differ/);
    expect(() => advance(index, results, "W2-1", win(101, 102))).toThrow(/both participants/);
    report("W1-1", win(104, 101));
    expect(results.get("W1-1")).toEqual(win(104, 101));
  });

  it("reads only what the reported match touches, however large the bracket", () => {
    const plan = planDoubleElimination(field(1024));
    const { results } = playOut(plan, higherSeedWins);
    const index = buildIndex(plan);
    let reads = 0;
    const counting: ResultLookup = {
      get: (key) => {
        reads += 1;
        return results.get(key);
      },
    };
    const outcome = results.get("W2-100")!;
    advance(index, counting, "W2-100", outcome);
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThan(16);
  });

  it("refuses a plan with a duplicate key or a source outside it", () => {
    const plan = planSingleElimination(field(4));
    expect(() => buildIndex([plan[0]!, plan[0]!])).toThrow(/duplicate/);
    expect(() => buildIndex([plan.at(-1)!])).toThrow(/unknown match/);
  });
});

describe("reopening", () => {
  it("lists every dependent of a match, in play order", () => {
    const { index } = fourPlayers();
    expect(dependentsOf(index, "W1-1")).toEqual(["L1-1", "W2-1", "L2-1", "GF1", "GF2"]);
    expect(dependentsOf(index, "L1-1")).toEqual(["L2-1", "GF1", "GF2"]);
    expect(dependentsOf(index, "GF2")).toEqual([]);
  });

  it("clears the slots fed by the reopened match or its dependents, and no others", () => {
    const { index } = fourPlayers();
    expect(reopenEffects(index, "L1-1")).toEqual({
      dependents: ["L2-1", "GF1", "GF2"],
      clearedSlots: [
        { match: "L2-1", slot: "player1" },
        { match: "GF1", slot: "player2" },
        { match: "GF2", slot: "player1" },
        { match: "GF2", slot: "player2" },
      ],
    });
    expect(reopenEffects(index, "W1-2").clearedSlots).toEqual([
      { match: "L1-1", slot: "player2" },
      { match: "W2-1", slot: "player2" },
      { match: "L2-1", slot: "player1" },
      { match: "L2-1", slot: "player2" },
      { match: "GF1", slot: "player1" },
      { match: "GF1", slot: "player2" },
      { match: "GF2", slot: "player1" },
      { match: "GF2", slot: "player2" },
    ]);
  });
});

describe("building the index a part at a time", () => {
  const plans = [
    ["double elimination of 37", planDoubleElimination(field(37))],
    ["single elimination of 100", planSingleElimination(field(100))],
  ] as const;

  it.each(plans)("%s: yields every few matches and gives buildIndex's index", (_name, plan) => {
    const whole = buildIndex(plan);
    for (const part of [1, 7, 64]) {
      const steps = indexSteps(plan, part);
      let yields = 0;
      let next = steps.next();
      for (; next.done !== true; next = steps.next()) yields++;
      // Each of its four passes (matches, feeds, their order, terminals) pauses every `part`.
      expect(yields).toBeGreaterThanOrEqual(Math.floor((3 * plan.length) / part));
      const index = next.value;
      expect([...index.matches.keys()]).toEqual([...whole.matches.keys()]);
      expect([...index.feeds]).toEqual([...whole.feeds]);
      expect(index.terminal).toEqual(whole.terminal);
    }
    expect(completed(indexSteps(plan, 5))).toEqual(whole);
  });

  it("refuses what buildIndex refuses, at the step that meets it", () => {
    const plan = planSingleElimination(field(8));
    const twice = [...plan, plan[0]!];
    expect(() => completed(indexSteps(twice, 2))).toThrow(EngineRuleError);
  });
});

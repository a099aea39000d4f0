import { describe, expect, it } from "vitest";
import {
  freeForAllReport,
  oneOnOneReport,
  parseRanks,
  parseRefList,
  parseScores,
  setsWon,
} from "../../src/cli/commands/match/report-input.js";
import { UsageError } from "../../src/cli/errors.js";

describe("match report input", () => {
  it("reads sets from player 1's side and splits them into two score_set values", () => {
    const sets = parseScores("3-1, 2-3 ,3-0");
    expect(sets).toEqual([
      [3, 1],
      [2, 3],
      [3, 0],
    ]);
    expect(setsWon(sets)).toEqual([2, 1]);
    expect(oneOnOneReport({ player1: 12, player2: 7, sets, winner: 12 })).toEqual({
      match: [
        { participant_id: 12, score_set: "3,2,3", advancing: true },
        { participant_id: 7, score_set: "1,3,0", advancing: false },
      ],
    });
  });

  it("builds ties (nobody advances) and score-only reports (no advancing key)", () => {
    const sets = parseScores("1-1");
    expect(oneOnOneReport({ player1: 1, player2: 2, sets, tie: true })).toEqual({
      match: [
        { participant_id: 1, score_set: "1", advancing: false },
        { participant_id: 2, score_set: "1", advancing: false },
      ],
      tie: true,
    });
    expect(oneOnOneReport({ player1: 1, player2: 2, sets: [] })).toEqual({
      match: [
        { participant_id: 1, score_set: "" },
        { participant_id: 2, score_set: "" },
      ],
    });
  });

  it("refuses an empty set, naming which (before, it was dropped)", () => {
    for (const [text, n, rest] of [
      ["3-1,,2-0", 2, "3-1,2-0"],
      ["3-1,", 2, "3-1"],
      [",3-1", 1, "3-1"],
      ["3-1, ,2-0", 2, "3-1,2-0"],
    ] as const) {
      expect(() => parseScores(text), text).toThrow(UsageError);
      expect(() => parseScores(text), text).toThrow(
        `set ${n} of --scores is empty (${JSON.stringify(text)}): write one comma between sets: --scores ${rest}`,
      );
    }
    expect(() => parseScores(",")).toThrow("--scores needs at least one set, like 3-1");
  });

  it("rejects malformed scores and ranks as usage errors", () => {
    for (const bad of ["3:1", "3-", "-1-2", "a-b", ""])
      expect(() => parseScores(bad), bad).toThrow(UsageError);
    expect(() => parseRanks(["Ada"])).toThrow(UsageError);
    expect(() => parseRanks(["Ada=0"])).toThrow(UsageError);
    expect(() => parseRanks([])).toThrow(UsageError);
  });

  it("reads free-for-all ranks (names may hold '=') and marks the advancers", () => {
    const ranks = parseRanks(["Ada=1,Grace=2", "x=y=3"]);
    expect(ranks).toEqual([
      ["Ada", 1],
      ["Grace", 2],
      ["x=y", 3],
    ]);
    // A name holding a comma reads whole; a last piece without a rank is still refused.
    expect(parseRanks(["Smith, John=1,Bo=2"])).toEqual([
      ["Smith, John", 1],
      ["Bo", 2],
    ]);
    expect(() => parseRanks(["Ada=1,Grace"])).toThrow(UsageError);
    // An empty item is refused naming it, not dropped.
    for (const [value, item] of [
      ["Ada=1,,Bo=2", 2],
      ["Ada=1,", 2],
      [",Ada=1", 1],
    ] as const)
      expect(() => parseRanks([value]), value).toThrow(
        `item ${item} of --ranks is empty (${JSON.stringify(value)}): write one comma between items`,
      );
    expect(() => parseRefList(["Ada,,Bo"])).toThrow(
      'item 2 of --advancing is empty ("Ada,,Bo"): write one comma between items, like --advancing Ada,Grace',
    );
    expect(parseRefList(["Ada, Bo", "Cy"])).toEqual(["Ada", "Bo", "Cy"]);
    expect(
      freeForAllReport(
        [
          [4, 1],
          [5, 2],
        ],
        new Set([4]),
      ),
    ).toEqual({
      match: [
        { participant_id: 4, score_set: "", rank: 1, advancing: true },
        { participant_id: 5, score_set: "", rank: 2, advancing: false },
      ],
    });
  });
});

/** The race verbs' parse steps (no I/O): times, the times file, flags, and rows to entries. */
import { describe, expect, it } from "vitest";
import { parseRaceCreate } from "../../src/cli/commands/race/create.js";
import { entriesOf } from "../../src/cli/commands/race/times/bulk-update.js";
import type { RoundTimes } from "../../src/cli/commands/race/times/round-times.js";
import { timeAttributes } from "../../src/cli/commands/race/times/time-flags.js";
import { formatTime, parseTime } from "../../src/cli/commands/race/times/time-format.js";
import { parseTimesCsv } from "../../src/cli/commands/race/times/times-csv.js";
import { parseRaceUpdate } from "../../src/cli/commands/race/update.js";
import { UsageError } from "../../src/cli/errors.js";

describe("parseTime", () => {
  it.each([
    ["62345", 62_345],
    ["0", 0],
    ["1:02.345", 62_345],
    ["1:02.3", 62_300],
    ["1:02.34", 62_340],
    ["1:02", 62_000],
    ["62.345", 62_345],
    ["59.999", 59_999],
    ["1:02:03.004", 3_723_004],
    ["01:02:03.004", 3_723_004],
    [" 1:02.345 ", 62_345],
    ["99:59:59.999", 359_999_999],
  ])("%s is %d ms", (text, ms) => {
    expect(parseTime(text, "--time")).toBe(ms);
  });

  it.each([
    ["-5", "is negative"],
    ["-1:02.345", "is negative"],
    ["abc", "is not a time"],
    ["", "is not a time"],
    ["1:02.3456", "has more than three decimals"],
    ["1:60.000", "has 60 seconds or more after the minutes"],
    ["1:60:00", "has 60 minutes or more after the hours"],
    ["1:2:3:4", "is not a time"],
    ["100:00:00", "is 100 hours or more"],
    ["360000000", "is 100 hours or more"],
    ["1e3", "is not a time"],
    ["1,5", "is not a time"],
  ])("%j is refused: %s, naming where", (text, why) => {
    const error = (() => {
      try {
        parseTime(text, "line 7");
      } catch (e) {
        return e as Error;
      }
      throw new Error("accepted");
    })();
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toMatch(/^line 7: /);
    expect(error.message).toContain(why);
  });

  it("formats as the service's formattedTime does", () => {
    expect(formatTime(62_345)).toBe("00:01:02.345");
    expect(formatTime(3_723_004)).toBe("01:02:03.004");
    expect(formatTime(null)).toBe("");
  });
});

describe("time flags", () => {
  it("--time, --dnf, --points and --rank", () => {
    expect(timeAttributes({ time: "1:02.345" })).toEqual({ elapsedTime: 62_345 });
    expect(timeAttributes({ dnf: true })).toEqual({ elapsedTime: null });
    expect(timeAttributes({ time: "61000ms", points: "25", rank: "1" })).toEqual({
      elapsedTime: 61_000,
      points: 25,
      rank: 1,
    });
  });

  it("--rank auto (or 0) clears a rank set by hand: rank 0, the service's 'not set'", () => {
    // Before, `--rank 0` was refused and nothing else cleared a hand-set rank.
    expect(timeAttributes({ rank: "auto" })).toEqual({ rank: 0 });
    expect(timeAttributes({ rank: "0" })).toEqual({ rank: 0 });
  });

  it("refuses nothing, both --time and --dnf, and malformed numbers (naming the flag)", () => {
    expect(() => timeAttributes({})).toThrow(/nothing to change/);
    expect(() => timeAttributes({ time: "1:00", dnf: true })).toThrow(/--time and --dnf/);
    expect(() => timeAttributes({ time: "fast" })).toThrow(/^--time: "fast" is not a time/);
    expect(() => timeAttributes({ rank: "first" })).toThrow(
      '--rank needs a whole number from 1 to 1000000, or auto to clear a rank set by hand (the round ranks by time), not "first"',
    );
    // Before: "--points needs a whole number, not "-2"", as if -2 were not one.
    expect(() => timeAttributes({ points: "-2" })).toThrow(
      '--points needs a whole number from 0 to 1000000, not "-2"',
    );
    // Above the service's most: refused here (exit 2), not by the service (exit 5).
    expect(() => timeAttributes({ points: "1000001" })).toThrow(
      '--points needs a whole number from 0 to 1000000, not "1000001"',
    );
    expect(() => timeAttributes({ rank: "1000001" })).toThrow(
      /^--rank needs a whole number from 1 to 1000000/,
    );
    expect(timeAttributes({ points: "1000000", rank: "1000000" })).toEqual({
      points: 1e6,
      rank: 1e6,
    });
  });
});

describe("race create and update flags", () => {
  it("create: time trial by default; --rounds for a grand prix only", () => {
    expect(parseRaceCreate({ name: "TT" })).toEqual({
      attributes: { name: "TT", raceType: "time trial" },
    });
    expect(parseRaceCreate({ name: "GP", type: "grand prix", rounds: "3" })).toEqual({
      attributes: { name: "GP", raceType: "grand prix", grandPrixOptions: { rounds: 3 } },
    });
    expect(() => parseRaceCreate({ name: "TT", rounds: "3" })).toThrow(/--rounds is for a grand/);
    expect(() => parseRaceCreate({ name: "GP", type: "grand prix", rounds: "0" })).toThrow(
      /--rounds needs a whole number from 1/,
    );
  });

  it("--set reaches camelCase attributes", () => {
    expect(
      parseRaceCreate({ name: "GP", type: "grand prix", set: ["pointsTable=[10,6,4]"] }),
    ).toMatchObject({ attributes: { pointsTable: [10, 6, 4] } });
    expect(() => parseRaceCreate({ name: "X", set: ["__proto__.x=1"] })).toThrow(UsageError);
  });

  it("update: a participant takes time flags, the race its attribute flags, never both", () => {
    expect(parseRaceUpdate("gp", "Ada", { time: "1:02.345" })).toEqual({
      kind: "time",
      race: "gp",
      participant: "Ada",
      attributes: { elapsedTime: 62_345 },
    });
    expect(parseRaceUpdate("gp", undefined, { name: "New" })).toEqual({
      kind: "race",
      race: "gp",
      attributes: { name: "New" },
    });
    expect(() => parseRaceUpdate("gp", "Ada", { time: "1:00", name: "X" })).toThrow(
      /with a participant/,
    );
    expect(() => parseRaceUpdate("gp", undefined, { time: "1:00" })).toThrow(/whose time/);
    expect(() => parseRaceUpdate("gp", undefined, {})).toThrow(/nothing to change/);
  });
});

describe("the times file", () => {
  it("reads participant,time[,points][,rank] by position, DNF for no time", async () => {
    const file = await parseTimesCsv("Ada,1:02.345\n#2,61000,25\nLinus,DNF,,4\n\n");
    expect(file.problems).toEqual([]);
    expect(file.rows).toEqual([
      { participant: "Ada", time: 62_345, where: "line 1" },
      { participant: "#2", time: 61_000, points: 25, where: "line 2" },
      { participant: "Linus", time: null, rank: 4, where: "line 3" },
    ]);
  });

  it("reads columns by a header row, in any order, with ; or tabs", async () => {
    const file = await parseTimesCsv("Time;Points;Racer\n1:00.5;10;Ada\n");
    expect(file.rows).toEqual([{ participant: "Ada", time: 60_500, points: 10, where: "line 2" }]);
    const tabs = await parseTimesCsv("participant\ttime\nGrace\t59.9\n");
    expect(tabs.rows).toEqual([{ participant: "Grace", time: 59_900, where: "line 2" }]);
  });

  it("gives every bad row's problem with its line", async () => {
    const file = await parseTimesCsv("Ada,1:02.345\nGrace,soon\nLinus,\n,1:00\nAlan,1:00,x\n");
    expect(file.rows.map((r) => r.participant)).toEqual(["Ada"]);
    expect(file.problems).toEqual([
      expect.stringMatching(/^line 2: "soon" is not a time/),
      "line 3: no time (write DNF for a racer who did not finish)",
      "line 4: no participant",
      'line 5: points must be a whole number from 0 to 1000000, not "x"',
    ]);
  });

  it("says points and ranks are 0 to the service's most (bulk-update's file; 0 clears one set by hand)", async () => {
    const file = await parseTimesCsv(
      "Ada,1:00,-5\nGrace,1:01,3,-1\nLinus,1:02,,0\nAlan,1:03,1000001\nEdsger,1:04,1000000,1000001\n",
    );
    // Before: 'points must be a whole number, not "-5"', as if -5 were not one; and above
    // 1000000, taken here and refused by the service mid-file, naming no line.
    expect(file.problems).toEqual([
      'line 1: points must be a whole number from 0 to 1000000, not "-5"',
      'line 2: rank must be a whole number from 0 to 1000000, not "-1"',
      'line 4: points must be a whole number from 0 to 1000000, not "1000001"',
      'line 5: rank must be a whole number from 0 to 1000000, not "1000001"',
    ]);
    // A rank of 0 is sent as 0: the service clears a rank set by hand (before, refused here).
    expect(file.rows).toEqual([{ participant: "Linus", time: 62_000, rank: 0, where: "line 3" }]);
  });
});

describe("rows to bulk_update entries", () => {
  const participant = (id: number, name: string, seed: number) => ({
    id: String(id),
    type: "participant",
    attributes: { name, seed },
  });
  const time = (id: number, participantId: number) => ({
    id: String(id),
    type: "elapsed_time",
    attributes: { elapsedTime: null },
    relationships: { participant: { data: { id: String(participantId), type: "participant" } } },
  });
  const rt: RoundTimes = {
    race: { id: "1", type: "race", attributes: {} },
    raceId: "1",
    round: 2,
    participants: [participant(1, "Ada", 1), participant(2, "Grace", 2), participant(3, "Late", 3)],
    times: [time(11, 1), time(12, 2)],
  };

  it("finds each participant's elapsed time in the round", async () => {
    const file = await parseTimesCsv("ada,1:00,25\n#2,DNF\n");
    expect(entriesOf(file, rt)).toEqual([
      { elapsedTimeId: 11, time: 60_000, points: 25 },
      { elapsedTimeId: 12, time: null },
    ]);
  });

  it("refuses with every problem at once, by line, before anything is sent", async () => {
    const file = await parseTimesCsv("Ada,1:00\nNobody,1:00\nGrace,later\nada,2:00\nLate,3:00\n");
    expect(() => entriesOf(file, rt)).toThrow(
      [
        "the times file has problems; nothing was sent:",
        '  line 2: no participant "Nobody" in the race',
        `  line 3: "later" is not a time; write 1:02.345 (m:ss.fff), 1:02:03.456 (h:mm:ss.fff), or with a unit: 62.345s, 62345ms, 1m2.345s`,
        '  line 4: "Ada" already has a time (line 1)',
        '  line 5: "Late" has no time to update in round 2',
      ].join("\n"),
    );
  });
});

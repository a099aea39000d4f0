/**
 * Whole races through the CLI on the embedded service, with the results worked
 * out by hand: a grand prix of 3 rounds with 8 racers (each round's times from a
 * CSV file, one racer DNF in round 2) to its standings, and a time trial of 5
 * timed at the finish line with `race update`.
 *
 * Grand prix points by rank (the default table): 25, 18, 15, 12, 10, 8, 6, 4 for
 * places 1 to 8; a racer without a time is unranked and scores 0.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createGrandPrix, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const json = async (...args: string[]) => ok(await sb.run([...args, "--json"])).json();

const RACERS = ["Ada", "Grace", "Linus", "Alan", "Barbara", "Margaret", "Edsger", "Donald"];

/**
 * The three rounds' files, racers in roster order (not by time: the service
 * ranks them), each written another way the CLI reads times.
 *
 * Round 1 (m:ss.fff, a header row): Alan 1st, Grace 2nd, Linus 3rd, Ada 4th,
 *   Barbara 5th, Margaret 6th, Edsger 7th, Donald 8th.
 * Round 2 (milliseconds, no header; Ada DNF): Grace, Linus, Donald, Alan,
 *   Barbara, Margaret, Edsger 1st to 7th; Ada unranked.
 * Round 3 (seconds, `;`-separated, seeds and ids as references): Ada, Donald,
 *   Edsger, Linus, Barbara, Alan, Margaret, Grace 1st to 8th.
 */
const ROUNDS = [
  [
    "participant,time",
    "Ada,1:01.500",
    "Grace,1:00.500",
    "Linus,1:01.000",
    "Alan,1:00.000",
    "Barbara,1:02.000",
    "Margaret,1:02.500",
    "Edsger,1:03.000",
    "Donald,1:03.500",
  ],
  [
    "Ada,DNF",
    "Grace,59000",
    "Linus,59500",
    "Alan,60500",
    "Barbara,61000",
    "Margaret,61500",
    "Edsger,62000",
    "Donald,60000",
  ],
  ["#1;58.000", "#2;61.5", "#3;59.5", "#4;60.5", "#5;60.0", "#6;61.000", "7;59.000", "8;58.5"],
];

describe("a grand prix of 3 rounds, 8 racers", () => {
  it("runs from creation to standings, totals as worked out by hand", async () => {
    const { race: r, added } = await createGrandPrix(sb, 3, RACERS);
    // Ids 1 to 8 in roster order (round 3's file names Edsger and Donald by id).
    expect(added.map((p) => [p.id, p.name])).toEqual(RACERS.map((name, i) => [i + 1, name]));
    ok(await sb.run(["race", "start", r]));

    for (const [i, lines] of ROUNDS.entries()) {
      const file = join(sb.dir, `round-${i + 1}.csv`);
      writeFileSync(file, `${lines.join("\n")}\n`);
      const sent = await json("race", "times", "bulk-update", r, "--file", file);
      expect(sent).toHaveLength(8);
      const ended = await json("race", "end-round", r);
      expect(ended.state).toBe(i < 2 ? "underway" : "completed");
    }

    // Round 2 as the service ranked and scored it: Ada, DNF, unranked with 0 points.
    const round2 = await json("race", "times", "list", r, "--round", "2");
    expect(
      round2.map(
        (t: {
          name: string;
          rank: number | null;
          points: number | null;
          elapsedTime: number | null;
        }) => [t.name, t.rank, t.points, t.elapsedTime],
      ),
    ).toEqual([
      ["Grace", 1, 25, 59_000],
      ["Linus", 2, 18, 59_500],
      ["Donald", 3, 15, 60_000],
      ["Alan", 4, 12, 60_500],
      ["Barbara", 5, 10, 61_000],
      ["Margaret", 6, 8, 61_500],
      ["Edsger", 7, 6, 62_000],
      ["Ada", null, 0, null],
    ]);

    // By hand (points of rounds 1 + 2 + 3; finishes best first; times summed):
    //   Grace    18 + 25 +  4 = 47  [1,2,8]      60.5 + 59   + 61.5 = 181.0 s
    //   Alan     25 + 12 +  8 = 45  [1,4,6]      60   + 60.5 + 60.5 = 181.0 s
    //   Linus    15 + 18 + 12 = 45  [2,3,4]      61   + 59.5 + 59.5 = 180.0 s
    //   Ada      12 +  0 + 25 = 37  [1,4,-]      61.5 +  DNF + 58   = 119.5 s (2 timed)
    //   Donald    4 + 15 + 18 = 37  [2,3,8]      63.5 + 60   + 58.5 = 182.0 s
    //   Barbara  10 + 10 + 10 = 30  [5,5,5]      62   + 61   + 60   = 183.0 s
    //   Edsger    6 +  6 + 15 = 27  [3,7,7]      63   + 62   + 59   = 184.0 s
    //   Margaret  8 +  8 +  6 = 22  [6,6,7]      62.5 + 61.5 + 61   = 185.0 s
    // Alan above Linus and Ada above Donald on points level: each has a win, the other none.
    const standings = await json("race", "standings", r);
    expect(
      standings.map(
        (s: {
          rank: number;
          name: string;
          points: number;
          finishes: (number | null)[];
          totalTime: number;
          roundsTimed: number;
        }) => [s.rank, s.name, s.points, s.finishes, s.totalTime, s.roundsTimed],
      ),
    ).toEqual([
      [1, "Grace", 47, [1, 2, 8], 181_000, 3],
      [2, "Alan", 45, [1, 4, 6], 181_000, 3],
      [3, "Linus", 45, [2, 3, 4], 180_000, 3],
      [4, "Ada", 37, [1, 4, null], 119_500, 2],
      [5, "Donald", 37, [2, 3, 8], 182_000, 3],
      [6, "Barbara", 30, [5, 5, 5], 183_000, 3],
      [7, "Edsger", 27, [3, 7, 7], 184_000, 3],
      [8, "Margaret", 22, [6, 6, 7], 185_000, 3],
    ]);

    const table = await sb.run(["race", "standings", r], { tty: true, env: { NO_COLOR: "1" } });
    expect(table.stdout).toMatch(/RANK.*NAME.*POINTS.*FINISHES.*TOTAL TIME/);
    expect(table.stdout).toContain("00:03:01.000");
    const piped = ok(await sb.run(["race", "standings", r])).stdout.split("\n");
    expect(piped[3]!.split("\t")).toEqual(["4", "1", "Ada", "37", "1,4,-", "00:01:59.500", "2"]);
    expect((await json("race", "round", "list", r)).map((x: { state: string }) => x.state)).toEqual(
      ["completed", "completed", "completed"],
    );
  });
});

describe("a time trial of 5", () => {
  it("times each racer at the finish line with race update; ties share a rank", async () => {
    const race = await json("race", "create", "--name", "Hill Climb");
    expect(race.raceType).toBe("time trial");
    const r = race.url as string;
    ok(
      await sb.run(["race", "participants", "bulk-add", r], {
        stdin: "Ada\nGrace\nLinus\nAlan\nBarbara\n",
      }),
    );
    expect((await json("race", "start", r)).currentLap).toMatchObject({ number: 1 });
    for (const [who, time] of [
      ["Ada", "1:05.250"],
      ["Grace", "1:03.1"],
      ["#3", "64000ms"],
      ["Alan", "63.100s"],
      ["Barbara", "1:10"],
    ]) {
      ok(await sb.run(["race", "update", r, who!, "--time", time!]));
    }
    const ended = await json("race", "end-round", r);
    expect(ended).toMatchObject({ state: "completed", currentLap: { number: 1 } });
    const round = await json("race", "times", "list", r);
    expect(
      round.map((t: { name: string; rank: number; formattedTime: string }) => [
        t.name,
        t.rank,
        t.formattedTime,
      ]),
    ).toEqual([
      ["Grace", 1, "00:01:03.100"],
      ["Alan", 1, "00:01:03.100"],
      ["Linus", 3, "00:01:04.000"],
      ["Ada", 4, "00:01:05.250"],
      ["Barbara", 5, "00:01:10.000"],
    ]);
    // Level on everything (no grand prix points, one win each, the same time): rank 1 shared, by seed.
    const standings = await json("race", "standings", r);
    expect(
      standings.map((s: { rank: number; name: string; totalTime: number }) => [
        s.rank,
        s.name,
        s.totalTime,
      ]),
    ).toEqual([
      [1, "Grace", 63_100],
      [1, "Alan", 63_100],
      [3, "Linus", 64_000],
      [4, "Ada", 65_250],
      [5, "Barbara", 70_000],
    ]);
    // The race is over: its time can no longer change.
    const late = await sb.run(["race", "update", r, "Ada", "--time", "1:00"]);
    expect(late.code).toBe(5);
  });
});

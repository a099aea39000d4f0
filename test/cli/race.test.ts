/**
 * `tourney race ...` through the CLI on the embedded service: every race, race
 * participant, round and elapsed-time operation, its output (tables with
 * formatted times, tab-separated rows, --json) and its refusals with their exit codes.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { createSandbox, type RunOptions, type Sandbox } from "../helpers/cli.js";
import { createGrandPrix, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const json = async (...args: string[]) => ok(await sb.run([...args, "--json"])).json();

/** A grand prix of `rounds` with the racers added (seeded in order); returns its id. */
const grandPrix = async (rounds: number, racers: readonly string[]): Promise<string> =>
  (await createGrandPrix(sb, rounds, racers)).race;

const times = async (race: string, ...flags: string[]) =>
  (await json("race", "times", "list", race, ...flags)).map(
    (t: {
      name: string;
      elapsedTime: number | null;
      rank: number | null;
      points: number | null;
    }) => [t.name, t.elapsedTime, t.rank, t.points],
  );

describe("races", () => {
  it("creates, lists, views by id and url, updates and deletes", async () => {
    const tt = await json("race", "create", "--name", "Time Trial");
    expect(tt).toMatchObject({
      id: 1,
      name: "Time Trial",
      url: "time_trial",
      raceType: "time trial",
      state: "pending",
      currentLap: null,
    });
    const gp = await json(
      "race",
      "create",
      "--name",
      "Spring GP",
      "--type",
      "grand-prix",
      "--rounds",
      "3",
      "--description",
      "three rounds",
    );
    expect(gp).toMatchObject({
      raceType: "grand prix",
      grandPrixOptions: { rounds: 3 },
      description: "three rounds",
    });
    expect((await json("races", "list")).map((r: { name: string }) => r.name)).toEqual([
      "Time Trial",
      "Spring GP",
    ]);
    const piped = ok(await sb.run(["race", "list"])).stdout.split("\n");
    expect(piped[1]!.split("\t").slice(0, 7)).toEqual([
      "2",
      "Spring GP",
      "spring_gp",
      "grand prix",
      "pending",
      "-",
      "0",
    ]);
    expect((await json("race", "view", "spring_gp")).id).toBe(2);
    expect((await json("race", "show", "2")).name).toBe("Spring GP");
    const updated = await json(
      "race",
      "update",
      "spring_gp",
      "--name",
      "Spring Grand Prix",
      "--set",
      "grandPrixOptions.rounds=4",
    );
    expect(updated).toMatchObject({ name: "Spring Grand Prix", grandPrixOptions: { rounds: 4 } });

    const refused = await sb.run(["race", "delete", "1"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("pass --yes");
    expect(await json("race", "delete", "1", "--yes")).toEqual({ id: 1, deleted: true });
    const gone = await sb.run(["race", "view", "1"]);
    expect(gone.code).toBe(3);
  });

  it("shows a race as a table at a terminal", async () => {
    await json("race", "create", "--name", "Time Trial");
    const table = await sb.run(["race", "list"], { tty: true, env: { NO_COLOR: "1" } });
    expect(table.stdout).toMatch(/NAME.*URL.*TYPE.*STATE/);
    expect(table.stdout).toContain("time trial");
    const view = await sb.run(["race", "view", "time_trial"], {
      tty: true,
      env: { NO_COLOR: "1" },
    });
    expect(view.stdout).toContain("time trial");
  });

  it("start, end-round through every round to completed, reset", async () => {
    const race = await grandPrix(2, ["Ada", "Grace"]);
    const started = await json("race", "start", race);
    expect(started).toMatchObject({ state: "underway", currentLap: { number: 1 } });
    const note = await sb.run(["race", "update", race, "Ada", "--time", "1:00"], { tty: true });
    expect(note.code).toBe(0);
    expect((await json("race", "end-round", race)).currentLap).toMatchObject({ number: 2 });
    ok(await sb.run(["race", "update", race, "Grace", "--time", "1:00"]));
    const done = ok(await sb.run(["race", "end-round", race], { tty: true }));
    expect(done.stderr).toContain(`Race ${race} is completed, round 2 of 2`);
    expect((await json("race", "view", race)).state).toBe("completed");
    const refused = await sb.run(["race", "reset", race]);
    expect(refused.code).toBe(2);
    const reset = await json("race", "reset", race, "--yes");
    expect(reset).toMatchObject({ state: "pending", currentLap: null });
    expect(
      (await json("race", "round", "list", race)).map((r: { state: string }) => r.state),
    ).toEqual(["pending", "pending"]);
  });

  it("refuses what the state does not allow: exit 5 with the service's reason", async () => {
    const race = await grandPrix(2, ["Ada", "Grace"]);
    const early = await sb.run(["race", "update", race, "Ada", "--time", "1:00"]);
    expect(early.code).toBe(5);
    expect(early.stderr).toContain(
      `race ${race} has not started (it is pending): \`tourney race start ${race}\``,
    );
    ok(await sb.run(["race", "start", race]));
    const empty = await sb.run(["race", "end-round", race]);
    expect(empty.code).toBe(5);
    expect(empty.stderr).toContain("has no time in yet");
    const twice = await sb.run(["race", "start", race]);
    expect(twice.code).toBe(5);
    expect(twice.stderr).toContain("/data/attributes/state");
    // 0 is "not set" to the service (DESIGN.md §3): the default rounds; 101 is over its 100.
    const tooMany = await sb.run([
      "race",
      "create",
      "--name",
      "None",
      "--type",
      "grand prix",
      "--set",
      "grandPrixOptions.rounds=101",
    ]);
    expect(tooMany.code).toBe(5);
    const noRounds = await sb.run([
      "race",
      "create",
      "--name",
      "None",
      "--type",
      "grand prix",
      "--rounds",
      "0",
    ]);
    expect(noRounds.code).toBe(2);
    expect(noRounds.stderr).toContain("--rounds needs a whole number from 1");
    const badType = await sb.run(["race", "create", "--name", "X", "--type", "relay"]);
    expect(badType.code).toBe(2);
    expect(badType.stderr).toContain("--type");
  });
});

describe("race participants (the participant verbs, for a race)", () => {
  it("add, bulk-add, list, view, update, delete, randomize, clear", async () => {
    const race = String((await json("race", "create", "--name", "TT")).id);
    expect(await json("race", "participants", "add", race, "Ada", "--misc", "car 7")).toMatchObject(
      { name: "Ada", seed: 1, misc: "car 7" },
    );
    const added = await json("race", "participants", "bulk-add", race, "Grace", "Linus", "Alan");
    expect(added.map((p: { name: string }) => p.name)).toEqual(["Grace", "Linus", "Alan"]);
    const list = await json("race", "participant", "list", race);
    expect(list.map((p: { name: string; seed: number }) => [p.name, p.seed])).toEqual([
      ["Ada", 1],
      ["Grace", 2],
      ["Linus", 3],
      ["Alan", 4],
    ]);
    expect((await json("race", "participants", "view", race, "#2")).name).toBe("Grace");
    expect(await json("race", "participants", "update", race, "Alan", "--seed", "1")).toMatchObject(
      { name: "Alan", seed: 1 },
    );
    const unknown = await sb.run(["race", "participants", "view", race, "Nobody"]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain(
      `no participant named "Nobody" in race ${race}; \`tourney race participants list ${race}\` shows them`,
    );
    expect(await json("race", "participants", "delete", race, "Linus", "--yes")).toEqual({
      id: 3,
      deleted: true,
    });
    const shuffled = await json("race", "participants", "randomize", race);
    expect(shuffled.map((p: { name: string }) => p.name).sort()).toEqual(["Ada", "Alan", "Grace"]);
    expect(await json("race", "participants", "clear", race, "--yes")).toEqual({
      race,
      cleared: true,
    });
    expect(await json("race", "participants", "list", race)).toEqual([]);
    // A tournament's participants are another field: the race's verbs never reach them.
    ok(await sb.run(["tournament", "create", "--name", "Cup"]));
    ok(await sb.run(["participants", "add", "cup", "Zed"]));
    expect(await json("race", "participants", "list", race)).toEqual([]);
  });

  it("bulk-add reads a roster file for a race as for a tournament", async () => {
    const race = String((await json("race", "create", "--name", "TT")).id);
    const file = join(sb.dir, "roster.csv");
    writeFileSync(file, "name,seed\nZed,2\nAmy,1\n");
    const added = await json("race", "participants", "bulk-add", race, "--file", file);
    expect(added.map((p: { name: string; seed: number }) => [p.name, p.seed])).toEqual([
      ["Amy", 1],
      ["Zed", 2],
    ]);
  });
});

describe("rounds", () => {
  it("list, view, start, finalize and reset", async () => {
    const race = await grandPrix(3, ["Ada", "Grace", "Linus"]);
    const before = await json("race", "round", "list", race);
    expect(before.map((r: { state: string }) => r.state)).toEqual([
      "pending",
      "pending",
      "pending",
    ]);
    ok(await sb.run(["race", "start", race]));
    const rounds = await json("race", "rounds", "list", race);
    expect(
      rounds.map((r: { round: number; state: string; elapsedTimesCount: number }) => [
        r.round,
        r.state,
        r.elapsedTimesCount,
      ]),
    ).toEqual([
      [1, "underway", 3],
      [2, "pending", 0],
      [3, "pending", 0],
    ]);
    expect(await json("race", "round", "view", race, "1")).toMatchObject({
      id: 1,
      round: 1,
      state: "underway",
    });
    ok(await sb.run(["race", "update", race, "Ada", "--time", "1:00"]));
    expect(await json("race", "round", "finalize", race, "1")).toMatchObject({
      state: "completed",
    });
    const started = ok(await sb.run(["race", "round", "start", race, "2"], { tty: true }));
    expect(started.stderr).toContain(`Round 2 of race ${race} is underway`);
    const order = await sb.run(["race", "round", "start", race, "3"]);
    expect(order.code).toBe(5);
    expect(order.stderr).toContain("round 2 is under way");
    expect(await json("race", "round", "reset", race, "2", "--yes")).toMatchObject({
      state: "pending",
    });
    const bad = await sb.run(["race", "round", "view", race, "two"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('<round> is a round number from 1, not "two"');
    const missing = await sb.run(["race", "round", "view", race, "9"]);
    expect(missing.code).toBe(3);
  });

  it("after a round reset: update, start and end-round name `race round start` and the pending round; end-round starts nothing", async () => {
    ok(await sb.run(["race", "create", "--name", "TT"]));
    ok(await sb.run(["race", "participants", "bulk-add", "tt", "Ada", "Bob"]));
    ok(await sb.run(["race", "start", "tt"]));
    ok(await sb.run(["race", "update", "tt", "Ada", "--time", "1:00.000"]));
    ok(await sb.run(["race", "end-round", "tt"]));
    ok(await sb.run(["race", "round", "reset", "tt", "1", "--yes"]));
    const update = await sb.run(["race", "update", "tt", "Ada", "--time", "1s"]);
    expect(update.code).toBe(5);
    expect(update.stderr).toBe(
      "error: race tt has no round under way (round 1 is pending): `tourney race round start tt 1` starts it\n",
    );
    const hint = "hint: `tourney race round start tt 1` starts round 1\n";
    const start = await sb.run(["race", "start", "tt"]);
    expect(start.code).toBe(5);
    expect(start.stderr).toContain("round 1 is pending: start that round, or reset the race");
    expect(start.stderr).toContain(hint);
    const end = await sb.run(["race", "end-round", "tt"]);
    expect(end.code).toBe(5);
    expect(end.stderr).toContain(
      "cannot end_round: no round of race tt is under way; round 1 is pending",
    );
    expect(end.stderr).toContain(hint);
    const rounds = await json("race", "round", "list", "tt");
    expect(rounds.map((r: { state: string }) => r.state)).toEqual(["pending"]);
    ok(await sb.run(["race", "round", "start", "tt", "1"]));
    ok(await sb.run(["race", "update", "tt", "Ada", "--time", "1s"]));

    // A finished grand prix of 2 with round 2 reset: round 2 is named, not the completed round 1.
    const gp = await grandPrix(2, ["Ada", "Grace"]);
    ok(await sb.run(["race", "start", gp]));
    for (let round = 0; round < 2; round++) {
      ok(await sb.run(["race", "update", gp, "Ada", "--time", "1s"]));
      ok(await sb.run(["race", "end-round", gp]));
    }
    ok(await sb.run(["race", "round", "reset", gp, "2", "--yes"]));
    const second = await sb.run(["race", "update", gp, "Ada", "--time", "2s"]);
    expect(second.code).toBe(5);
    expect(second.stderr).toBe(
      `error: race ${gp} has no round under way (round 2 is pending): \`tourney race round start ${gp} 2\` starts it\n`,
    );
    const gpEnd = await sb.run(["race", "end-round", gp]);
    expect(gpEnd.code).toBe(5);
    expect(gpEnd.stderr).toContain(`hint: \`tourney race round start ${gp} 2\` starts round 2`);
    ok(await sb.run(["race", "round", "start", gp, "2"]));
    ok(await sb.run(["race", "update", gp, "Ada", "--time", "2s"]));
  });

  it("times update and bulk-update --round N of a pending round: exit 5 naming it and `race round start`, nothing written", async () => {
    const gp = await grandPrix(3, ["Ada", "Grace"]);
    ok(await sb.run(["race", "start", gp]));
    const refusal = `error: round 2 of race ${gp} is pending (its times are made when it starts): \`tourney race round start ${gp} 2\` starts it\n`;
    const one = await sb.run([
      "race",
      "times",
      "update",
      gp,
      "Ada",
      "--round",
      "2",
      "--time",
      "1:01.000",
    ]);
    expect([one.code, one.stderr]).toEqual([5, refusal]);
    const file = join(sb.dir, "round2.csv");
    writeFileSync(file, "Ada,1:01.000\nGrace,1:02.000\n");
    const bulk = await sb.run(["race", "times", "bulk-update", gp, "--round", "2", "--file", file]);
    expect([bulk.code, bulk.stderr]).toEqual([5, refusal]);
    // Round 1, under way, is untouched; a racer with no time in a started round is still named.
    expect(await times(gp, "--round", "1")).toEqual([
      ["Ada", null, null, null],
      ["Grace", null, null, null],
    ]);
  });
});

describe("elapsed times", () => {
  it("race update sets the current round's time: m:ss.fff, milliseconds, --dnf", async () => {
    const race = await grandPrix(2, ["Ada", "Grace", "Linus"]);
    ok(await sb.run(["race", "start", race]));
    const ada = await json("race", "update", race, "Ada", "--time", "1:02.345");
    expect(ada).toMatchObject({
      name: "Ada",
      participantId: 1,
      elapsedTime: 62_345,
      formattedTime: "00:01:02.345",
      rank: 1,
      round: 1,
    });
    ok(await sb.run(["race", "update", race, "#2", "--time", "61000ms"]));
    ok(await sb.run(["race", "update", race, "3", "--dnf"]));
    expect(await times(race)).toEqual([
      ["Grace", 61_000, 1, null],
      ["Ada", 62_345, 2, null],
      ["Linus", null, null, null],
    ]);
    const table = await sb.run(["race", "times", "list", race], {
      tty: true,
      env: { NO_COLOR: "1" },
    });
    // POINTS, empty in every row until the race is scored, is left out at a terminal.
    expect(table.stdout).toMatch(/^RANK +PARTICIPANT +NAME +TIME +ID$/m);
    expect(table.stdout).toContain("00:01:01.000");
    expect(table.stderr).toContain(`Round 1 of race ${race}`);
    const piped = ok(await sb.run(["race", "times", "list", race])).stdout;
    expect(piped.split("\n")[0]!.split("\t").slice(0, 5)).toEqual([
      "1",
      "2",
      "Grace",
      "00:01:01.000",
      "-",
    ]);
  });

  it("times update and view another round with --round; times of a completed round are refused", async () => {
    const race = await grandPrix(2, ["Ada", "Grace"]);
    ok(await sb.run(["race", "start", race]));
    ok(await sb.run(["race", "times", "update", race, "Ada", "--time", "59.5s"]));
    ok(await sb.run(["race", "end-round", race]));
    expect(await times(race, "--round", "1")).toEqual([
      ["Ada", 59_500, 1, 25],
      ["Grace", null, null, 0],
    ]);
    const closed = await sb.run([
      "race",
      "times",
      "update",
      race,
      "Grace",
      "--round",
      "1",
      "--time",
      "1:00",
    ]);
    expect(closed.code).toBe(5);
    expect(closed.stderr).toContain("round 1 of race spring_gp is completed");
    const set = await json(
      "race",
      "times",
      "update",
      race,
      "Grace",
      "--time",
      "1:00",
      "--points",
      "7",
      "--rank",
      "1",
    );
    expect(set).toMatchObject({ round: 2, elapsedTime: 60_000, points: 7, rank: 1 });
  });

  it("refuses a malformed time naming the flag (exit 2) and an unknown racer (exit 3)", async () => {
    const race = await grandPrix(2, ["Ada"]);
    ok(await sb.run(["race", "start", race]));
    for (const [time, why] of [
      ["-1:00", "is negative"],
      ["fast", "is not a time"],
      ["1:75", "has 60 seconds or more"],
      ["120:00:00", "is 100 hours or more"],
    ] as const) {
      const r = await sb.run(["race", "update", race, "Ada", "--time", time]);
      expect(r.code, time).toBe(2);
      expect(r.stderr).toContain(`--time: ${JSON.stringify(time)} ${why}`);
    }
    const both = await sb.run(["race", "update", race, "Ada", "--time", "1:00", "--dnf"]);
    expect(both.code).toBe(2);
    const nobody = await sb.run(["race", "update", race, "Nobody", "--time", "1:00"]);
    expect(nobody.code).toBe(3);
    expect(await times(race)).toEqual([["Ada", null, null, null]]);
  });

  it("bulk-update giving a rank a racer not in the file holds by hand: refused before sending, naming the line", async () => {
    const race = await grandPrix(2, ["Ada", "Grace", "Linus"]);
    ok(await sb.run(["race", "start", race]));
    ok(
      await sb.run(["race", "times", "update", race, "Linus", "--time", "1:05.000", "--rank", "2"]),
    );
    const bad = await sb.run(["race", "times", "bulk-update", race], {
      stdin: "participant,time,rank\nAda,1:00.000,1\nGrace,1:01.000,2\n",
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("the times file has problems; nothing was sent:");
    expect(bad.stderr).toContain(
      `line 3: rank 2 in round 1 is "Linus"'s, set by hand, and they are not in the file: one rank set by hand is one racer's; give this row another rank, or clear "Linus"'s first (tourney race update `,
    );
    expect(bad.stderr).toContain(' "Linus" --rank auto)\n');
    expect((await times(race)).filter(([, ms]: [string, number | null]) => ms !== null)).toEqual([
      ["Linus", 65_000, 2, null],
    ]);
    // Linus in the file, giving it up: taken.
    ok(
      await sb.run(["race", "times", "bulk-update", race], {
        stdin: "participant,time,rank\nAda,1:00.000,1\nGrace,1:01.000,2\nLinus,1:05.000,0\n",
      }),
    );
  });

  it("bulk-update from a file or stdin; a bad file names its lines and sends nothing", async () => {
    const race = await grandPrix(2, ["Ada", "Grace", "Linus"]);
    ok(await sb.run(["race", "start", race]));
    const file = join(sb.dir, "times.csv");
    writeFileSync(file, "participant,time,points\nAda,1:00.5\nGrace,59.999,30\nLinus,DNF\n");
    const updated = await json("race", "times", "bulk-update", race, "--file", file);
    expect(
      updated.map((t: { name: string; elapsedTime: number | null }) => [t.name, t.elapsedTime]),
    ).toEqual([
      ["Ada", 60_500],
      ["Grace", 59_999],
      ["Linus", null],
    ]);
    const bad = await sb.run(["race", "times", "bulk-update", race], {
      stdin: "Ada,59\nNobody,1:00\nGrace,1:00.0001\n",
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("the times file has problems; nothing was sent:");
    expect(bad.stderr).toContain('line 2: no participant "Nobody" in the race');
    expect(bad.stderr).toContain('line 3: "1:00.0001" has more than three decimals');
    expect(await times(race)).toEqual([
      ["Grace", 59_999, 1, 30],
      ["Ada", 60_500, 2, null],
      ["Linus", null, null, null],
    ]);
    const missing = await sb.run([
      "race",
      "times",
      "bulk-update",
      race,
      "--file",
      join(sb.dir, "none.csv"),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no such file");
  });

  /**
   * A backend on a file of the sandbox whose third bulk_update is refused (422);
   * `transaction: false` imitates a remote service (no transaction across requests).
   */
  function refusingThirdBatch(transaction: boolean): RunOptions {
    return {
      makeTransport: async (): Promise<Transport> => {
        const inner = createInProcessTransport({ dbPath: join(sb.dir, "race.db") });
        let batches = 0;
        const send: Transport["send"] = async (request) => {
          if (/\/bulk_update(\.json)?(\?|$)/.test(request.path) && ++batches === 3)
            return {
              status: 422,
              headers: {},
              body: JSON.stringify({ errors: [{ status: 422, detail: "refused for the test" }] }),
            };
          return inner.send(request);
        };
        const close = () => inner.close();
        return transaction
          ? { send, close, transaction: inner.transaction!.bind(inner) }
          : { send, close };
      },
    };
  }

  async function fortyFive(options: RunOptions): Promise<{ race: string; csv: string }> {
    const racers = Array.from({ length: 45 }, (_, i) => `Racer ${i + 1}`);
    const created = ok(await sb.run(["race", "create", "--name", "Big", "--json"], options)).json();
    const race = String(created.id);
    ok(await sb.run(["race", "participants", "bulk-add", race, ...racers], options));
    ok(await sb.run(["race", "start", race], options));
    return { race, csv: racers.map((name, i) => `${name},${60_000 + i * 10}`).join("\n") };
  }

  const timed = async (race: string, options: RunOptions) =>
    ok(await sb.run(["race", "times", "list", race, "--json"], options))
      .json()
      .filter((t: { elapsedTime: number | null }) => t.elapsedTime !== null).length;

  it("bulk-update sends more than 20 times in batches of 20", async () => {
    const { race, csv } = await fortyFive({});
    const r = await sb.run(["race", "times", "bulk-update", race, "--json"], { stdin: csv });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toHaveLength(45);
    expect(r.stderr).toBe("");
    const all = await times(race);
    expect(all[0]).toEqual(["Racer 1", 60_000, 1, null]);
    expect(all[44]).toEqual(["Racer 45", 60_440, 45, null]);
    // At a terminal, a progress bar on stderr while the batches go, erased when done.
    const file = join(sb.dir, "times.csv");
    writeFileSync(file, csv);
    const tty = await sb.run(["race", "times", "bulk-update", race, "--file", file, "--json"], {
      tty: true,
    });
    expect(tty.code, tty.stderr).toBe(0);
    expect(tty.stderr).toContain("Updating times [");
    expect(tty.stderr).toContain("] 20/45");
    expect(tty.stderr.endsWith("\r\x1b[2K")).toBe(true);
  });

  it("bulk-update of more than 20 prints the ranks the round holds after the last batch", async () => {
    const racers = Array.from({ length: 21 }, (_, i) => `R${i + 1}`);
    const race = String(ok(await sb.run(["race", "create", "--name", "TT", "--json"])).json().id);
    ok(await sb.run(["race", "participants", "bulk-add", race, ...racers]));
    ok(await sb.run(["race", "start", race]));
    // The 21st, in the second batch, is the fastest: every other one ranks 2nd.
    const csv = racers.map((name, i) => `${name},${i === 20 ? 59_000 : 60_000}`).join("\n");
    const r = await sb.run(["race", "times", "bulk-update", race, "--json"], { stdin: csv });
    expect(r.code, r.stderr).toBe(0);
    const printed = r.json().map((t: { name: string; rank: number }) => [t.name, t.rank]);
    const stored = (await times(race)).map((t: unknown[]) => [t[0], t[2]]);
    expect(printed).toHaveLength(21);
    for (const row of printed) expect(stored).toContainEqual(row);
    expect(printed).toContainEqual(["R21", 1]);
    expect(printed).toContainEqual(["R1", 2]);
  });

  it("embedded: the batches go in one transaction, so a refused third batch leaves none written", async () => {
    const options = refusingThirdBatch(true);
    const { race, csv } = await fortyFive(options);
    const r = await sb.run(["race", "times", "bulk-update", race], { ...options, stdin: csv });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain("refused for the test");
    expect(await timed(race, options)).toBe(0);
  });

  it("remote: no transaction spans the batches; the first two stay written, and it says so", async () => {
    const options = {
      ...refusingThirdBatch(false),
      env: { TOURNEY_BASE_URL: "http://127.0.0.1:9" },
    };
    const { race, csv } = await fortyFive(options);
    const r = await sb.run(["race", "times", "bulk-update", race], { ...options, stdin: csv });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain(
      "the first 40 of 45 times were written before the refusal; running the same command again sets them again",
    );
    expect(await timed(race, options)).toBe(40);
  });
});

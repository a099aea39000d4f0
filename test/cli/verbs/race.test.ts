/**
 * The race verbs called as functions: typed options in, the Factory's streams
 * and the in-process service's state out; no commander, no argv.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runParticipantsAdd } from "../../../src/cli/commands/participants/add.js";
import { runParticipantsList } from "../../../src/cli/commands/participants/list.js";
import { parseRaceCreate, runRaceCreate } from "../../../src/cli/commands/race/create.js";
import { runRoundState } from "../../../src/cli/commands/race/round/state.js";
import { runRaceStateChange } from "../../../src/cli/commands/race/state-change.js";
import { runTimesList } from "../../../src/cli/commands/race/times/list.js";
import { parseRaceUpdate, runRaceUpdate } from "../../../src/cli/commands/race/update.js";
import { DeclinedError, StateRefusedError } from "../../../src/cli/errors.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import type { Transport } from "../../../src/client/transport.js";
import { answering, createFactoryHarness, type FactoryHarness } from "../../helpers/factory.js";

let h: FactoryHarness;
let client: ApiClient;
beforeEach(async () => {
  h = createFactoryHarness();
  client = await h.client();
  await client.races.create({
    name: "GP",
    raceType: "grand prix",
    grandPrixOptions: { rounds: 2 },
  });
  for (const name of ["Ada", "Grace"]) await client.participants.create({ race: "gp" }, { name });
});
afterEach(() => h.cleanup());

describe("race verbs as functions", () => {
  it("runRaceCreate asks for a missing name at a terminal", async () => {
    const prompter = answering(true, "Hill Climb");
    const t = h.make({ tty: true, prompter, globals: { json: true } });
    await runRaceCreate(t.factory, parseRaceCreate({}));
    expect(prompter.asked).toEqual(["Race name:"]);
    expect(t.json()).toMatchObject({ name: "Hill Climb", raceType: "time trial" });
  });

  it("the participant verbs serve a race's participants with a { race } owner", async () => {
    await runParticipantsAdd(h.make().factory, {
      owner: { race: "gp" },
      attributes: { name: "Linus", seed: 1 },
    });
    const t = h.make({ globals: { json: true } });
    await runParticipantsList(t.factory, { owner: { race: "gp" } });
    expect(t.json().map((p: { name: string }) => p.name)).toEqual(["Linus", "Ada", "Grace"]);
  });

  it("runRaceUpdate sets a time with four requests: the race, its participants, the racer's time, the update", async () => {
    await client.races.changeState("gp", "start");
    const requests: string[] = [];
    const recording = (shared: Transport): Transport => ({
      ...shared,
      send: (request) => {
        const path = request.path.includes("participant_id")
          ? request.path
          : request.path.replace(/\?.*/, "");
        requests.push(`${request.method} ${path}`);
        return shared.send(request);
      },
    });
    const t = h.make({ transport: recording, globals: { json: true } });
    await runRaceUpdate(t.factory, parseRaceUpdate("gp", "Grace", { time: "1:01.5" }));
    expect(t.json()).toMatchObject({ name: "Grace", elapsedTime: 61_500, rank: 1 });
    // The racer's time alone (participant_id), not the round's list of times.
    expect(requests.sort()).toEqual([
      "GET /v2.1/races/1/rounds/1/elapsed_times?per_page=1&participant_id=2",
      "GET /v2.1/races/gp",
      "GET /v2.1/races/gp/participants",
      "PUT /v2.1/races/1/rounds/1/elapsed_times/2",
    ]);
  });

  it("runRaceUpdate without a participant changes the race", async () => {
    const t = h.make({ globals: { json: true } });
    await runRaceUpdate(t.factory, parseRaceUpdate("gp", undefined, { rounds: "3" }));
    expect(t.json()).toMatchObject({ grandPrixOptions: { rounds: 3 } });
  });

  it("times of a race that has not started are refused before any write", async () => {
    await expect(
      runRaceUpdate(h.make().factory, parseRaceUpdate("gp", "Ada", { dnf: true })),
    ).rejects.toThrow(StateRefusedError);
  });

  it("reset of the race and of a round confirm through the factory's prompter", async () => {
    await client.races.changeState("gp", "start");
    const declined = h.make({ tty: true, prompter: answering(false) });
    await expect(
      runRaceStateChange(declined.factory, { race: "gp", change: "reset" }),
    ).rejects.toThrow(DeclinedError);
    await expect(
      runRoundState(declined.factory, { race: "gp", round: 1, change: "reset" }),
    ).rejects.toThrow(DeclinedError);
    expect((await client.races.get("gp")).attributes.state).toBe("underway");
    const yes = h.make({ tty: true, prompter: answering(true) });
    await runRoundState(yes.factory, { race: "gp", round: 1, change: "reset" });
    expect(yes.stderr()).toContain("Round 1 of race gp is pending");
  });

  it("runTimesList prints a round's times by rank, names included", async () => {
    await client.races.changeState("gp", "start");
    const times = await client.races.elapsedTimes("gp", 1).listAll();
    await client.races.elapsedTimes("gp", 1).bulkUpdate([
      { elapsedTimeId: Number(times[0]!.id), time: 62_000 },
      { elapsedTimeId: Number(times[1]!.id), time: 61_000 },
    ]);
    const t = h.make();
    await runTimesList(t.factory, { race: "gp", round: 1 });
    expect(t.stdout()).toBe("1\t2\tGrace\t00:01:01.000\t-\t2\n2\t1\tAda\t00:01:02.000\t-\t1\n");
  });
});

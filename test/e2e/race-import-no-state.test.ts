/**
 * `race publish` (an import through the API) into a service whose race records have no
 * `state`, as the published description's Race (RacingOutput) has none: a loopback gateway in
 * front of a real `tourney serve` passes its answers on with the races' `state` taken out. A
 * target race not yet started (none of its rounds begun) is pending to the plan and to the
 * import alike (published-state.ts raceTargetStateOf): the dry run says it would start it, and
 * the publish starts it and sends the times. Before, both took a race without a state for one
 * started: no "start" step, and the publish failed at the first round's start.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { type Gateway, startGateway } from "../helpers/gateway.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";
import { ok, withoutState } from "../helpers/stateless-races.js";

describe.runIf(BUILT)("race publish to a service that gives a race no state", () => {
  let sandbox: ServedSandbox;
  let gateway: Gateway;

  beforeAll(async () => {
    sandbox = await servedSandbox("race-import-no-state");
    const { local, remote } = sandbox;
    // Here: started, two times; there: the same race with its racers, not started.
    for (const env of [local, remote]) {
      await ok(["race", "create", "--name", "TT", "--url", "tt"], env);
      await ok(["race", "participants", "bulk-add", "tt", "Ann", "Bob"], env);
    }
    await ok(["race", "start", "tt"], local);
    await ok(["race", "update", "tt", "Ann", "--time", "1:01.000"], local);
    await ok(["race", "update", "tt", "Bob", "--time", "1:30.000"], local);
    gateway = await startGateway(sandbox.served.port, { reshape: withoutState });
    await ok(["profile", "add", "gw", "--base-url", gateway.url], local);
    await ok(
      ["auth", "login", "--api-key", "--profile", "gw"],
      local,
      `${sandbox.served.apiKey}\n`,
    );
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
    await sandbox?.close();
  });

  it("plans the start as through serve, and the publish starts the race", async () => {
    const { local, remote } = sandbox;
    const through = await ok(["race", "publish", "tt", "--to", "gw", "--dry-run"], local);
    const direct = await ok(["race", "publish", "tt", "--to", "lan", "--dry-run"], local);
    const [first, ...steps] = through.stdout.split("\n");
    expect(first).toBe(
      "race tt is there (pending, worked out from its rounds: the service gives no state): continue it",
    );
    expect(steps).toEqual(direct.stdout.split("\n").slice(1));
    expect(steps[0]).toBe("start");

    await ok(["race", "publish", "tt", "--to", "gw"], local);
    const race = await ok(["race", "view", "tt", "--json", "state"], remote);
    expect(JSON.parse(race.stdout)).toEqual({ state: "underway" });
    const times = await ok(["race", "times", "list", "tt", "--json", "name,elapsedTime"], remote);
    expect(JSON.parse(times.stdout)).toEqual([
      { name: "Ann", elapsedTime: 61000 },
      { name: "Bob", elapsedTime: 90000 },
    ]);
  });
});

/**
 * `race publish --dry-run` into a service whose race records have no `state`, as the
 * published description's Race (RacingOutput) has none: a loopback gateway in front of a real
 * `tourney serve` passes its answers on with the races' `state` taken out. The plan names the
 * target race's state worked out from its rounds, as the tournament plan works a tournament's
 * out from its matches (published-state.ts), and plans the same steps as through serve
 * itself. Before, it said "race gp is there (undefined): continue it".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { type Gateway, startGateway } from "../helpers/gateway.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";
import { ok, withoutState } from "../helpers/stateless-races.js";

describe.runIf(BUILT)("race publish --dry-run to a service that gives a race no state", () => {
  let sandbox: ServedSandbox;
  let gateway: Gateway;

  beforeAll(async () => {
    sandbox = await servedSandbox("race-no-state");
    const { local, remote } = sandbox;
    // Here: a grand prix of 2 rounds, round 1 played; there: the same race, started.
    const create = ["race", "create", "--name", "GP", "--type", "grand prix", "--rounds", "2"];
    for (const env of [local, remote]) {
      await ok(create, env);
      await ok(["race", "participants", "bulk-add", "gp", "Ann", "Bob"], env);
      await ok(["race", "start", "gp"], env);
    }
    await ok(["race", "update", "gp", "Ann", "--time", "1:01.000"], local);
    await ok(["race", "update", "gp", "Bob", "--time", "1:30.000"], local);
    await ok(["race", "end-round", "gp"], local);
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

  it("names the state worked out from the race's rounds, the steps as through serve", async () => {
    const race = await ok(["--profile", "gw", "race", "view", "gp", "--json"], sandbox.local);
    expect(JSON.parse(race.stdout)).not.toHaveProperty("state");

    const through = await ok(["race", "publish", "gp", "--to", "gw", "--dry-run"], sandbox.local);
    const direct = await ok(["race", "publish", "gp", "--to", "lan", "--dry-run"], sandbox.local);
    const [first, ...steps] = through.stdout.split("\n");
    expect(first).toBe(
      "race gp is there (underway, worked out from its rounds: the service gives no state): continue it",
    );
    expect(direct.stdout.split("\n")[0]).toBe("race gp is there (underway): continue it");
    expect(steps).toEqual(direct.stdout.split("\n").slice(1));
    expect(steps[0]).toMatch(/^round 1: send 2 times, .*finalize$/);
    expect(through.stdout).not.toContain("undefined");
  });
});

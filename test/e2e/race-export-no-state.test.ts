/**
 * `race export` from a service whose race records have no `state`, as the published
 * description's Race (RacingOutput) has none: a loopback gateway in front of a real
 * `tourney serve` passes its answers on with the races' `state` taken out. The file holds the
 * state worked out from the race's rounds (published-state.ts raceTargetStateOf), as the
 * export through serve itself holds the one serve gives, and imports back. Before, it held
 * "state": "undefined".
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, binaryEnv } from "../helpers/binary.js";
import { type Gateway, startGateway } from "../helpers/gateway.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";
import { ok, withoutState } from "../helpers/stateless-races.js";

describe.runIf(BUILT)("race export from a service that gives a race no state", () => {
  let sandbox: ServedSandbox;
  let gateway: Gateway;

  beforeAll(async () => {
    sandbox = await servedSandbox("race-export-no-state");
    const { local, remote } = sandbox;
    // There: a grand prix of 2 rounds, round 1 played; a time trial not started.
    await ok(["race", "create", "--name", "GP", "--type", "grand prix", "--rounds", "2"], remote);
    await ok(["race", "participants", "bulk-add", "gp", "Ann", "Bob"], remote);
    await ok(["race", "start", "gp"], remote);
    await ok(["race", "update", "gp", "Ann", "--time", "1:01.000"], remote);
    await ok(["race", "update", "gp", "Bob", "--time", "1:30.000"], remote);
    await ok(["race", "end-round", "gp"], remote);
    await ok(["race", "create", "--name", "TT", "--url", "tt"], remote);
    await ok(["race", "participants", "bulk-add", "tt", "Cy", "Dee"], remote);
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

  it.each([
    ["gp", "underway"],
    ["tt", "pending"],
  ])(
    "%s: the state worked out from its rounds (%s), and the file imports back",
    async (url, state) => {
      const { dir, local } = sandbox;
      const through = join(dir, `${url}-gw.json`);
      const direct = join(dir, `${url}-lan.json`);
      await ok(["--profile", "gw", "race", "export", url, "--output", through], local);
      await ok(["--profile", "lan", "race", "export", url, "--output", direct], local);
      const race = (file: string) => JSON.parse(readFileSync(file, "utf8")).race;
      expect(race(direct).state).toBe(state);
      expect(race(through).state).toBe(state);

      const target = binaryEnv(join(dir, `${url}-target`));
      await ok(["race", "import", through], target);
      const there = await ok(["race", "view", url, "--json", "state"], target);
      expect(JSON.parse(there.stdout)).toEqual({ state });
    },
  );
});

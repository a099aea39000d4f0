/**
 * End to end: the commands that ask a tournament's matches with `?state=` or
 * `?participant_id=`, against a service that ignores both: a real serve behind a loopback
 * gateway that drops them from every query, so each list is every match. The built binary on
 * a profile `gw` through the gateway, compared with the same command on `lan` (serve asked
 * directly, which filters):
 * - `match list --participant` lists that participant's matches alone (before: every match);
 * - `demo --keep` plays the tournament to its end as on serve (before: a complete match was
 *   taken as open and reported again: "match A (4) is already complete; reopen it first",
 *   exit 5);
 * - `publish --dry-run` counts as "already there" only the results complete there (before:
 *   every match there, open ones too, so "report 0 results (1 already there)").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type Gateway, startGateway, withoutParams } from "../helpers/gateway.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

describe.runIf(BUILT)("match filters a service ignores (serve behind a gateway)", () => {
  let sandbox: ServedSandbox;
  let gateway: Gateway;
  let gw: Record<string, string>;

  beforeAll(async () => {
    sandbox = await servedSandbox("filters");
    gateway = await startGateway(sandbox.served.port, {
      path: (path) => withoutParams(path, ["state", "participant_id"]),
    });
    gw = { ...sandbox.local, TOURNEY_PROFILE: "gw" };
    const added = await runBinary(["profile", "add", "gw", "--base-url", gateway.url], gw);
    expect(added.code, added.stderr).toBe(0);
    const login = await runBinary(["auth", "login", "--api-key"], gw, `${sandbox.served.apiKey}\n`);
    expect(login.code, login.stderr).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await sandbox?.close();
  });

  /** Runs `args` on `env` (gw, or serve directly: sandbox.remote), expecting `code`. */
  async function run(env: Record<string, string>, args: readonly string[], code = 0) {
    const r = await runBinary(args, env);
    expect(r.code, `${args.join(" ")}\n${r.stdout}${r.stderr}`).toBe(code);
    return r;
  }

  it("match list --participant lists that participant's matches alone", async () => {
    await run(sandbox.remote, ["tournament", "create", "--name", "Cup", "--url", "cup"]);
    await run(sandbox.remote, ["participants", "bulk-add", "cup", "Ada", "Grace", "Linus", "Alan"]);
    await run(sandbox.remote, ["tournament", "start", "cup"]);
    await run(sandbox.remote, ["match", "report", "cup", "A", "--winner", "Ada"]);
    const from = gateway.requests.length;
    for (const state of ["all", "open", "complete"]) {
      const list = ["match", "list", "cup", "--participant", "Ada", "--state", state];
      const through = await run(gw, [...list, "--json", "identifier,state"]);
      const direct = await run(sandbox.remote, [...list, "--json", "identifier,state"]);
      expect(JSON.parse(through.stdout)).toEqual(JSON.parse(direct.stdout));
      expect((await run(gw, list)).stdout).toBe((await run(sandbox.remote, list)).stdout);
    }
    const all = ["match", "list", "cup", "--participant", "Ada", "--json", "identifier,state"];
    expect(JSON.parse((await run(gw, all)).stdout)).toEqual([
      { identifier: "A", state: "complete" },
      { identifier: "C", state: "pending" },
    ]);
    // The filters were sent (and dropped by the gateway).
    const asked = gateway.requests.slice(from).filter((r) => r.includes("/matches.json?"));
    expect(asked.some((r) => /\?state=open&participant_id=\d+&/.test(r))).toBe(true);
  });

  it("demo --keep plays the tournament to its end as on serve", async () => {
    const demo = ["demo", "--keep", "--seed", "7"];
    const through = await run(gw, demo);
    const direct = await run(sandbox.remote, demo);
    expect(through.stdout).toBe(direct.stdout);
    expect(through.stdout.match(/^-- .* --$/gm)).toHaveLength(5);
    expect(through.stdout).toContain("Final ranks");
  }, 120_000);

  it("publish --dry-run counts only the results complete there as already there", async () => {
    const local = sandbox.local;
    const type = ["--type", "round robin"];
    await run(local, ["tournament", "create", "--name", "RR", "--url", "rr", ...type]);
    await run(local, ["participants", "bulk-add", "rr", "Ann", "Bob", "Cy"]);
    await run(local, ["tournament", "start", "rr"]);
    await run(local, ["tournament", "publish", "rr", "--to", "lan"]);
    await run(local, ["match", "report", "rr", "A", "--winner", "Bob", "--scores", "2-0"]);
    const through = await run(local, ["tournament", "publish", "rr", "--to", "gw", "--dry-run"]);
    const direct = await run(local, ["tournament", "publish", "rr", "--to", "lan", "--dry-run"]);
    expect(through.stdout).toContain("report 1 result (0 already there)");
    expect(through.stdout).toBe(direct.stdout);
  });
});

/**
 * The CLI against the strict Prism mock of the published description (as
 * prism-mock.test.ts) where the hosted service answers otherwise than serve:
 * - showTournament answers the record bare (TournamentModel, not wrapped in
 *   `data`): `watch` reads it as the tournament, by url or id, polled or not;
 * - a race's participants are not published (404): `race watch` follows the race.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBinary } from "../helpers/binary.js";
import { type Prism, repairedDescription, startPrism } from "../helpers/prism.js";
import { watch } from "../helpers/watch-process.js";

const T = "r6siege_tournament_xx";
const R = "horse_racing_101";

describe("the remote backend where the description answers otherwise than serve", () => {
  let prism: Prism;
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "tourney-prism-unpublished-"));
    prism = await startPrism("mock", repairedDescription());
    env = {
      PATH: process.env.PATH ?? "",
      TOURNEY_CONFIG_DIR: join(dir, "config"),
      TOURNEY_DATA_DIR: join(dir, "data"),
      TOURNEY_PROFILE: "hosted",
      TOURNEY_API_KEY: "mock-key-1",
    };
    const added = await runBinary(["profile", "add", "hosted", "--base-url", prism.url], env);
    expect(added.code, added.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await prism?.stop();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  /** `watch ARGS --since 1d --json` until it says it is watching and prints `until`, then Ctrl-C. */
  async function watched(until: string, ...args: string[]) {
    const w = watch(env, ...args, "--since", "1d", "--json");
    await w.ready;
    let out = "";
    await new Promise<void>((printed) => {
      w.child.stdout!.on("data", (d) => {
        out += d;
        if (out.includes(until)) printed();
      });
      w.child.once("exit", () => printed());
      if (until === "" || w.child.exitCode !== null) printed();
    });
    w.child.kill("SIGINT");
    return w.done;
  }

  it.each([
    [T, []],
    ["30201", []],
    [T, ["--poll", "--interval", "0.2"]],
  ])("watch %s %j follows the tournament the bare record is", async (target, flags) => {
    const r = await watched("match.completed", target, ...flags);
    expect(r.stderr).not.toMatch(/^error:/m);
    expect(r.stderr).toContain("watching Rainbow Six: Siege Tournament (pending)");
    expect(r.stdout).toContain('"type":"match.completed"');
    expect(r.stdout).toContain('"url":"r6siege_tournament_xx"');
    expect(prism.violations()).toEqual([]);
  });

  it("race watch follows the race when its participants are not published", async () => {
    const r = await watched("", R, "--race");
    expect(r.stderr).not.toMatch(/^error:/m);
    expect(r.stderr).toContain("watching race Horse Racing 101 (pending)");
    expect(prism.violations()).toEqual([]);
  });
});

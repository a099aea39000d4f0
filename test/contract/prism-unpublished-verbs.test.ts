/**
 * The verbs whose routes the published description does not have, against the strict Prism
 * mock of it (review I, "Verbs that fail against the Prism mock"): they say the service does
 * not publish the verb, as the station verbs do ("the service has no stations (...)"), exit 3,
 * instead of passing Prism's own text on ("The route ... hasn't been found in the
 * specification file", exit 3; "... does not have "post" method defined", exit 5):
 * - `participants register T` (serve's POST .../participants/register; Prism matches it as a
 *   participant's path, which has no POST: 405);
 * - `race participants list|view|add|bulk-add R` (a race's participants: 404), the race read
 *   to tell a race that is not there from a service without them;
 * - `race publish R --to hosted --dry-run`: the source race is read as `race export` reads it
 *   (its racers the ids its times carry); the target's racers cannot be read there either,
 *   and the dry run says so as the real run does (exit 3), not with Prism's text.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBinary } from "../helpers/binary.js";
import { type Prism, repairedDescription, startPrism } from "../helpers/prism.js";

const T = "r6siege_tournament_xx";
const R = "horse_racing_101";
const NO_RACERS = `error: the service has no race participants (GET /races/${R}/participants answered 404 for a race it has): tourney serve's, not published in v2.1\n`;

describe("verbs the published description does not have, against the Prism mock", () => {
  let prism: Prism;
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "tourney-prism-unpublished-verbs-"));
    prism = await startPrism("mock", repairedDescription());
    env = {
      PATH: process.env.PATH ?? "",
      TOURNEY_CONFIG_DIR: join(dir, "config"),
      TOURNEY_DATA_DIR: join(dir, "data"),
      TOURNEY_PROFILE: "hosted",
      TOURNEY_API_KEY: "mock-key-1",
      TOURNEY_PROMPT_DISABLED: "1",
    };
    const added = await runBinary(["profile", "add", "hosted", "--base-url", prism.url], env);
    expect(added.code, added.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await prism?.stop();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  /** stderr without the warnings about the examples' placeholder values. */
  const errors = (stderr: string) =>
    stderr
      .split("\n")
      .filter((line) => !line.startsWith("warning: "))
      .join("\n");

  it("participants register says the service has no registering, exit 3", async () => {
    const r = await runBinary(["participants", "register", T], env);
    expect(errors(r.stderr)).toBe(
      `error: the service has no registering (POST /tournaments/${T}/participants/register answered 405 for a tournament it has): tourney serve's, not published in v2.1\n`,
    );
    expect(r.code).toBe(3);
  });

  it.each([
    [["list", R]],
    [["view", R, "45"]],
    [["add", R, "Ada"]],
    [["bulk-add", R, "Ada", "Grace"]],
  ])("race participants %j says the service has no race participants, exit 3", async (args) => {
    const r = await runBinary(["race", "participants", ...args], env);
    expect(errors(r.stderr)).toBe(NO_RACERS);
    expect(r.code).toBe(3);
  });

  it("race publish --dry-run reads the source race without its participants, then says the target has none", async () => {
    const { TOURNEY_PROFILE: _hosted, ...local } = env;
    const from = await runBinary(["--profile", "hosted", "race", "export", R], local);
    expect(from.code, from.stderr).toBe(0);
    const r = await runBinary(
      ["--profile", "hosted", "race", "publish", R, "--to", "hosted", "--dry-run"],
      local,
    );
    expect(errors(r.stderr)).toBe(NO_RACERS);
    expect(r.code).toBe(3);
    expect(r.stderr).not.toContain("specification file");
  });
});

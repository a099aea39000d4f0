import { describe, expect, it } from "vitest";
import { runBinary } from "../helpers/binary.js";
import { useHostedPrism } from "../helpers/prism.js";

const T = "r6siege_tournament_xx";
const R = "horse_racing_101";
const NO_RACERS = `error: the service has no race participants (GET /races/${R}/participants answered 404 for a race it has): tourney serve's, not published in v2.1\n`;

describe("verbs the published description does not have, against the Prism mock", () => {
  const hosted = useHostedPrism("prism-unpublished-verbs");

  /** stderr without the warnings about the examples' placeholder values. */
  const errors = (stderr: string) =>
    stderr
      .split("\n")
      .filter((line) => !line.startsWith("warning: "))
      .join("\n");

  it("participants register says the service has no registering, exit 3", async () => {
    const r = await runBinary(["participants", "register", T], hosted.env);
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
    const r = await runBinary(["race", "participants", ...args], hosted.env);
    expect(errors(r.stderr)).toBe(NO_RACERS);
    expect(r.code).toBe(3);
  });

  it("race publish --dry-run reads the source race without its participants, then says the target has none", async () => {
    const { TOURNEY_PROFILE: _hosted, ...local } = hosted.env;
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

/**
 * A tournament or race not found, with a hint naming the one meant (an outside review):
 * `tournament start "Forgot Start"` (the name for the url) and `saturday-smash` (a hyphen for
 * the underscore) said only "not found"; `bracket hot_lap` on a race said "tournament hot_lap
 * not found". The exit code stays 3 and nothing is done on the guess.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok, tournamentState } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

/** Exit 3, the error line, and the hint line (undefined when none). */
async function notFound(line: readonly string[]): Promise<[string, string | undefined]> {
  const r = await sb.run(line);
  expect(r.code, r.stderr).toBe(3);
  const lines = r.stderr.trim().split("\n");
  return [lines[0]!, lines.find((l) => l.startsWith("hint: "))];
}

it("the name for the url, or - for _: did you mean, exit 3, nothing started", async () => {
  await createWith(sb, ["--name", "Forgot Start"], ["Ann", "Bob"]);
  await createWith(sb, ["--name", "Saturday Smash"], ["Ann", "Bob"]);
  expect(await notFound(["tournament", "start", "Forgot Start"])).toEqual([
    "error: tournament Forgot Start not found",
    'hint: did you mean forgot_start? (the url of tournament "Forgot Start"; commands take a tournament\'s url or id, as `tourney tournament list` shows them)',
  ]);
  expect((await notFound(["tournament", "start", "saturday-smash"]))[1]).toContain(
    "did you mean saturday_smash?",
  );
  expect((await notFound(["participants", "list", "FORGOT START"]))[1]).toContain(
    "did you mean forgot_start?",
  );
  expect(await tournamentState(sb, "forgot_start")).toBe("pending");
  expect(await tournamentState(sb, "saturday_smash")).toBe("pending");
  expect(await notFound(["tournament", "view", "nothing_like_it"])).toEqual([
    "error: tournament nothing_like_it not found",
    undefined,
  ]);
});

it("two that fit: no guess", async () => {
  await createWith(sb, ["--name", "Cup", "--url", "cup_a"], ["Ann", "Bob"]);
  await createWith(sb, ["--name", "Cup", "--url", "cup_b"], ["Ann", "Bob"]);
  expect((await notFound(["tournament", "view", "CUP"]))[1]).toBeUndefined();
});

it("a race's url to a tournament command names the race command, and the other way", async () => {
  ok(await sb.run(["race", "create", "--name", "Hot Lap"]));
  await createWith(sb, ["--name", "Saturday Smash"], ["Ann", "Bob"]);
  const hints = [
    [["bracket", "hot_lap"], "`tourney race view hot_lap` or `tourney race standings hot_lap`"],
    [["tournament", "view", "hot_lap"], "`tourney race view hot_lap`"],
    [["tournament", "start", "hot_lap"], "`tourney race start hot_lap`"],
    [["participants", "list", "hot_lap"], "`tourney race participants list hot_lap`"],
    [["match", "list", "hot_lap"], "`tourney race view hot_lap`"],
  ] as const;
  for (const [line, command] of hints) {
    expect(await notFound(line)).toEqual([
      "error: tournament hot_lap not found",
      `hint: hot_lap is a race, not a tournament: ${command}`,
    ]);
  }
  expect((await notFound(["race", "view", "saturday_smash"]))[1]).toBe(
    "hint: saturday_smash is a tournament, not a race: `tourney tournament view saturday_smash`",
  );
  expect((await notFound(["race", "view", "Hot-Lap"]))[1]).toContain("did you mean hot_lap?");
});

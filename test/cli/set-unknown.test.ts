/**
 * `--set` refuses an attribute the service would ignore, before sending (exit 2, nothing
 * created or changed), as docs/serve.md says: it was sent, the service ignored it, and the
 * command exited 0 as if it had been set.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

const sb = createSandbox();
afterAll(() => sb.cleanup());

const create = (...set: string[]) =>
  sb.run(["tournament", "create", "--name", "Cup", "--type", "swiss", ...set]);

describe("--set", () => {
  it("refuses an unknown tournament attribute or option, naming the known ones", async () => {
    const cases: [string, RegExp][] = [
      ["colour=red", /"colour" is not a tournament attribute; known: name, url, /],
      ["match_options.sound=true", /match_options has no option "sound"; known: consolation_/],
      ['match_options={"sound":true}', /match_options has no option "sound"/],
      ["name.first=Ada", /name has no options/],
      ["swiss_options.rounds.max=3", /swiss_options\.rounds has no options/],
    ];
    for (const [set, message] of cases) {
      const r = await create("--set", set);
      expect(r.stderr, set).toMatch(message);
      expect(r.code, set).toBe(2);
    }
    expect(ok(await sb.run(["tournament", "list", "--json"])).json()).toEqual([]);
  });

  it("refuses one on update, leaving the tournament as it was", async () => {
    ok(
      await create(
        "--set",
        "match_options.accept_attachments=true",
        "--set",
        "swiss_options.rounds=3",
      ),
    );
    const before = ok(await sb.run(["tournament", "view", "cup", "--json"])).stdout;
    const r = await sb.run(["tournament", "update", "cup", "--name", "New", "--set", "colour=red"]);
    expect(r.code).toBe(2);
    expect(ok(await sb.run(["tournament", "view", "cup", "--json"])).stdout).toBe(before);
  });

  it("refuses an unknown race attribute, and sets the known ones", async () => {
    const r = await sb.run(["race", "create", "--name", "Dash", "--set", "lapCount=3"]);
    expect(r.stderr).toMatch(/"lapCount" is not a race attribute; known: name, url, raceType/);
    expect(r.code).toBe(2);
    const set = ["--set", "pointsTable=[10,6,4]", "--set", "registrationOptions.signupCap=8"];
    const race = ok(await sb.run(["race", "create", "--name", "Dash", ...set, "--json"])).json();
    expect(race.pointsTable).toEqual([10, 6, 4]);
    expect(race.registrationOptions.signupCap).toBe(8);
  });
});

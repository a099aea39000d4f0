/**
 * The word after a bare `--json` (json-argv.ts): its field list unless it names a command
 * or the command needs it as a required argument. Before, `tournament view --json cup`
 * read `cup` as a field list and failed with "missing required argument 'tournament'",
 * and `completion --json bash` named the missing shell instead of refusing --json.
 * Through the built binary, on one store with the tournaments `cup` and `id`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, binaryEnv, runBinary } from "../helpers/binary.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-json-word-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = binaryEnv(dir);
const tourney = (...args: string[]) => runBinary(args, env);

/** The JSON a successful command printed (exit 0, nothing on stderr). */
async function json(...args: string[]): Promise<unknown> {
  const result = await tourney(...args);
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
  return JSON.parse(result.stdout);
}

describe.skipIf(!BUILT)("the word after a bare --json", () => {
  beforeAll(async () => {
    for (const name of ["Cup", "id"]) {
      expect(await json("tournament", "create", "--name", name, "--json", "url")).toEqual({
        url: name.toLowerCase(),
      });
    }
    // Two players and a start: the tournament has open matches.
    expect((await tourney("participants", "add", "cup", "Ada")).code).toBe(0);
    expect((await tourney("participants", "add", "cup", "Bo")).code).toBe(0);
    expect((await tourney("tournament", "start", "cup", "--yes")).code).toBe(0);
  }, 60_000);

  it("is the argument a command needs: tournament view --json cup", async () => {
    expect(await json("tournament", "view", "--json", "cup")).toMatchObject({
      url: "cup",
      name: "Cup",
    });
    // Values of options are skipped: --profile takes `local`, the tournament is still missing.
    expect(await json("tournament", "view", "--profile", "local", "--json", "cup")).toMatchObject({
      url: "cup",
    });
    // A tournament whose url is a field's name.
    expect(await json("tournament", "view", "--json", "id")).toMatchObject({ url: "id" });
  });

  it("is the argument a command needs: match list --json cup", async () => {
    const matches = (await json("match", "list", "--json", "cup")) as { identifier: string }[];
    expect(matches.map((m) => m.identifier)).toEqual(["A"]);
  });

  it("leaves --json bare for a command that prints no JSON: its refusal is what is said", async () => {
    const result = await tourney("completion", "--json", "bash");
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(
      /^error: --json cannot apply to `tourney completion`: it prints a shell script, not JSON; run it without --json\n/,
    );
  });

  it("is the field list once the command has its arguments, as before", async () => {
    const both = [
      { id: 1, name: "Cup" },
      { id: 2, name: "id" },
    ];
    expect(await json("--json", "id,name", "tournament", "list")).toEqual(both);
    expect(await json("tournament", "list", "--json", "id,name")).toEqual(both);
    expect(await json("tournament", "list", "--json=id,name")).toEqual(both);
    expect(await json("tournament", "view", "cup", "--json", "id,url")).toEqual({
      id: 1,
      url: "cup",
    });
    expect(await json("tournament", "view", "--json=url", "cup")).toEqual({ url: "cup" });
    expect(await json("tournament", "view", "--json", "url", "cup")).toEqual({ url: "cup" });
    expect(await json("tournament", "view", "id", "--json", "id")).toEqual({ id: 2 });
  });

  it("says how to write an argument it read as a field list", async () => {
    // match report's match is optional (picked at a terminal): A is read as a field list.
    const result = await tourney("match", "report", "cup", "--json", "A", "--scores", "2-0");
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: unknown JSON field "A"; available fields:\n/);
    expect(result.stderr).toMatch(
      /\nhint: `--json A` read A as its field list; if A is an argument, put --json after the arguments or write `--json= A`\n$/,
    );
    // Nothing was reported, and either way of writing it does report match A.
    const open = (await json("match", "list", "cup", "--json", "identifier,state")) as unknown[];
    expect(open).toEqual([{ identifier: "A", state: "open" }]);
    const reported = await json(
      "match",
      "report",
      "cup",
      "--json=",
      "A",
      "--winner",
      "Ada",
      "--scores",
      "2-0",
    );
    expect(reported).toMatchObject({ identifier: "A", state: "complete" });
    // Where the word can only be a field list (written --json=, or a command without room
    // for another argument), a typo gets no hint.
    for (const args of [
      ["tournament", "list", "--json=nope"],
      ["tournament", "list", "--json", "nope"],
      ["match", "view", "cup", "A", "--json", "nope"],
    ]) {
      const typo = await tourney(...args);
      expect(typo.code).toBe(2);
      expect(typo.stderr).toMatch(/^error: unknown JSON field "nope"; available fields:\n/);
      expect(typo.stderr).not.toMatch(/hint:/);
    }
  });

  it("is a field list when it is a dotted path, refused naming the top-level field and the --jq", async () => {
    const top =
      'error: --json picks top-level fields only, not "timestamps.created_at": --json timestamps prints the whole "timestamps"; ';
    const list = await tourney("tournament", "list", "--json", "name,timestamps.created_at");
    expect(list).toMatchObject({ code: 2, stdout: "" });
    expect(list.stderr).toBe(`${top}--jq '.[].timestamps.created_at' reaches the nested field\n`);
    const one = await tourney("tournament", "view", "cup", "--json", "timestamps.created_at");
    expect(one).toMatchObject({ code: 2, stdout: "" });
    expect(one.stderr).toBe(`${top}--jq '.timestamps.created_at' reaches the nested field\n`);
    // the way the error names works
    const jq = await tourney("tournament", "view", "cup", "--jq", ".timestamps.created_at");
    expect(jq.stdout).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

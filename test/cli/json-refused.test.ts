/**
 * --json and --jq on a command that prints no JSON (json-form.ts): refused before the
 * command runs, exit 2, nothing on stdout, and a message naming the flag, the command and
 * what to do instead. Before, `tourney completion bash --json` printed the bash script and
 * exited 0. Through the built binary.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, binaryEnv, runBinary } from "../helpers/binary.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-json-refused-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = binaryEnv(dir);

/** [command line, the flags the message names, the command it names, what it says to do]. */
const REFUSED: readonly [string[], string, string, string][] = [
  [["completion", "bash", "--json"], "--json", "tourney completion", "run it without --json"],
  [["--jq", ".x", "completion", "bash"], "--jq", "tourney completion", "run it without --jq"],
  [["completion", "zsh", "-q", "."], "--jq", "tourney completion", "a shell script"],
  [["serve", "--port", "0", "--json"], "--json", "tourney serve", "serve key list --json"],
  [["auth", "token", "--json"], "--json", "tourney auth token", "auth status --json"],
  [["login", "--with-token", "--json"], "--json", "tourney login", "auth status --json"],
  [["auth", "logout", "--jq", "."], "--jq", "tourney auth logout", "auth status --json"],
  [["logout", "--json"], "--json", "tourney logout", "auth status --json"],
  [
    ["profile", "add", "lan", "--base-url", "http://127.0.0.1:9", "--json"],
    "--json",
    "tourney profile add",
    "profile list --json",
  ],
  [["profile", "use", "local", "--json"], "--json", "tourney profile use", "profile list --json"],
  [["profile", "rm", "lan", "--yes", "--json"], "--json", "tourney profile remove", "list --json"],
  [["config", "set", "timeout", "5", "--json", "id"], "--json id", "tourney config set", "list"],
  [["config", "unset", "timeout", "--jq", "."], "--jq", "tourney config unset", "list --json"],
  [["serve", "key", "revoke", "1", "--json"], "--json", "tourney serve key revoke", "key list"],
  [["serve", "user", "password", "ada", "--json"], "--json", "tourney serve user password", "list"],
  [["serve", "app", "remove", "x", "--json"], "--json", "tourney serve app remove", "app list"],
  [["serve", "community", "remove", "x", "-q", "."], "--jq", "tourney serve community remove", ""],
  [["help", "--json"], "--json", "tourney help", "help text"],
  [["help", "tournament", "list", "--jq", "."], "--jq", "tourney help", "help text"],
  [["help", "environment", "--json"], "--json", "tourney help", "help text"],
  [["--version", "--json"], "--json", "tourney --version", "the version"],
  [["-q", ".", "-V"], "--jq", "tourney --version", "the version"],
  [["bracket", "cup", "--web", "--json"], "--json", "tourney bracket --web", "--share --json"],
  [["watch", "cup", "--jq", ".type"], "--jq", "tourney watch", "| jq --unbuffered"],
  [["watch", "cup", "--json", "type"], "--json type", "tourney watch", "several kinds"],
  [
    ["race", "watch", "gp", "--json=id", "--jq", "."],
    "--json id and --jq",
    "tourney race watch",
    "jq",
  ],
  [["demo", "--json", "type"], "--json type", "tourney demo", "--jq"],
];

describe.runIf(BUILT)("--json and --jq where a command prints no JSON", () => {
  beforeAll(async () => {
    const made = await runBinary(["tournament", "create", "--name", "Cup"], env);
    expect(made.code).toBe(0);
  });

  it.each(REFUSED)("%j: exit 2, nothing printed", async (args, flags, command, instead) => {
    const r = await runBinary(args, env);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`error: ${flags} cannot apply to \`${command}`);
    expect(r.stderr).toContain(instead);
    expect(r.stderr.split("\n").filter((l) => l !== "")).toHaveLength(1);
    expect(r.code).toBe(2);
  });

  it("refuses before any side effect", async () => {
    const fresh = join(dir, "fresh");
    const freshEnv = { ...env, TOURNEY_DATA_DIR: fresh, TOURNEY_CONFIG_DIR: join(fresh, "c") };
    // serve would make its database and the owner's key; login would store the token.
    expect((await runBinary(["serve", "--port", "0", "--jq", "."], freshEnv)).code).toBe(2);
    expect((await runBinary(["login", "--with-token", "--json"], freshEnv, "tok\n")).code).toBe(2);
    expect(existsSync(fresh)).toBe(false);
    const out = join(dir, "cup.json");
    const exported = await runBinary(["tournament", "export", "cup", "-o", out, "--json"], env);
    expect(exported.stderr).toContain("cannot apply to `tourney tournament export --output`");
    expect(exported.code).toBe(2);
    expect(existsSync(out)).toBe(false);
  });

  it("export prints its document through --jq and --json FIELDS", async () => {
    const jq = await runBinary(["tournament", "export", "cup", "--jq", ".tournament.name"], env);
    expect(jq).toEqual({ code: 0, stdout: "Cup\n", stderr: "" });
    const fields = await runBinary(
      ["tournament", "export", "cup", "--json", "format,version"],
      env,
    );
    expect(fields.stdout).toBe('{"format":"tourney.tournament","version":1}\n');
    const race = await runBinary(["race", "create", "--name", "GP", "--json", "id"], env);
    expect(race.code).toBe(0);
    const raceJq = await runBinary(["race", "export", "gp", "--jq", ".format"], env);
    expect(raceJq).toEqual({ code: 0, stdout: "tourney.race\n", stderr: "" });
  });

  it("demo --jq still prints", async () => {
    const demo = await runBinary(
      ["demo", "--seed", "7", "--jq", 'select(.type == "demo.finished") | .seed'],
      env,
    );
    expect(demo.stdout).toBe("7\n");
    expect(demo.code).toBe(0);
  });
});

/**
 * --json and --jq where commander answers the line itself, with help or the version (no
 * action, no preAction hook): refused as help is (run.ts refuseProgramOutputFlags), read
 * as commander reads the line (option-words.ts). Before, `--help` or `-h` with --json or
 * --jq printed help and exited 0, combined short flags (`-vV --json`, `-Vq .`) printed the
 * version and exited 0, and `help --json=id` named only "--json". Through the built binary.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-json-refused-program-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = {
  PATH: process.env.PATH ?? "",
  TOURNEY_CONFIG_DIR: join(dir, "config"),
  TOURNEY_DATA_DIR: join(dir, "data"),
};

/** [command line, the message's first words]. */
const REFUSED: readonly [string[], string][] = [
  [
    ["tournament", "list", "--help", "--json"],
    "--json cannot apply to `tourney tournament list --help`",
  ],
  [["--json", "--help"], "--json cannot apply to `tourney --help`"],
  [["-h", "-q", "."], "--jq cannot apply to `tourney --help`"],
  [["-vh", "--json"], "--json cannot apply to `tourney --help`"],
  [["match", "list", "-yh", "--jq=.[0]"], "--jq cannot apply to `tourney match list --help`"],
  [["tournament", "help", "list", "--json"], "--json cannot apply to `tourney tournament help`"],
  [["-vV", "--json"], "--json cannot apply to `tourney --version`"],
  [["--json", "-vV"], "--json cannot apply to `tourney --version`"],
  [["-Vq", "."], "--jq cannot apply to `tourney --version`"],
  [["-vq.", "tournament", "list", "-V"], "--jq cannot apply to `tourney --version`"],
  [["help", "--json=id"], "--json id cannot apply to `tourney help`"],
  [["help", "--json", "id,name"], "--json id,name cannot apply to `tourney help`"],
  [["--version", "--json=id", "-q", "."], "--json id and --jq cannot apply to `tourney --version`"],
];

describe.runIf(BUILT)("--json and --jq with help or the version", () => {
  it.each(REFUSED)("%j: exit 2, nothing printed", async (args, message) => {
    const r = await runBinary(args, env);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(new RegExp(`^error: ${message.replace(/[.*?()[\]|$^]/g, "\\$&")}`));
    expect(r.stderr.split("\n").filter((l) => l !== "")).toHaveLength(1);
    expect(r.code).toBe(2);
  });

  it("names the field list as the commands' own refusal does", async () => {
    const own = await runBinary(["completion", "--json=x", "bash"], env);
    const help = await runBinary(["help", "--json=x"], env);
    expect(own.stderr).toContain("error: --json x cannot apply");
    expect(help.stderr).toContain("error: --json x cannot apply");
    expect(help.stderr).toContain("run it without --json x");
  });

  it("without --json or --jq, help and the version are printed as before", async () => {
    expect(await runBinary(["-vV"], env)).toEqual({ code: 0, stdout: "0.1.0\n", stderr: "" });
    const help = await runBinary(["tournament", "list", "-vh"], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: tourney tournament list/);
  });

  it("a -h that is an option's value or an unknown cluster is no help", async () => {
    const made = await runBinary(["tournament", "create", "--name", "-h", "--json", "name"], env);
    expect(made).toEqual({ code: 0, stdout: '{"name":"-h"}\n', stderr: "" });
    const unknown = await runBinary(["-hq.", "--json"], env);
    expect(unknown.stderr).toMatch(/^error: unknown option '-hq\.'/);
    expect(unknown.code).toBe(2);
  });
});

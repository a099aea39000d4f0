import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { completeNames } from "../../src/cli/completion/complete.js";
import { cachePath } from "../../src/cli/completion/names.js";
import { createSandbox } from "../helpers/cli.js";

const sandbox = createSandbox();
afterAll(() => sandbox.cleanup());

async function script(shell: string): Promise<string> {
  const r = await sandbox.run(["completion", shell]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/**
 * Runs bash completion for a command line; the cursor is at its end. The first
 * word is the command the script runs for \`__complete\` (COMP_WORDS[0], as a shell has it).
 */
function complete(bashScript: string, line: string, env: Record<string, string> = {}): string[] {
  const file = join(sandbox.dir, "tourney.bash");
  writeFileSync(file, bashScript);
  const words = line.split(" ");
  const program = `
source ${JSON.stringify(file)}
COMP_WORDS=(${words.map((w) => JSON.stringify(w)).join(" ")})
COMP_CWORD=${words.length - 1}
_tourney
printf '%s\\n' "\${COMPREPLY[@]}"
`;
  const r = spawnSync("bash", ["--norc", "-c", program], {
    encoding: "utf8",
    env: { ...sandbox.env, ...env },
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split("\n").filter((w) => w !== "");
}

describe("tourney completion", () => {
  it("bash completes nouns, verbs, aliases, options and option choices", async () => {
    const bash = await script("bash");
    expect(complete(bash, "tourney tour")).toEqual(["tournament", "tournaments"]);
    expect(complete(bash, "tourney match re")).toEqual(
      expect.arrayContaining(["report", "reopen"]),
    );
    expect(complete(bash, "tourney tournaments li")).toEqual(["list"]);
    expect(complete(bash, "tourney --profile work participants bulk")).toEqual(["bulk-add"]);
    expect(complete(bash, "tourney tournament list --")).toEqual(
      expect.arrayContaining(["--json", "--state", "--profile"]),
    );
    expect(complete(bash, "tourney completion ")).toEqual(["bash", "zsh", "fish"]);
  });

  it("bash completes --type and every enumerated flag's values, a space spelled _", async () => {
    const bash = await script("bash");
    expect(complete(bash, "tourney tournament create --type d")).toEqual(["double_elimination"]);
    expect(complete(bash, "tourney tournaments list --type ")).toEqual([
      "single_elimination",
      "double_elimination",
      "round_robin",
      "swiss",
      "free_for_all",
    ]);
    expect(complete(bash, "tourney tournament list --state in")).toEqual(["in_progress"]);
    expect(complete(bash, "tourney tournament update x --ranking game_w")).toEqual([
      "game_wins",
      "game_win_percentage",
    ]);
    expect(complete(bash, "tourney tournament create --stage-type sw")).toEqual(["swiss"]);
    expect(complete(bash, "tourney match list x --state ")).toEqual(
      expect.arrayContaining(["open", "complete"]),
    );
    expect(complete(bash, "tourney race create --type ")).toEqual(["time-trial", "grand-prix"]);
  });

  it("-V/--version is offered at the top level only", async () => {
    const bash = await script("bash");
    expect(complete(bash, "tourney --ver")).toEqual(["--version", "--verbose"]);
    expect(complete(bash, "tourney tournament list --ver")).toEqual(["--verbose"]);
    expect(complete(bash, "tourney tournament list -")).not.toContain("-V");
  });

  it("--json and --jq are offered only where the command takes them (json-form.ts)", async () => {
    const bash = await script("bash");
    expect(complete(bash, "tourney tournament list --j")).toEqual(["--json", "--jq"]);
    expect(complete(bash, "tourney serve user list --j")).toEqual(["--json", "--jq"]);
    expect(complete(bash, "tourney --j")).toEqual(["--json", "--jq"]);
    // Commands that print no JSON refuse both: neither offered, -q neither.
    expect(complete(bash, "tourney completion bash --j")).toEqual([]);
    expect(complete(bash, "tourney completion bash -")).not.toContain("-q");
    expect(complete(bash, "tourney auth token --j")).toEqual([]);
    expect(complete(bash, "tourney serve --j")).toEqual([]);
    // watch prints events: bare --json only, no --jq; demo's events take --jq.
    expect(complete(bash, "tourney watch x --j")).toEqual(["--json"]);
    expect(complete(bash, "tourney race watch x --j")).toEqual(["--json"]);
    expect(complete(bash, "tourney demo --j")).toEqual(["--json", "--jq"]);
    // Refused with --web only: offered without it, not once it is on the line (export: --output).
    expect(complete(bash, "tourney bracket x --j")).toEqual(["--json", "--jq"]);
    expect(complete(bash, "tourney bracket x --web --j")).toEqual([]);
    expect(complete(bash, "tourney brackets x --web -")).not.toContain("-q");
    expect(complete(bash, "tourney tournament export x -o f.json --j")).toEqual([]);
    expect(complete(bash, "tourney race export x --output=f.json --j")).toEqual([]);
    expect(complete(bash, "tourney tournament export x --j")).toEqual(["--json", "--jq"]);
    // A --jq value is still skipped where it is not offered (serve's subcommands take it).
    expect(complete(bash, "tourney serve --jq . user li")).toEqual(["list"]);
  });

  const built = existsSync(join(import.meta.dirname, "..", "..", "dist", "cli.cjs"));
  it.skipIf(!built)(
    "bash completes tournament, participant, match and profile names from the cache list commands fill (built binary)",
    async () => {
      const bin = join(import.meta.dirname, "..", "..", "bin", "tourney");
      const shim = join(sandbox.dir, "tourney");
      writeFileSync(
        shim,
        `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} "$@"\n`,
      );
      chmodSync(shim, 0o755);
      const bash = await script("bash");
      // Nothing listed yet: nothing offered (and nothing asked of the database).
      expect(complete(bash, `${shim} tournament view `)).toEqual([]);
      for (const [name, url] of [
        ["Spring Cup", "spring_cup"],
        ["Summer Open", "summer_open"],
      ]) {
        const r = await sandbox.run(["tournament", "create", "--name", name!, "--url", url!]);
        expect(r.code, r.stderr).toBe(0);
      }
      await sandbox.run(["participants", "bulk-add", "spring_cup", "Ada", "Grace Hopper", "Linus"]);
      expect(complete(bash, `${shim} tournament view sp`)).toEqual([]);
      expect((await sandbox.run(["tournament", "list"])).code).toBe(0);
      expect(complete(bash, `${shim} tournament view sp`)).toEqual(["spring_cup"]);
      expect(complete(bash, `${shim} --profile local bracket s`)).toEqual([
        "spring_cup",
        "summer_open",
      ]);
      // Another profile's cache is its own.
      expect(complete(bash, `${shim} --profile lan tournament view s`)).toEqual([]);
      expect((await sandbox.run(["participants", "list", "spring_cup"])).code).toBe(0);
      expect(complete(bash, `${shim} participants view spring_cup G`)).toEqual(["Grace\\ Hopper"]);
      expect(complete(bash, `${shim} match list spring_cup --participant A`)).toEqual(["Ada"]);
      expect(complete(bash, `${shim} participants view summer_open `)).toEqual([]);
      expect((await sandbox.run(["tournament", "start", "spring_cup"])).code).toBe(0);
      expect((await sandbox.run(["match", "list", "spring_cup", "--json"])).code).toBe(0);
      expect(complete(bash, `${shim} match report spring_cup `)).toEqual(
        expect.arrayContaining(["A", "B"]),
      );
      expect(
        (await sandbox.run(["profile", "add", "lan", "--base-url", "http://127.0.0.1:9"])).code,
      ).toBe(0);
      expect((await sandbox.run(["profile", "list"])).code).toBe(0);
      expect(complete(bash, `${shim} profile use l`)).toEqual(["local", "lan"]);
      expect(complete(bash, `${shim} tournament list --profile l`)).toEqual(["local", "lan"]);
    },
  );

  it("__complete reads the cache file only: a missing or broken cache offers nothing", () => {
    const env = { TOURNEY_DATA_DIR: join(sandbox.dir, "other-data") };
    expect(completeNames(["tournament"], env, "/nonexistent")).toEqual([]);
    const file = cachePath(env, "/nonexistent");
    expect(file).toBe(join(sandbox.dir, "other-data", "completion-names.json"));
  });

  it("the shipped scripts in completions/ are the generated ones", async () => {
    const root = join(import.meta.dirname, "..", "..", "completions");
    expect(readFileSync(join(root, "tourney.bash"), "utf8")).toBe(await script("bash"));
    expect(readFileSync(join(root, "_tourney"), "utf8")).toBe(await script("zsh"));
    expect(readFileSync(join(root, "tourney.fish"), "utf8")).toBe(await script("fish"));
  });

  it("zsh and fish scripts name every command", async () => {
    const zsh = await script("zsh");
    const fish = await script("fish");
    for (const word of ["tournament", "participants", "match", "standings", "bulk-add"]) {
      expect(zsh).toContain(`'${word}:`);
      expect(fish).toContain(`-a '${word}'`);
    }
    expect(zsh.startsWith("#compdef tourney\n")).toBe(true);
  });

  const fish = spawnSync("fish", ["--version"]).status === 0;
  it.skipIf(!fish)(
    "fish completes nouns, verbs and descriptions (when fish is installed)",
    async () => {
      const file = join(sandbox.dir, "tourney.fish");
      writeFileSync(file, await script("fish"));
      const r = spawnSync(
        "fish",
        [
          "-c",
          `source ${file}; complete -C "tourney match re"; complete -C "tourney --profile x tour"`,
        ],
        { encoding: "utf8" },
      );
      expect(r.status, r.stderr).toBe(0);
      const words = r.stdout.split("\n").map((l) => l.split("\t")[0]);
      expect(words).toEqual(
        expect.arrayContaining(["reopen", "report", "tournament", "tournaments"]),
      );
    },
  );

  const zsh = spawnSync("zsh", ["--version"]).status === 0;
  it.skipIf(!zsh)("the zsh script parses (when zsh is installed)", async () => {
    const file = join(sandbox.dir, "_tourney");
    writeFileSync(file, await script("zsh"));
    const r = spawnSync("zsh", ["-n", file], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
  });

  it("an unknown shell is a usage error", async () => {
    const r = await sandbox.run(["completion", "tcsh"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bash, zsh, fish/);
  });
});

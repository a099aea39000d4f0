import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../helpers/cli.js";

const sandbox = createSandbox();
afterAll(() => sandbox.cleanup());

async function script(shell: string): Promise<string> {
  const r = await sandbox.run(["completion", shell]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** Runs bash completion for a command line; the cursor is at its end. */
function complete(bashScript: string, line: string): string[] {
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
  const r = spawnSync("bash", ["--norc", "-c", program], { encoding: "utf8" });
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
    expect(complete(bash, "tourney completion ")).toEqual([]);
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
    expect(r.stderr).toMatch(/choose bash, zsh or fish/);
  });
});

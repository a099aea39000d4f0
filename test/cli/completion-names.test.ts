/**
 * Completion of the names a command takes (issue 26, item 9), in each real shell: bash
 * (the generated script run by bash, with COMP_LINE and the words readline makes, `=`
 * apart), zsh (its completion system driven through zpty, a real interactive zsh) and fish
 * (`complete -C`). Participant names after --winner, --ranks and --advancing (each item of
 * a comma list) and as participant arguments; race names for the race verbs, and a race's
 * participants. The names come from the completion cache the list commands fill, through
 * `tourney __complete` (the built binary): never the network.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, BUILT } from "../helpers/binary.js";
import { createSandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";
import { zshComplete } from "../helpers/completion-shells.js";

const sb = createSandbox();
const bin = join(sb.dir, "bin");
const env = { ...sb.env, PATH: `${bin}:${process.env.PATH ?? ""}`, HOME: sb.dir, TERM: "dumb" };
afterAll(() => sb.cleanup());

async function script(shell: string): Promise<string> {
  return ok(await sb.run(["completion", shell])).stdout;
}

beforeAll(async () => {
  mkdirSync(bin);
  writeFileSync(
    join(bin, "tourney"),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`,
  );
  chmodSync(join(bin, "tourney"), 0o755);
  ok(await sb.run(["tournament", "create", "--name", "Spring Cup", "--type", "free for all"]));
  ok(
    await sb.run([
      "participants",
      "bulk-add",
      "spring_cup",
      "Ada",
      "Grace Hopper",
      "Linus",
      "Margaret",
    ]),
  );
  ok(await sb.run(["participants", "list", "spring_cup"]));
  ok(await sb.run(["race", "create", "--name", "Spring GP"]));
  ok(await sb.run(["race", "participants", "bulk-add", "spring_gp", "Zed", "Yolanda"]));
  ok(await sb.run(["race", "list"]));
  ok(await sb.run(["race", "participants", "list", "spring_gp"]));
  // A second embedded profile with names of its own: --profile on the line chooses them.
  ok(await sb.run(["profile", "add", "other", "--db", join(sb.dir, "other.db")]));
  const other = (args: string[]) => sb.run(["--profile", "other", ...args]);
  ok(await other(["tournament", "create", "--name", "Autumn Cup", "--type", "free for all"]));
  ok(await other(["participants", "bulk-add", "autumn_cup", "Otto", "Olga"]));
  ok(await other(["participants", "list", "autumn_cup"]));
  writeFileSync(join(sb.dir, "bash.sh"), await script("bash"));
  mkdirSync(join(sb.dir, "zfunc"));
  writeFileSync(join(sb.dir, "zfunc", "_tourney"), await script("zsh"));
  writeFileSync(join(sb.dir, "tourney.fish"), await script("fish"));
});

/** bash: the words readline gives the function (split at spaces, `=` a word of its own). */
function bash(line: string): string[] {
  const words = line.split(" ").flatMap((w) => w.split(/(=)/).filter((p) => p !== ""));
  if (line.endsWith(" ")) words.push("");
  const program = `
source ${JSON.stringify(join(sb.dir, "bash.sh"))}
COMP_LINE=${JSON.stringify(line)}
COMP_POINT=\${#COMP_LINE}
COMP_WORDS=(${words.map((w) => JSON.stringify(w)).join(" ")})
COMP_CWORD=${words.length - 1}
_tourney
printf '%s\\n' "\${COMPREPLY[@]}"
`;
  const r = spawnSync("bash", ["--norc", "-c", program], { encoding: "utf8", env });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split("\n").filter((w) => w !== "");
}

/** zsh: an interactive zsh on a pseudo-terminal (zpty) types the line and TAB; compadd reports. */
function zsh(line: string): string[] {
  return zshComplete(join(sb.dir, "zfunc"), line, env);
}

function fish(line: string): string[] {
  const file = join(sb.dir, "tourney.fish");
  const r = spawnSync(
    "fish",
    ["--no-config", "-c", `source ${file}; complete -C ${JSON.stringify(line)}`],
    {
      encoding: "utf8",
      env,
    },
  );
  expect(r.status, r.stderr).toBe(0);
  return r.stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => l.split("\t")[0]!);
}

const has = (shell: string) => spawnSync(shell, ["--version"]).status === 0;

describe.runIf(BUILT)("completion of names in the real shells", () => {
  it("bash: participants after --winner, --ranks and --advancing, races and their racers", () => {
    expect(bash("tourney match report spring_cup A --winner G")).toEqual(["Grace\\ Hopper"]);
    expect(bash("tourney match report spring_cup A --winner ")).toHaveLength(4);
    expect(bash("tourney match report spring_cup A --advancing Ada,L")).toEqual(["Ada,Linus"]);
    // readline made "1,M" the word: the reply replaces it.
    expect(bash("tourney match report spring_cup A --ranks Ada=1,M")).toEqual(["1,Margaret"]);
    expect(bash("tourney match report spring_cup A --ranks Ada=1,Linus=2 --advancing A")).toEqual([
      "Ada",
    ]);
    expect(bash("tourney participants view spring_cup L")).toEqual(["Linus"]);
    expect(bash("tourney race start sp")).toEqual(["spring_gp"]);
    expect(bash("tourney race update spring_gp Y")).toEqual(["Yolanda"]);
    expect(bash("tourney race times update spring_gp Z")).toEqual(["Zed"]);
    expect(bash("tourney race participants view spring_gp ")).toEqual(["Zed", "Yolanda"]);
  });

  it("every shell: --profile on the line completes that profile's names", () => {
    const line = "tourney --profile other match report autumn_cup A --winner O";
    const after = "tourney match report autumn_cup A --profile=other --winner Ol";
    expect(bash(line)).toEqual(["Otto", "Olga"]);
    expect(bash(after)).toEqual(["Olga"]);
    if (has("zsh")) {
      expect(zsh(line).sort()).toEqual(["Olga", "Otto"]);
      expect(zsh(after)).toEqual(["Olga"]);
    }
    if (has("fish")) {
      expect(fish(line).sort()).toEqual(["Olga", "Otto"]);
      expect(fish(after)).toEqual(["Olga"]);
    }
  }, 180_000);

  it.runIf(has("zsh"))(
    "zsh: the same, through its completion system",
    () => {
      // What zsh inserts: the space quoted.
      expect(zsh("tourney match report spring_cup A --winner G")).toEqual(["Grace\\ Hopper"]);
      expect(zsh("tourney match report spring_cup A --advancing Ada,L")).toEqual(["Linus"]);
      expect(zsh("tourney match report spring_cup A --ranks M")).toEqual(["Margaret"]);
      expect(zsh("tourney participants view spring_cup L")).toEqual(["Linus"]);
      expect(zsh("tourney race start sp")).toEqual(["spring_gp"]);
      expect(zsh("tourney race update spring_gp Y")).toEqual(["Yolanda"]);
      // An option after a subcommand's word is the subcommand's, not read by the command above
      // (which completed nothing here), before the verb too.
      expect(zsh("tourney demo --verbose --se")).toEqual(["--seed"]);
      expect(zsh("tourney race create --verbose --ty")).toEqual(["--type"]);
      expect(zsh("tourney race --profile other li")).toEqual(["list"]);
    },
    180_000,
  );

  // json-form.ts: a command printing no JSON refuses --json and --jq; watch takes bare --json.
  it("every shell: --json and --jq offered only where the command takes them", () => {
    const shells = { bash, ...(has("zsh") ? { zsh } : {}), ...(has("fish") ? { fish } : {}) };
    for (const [name, shell] of Object.entries(shells)) {
      const json = (line: string) =>
        shell(line)
          .filter((w) => w.startsWith("--j"))
          .sort();
      expect(json("tourney tournament list --j"), name).toEqual(["--jq", "--json"]);
      expect(json("tourney completion bash --j"), name).toEqual([]);
      expect(json("tourney serve --j"), name).toEqual([]);
      expect(json("tourney watch spring_cup --j"), name).toEqual(["--json"]);
      expect(json("tourney demo --j"), name).toEqual(["--jq", "--json"]);
      // bracket refuses them with --web only, export with --output: offered until one is given.
      expect(json("tourney bracket spring_cup --j"), name).toEqual(["--jq", "--json"]);
      expect(json("tourney bracket spring_cup --web --j"), name).toEqual([]);
      expect(json("tourney tournament export spring_cup --j"), name).toEqual(["--jq", "--json"]);
      expect(json("tourney tournament export spring_cup -o out.json --j"), name).toEqual([]);
      expect(json("tourney tournaments export spring_cup --output out.json --j"), name).toEqual([]);
      expect(json("tourney race export spring_gp --output=out.json --j"), name).toEqual([]);
      expect(
        shell("tourney bracket spring_cup --web -").filter((w) => w === "-q"),
        name,
      ).toEqual([]);
      // Not offered, still read as taking a value (`.` is not the race).
      expect(shell("tourney race watch --jq . sp"), name).toEqual(["spring_gp"]);
      expect(shell("tourney serve --jq . user li"), name).toEqual(["list"]);
    }
  }, 180_000);

  it.runIf(has("fish"))("fish: the same, through complete -C", () => {
    expect(fish("tourney match report spring_cup A --winner G")).toEqual(["Grace Hopper"]);
    expect(fish("tourney match report spring_cup A --advancing Ada,L")).toEqual(["Ada,Linus"]);
    expect(fish("tourney match report spring_cup A --ranks Ada=1,M")).toEqual(["Ada=1,Margaret"]);
    expect(fish("tourney participants view spring_cup L")).toEqual(["Linus"]);
    expect(fish("tourney race start sp")).toEqual(["spring_gp"]);
    expect(fish("tourney race update spring_gp Y")).toEqual(["Yolanda"]);
  });
});

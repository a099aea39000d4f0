/**
 * Names from the completion cache are data, never shell code: a participant named
 * `Eve $(touch FILE)` made bash run `touch` at TAB (the generated _tourney_reply gave the
 * cached names to `compgen -W`, which expands each word), and offered `Eve\ ` and `OBrien`.
 * Here real shells complete with hostile names in the cache (filled by a real `participants
 * list`): no command in a name runs, each shell offers exactly the names, and what bash
 * inserts (its COMPREPLY, `printf %q`-quoted) reads back as exactly the name when the line
 * is run.
 *
 * A name that starts with `-` is offered as `name:-n`: offered bare, each shell inserted a word
 * the CLI read as an option (`participants view cup -n`: unknown option '-n', exit 2), and
 * fish's `echo` dropped the names `-n` and `-e` (its own options).
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BIN, BUILT } from "../helpers/binary.js";
import { createSandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";
import { fishComplete, hasShell, zshComplete } from "../helpers/completion-shells.js";

const sb = createSandbox();
const bin = join(sb.dir, "bin");
/** Where the names' commands would leave their files: empty unless one ran. */
const traps = join(sb.dir, "traps");
const env = {
  ...sb.env,
  PATH: `${bin}:${process.env.PATH ?? ""}`,
  HOME: sb.dir,
  TERM: "dumb",
  LC_ALL: "C.UTF-8",
};
afterAll(() => sb.cleanup());

const NAMES = [
  `Eve $(touch ${traps}/dollar-paren)`,
  `Bob \`touch ${traps}/backtick\``,
  `Semi; touch ${traps}/semicolon`,
  "O'Brien",
  'Say "hi"',
  "Star *",
  "-lead",
  "-n",
  "-e",
  "--x",
  "Zoë Ünïcode",
  "Dollar $HOME x",
  "Back\\slash",
  "Team: A$B",
  "two  spaces",
];

/** What completion offers for each name: one that reads as an option as name:NAME. */
const OFFERED = NAMES.map((name) => (name.startsWith("-") ? `name:${name}` : name));

beforeAll(async () => {
  mkdirSync(bin);
  mkdirSync(traps);
  writeFileSync(
    join(bin, "tourney"),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`,
  );
  chmodSync(join(bin, "tourney"), 0o755);
  ok(await sb.run(["tournament", "create", "--name", "Inj Cup"]));
  ok(await sb.run(["participants", "bulk-add", "inj_cup", "--", ...NAMES]));
  ok(await sb.run(["participants", "list", "inj_cup"]));
  writeFileSync(join(sb.dir, "tourney.bash"), ok(await sb.run(["completion", "bash"])).stdout);
  writeFileSync(join(sb.dir, "tourney.fish"), ok(await sb.run(["completion", "fish"])).stdout);
  mkdirSync(join(sb.dir, "zfunc"));
  writeFileSync(join(sb.dir, "zfunc", "_tourney"), ok(await sb.run(["completion", "zsh"])).stdout);
});

/** A bash word, single-quoted (for the test's own scripts). */
const sq = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

/** bash's _tourney run with `words` as readline split the line (the last is the one typed). */
function bashReply(words: readonly string[]): string[] {
  const program = `
source ${sq(join(sb.dir, "tourney.bash"))}
COMP_WORDS=(${words.map(sq).join(" ")})
COMP_CWORD=${words.length - 1}
COMP_LINE=${sq(words.join(" ").replace(/ : /g, ":"))}
COMP_POINT=\${#COMP_LINE}
_tourney
[ "\${#COMPREPLY[@]}" -eq 0 ] || printf '%s\\0' "\${COMPREPLY[@]}"
`;
  const r = spawnSync("bash", ["--norc", "-c", program], { encoding: "utf8", env, cwd: traps });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split("\0").slice(0, -1);
}

/** What the shell reads a word of a command line as (the word as inserted, run by it). */
function readBack(word: string, shell = "bash"): string {
  const r = spawnSync(shell, [shell === "bash" ? "--norc" : "-f", "-c", `printf '%s\\0' ${word}`], {
    encoding: "utf8",
    env,
    cwd: traps,
  });
  expect(r.status, r.stderr).toBe(0);
  const words = r.stdout.split("\0").slice(0, -1);
  expect(words, `${word} read as ${words.length} words`).toHaveLength(1);
  return words[0]!;
}

const base = ["tourney", "participants", "view", "inj_cup"];

// Each test finds the traps empty whatever an earlier one left.
beforeEach(() => {
  rmSync(traps, { recursive: true, force: true });
  mkdirSync(traps);
});

describe.runIf(BUILT)("completion of names that hold shell syntax", () => {
  it("the cache holds the names as given, one that reads as an option as name:NAME", () => {
    const r = spawnSync("tourney", ["__complete", "participant", "--tournament", "inj_cup"], {
      encoding: "utf8",
      env,
    });
    expect(r.stdout.split("\n").slice(0, -1).sort()).toEqual([...OFFERED].sort());
  });

  it("each name offered, run as the command's argument, is that participant", async () => {
    for (const word of ["name:-n", "name:-e", "name:--x", "name:-lead"]) {
      const r = ok(await sb.run(["participants", "view", "inj_cup", word, "--json", "name"]));
      expect(r.json().name).toBe(word.slice("name:".length));
    }
  });

  it("bash: no name runs, every name offered, each inserted reads back as the name", () => {
    const replies = bashReply([...base, ""]);
    expect(readdirSync(traps)).toEqual([]);
    expect(replies).toHaveLength(NAMES.length);
    expect(replies.map((w) => readBack(w)).sort()).toEqual([...OFFERED].sort());
    expect(readdirSync(traps)).toEqual([]);
  });

  it("bash: what was typed filters, raw or as a completion inserted it", () => {
    const names = (typed: string) => bashReply([...base, typed]).map((w) => readBack(w));
    expect(names("O")).toEqual(["O'Brien"]);
    expect(names("O\\'B")).toEqual(["O'Brien"]);
    expect(names("Eve\\ \\$")).toEqual([NAMES[0]]);
    expect(names("Say")).toEqual(['Say "hi"']);
    expect(names("St")).toEqual(["Star *"]);
    expect(names("Zoë")).toEqual(["Zoë Ünïcode"]);
    expect(names("Back")).toEqual(["Back\\slash"]);
    expect(names("Dollar\\ \\$H")).toEqual(["Dollar $HOME x"]);
    expect(names("two\\ \\ ")).toEqual(["two  spaces"]);
    expect(names("Nobody")).toEqual([]);
    expect(names("name:-")).toEqual(["name:-lead", "name:-n", "name:-e", "name:--x"]);
    expect(readdirSync(traps)).toEqual([]);
  });

  it("bash: the names after an option's value and in a comma list stay data too", () => {
    const line = ["tourney", "match", "report", "inj_cup", "1", "--winner", ""];
    expect(
      bashReply(line)
        .map((w) => readBack(w))
        .sort(),
    ).toEqual([...OFFERED].sort());
    // readline split "Team:" at the colon: the reply replaces what follows it.
    const after = bashReply([...line.slice(0, -1), "Team", ":", ""]);
    expect(after.map((r) => readBack(`Team:${r}`))).toEqual(["Team: A$B"]);
    const list = bashReply(["tourney", "match", "report", "inj_cup", "1", "--advancing", "Ada,O"]);
    expect(list).toEqual(["Ada,O\\'Brien"]);
    const more = bashReply(["tourney", "match", "report", "inj_cup", "1", "--advancing", "Ada,E"]);
    expect(more.map((w) => readBack(w))).toEqual([`Ada,${NAMES[0]}`]);
    expect(readdirSync(traps)).toEqual([]);
  });

  it.runIf(hasShell("zsh"))(
    "zsh: no name runs, every name offered, each reads back as the name",
    () => {
      const hits = zshComplete(join(sb.dir, "zfunc"), `${base.join(" ")} `, env);
      expect(hits.map((hit) => readBack(hit, "zsh")).sort()).toEqual([...OFFERED].sort());
      expect(readdirSync(traps)).toEqual([]);
    },
    180_000,
  );

  it.runIf(hasShell("fish"))("fish: no name runs, every name offered as it is", () => {
    const offered = fishComplete(join(sb.dir, "tourney.fish"), `${base.join(" ")} `, env);
    expect(offered.sort()).toEqual([...OFFERED].sort());
    expect(readdirSync(traps)).toEqual([]);
  });

  it.runIf(hasShell("fish"))(
    "fish: names -n and -e in the cache are printed, not echo's options",
    () => {
      // A cache written before name:-n (or by hand) holds the bare names: fish's echo took
      // "-n" and "-e" for its own options and printed nothing for them.
      const file = join(sb.dir, "data", "completion-names.json");
      const cache = JSON.parse(readFileSync(file, "utf8"));
      const participants = Object.values(cache.byProfile)[0] as {
        participants: Record<string, string[]>;
      };
      participants.participants.old_cup = ["-n", "-e", "Ada"];
      writeFileSync(file, JSON.stringify(cache));
      const line = "tourney participants view old_cup ";
      expect(fishComplete(join(sb.dir, "tourney.fish"), line, env).sort()).toEqual([
        "-e",
        "-n",
        "Ada",
      ]);
    },
  );
});

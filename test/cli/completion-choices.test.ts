/**
 * Every flag with a fixed list of values is completed in each real shell (docs/scripting.md,
 * Completion): the walk takes every option of every command that declares its values
 * (commander's choices, choiceOption, or completedWith for a flag that checks its value
 * itself), so a new one cannot be left out. Before, `watch X --until`, `watch X --events`,
 * `login --scopes` and `serve key create --scope` offered nothing in bash and file names in
 * fish; `tournament publish X --to` and `tournament pull X --from` no profile names; and
 * `tourney watch <TAB>` only tournaments, though it watches races too.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { App } from "../../src/cli/app.js";
import { completesList, completionValues } from "../../src/cli/commands/choice-option.js";
import { buildProgram } from "../../src/cli/run.js";
import { BIN, BUILT } from "../helpers/binary.js";
import { createSandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";
import { bashComplete, fishComplete, hasShell, zshComplete } from "../helpers/completion-shells.js";

const sb = createSandbox();
const bin = join(sb.dir, "bin");
const env = { ...sb.env, PATH: `${bin}:${process.env.PATH ?? ""}`, HOME: sb.dir, TERM: "dumb" };
afterAll(() => sb.cleanup());

const quiet = { write: () => true };
const app = new App({
  io: { stdout: quiet, stderr: quiet, stdin: { async *[Symbol.asyncIterator]() {} } },
  env: {},
  homeDir: "/nonexistent",
});

interface Fixed {
  readonly line: string;
  readonly values: readonly string[];
  readonly list: boolean;
}

/** Every option of every command with a fixed list of values, as a line ending where it goes. */
function fixedOptions(command: Command, path: string[] = []): Fixed[] {
  const here = command.options
    .filter((o) => !o.hidden && o.required && completionValues(o).length > 0)
    .map((o) => ({
      line: ["tourney", ...path, o.long ?? o.short].join(" "),
      values: completionValues(o),
      list: completesList(o),
    }));
  const hidden = (c: Command) => (c as unknown as { _hidden?: boolean })._hidden === true;
  return [
    ...here,
    ...command.commands
      .filter((c) => c.name() !== "help" && !hidden(c))
      .flatMap((c) => fixedOptions(c, [...path, c.name()])),
  ];
}

const fixed = fixedOptions(buildProgram(app));
const files = {
  bash: join(sb.dir, "tourney.bash"),
  zfunc: join(sb.dir, "zfunc"),
  fish: join(sb.dir, "tourney.fish"),
};
const shells: Record<string, (line: string) => string[]> = {
  bash: (line) => bashComplete(files.bash, line, env),
  ...(hasShell("zsh") ? { zsh: (line: string) => zshComplete(files.zfunc, line, env) } : {}),
  ...(hasShell("fish") ? { fish: (line: string) => fishComplete(files.fish, line, env) } : {}),
};

beforeAll(async () => {
  mkdirSync(bin);
  writeFileSync(
    join(bin, "tourney"),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`,
  );
  chmodSync(join(bin, "tourney"), 0o755);
  ok(await sb.run(["tournament", "create", "--name", "Spring Cup"]));
  ok(await sb.run(["race", "create", "--name", "Spring GP"]));
  ok(await sb.run(["tournament", "list"]));
  ok(await sb.run(["race", "list"]));
  ok(await sb.run(["profile", "add", "lan", "--base-url", "http://127.0.0.1:9"]));
  ok(await sb.run(["profile", "list"]));
  writeFileSync(files.bash, ok(await sb.run(["completion", "bash"])).stdout);
  mkdirSync(files.zfunc);
  writeFileSync(join(files.zfunc, "_tourney"), ok(await sb.run(["completion", "zsh"])).stdout);
  writeFileSync(files.fish, ok(await sb.run(["completion", "fish"])).stdout);
});

/** bash as readline calls it, the words split at ":" too (COMP_WORDBREAKS). */
function bashAtColons(line: string): string[] {
  const words = line.split(" ").flatMap((w) => w.split(/(:)/).filter((p) => p !== ""));
  const program = `
source ${JSON.stringify(files.bash)}
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

describe.runIf(BUILT)("completion of every flag with a fixed list of values", () => {
  it("bash: a value holding ':' (split there by readline) is completed past the colon", () => {
    expect(bashAtColons("tourney login --scopes tournaments:w")).toEqual(["write"]);
    expect(bashAtColons("tourney login --scopes me,matches:")).toEqual(["read", "write"]);
    expect(bashAtColons("tourney serve key create --scope participants:r")).toEqual(["read"]);
  });

  it("the walk finds them, those that check their value themselves too", () => {
    const lines = fixed.map((f) => f.line);
    expect(lines).toEqual(
      expect.arrayContaining([
        "tourney tournament list --state",
        "tourney tournament create --type",
        "tourney watch --until",
        "tourney watch --events",
        "tourney race watch --events",
        "tourney login --scopes",
        "tourney serve key create --scope",
        "tourney serve app add --scope",
      ]),
    );
    expect(fixed.find((f) => f.line === "tourney watch --events")?.list).toBe(true);
  });

  // zsh: one interactive session a line, ~1.5 s each.
  it.each(Object.keys(shells))(
    "%s offers every value of each of them",
    (shell) => {
      for (const { line, values } of fixed) {
        const offered = shells[shell]!(`${line} `);
        expect(offered, `${shell}: ${line}`).toEqual(expect.arrayContaining([...values]));
      }
    },
    600_000,
  );

  it.each(Object.keys(shells))(
    "%s completes each item of a comma list, profiles after --to and --from, races to watch",
    (shell) => {
      const complete = shells[shell]!;
      // The item after the last comma (bash and fish answer with the items typed before it;
      // zsh's _sequence reports the item, from its two passes).
      const item = (line: string) => [...new Set(complete(line).map((w) => w.replace(/^.*,/, "")))];
      expect(item("tourney watch spring_cup --events match.opened,round.s")).toEqual([
        "round.started",
      ]);
      expect(item("tourney login --scopes me,tournaments:w")).toEqual(["tournaments:write"]);
      expect(complete("tourney watch spring_cup --until ")).toEqual(["complete"]);
      expect(complete("tourney tournament publish spring_cup --to ").sort()).toEqual([
        "lan",
        "local",
      ]);
      expect(complete("tourney tournament pull spring_cup --from l").sort()).toEqual([
        "lan",
        "local",
      ]);
      expect(complete("tourney race publish spring_gp --to la")).toEqual(["lan"]);
      expect(complete("tourney watch sp").sort()).toEqual(["spring_cup", "spring_gp"]);
    },
    120_000,
  );
});

/**
 * Every example a verb's `--help` shows is a command line that runs. Each is run as
 * written against a fresh store: those of a verb taking no operand (create, list, config)
 * must exit 0; those naming the tournament or race of the examples (spring_cup, spring_gp)
 * run against a store where it exists, pending, with the players the examples name, and
 * like those naming another record must not be refused as a usage error (exit 2: a flag or
 * value the verb does not take, as `tournament create --type "double elimination"
 * --third-place` was; a record not found, 3, or a state that refuses it, 5, are the store's
 * answers). A verb that asks for confirmation at a terminal is answered with --yes. The
 * files the examples name are made in the sandbox (FILES; event.json and race.json by an
 * export), `< file` is given as stdin and `> file` is the captured stdout. Left out, by the
 * rules in `outside` below: lines that need the world outside a store (another profile or
 * server, a pipe, a terminal, a browser, a watch that waits).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { afterAll, describe, expect, it } from "vitest";
import { App } from "../../src/cli/app.js";
import { buildProgram } from "../../src/cli/run.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";

const quiet = { write: () => true };
const app = new App({
  io: { stdout: quiet, stderr: quiet, stdin: { async *[Symbol.asyncIterator]() {} } },
  env: {},
  homeDir: "/nonexistent",
});

function verbs(command: Command): Command[] {
  return command.commands
    .filter((c) => c.name() !== "help")
    .flatMap((c) => {
      const runs = (c as unknown as { _actionHandler: unknown })._actionHandler != null;
      return [...(runs ? [c] : []), ...verbs(c)];
    });
}

function helpOf(command: Command): string {
  let text = "";
  command.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
  command.outputHelp();
  return text;
}

interface Example {
  readonly line: string;
  /** The verb takes operands (a tournament, a key): a record it names may not exist. */
  readonly operands: boolean;
  /** Its help says it asks for confirmation, which --yes answers. */
  readonly confirms: boolean;
}

/** The lines under "Example(s):", as shown. */
function examplesOf(command: Command): Example[] {
  const help = helpOf(command);
  const lines = help
    .slice(help.search(/\nExamples?:\n/))
    .split("\n")
    .slice(2);
  const end = lines.findIndex((line) => !line.startsWith("  "));
  return lines.slice(0, end === -1 ? lines.length : end).map((line) => ({
    line: line.trim(),
    operands: command.registeredArguments.length > 0,
    confirms: /--yes skips/.test(help),
  }));
}

/** Words of a shell line with '...' and "..." quoting (the examples use no other). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g))
    words.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : (m[2] ?? m[3]!));
  return words;
}

/** Why an example cannot run against a store alone, or undefined when it can. */
/** What each file an example names holds (made in the sandbox, its path put in its place). */
const FILES: Readonly<Record<string, string>> = {
  "roster.csv": "Player,Seed\nZed,2\nAmy,1\n",
  "names.txt": "Zed\nAmy\n",
  "times.csv": "participant,time\nAda,1:02.345\nGrace,1:03.500\n",
  "score-sheet.png": "\x89PNG\r\n\x1a\n",
};
/** Files an export makes, for the import examples. */
const EXPORTS: Readonly<Record<string, string[]>> = {
  "event.json": ["tournament", "export", "spring_cup"],
  "race.json": ["race", "export", "spring_gp"],
};
const known = (file: string): boolean => Object.hasOwn(FILES, file) || Object.hasOwn(EXPORTS, file);

function outside(line: string): string | undefined {
  if (!line.startsWith("tourney ")) return "a pipe into tourney";
  if (/[|\\]|\$\(|\.\.\./.test(line)) return "a pipe or continued line";
  if ([...line.matchAll(/[<>] (\S+)/g)].some((m) => !known(m[1]!))) return "a redirection";
  if ([...line.matchAll(/\S+\.(json|csv|txt|png)\b/g)].some((m) => !known(m[0]))) return "a file";
  if (
    /--profile|--to |--from |profile (use|remove) lan|--base-url|^tourney (login|logout|whoami|auth)/.test(
      line,
    )
  )
    return "another profile or server";
  if (/--db /.test(line)) return "a database file";
  if (/--web|^tourney (serve|completion|demo|api)\b/.test(line))
    return "a server, terminal or shell";
  if (/\bwatch\b/.test(line)) return "a watch that waits for events";
  return undefined;
}

const PLAYERS = ["Ada", "Grace", "Linus", "Alan"];

async function prepared(sandbox: Sandbox, line: string): Promise<void> {
  const ok = async (args: string[]) => {
    const r = await sandbox.run(args);
    expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
    return r.stdout;
  };
  if (/spring_cup|event\.json/.test(line)) {
    await ok(["tournament", "create", "--name", "Spring Cup", "--url", "spring_cup"]);
    await ok(["participants", "bulk-add", "spring_cup", ...PLAYERS]);
  }
  if (/spring_gp|race\.json/.test(line)) {
    await ok([
      "race",
      "create",
      "--name",
      "Spring GP",
      "--url",
      "spring_gp",
      "--type",
      "grand prix",
      "--rounds",
      "3",
    ]);
    await ok(["race", "participants", "bulk-add", "spring_gp", ...PLAYERS]);
  }
  for (const [file, text] of Object.entries(FILES)) writeFileSync(join(sandbox.dir, file), text);
  if (/\bimport\b/.test(line)) {
    for (const [file, args] of Object.entries(EXPORTS))
      if (line.includes(file)) writeFileSync(join(sandbox.dir, file), await ok(args));
  }
}

/** The line's words, files in the sandbox, and its stdin (`< file`); `> file` is left out. */
function commandOf(sandbox: Sandbox, line: string): { args: string[]; stdin: string } {
  const words = shellWords(line.replace(/\s+#.*$/, "")).slice(1);
  const args: string[] = [];
  let stdin = "";
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === "<" || word === ">") {
      const file = words[++i]!;
      if (word === "<") stdin = FILES[file] ?? "";
    } else args.push(known(word) ? join(sandbox.dir, word) : word);
  }
  return { args, stdin };
}

const examples = verbs(buildProgram(app)).flatMap((c) => examplesOf(c));
const runnable = examples.filter((e) => outside(e.line) === undefined);
const sandboxes: Sandbox[] = [];
afterAll(() => {
  for (const s of sandboxes) s.cleanup();
});

describe("every --help example", () => {
  it("the walk finds the examples, most of them runnable here", () => {
    expect(examples.length).toBeGreaterThan(150);
    expect(runnable.length).toBeGreaterThan(100);
    expect(runnable.map((e) => e.line)).toContain(
      'tourney tournament create --name "Spring Cup" --third-place',
    );
  });

  it("shellWords keeps quoted words whole", () => {
    expect(shellWords(`tourney x "Table 1" '#2' --n "A \\"B\\""`)).toEqual([
      "tourney",
      "x",
      "Table 1",
      "#2",
      "--n",
      'A "B"',
    ]);
  });

  for (const { line, operands, confirms } of runnable) {
    it(line, { timeout: 30_000 }, async () => {
      const sandbox = createSandbox();
      sandboxes.push(sandbox);
      await prepared(sandbox, line);
      const { args, stdin } = commandOf(sandbox, line);
      if (confirms && !args.includes("--yes")) args.push("--yes");
      const r = await sandbox.run(args, { stdin, env: { TOURNEY_PROMPT_DISABLED: "1" } });
      if (operands) expect(r.code, r.stderr).not.toBe(2);
      else expect(r.code, r.stderr).toBe(0);
    });
  }
});

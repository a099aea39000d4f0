/**
 * Help on every verb (issue 16, item 9): a description, at least one example,
 * and a word on prompts or --yes where the verb asks; `tourney help <noun>
 * <verb>` shows that verb; the help topics.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { afterAll, describe, expect, it } from "vitest";
import { App } from "../../src/cli/app.js";
import { buildProgram } from "../../src/cli/run.js";
import { TOURNAMENT_TYPES } from "../../src/model/tournament.js";
import { defaultSettings } from "../../src/model/tournament-defaults.js";
import { createSandbox } from "../helpers/cli.js";

const quiet = { write: () => true };
const app = new App({
  io: { stdout: quiet, stderr: quiet, stdin: { async *[Symbol.asyncIterator]() {} } },
  env: {},
  homeDir: "/nonexistent",
});

/** Every command that runs something (a verb, or a noun that is its own verb), with its path. */
function verbs(command: Command, path: string[] = []): [string, Command][] {
  return command.commands
    .filter((c) => c.name() !== "help")
    .flatMap((c) => {
      const here = [...path, c.name()];
      const runs = (c as unknown as { _actionHandler: unknown })._actionHandler != null;
      return [...(runs ? ([[here.join(" "), c]] as [string, Command][]) : []), ...verbs(c, here)];
    });
}

/** The help the user sees: commander's text with every addHelpText. */
function helpOf(command: Command): string {
  let text = "";
  command.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
  command.outputHelp();
  return text;
}

const tree = verbs(buildProgram(app));

describe("every verb's help", () => {
  it("the tree has the verbs (the walk can find them)", () => {
    expect(tree.length).toBeGreaterThan(80);
    expect(tree.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        "tournament create",
        "race round start",
        "station queue move",
        "serve",
      ]),
    );
  });

  for (const [path, command] of tree) {
    it(`${path}: a description and an example`, () => {
      expect(command.description().trim()).not.toBe("");
      const help = helpOf(command);
      expect(help).toMatch(/\nExamples?:\n {2}.*\btourney /);
      // The examples run the verb they illustrate.
      const examples = help.slice(help.search(/\nExamples?:\n/));
      // (auth login and logout show the top-level `tourney login` and `tourney logout` too.)
      const runs = [path, path.replace(/^auth /, "")].some((p) =>
        examples.includes(`tourney ${p}`),
      );
      expect(runs, examples).toBe(true);
    });
  }

  it("a verb without an example fails the check", () => {
    const bare = buildProgram(app).commands.find((c) => c.name() === "tournament")!;
    const probe = bare
      .command("probe")
      .description("a verb with no example")
      .action(() => {});
    expect(helpOf(probe)).not.toMatch(/\nExamples?:\n/);
  });

  /** Source files of verbs that ask for confirmation (Factory.confirm) or prompt. */
  function askingFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && e.name.endsWith(".ts"))
      .map((e) => join(e.parentPath, e.name))
      .filter((file) => /\bf\.confirm\(/.test(readFileSync(file, "utf8")));
  }

  it("a verb that asks for confirmation says so and names --yes", () => {
    const files = askingFiles(join(import.meta.dirname, "..", "..", "src", "cli", "commands"));
    expect(files.length).toBeGreaterThan(8);
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      expect(source, file).toMatch(/CONFIRMS|--yes skips/);
    }
    for (const path of [
      "tournament delete",
      "tournament reset",
      "participants clear",
      "profile remove",
    ]) {
      const help = helpOf(tree.find(([p]) => p === path)![1]);
      expect(help, path).toMatch(/confirmation.*--yes/s);
    }
  });
});

describe("tourney help", () => {
  const sandbox = createSandbox();
  afterAll(() => sandbox.cleanup());

  it("help <noun> <verb> shows the verb's help, not the noun's", async () => {
    const r = await sandbox.run(["help", "tournament", "list"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: tourney tournament list/);
    expect(r.stdout).toContain("--state <state>");
    expect(r.stdout).toContain("tourney tournament list --state");
    const group = await sandbox.run(["help", "race", "round", "start"]);
    expect(group.stdout).toMatch(/^Usage: tourney race round start/);
    const noun = await sandbox.run(["help", "match"]);
    expect(noun.stdout).toMatch(/^Usage: tourney match/);
    expect(noun.stdout).toContain("report");
  });

  it("help environment and help exit-codes", async () => {
    const env = await sandbox.run(["help", "environment"]);
    expect(env.code).toBe(0);
    for (const name of [
      "TOURNEY_PROFILE",
      "TOURNEY_DATA_DIR",
      "TOURNEY_PROMPT_DISABLED",
      "NO_COLOR",
    ])
      expect(env.stdout).toContain(name);
    const codes = await sandbox.run(["help", "exit-codes"]);
    expect(codes.stdout).toMatch(/^Exit codes:\n/);
    expect(codes.stdout).toContain("130");
  });

  it("help formats lists each type with its options and the defaults the service applies", async () => {
    const r = await sandbox.run(["help", "formats"]);
    expect(r.code).toBe(0);
    for (const type of TOURNAMENT_TYPES) expect(r.stdout).toContain(`\n  ${type}`);
    const d = defaultSettings();
    expect(r.stdout).toMatch(
      new RegExp(`--iterations <n>\\s+default: ${d.round_robin_options.iterations}\\b`),
    );
    expect(r.stdout).toMatch(
      new RegExp(
        `--max-participants <n>\\s+default: ${d.free_for_all_options.max_participants}\\b`,
      ),
    );
    expect(r.stdout).toMatch(/--set swiss_options\.pts_for_bye=\.\.\.\s+default: 1\b/);
    expect(r.stdout).toMatch(/--swiss-rounds <n>\s+default: ceil\(log2/);
    expect(r.stdout).toContain(`default: ${d.tie_breaks.join(", ")}`);
    expect(r.stdout).toContain("grand prix");
  });

  it("the program's help names the topics", async () => {
    const r = await sandbox.run(["--help"]);
    expect(r.stdout).toContain("tourney help environment | exit-codes | formats");
  });
});

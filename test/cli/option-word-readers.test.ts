/**
 * The two walks that read a command line before commander parses it, run.ts's choice of the
 * noun to build (buildProgram) and json-argv.ts's search for the word after `--json`, read
 * option words as commander does (option-words.ts readOptionWord): short clusters (`-vq .`,
 * `-qv`, `-Vq .`), a value in the cluster (`-q.id`), `--long=value`. Checked against
 * commander itself: its own reading of the program's options (Command.parseOptions) names
 * the noun, and its parse of the line json-argv.ts rewrote gets the arguments meant.
 */
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { App } from "../../src/cli/app.js";
import { attachJsonFields } from "../../src/cli/json-argv.js";
import { buildProgram } from "../../src/cli/run.js";

const quiet = { write: () => true };
const app = new App({
  io: { stdout: quiet, stderr: quiet, stdin: { async *[Symbol.asyncIterator]() {} } },
  env: {},
  homeDir: "/nonexistent",
});
const full = buildProgram(app);

describe("the noun built for a command line (run.ts)", () => {
  const lines = [
    ["-vq", ".", "tournament", "list"],
    ["-qv", "tournament", "list"],
    ["-yvq", ".[0]", "--profile", "local", "race", "list"],
    ["-q.id", "participants", "list", "cup"],
    ["--jq=.id", "-v", "station", "list", "cup"],
    ["--profile", "local", "-vq", "length", "bracket", "cup"],
  ];
  for (const argv of lines) {
    it(`${argv.join(" ")}: the noun commander runs, alone`, () => {
      const noun = full.parseOptions(argv).operands[0]!;
      expect(full.commands.some((c) => c.name() === noun)).toBe(true);
      const built = buildProgram(app, argv);
      expect(built.commands.map((c) => c.name())).toEqual([noun]);
    });
  }
});

/** A small tree whose actions say what commander gave them. */
function tree(seen: unknown[]): Command {
  const program = new Command("tourney")
    .exitOverride()
    .option("--json [fields]")
    .option("-q, --jq <expression>")
    .option("-v, --verbose")
    .option("-p, --profile <name>");
  program
    .command("view")
    .argument("<tournament>")
    .option("-r, --round <n>")
    .action((tournament, _options, command: Command) => {
      seen.push({ tournament, ...command.optsWithGlobals() });
    });
  return program;
}

it("-Vq . match list cup: match alone (commander answers with the version whatever the tree)", () => {
  expect(
    buildProgram(app, ["-Vq", ".", "match", "list", "cup"]).commands.map((c) => c.name()),
  ).toEqual(["match"]);
});

describe("the word after --json (json-argv.ts), as commander then reads the line", () => {
  const cases: [string[], Record<string, unknown>][] = [
    [
      ["-vp", "local", "view", "--json", "cup"],
      { tournament: "cup", verbose: true, profile: "local", json: true },
    ],
    [
      ["view", "-vr", "2", "--json", "cup"],
      { tournament: "cup", verbose: true, round: "2", json: true },
    ],
    [["-qv", "view", "cup", "--json", "id"], { tournament: "cup", jq: "v", json: "id" }],
    [
      ["view", "-vq.id", "--json", "cup"],
      { tournament: "cup", verbose: true, jq: ".id", json: true },
    ],
    [["view", "-p", "local", "--json", "cup"], { tournament: "cup", profile: "local", json: true }],
    [
      ["view", "cup", "-vr", "3", "--json", "id,name"],
      { tournament: "cup", verbose: true, round: "3", json: "id,name" },
    ],
  ];
  for (const [argv, expected] of cases) {
    it(argv.join(" "), () => {
      const seen: unknown[] = [];
      const program = tree(seen);
      program.parse(attachJsonFields(argv, program), { from: "user" });
      // `--json=` is commander's bare --json (true); --json=id its list.
      const got = seen[0] as Record<string, unknown>;
      expect({ ...got, json: got.json === "" ? true : got.json }).toEqual(expected);
    });
  }
});

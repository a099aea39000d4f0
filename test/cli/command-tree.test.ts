/**
 * A command line builds only the noun and verb it names (run.ts NOUNS,
 * commands/verbs.ts): every word in those tables must build the same command
 * the full tree has, so that no command line parses differently.
 */
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { App } from "../../src/cli/app.js";
import { buildProgram } from "../../src/cli/run.js";

const quiet = { write: () => true };
const app = new App({
  io: { stdout: quiet, stderr: quiet, stdin: { async *[Symbol.asyncIterator]() {} } },
  env: {},
  homeDir: "/nonexistent",
});

function words(command: Command): string[] {
  return [command.name(), ...command.aliases()];
}

/** Name, aliases, arguments and options: what parsing a command line depends on. */
function shape(command: Command): unknown {
  return {
    words: words(command),
    arguments: command.registeredArguments.map((a) => [a.name(), a.required, a.variadic]),
    options: command.options.map((o) => o.flags),
    commands: command.commands.map(shape),
  };
}

function find(parent: Command, word: string): Command | undefined {
  return parent.commands.find((c) => words(c).includes(word));
}

const full = buildProgram(app);
const nouns = full.commands.filter((c) => c.name() !== "help");
/** Nouns that register all their verbs whatever the command line (no table of verbs). */
const WITHOUT_TABLE = ["serve", "completion"];

describe("the command tree built for one command line", () => {
  it("is the full tree without a noun, or for a word that is not one", () => {
    for (const argv of [[], ["--json"], ["help"], ["completion", "bash"], ["tournamnt", "list"]]) {
      expect(shape(buildProgram(app, argv))).toEqual(shape(full));
    }
  });

  for (const noun of nouns) {
    for (const nounWord of words(noun)) {
      it(`${nounWord}: only that noun, with every verb when none is named`, () => {
        const program = buildProgram(app, ["--profile", "x", nounWord]);
        // `completion` prints the whole tree, so it has the whole tree.
        if (noun.name() === "completion") expect(shape(program)).toEqual(shape(full));
        else expect(program.commands.map((c) => c.name())).toEqual([noun.name()]);
        expect(shape(find(program, nounWord)!)).toEqual(shape(noun));
      });

      for (const verb of noun.commands.filter((c) => c.name() !== "help")) {
        for (const verbWord of words(verb)) {
          it(`${nounWord} ${verbWord}: the same ${noun.name()} ${verb.name()}`, () => {
            const program = buildProgram(app, [nounWord, "--json", verbWord, "1"]);
            const built = find(find(program, nounWord)!, verbWord);
            expect(built).toBeDefined();
            expect(shape(built!)).toEqual(shape(verb));
            if (!WITHOUT_TABLE.includes(noun.name())) {
              expect(find(program, nounWord)!.commands.map((c) => c.name())).toEqual([verb.name()]);
            }
          });
        }
      }
    }
  }

  // A verb that is a group (`race round start`): the word after it builds only that verb.
  for (const noun of nouns.filter((n) => !WITHOUT_TABLE.includes(n.name()))) {
    for (const group of noun.commands.filter((c) => c.commands.length > 0)) {
      for (const verb of group.commands.filter((c) => c.name() !== "help")) {
        for (const verbWord of words(verb)) {
          it(`${noun.name()} ${group.name()} ${verbWord}: only that verb of the group`, () => {
            const program = buildProgram(app, [noun.name(), group.name(), "--json", verbWord, "1"]);
            const built = find(find(program, noun.name())!, group.name())!;
            expect(built.commands.map((c) => c.name())).toEqual([verb.name()]);
            expect(shape(find(built, verbWord)!)).toEqual(shape(verb));
          });
        }
      }
    }
  }

  it("with an unknown verb, the noun has every verb (commander suggests one)", () => {
    const program = buildProgram(app, ["tournament", "lst"]);
    expect(shape(program.commands[0]!)).toEqual(shape(find(full, "tournament")!));
  });
});

/** Builds the command tree and runs one command line; returns the exit code. */
import { Command, CommanderError } from "commander";
import { App } from "./app.js";
import { refuseNonUtf8Arguments } from "./argv-utf8.js";
import { registerApi } from "./commands/api/index.js";
import { registerAttachment } from "./commands/attachment/index.js";
import { registerAuth } from "./commands/auth/index.js";
import { registerTopLevelLogin, registerTopLevelLogout } from "./commands/auth/top-level-login.js";
import { registerBracket } from "./commands/bracket/bracket.js";
import { registerCommunity } from "./commands/community/index.js";
import { registerCompletion } from "./commands/completion.js";
import { registerConfig } from "./commands/config/index.js";
import { registerDemo } from "./commands/demo/demo.js";
import { registerMatch } from "./commands/match/index.js";
import { withNamingHint } from "./commands/naming/naming-hint.js";
import { registerParticipants } from "./commands/participants/index.js";
import { registerProfile } from "./commands/profile/index.js";
import { registerRace } from "./commands/race/index.js";
import { registerServe } from "./commands/serve/serve.js";
import { registerStation } from "./commands/station/index.js";
import { registerTournament } from "./commands/tournament/index.js";
import { registerWatch } from "./commands/watch/watch.js";
import { registerWhoami } from "./commands/whoami/whoami.js";
import { EXIT, EXIT_CODES_HELP } from "./exit-codes.js";
import type { CliDeps } from "./factory.js";
import { INHERITED_FLAGS_HELP } from "./help/inherited-flags.js";
import { ENVIRONMENT_SUMMARY, helpRequest, unknownHelpWords } from "./help/topics.js";
import { attachJsonFields, FIELD_LIST, fieldListHint } from "./json-argv.js";
import { noJsonError, outputFlagsGiven } from "./json-form.js";
import { maybeOption, readLine, readOptionWord } from "./option-words.js";
import { VERSION } from "./version.js";

type Register = (program: Command, app: App, verb?: string, next?: string) => void;

/**
 * The nouns, in help order, with every word that invokes them. A command line
 * naming one of them builds only that subtree, and only the verb it names when
 * the noun has a table of them (see commands/verbs.ts): the rest of the tree is
 * never needed to parse, run or explain it. Anything else (no noun, `help`,
 * `completion`, which walks the whole tree, or a word commander must reject
 * with suggestions) builds the full tree. test/cli/command-tree.test.ts checks
 * the words against the tree.
 */
export const NOUNS: readonly { readonly words: readonly string[]; readonly register: Register }[] =
  [
    { words: ["tournament", "tournaments"], register: registerTournament },
    { words: ["participants", "participant"], register: registerParticipants },
    { words: ["match", "matches"], register: registerMatch },
    { words: ["bracket", "brackets"], register: registerBracket },
    { words: ["watch"], register: registerWatch },
    { words: ["station", "stations"], register: registerStation },
    { words: ["attachment", "attachments"], register: registerAttachment },
    { words: ["race", "races"], register: registerRace },
    { words: ["community", "communities"], register: registerCommunity },
    { words: ["demo"], register: registerDemo },
    { words: ["whoami"], register: registerWhoami },
    { words: ["config"], register: registerConfig },
    { words: ["profile", "profiles"], register: registerProfile },
    { words: ["auth"], register: registerAuth },
    { words: ["login"], register: registerTopLevelLogin },
    { words: ["logout"], register: registerTopLevelLogout },
    { words: ["serve"], register: registerServe },
    { words: ["api"], register: registerApi },
    { words: [], register: registerCompletion },
  ];

const isNounWord = (word: string): boolean => NOUNS.some((n) => n.words.includes(word));

/**
 * The first three operands of the command line (noun, verb, and the verb of a
 * group: `race round start`), options and their values skipped.
 */
function leadingOperands(program: Command, argv: readonly string[]): string[] {
  const find = (flag: string) => program.options.find((o) => o.long === flag || o.short === flag);
  const operands: string[] = [];
  for (let i = 0; i < argv.length && operands.length < 3; i++) {
    const arg = argv[i]!;
    if (arg === "--") break;
    // `--json FIELDS noun verb`: before the noun, FIELDS is the field list as json-argv.ts
    // reads it at the program's level (names that are no command), not the noun. After it,
    // the word may be a verb: taken as one here, so at worst the whole noun is built.
    if (arg === "--json" && operands.length === 0) {
      const next = argv[i + 1];
      if (next !== undefined && FIELD_LIST.test(next) && next !== "help" && !isNounWord(next)) i++;
      continue;
    }
    if (maybeOption(arg)) {
      // Read as commander reads it (option-words.ts): `-vq .` skips `.`, `-q.id` nothing. An
      // optional value (`--json [fields]`) is attached with `=` before parsing (json-argv.ts).
      const word = readOptionWord(find, arg, argv[i + 1]);
      if (word.takesNext && word.given.at(-1)?.option.required) i++;
      continue;
    }
    operands.push(arg);
  }
  return operands;
}

/** The command tree: all of it, or only the noun `argv` invokes (see NOUNS). */
export function buildProgram(app: App, argv?: readonly string[]): Command {
  const { io } = app.deps;
  const program = new Command("tourney")
    .description(
      "Run tournaments and races from a terminal (v2.1 service interface; embedded by default)",
    )
    .version(VERSION, "-V, --version")
    .option(
      "--json [fields]",
      "print JSON (records: id plus attributes); --json id,name: those fields",
    )
    .option("-q, --jq <expression>", "filter the JSON output with a jq expression (implies --json)")
    .option("--profile <name>", "use this profile (default: the active profile, `local`)")
    .option("--base-url <url>", "talk to the service at this URL (remote backend)")
    .option("-v, --verbose", "log each request on stderr (credentials redacted)")
    .option("--quiet", "print nothing on success (for writes); errors still on stderr")
    .option("--no-input", "never prompt; missing input is an error")
    .option("-y, --yes", "confirm destructive actions without asking")
    .option("--no-color", "no colours in tables")
    .showHelpAfterError("(run with --help for usage)")
    .configureHelp(INHERITED_FLAGS_HELP)
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .exitOverride()
    .addHelpText("after", `${EXIT_CODES_HELP}\n${ENVIRONMENT_SUMMARY}\n`)
    // Output flags are checked before any action sends a request (issue 26).
    .hook("preAction", (_program, action) => app.checkOutputFlags(action));
  const [nounWord, verbWord, nextWord] = argv === undefined ? [] : leadingOperands(program, argv);
  const only = nounWord === undefined ? undefined : NOUNS.find((n) => n.words.includes(nounWord));
  if (only !== undefined) only.register(program, app, verbWord, nextWord);
  else for (const noun of NOUNS) noun.register(program, app);
  // Subcommands inherit the output settings and the usage-error behaviour.
  program.commands.forEach(function inherit(command: Command): void {
    command.copyInheritedSettings(program);
    command.commands.forEach(inherit);
  });
  return program;
}

/**
 * `tourney --version` and help (`help`, -h, --help, at any level) are answered by commander
 * itself (no action, no preAction hook): --json and --jq are refused there as by the other
 * commands printing no JSON. Read as commander reads the line (option-words.ts): `-vV`,
 * `--json -Vq .`, `tournament list -vh --json` all count.
 */
function refuseProgramOutputFlags(program: Command, argv: readonly string[]): void {
  const line = readLine(program, argv);
  const flags = outputFlagsGiven(line.programOptions);
  if (flags.json === undefined && flags.jq !== true) return;
  // commander reads the program's options first: the version comes before any help.
  if (line.programOptions.some((g) => g.option.long === "--version"))
    throw noJsonError("tourney --version", flags, { prints: "the version" });
  if (line.help !== undefined) throw noJsonError(line.help, flags, { prints: "help text" });
}

export async function run(line: readonly string[], deps: CliDeps): Promise<number> {
  const help = helpRequest(line, (word) => NOUNS.some((n) => n.words.includes(word)));
  if (help !== undefined && "text" in help) {
    deps.io.stdout.write(help.text);
    return EXIT.ok;
  }
  let argv = help?.argv ?? line;
  const app = new App(deps);
  const program = buildProgram(app, argv);
  if (line[0] === "help")
    argv = unknownHelpWords(program, help?.argv.slice(0, -1) ?? line.slice(1)) ?? argv;
  try {
    refuseNonUtf8Arguments(line, deps.argumentBytes);
    const attached = attachJsonFields(argv, program);
    refuseProgramOutputFlags(program, attached);
    await program.parseAsync(attached, { from: "user" });
    await app.flush();
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; everything else commander rejects is a usage error.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const named = await app.withNamingHint(error, argv, withNamingHint);
    return app.failed(fieldListHint(app.afterWrites(named), argv, program));
  } finally {
    await app.close();
  }
}

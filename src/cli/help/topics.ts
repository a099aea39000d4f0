/**
 * `tourney help <topic>` (environment, exit-codes, formats) and
 * `tourney help <noun> [verb ...]`, which shows that command's own help: the
 * line is run as `tourney <noun> [verb ...] --help`, so only that noun is built
 * (run.ts NOUNS), as for any other command line.
 */
import type { Command } from "commander";
import { EXIT_CODES_HELP } from "../exit-codes.js";
import { formatsHelp } from "./formats.js";

/** The short form the program's own help ends with. */
export const ENVIRONMENT_SUMMARY = `
Environment:
  TOURNEY_PROFILE, TOURNEY_BASE_URL, TOURNEY_API_KEY, TOURNEY_TOKEN, TOURNEY_COMMUNITY,
  TOURNEY_CONFIG_DIR, TOURNEY_DATA_DIR, TOURNEY_DEBUG, TOURNEY_PROMPT_DISABLED,
  NO_COLOR, HTTPS_PROXY / NO_PROXY. Precedence: flag > environment > profile > default.

Help topics: tourney help environment | exit-codes | formats; tourney help <noun> <verb>.`;

const ENVIRONMENT_HELP = `Environment (precedence: flag > environment > profile > default):
  TOURNEY_PROFILE          the profile to use (--profile); default: the active one, \`local\`
  TOURNEY_BASE_URL         talk to the service at this URL (--base-url): the remote backend
  TOURNEY_API_KEY          API key for a remote service (never a flag: stdin or this)
  TOURNEY_TOKEN            OAuth access token for a remote service
  TOURNEY_COMMUNITY        community subdomain for tournament commands (--community)
  TOURNEY_CONFIG_DIR       configuration and credentials (default: $XDG_CONFIG_HOME/tourney,
                           else ~/.config/tourney)
  TOURNEY_DATA_DIR         the embedded database and the completion cache (default:
                           $XDG_DATA_HOME/tourney, else ~/.local/share/tourney)
  TOURNEY_DEBUG            print stack traces of errors on stderr
  TOURNEY_PROMPT_DISABLED  never prompt (as --no-input); CI does the same
  NO_COLOR                 no colours (as --no-color); TERM=dumb also draws plain characters
  COLUMNS                  the width tables and brackets fit (default: the terminal's)
  HTTPS_PROXY / NO_PROXY   proxy for requests to a remote service
`;

export const HELP_TOPICS: Readonly<Record<string, () => string>> = {
  environment: () => ENVIRONMENT_HELP,
  "exit-codes": () => `${EXIT_CODES_HELP.trimStart()}\n`,
  formats: formatsHelp,
};

export type HelpRequest = { readonly text: string } | { readonly argv: readonly string[] };

/**
 * What `tourney help ...` asks for: a topic's text, or the command line that
 * shows a command's help; undefined for anything else (commander's own `help`).
 */
export function helpRequest(
  argv: readonly string[],
  isNoun: (word: string) => boolean,
): HelpRequest | undefined {
  if (argv[0] !== "help" || argv.length < 2) return undefined;
  const words = argv.slice(1);
  const topic = HELP_TOPICS[words[0]!];
  if (topic !== undefined && words.length === 1) return { text: topic() };
  if (!isNoun(words[0]!) || words.some((w) => w.startsWith("-"))) return undefined;
  return { argv: [...words, "--help"] };
}

/**
 * The words of `tourney help WORDS` up to the first that names no command where commands
 * are to be named (at a command that has subcommands), or undefined when each does: that line,
 * parsed without --help, is commander's "unknown command 'nonsense'" (exit 2), running
 * nothing. Before, `tourney help nonsense` printed the whole help on stderr (exit 2) without
 * saying why, and `tourney help tournament nonsense` the tournament help (exit 0).
 */
export function unknownHelpWords(program: Command, words: readonly string[]): string[] | undefined {
  let command = program;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const topic = i === 0 && HELP_TOPICS[word] !== undefined;
    if (topic || word.startsWith("-") || command.commands.length === 0) return undefined;
    const sub = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (sub === undefined) return words.slice(0, i + 1);
    command = sub;
  }
  return undefined;
}

/** Builds the command tree and runs one command line; returns the exit code. */
import { Command, CommanderError } from "commander";
import { App } from "./app.js";
import { registerAuth } from "./commands/auth/index.js";
import { registerCompletion } from "./commands/completion.js";
import { registerConfig } from "./commands/config/index.js";
import { registerMatch } from "./commands/match/index.js";
import { registerParticipants } from "./commands/participants/index.js";
import { registerProfile } from "./commands/profile/index.js";
import { registerServe } from "./commands/serve/serve.js";
import { registerTournament } from "./commands/tournament/index.js";
import { EXIT, EXIT_CODES_HELP, outcomeOf } from "./exit-codes.js";
import type { CliDeps } from "./factory.js";
import { VERSION } from "./version.js";

const ENVIRONMENT_HELP = `
Environment:
  TOURNEY_PROFILE, TOURNEY_BASE_URL, TOURNEY_API_KEY, TOURNEY_TOKEN,
  TOURNEY_CONFIG_DIR, TOURNEY_DATA_DIR, TOURNEY_DEBUG, TOURNEY_PROMPT_DISABLED,
  NO_COLOR, HTTPS_PROXY / NO_PROXY. Precedence: flag > environment > profile > default.`;

export function buildProgram(app: App): Command {
  const { io } = app.deps;
  const program = new Command("tourney")
    .description(
      "Run tournaments and races from a terminal (v2.1 service interface; embedded by default)",
    )
    .version(VERSION, "-V, --version")
    .option("--json", "print JSON (records: id plus attributes)")
    .option("--profile <name>", "use this profile (default: the active profile, `local`)")
    .option("--base-url <url>", "talk to the service at this URL (remote backend)")
    .option("-v, --verbose", "log each request on stderr (credentials redacted)")
    .option("--no-input", "never prompt; missing input is an error")
    .option("-y, --yes", "confirm destructive actions without asking")
    .option("--no-color", "no colours in tables")
    .showHelpAfterError("(run with --help for usage)")
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .exitOverride()
    .addHelpText("after", `${EXIT_CODES_HELP}\n${ENVIRONMENT_HELP}\n`);
  registerTournament(program, app);
  registerParticipants(program, app);
  registerMatch(program, app);
  registerConfig(program, app);
  registerProfile(program, app);
  registerAuth(program, app);
  registerServe(program, app);
  registerCompletion(program, app);
  // Subcommands inherit the output settings and the usage-error behaviour.
  program.commands.forEach(function inherit(command: Command): void {
    command.copyInheritedSettings(program);
    command.commands.forEach(inherit);
  });
  return program;
}

export async function run(argv: readonly string[], deps: CliDeps): Promise<number> {
  const app = new App(deps);
  const program = buildProgram(app);
  try {
    await program.parseAsync([...argv], { from: "user" });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; everything else commander rejects is a usage error.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const outcome = outcomeOf(error);
    for (const line of outcome.lines) deps.io.stderr.write(`${line}\n`);
    if (deps.env.TOURNEY_DEBUG && error instanceof Error && error.stack) {
      deps.io.stderr.write(`${error.stack}\n`);
    }
    return outcome.code;
  } finally {
    await app.close();
  }
}

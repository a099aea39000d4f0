/**
 * `tourney login`, a word users try first: not a command (yet — the device grant
 * of a later issue may make it one), so it says which command stores credentials.
 * Hidden from help and completion.
 */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { HintedError, UsageError } from "../../errors.js";

export function registerTopLevelLogin(program: Command, app: App): void {
  program
    .command("login", { hidden: true })
    .description("not a command: `tourney auth login` stores an API key")
    .argument("[words...]")
    .allowUnknownOption()
    .action((_words: unknown, _options: unknown, command: Command) => {
      const profile = app.factory(command).globals.profile;
      const flag = profile === undefined ? "" : ` --profile ${profile}`;
      throw new HintedError(
        new UsageError("unknown command 'login'"),
        `\`tourney auth login${flag} < key.txt\` stores an API key (or type it at the prompt)`,
      );
    });
}

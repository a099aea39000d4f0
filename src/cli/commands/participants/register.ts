import type { Command } from "commander";
import type { App } from "../../app.js";
import { PARTICIPANT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";

export function registerRegister(noun: Command, app: App): void {
  noun
    .command("register")
    .description("register me: join an open-signup tournament as the signed-in user")
    .argument("<tournament>", "tournament id or url")
    .option("--name <name>", "display name (default: your username)")
    .option("--misc <text>", "free text stored with the participant")
    .addHelpText(
      "after",
      `
The tournament must have registration_options.open_signup and not be full
(registration_options.signup_cap). On the embedded backend the user is the owner.`,
    )
    .action(
      async (tournament: string, options: { name?: string; misc?: string }, command: Command) => {
        const f = app.factory(command);
        const attributes: Record<string, unknown> = {};
        if (options.name !== undefined) attributes.name = options.name;
        if (options.misc !== undefined) attributes.misc = options.misc;
        const client = await f.client();
        const record = await client.participants.register(tournament, attributes);
        await f.printer().record(flatten(record), PARTICIPANT_FIELDS);
      },
    );
}

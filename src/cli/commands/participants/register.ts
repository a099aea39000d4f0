/** `tourney participants register <tournament>`: join an open-signup tournament as me. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { PARTICIPANT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { checkJsonFields } from "../../record-fields.js";
import { verbHelp } from "../verb-help.js";

export interface ParticipantsRegisterOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Display name (the service defaults to the username). */
  readonly name?: string | undefined;
  readonly misc?: string | undefined;
}

export async function runParticipantsRegister(
  f: Factory,
  o: ParticipantsRegisterOptions,
): Promise<void> {
  const attributes: Record<string, unknown> = {};
  if (o.name !== undefined) attributes.name = o.name;
  if (o.misc !== undefined) attributes.misc = o.misc;
  checkJsonFields(f, "participant");
  const client = await f.client();
  const record = await client.participants.register(o.tournament, attributes);
  await f.printer().record(flatten(record), PARTICIPANT_FIELDS);
}

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
    .addHelpText("after", verbHelp({ examples: ["{t}", '{t} --name "Ada L."'] }))
    .action(async (tournament: string, flags: { name?: string; misc?: string }, command: Command) =>
      runParticipantsRegister(app.factory(command), { tournament, ...flags }),
    );
}

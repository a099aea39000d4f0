import type { Command } from "commander";
import type { App } from "../../app.js";
import { PARTICIPANT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { PARTICIPANT_REF_HELP, resolveParticipant } from "./participant-ref.js";

export function registerView(noun: Command, app: App): void {
  noun
    .command("view")
    .alias("show")
    .description("show one participant")
    .argument("<tournament>", "tournament id or url")
    .argument("<participant>", PARTICIPANT_REF_HELP)
    .action(
      async (tournament: string, participant: string, _options: unknown, command: Command) => {
        const f = app.factory(command);
        const record = await resolveParticipant(await f.client(), tournament, participant);
        await f.printer().record(flatten(record), PARTICIPANT_FIELDS);
      },
    );
}

import type { Command } from "commander";
import type { App } from "../../app.js";
import { PARTICIPANT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { addParticipantFlags, participantAttributes } from "./participant-flags.js";

export function registerAdd(noun: Command, app: App): void {
  const command = noun
    .command("add")
    .description("add one participant")
    .argument("<tournament>", "tournament id or url")
    .argument("<name>", "participant name");
  addParticipantFlags(command).action(
    async (
      tournament: string,
      name: string,
      options: Record<string, string | undefined>,
      cmd: Command,
    ) => {
      const f = app.factory(cmd);
      const client = await f.client();
      const record = await client.participants.create(tournament, {
        ...participantAttributes(options),
        name,
      });
      await f.printer().record(flatten(record), PARTICIPANT_FIELDS);
    },
  );
}

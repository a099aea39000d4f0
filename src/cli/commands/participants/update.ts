import type { Command } from "commander";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import { PARTICIPANT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { addParticipantFlags, participantAttributes } from "./participant-flags.js";
import { PARTICIPANT_REF_HELP, resolveParticipant } from "./participant-ref.js";

export function registerUpdate(noun: Command, app: App): void {
  const command = noun
    .command("update")
    .alias("edit")
    .description("rename, reseed or annotate a participant")
    .argument("<tournament>", "tournament id or url")
    .argument("<participant>", PARTICIPANT_REF_HELP)
    .option("--name <name>", "new name");
  addParticipantFlags(command).action(
    async (
      tournament: string,
      participant: string,
      options: Record<string, string | undefined>,
      cmd: Command,
    ) => {
      const f = app.factory(cmd);
      const attributes = participantAttributes(options);
      if (Object.keys(attributes).length === 0)
        throw new UsageError(
          "nothing to change: pass --name, --seed, --misc, --email or --username",
        );
      const client = await f.client();
      const target = await resolveParticipant(client, tournament, participant);
      const record = await client.participants.update(tournament, target.id, attributes);
      await f.printer().record(flatten(record), PARTICIPANT_FIELDS);
    },
  );
}

import type { Command } from "commander";
import type { App } from "../../app.js";
import { PARTICIPANT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { PARTICIPANT_REF_HELP, resolveParticipant } from "./participant-ref.js";

const WINDOW_HELP = `
Check-in is open while the tournament is checking_in: from starts_at minus
registration_options.check_in_duration (minutes) until \`tourney tournament process-checkin\`.`;

/** `check-in` and `undo-check-in` differ only in the call they make. */
export function registerCheckInVerb(
  noun: Command,
  app: App,
  verb: "check-in" | "undo-check-in",
  description: string,
): void {
  noun
    .command(verb)
    .description(description)
    .argument("<tournament>", "tournament id or url")
    .argument("<participant>", PARTICIPANT_REF_HELP)
    .addHelpText("after", WINDOW_HELP)
    .action(
      async (tournament: string, participant: string, _options: unknown, command: Command) => {
        const f = app.factory(command);
        const client = await f.client();
        const target = await resolveParticipant(client, tournament, participant);
        const record =
          verb === "check-in"
            ? await client.participants.checkIn(tournament, target.id)
            : await client.participants.undoCheckIn(tournament, target.id);
        await f.printer().record(flatten(record), PARTICIPANT_FIELDS);
      },
    );
}

export function registerCheckIn(noun: Command, app: App): void {
  registerCheckInVerb(noun, app, "check-in", "check a participant in during the check-in window");
}

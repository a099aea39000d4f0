/** `tourney participants view <tournament> <participant>`: one participant. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { PARTICIPANT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { PARTICIPANT_REF_HELP, resolveParticipant } from "./participant-ref.js";

export interface ParticipantsViewOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Participant reference: id, #seed or name. */
  readonly participant: string;
}

export async function runParticipantsView(f: Factory, o: ParticipantsViewOptions): Promise<void> {
  const record = await resolveParticipant(await f.client(), o.tournament, o.participant);
  await f.printer().record(flatten(record), PARTICIPANT_FIELDS);
}

export function registerView(noun: Command, app: App): void {
  noun
    .command("view")
    .alias("show")
    .description("show one participant")
    .argument("<tournament>", "tournament id or url")
    .argument("<participant>", PARTICIPANT_REF_HELP)
    .action(async (tournament: string, participant: string, _flags: unknown, command: Command) =>
      runParticipantsView(app.factory(command), { tournament, participant }),
    );
}

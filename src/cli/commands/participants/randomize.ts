/** `tourney participants randomize <tournament>`: shuffled seeds. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { PARTICIPANT_COLUMNS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";

export interface ParticipantsRandomizeOptions {
  /** Tournament id or url. */
  readonly tournament: string;
}

export async function runParticipantsRandomize(
  f: Factory,
  o: ParticipantsRandomizeOptions,
): Promise<void> {
  const client = await f.client();
  const records = await client.participants.randomize(o.tournament);
  await f.printer().list(records.map(flatten), PARTICIPANT_COLUMNS);
}

export function registerRandomize(noun: Command, app: App): void {
  noun
    .command("randomize")
    .alias("shuffle")
    .description("shuffle the seeds of a pending tournament")
    .argument("<tournament>", "tournament id or url")
    .action(async (tournament: string, _flags: unknown, command: Command) =>
      runParticipantsRandomize(app.factory(command), { tournament }),
    );
}

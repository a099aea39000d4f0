/** `tourney participants list <tournament>`: every participant, by seed. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { PARTICIPANT_COLUMNS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";

export interface ParticipantsListOptions {
  /** Tournament id or url. */
  readonly tournament: string;
}

export async function runParticipantsList(f: Factory, o: ParticipantsListOptions): Promise<void> {
  const client = await f.client();
  const records = await client.participants.listAll(o.tournament);
  await f
    .printer()
    .list(
      records.map(flatten),
      PARTICIPANT_COLUMNS,
      "no participants yet: `tourney participants bulk-add` adds some",
    );
}

export function registerList(noun: Command, app: App): void {
  noun
    .command("list")
    .alias("ls")
    .description("list the participants of a tournament, by seed")
    .argument("<tournament>", "tournament id or url")
    .action(async (tournament: string, _flags: unknown, command: Command) =>
      runParticipantsList(app.factory(command), { tournament }),
    );
}

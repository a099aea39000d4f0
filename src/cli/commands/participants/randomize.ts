import type { Command } from "commander";
import type { App } from "../../app.js";
import { PARTICIPANT_COLUMNS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";

export function registerRandomize(noun: Command, app: App): void {
  noun
    .command("randomize")
    .alias("shuffle")
    .description("shuffle the seeds of a pending tournament")
    .argument("<tournament>", "tournament id or url")
    .action(async (tournament: string, _options: unknown, command: Command) => {
      const f = app.factory(command);
      const client = await f.client();
      const records = await client.participants.randomize(tournament);
      await f.printer().list(records.map(flatten), PARTICIPANT_COLUMNS);
    });
}

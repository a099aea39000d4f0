import type { Command } from "commander";
import type { App } from "../../app.js";
import { PARTICIPANT_COLUMNS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";

export function registerList(noun: Command, app: App): void {
  noun
    .command("list")
    .alias("ls")
    .description("list the participants of a tournament, by seed")
    .argument("<tournament>", "tournament id or url")
    .action(async (tournament: string, _options: unknown, command: Command) => {
      const f = app.factory(command);
      const client = await f.client();
      const records = await client.participants.listAll(tournament);
      await f
        .printer()
        .list(
          records.map(flatten),
          PARTICIPANT_COLUMNS,
          "no participants yet: `tourney participants bulk-add` adds some",
        );
    });
}

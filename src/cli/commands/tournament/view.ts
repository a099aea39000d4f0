import type { Command } from "commander";
import type { App } from "../../app.js";
import { TOURNAMENT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";

export function registerView(noun: Command, app: App): void {
  noun
    .command("view")
    .alias("show")
    .description("show one tournament")
    .argument("<tournament>", "tournament id or url")
    .action(async (tournament: string, _options: unknown, command: Command) => {
      const f = app.factory(command);
      const client = await f.client();
      const record = await client.tournaments.get(tournament);
      await f.printer().record(flatten(record), TOURNAMENT_FIELDS);
    });
}

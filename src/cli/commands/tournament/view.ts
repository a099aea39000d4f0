/** `tourney tournament view <tournament>`: one tournament. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { TOURNAMENT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { verbHelp } from "../verb-help.js";

export interface TournamentViewOptions {
  /** Tournament id or url. */
  readonly tournament: string;
}

export async function runTournamentView(f: Factory, o: TournamentViewOptions): Promise<void> {
  const client = await f.client();
  const record = await client.tournaments.get(o.tournament);
  await f.printer().record(flatten(record), TOURNAMENT_FIELDS);
}

export function registerView(noun: Command, app: App): void {
  noun
    .command("view")
    .alias("show")
    .description("show one tournament")
    .argument("<tournament>", "tournament id or url")
    .addHelpText("after", verbHelp({ examples: ["{t}", "{t} --json"] }))
    .action(async (tournament: string, _flags: unknown, command: Command) =>
      runTournamentView(app.factory(command), { tournament }),
    );
}

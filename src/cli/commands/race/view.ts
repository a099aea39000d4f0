/** `tourney race view <race>`: one race. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { verbHelp } from "../verb-help.js";
import { flattenRace, RACE_FIELDS } from "./race-records.js";

export interface RaceViewOptions {
  /** Race id or url. */
  readonly race: string;
}

export async function runRaceView(f: Factory, o: RaceViewOptions): Promise<void> {
  const client = await f.client();
  const record = await client.races.get(o.race);
  await f.printer().record(flattenRace(record), RACE_FIELDS);
}

export function registerView(noun: Command, app: App): void {
  noun
    .command("view")
    .alias("show")
    .description("show one race")
    .argument("<race>", "race id or url")
    .addHelpText("after", verbHelp({ examples: ["{t}"] }))
    .action(async (race: string, _flags: unknown, command: Command) =>
      runRaceView(app.factory(command), { race }),
    );
}

/** `tourney race list`: every race. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { remember, tournamentWord } from "../../completion/remember.js";
import type { Factory } from "../../factory.js";
import { addLimitOption, shownRecords } from "../limit-option.js";
import { verbHelp } from "../verb-help.js";
import { flattenRace, RACE_COLUMNS } from "./race-records.js";

export async function runRaceList(f: Factory): Promise<void> {
  const client = await f.client();
  const { records, whole } = await shownRecords(f, client.races.pages());
  remember(
    f,
    "race",
    records.map((r) => tournamentWord({ id: r.id, url: r.attributes.url })),
    undefined,
    !whole,
  );
  await f
    .printer()
    .list(
      records.map(flattenRace),
      RACE_COLUMNS,
      'no races yet: `tourney race create --name NAME --type "time trial"` makes one',
    );
}

export function registerList(noun: Command, app: App): void {
  addLimitOption(noun.command("list"))
    .alias("ls")
    .description("list races")
    .addHelpText("after", verbHelp({ examples: ["", "--json id,name,state"] }))
    .action(async (_flags: unknown, command: Command) => runRaceList(app.factory(command)));
}

/** `tourney station view <tournament> <station>`: one station. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { verbHelp } from "../verb-help.js";
import { printStation } from "./station-records.js";
import { resolveStation, STATION_REF_HELP } from "./station-ref.js";

export interface StationViewOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Station id or name. */
  readonly station: string;
}

export async function runStationView(f: Factory, o: StationViewOptions): Promise<void> {
  const client = await f.client();
  const record = await resolveStation(client, o.tournament, o.station);
  await printStation(client, f.printer(), o.tournament, record);
}

export function registerStationView(noun: Command, app: App): void {
  noun
    .command("view")
    .alias("show")
    .description("show one station")
    .argument("<tournament>", "tournament id or url")
    .argument("<station>", STATION_REF_HELP)
    .addHelpText("after", verbHelp({ examples: ['{t} "Table 1"'] }))
    .action(async (tournament: string, station: string, _flags: unknown, command: Command) =>
      runStationView(app.factory(command), { tournament, station }),
    );
}

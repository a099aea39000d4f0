/** `tourney station unassign <tournament> <station>`: the station holds no match. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { checkJsonFields } from "../../record-fields.js";
import { verbHelp } from "../verb-help.js";
import { printStation } from "./station-records.js";
import { STATION_REF_HELP, stationId, writeStation } from "./station-ref.js";

export interface StationUnassignOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Station id or name. */
  readonly station: string;
}

export async function runStationUnassign(f: Factory, o: StationUnassignOptions): Promise<void> {
  checkJsonFields(f, "station");
  const client = await f.client();
  const id = await stationId(client, o.tournament, o.station);
  const record = await writeStation(client, o.tournament, o.station, () =>
    client.stations.of(o.tournament).update(id, { match_id: null }),
  );
  await printStation(client, f.printer(), o.tournament, record);
}

export function registerStationUnassign(noun: Command, app: App): void {
  noun
    .command("unassign")
    .description("take the match off a station (the match itself is unchanged)")
    .argument("<tournament>", "tournament id or url")
    .argument("<station>", STATION_REF_HELP)
    .addHelpText("after", verbHelp({ examples: ['{t} "Table 1"'] }))
    .action(async (tournament: string, station: string, _flags: unknown, command: Command) =>
      runStationUnassign(app.factory(command), { tournament, station }),
    );
}

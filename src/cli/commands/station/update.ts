/** `tourney station update <tournament> <station>`: rename it, or change its stream URL or details. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { checkJsonFields } from "../../record-fields.js";
import { verbHelp } from "../verb-help.js";
import {
  addStationFlags,
  type StationAttributes,
  type StationFlags,
  stationAttributes,
} from "./station-flags.js";
import { printStation } from "./station-records.js";
import { STATION_REF_HELP, stationId, writeStation } from "./station-ref.js";

export interface StationUpdateOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Station id or name. */
  readonly station: string;
  readonly attributes: StationAttributes;
}

/** Flags to options (no I/O): at least one change. */
export function parseStationUpdate(
  tournament: string,
  station: string,
  flags: StationFlags,
): StationUpdateOptions {
  const attributes = stationAttributes(flags);
  if (Object.keys(attributes).length === 0)
    throw new UsageError("nothing to change: pass --name, --stream-url or --details");
  return { tournament, station, attributes };
}

export async function runStationUpdate(f: Factory, o: StationUpdateOptions): Promise<void> {
  checkJsonFields(f, "station");
  const client = await f.client();
  const id = await stationId(client, o.tournament, o.station);
  const record = await writeStation(client, o.tournament, o.station, () =>
    client.stations.of(o.tournament).update(id, { ...o.attributes }),
  );
  await printStation(client, f.printer(), o.tournament, record);
}

export function registerStationUpdate(noun: Command, app: App): void {
  const command = noun
    .command("update")
    .alias("edit")
    .description("change a station's name, stream URL or details")
    .argument("<tournament>", "tournament id or url")
    .argument("<station>", STATION_REF_HELP);
  command.addHelpText("after", verbHelp({ examples: ['{t} "Table 1" --name "Main stage"'] }));
  addStationFlags(command, true).action(
    async (tournament: string, station: string, flags: StationFlags, cmd: Command) =>
      runStationUpdate(app.factory(cmd), parseStationUpdate(tournament, station, flags)),
  );
}

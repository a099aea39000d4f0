/** `tourney station assign <tournament> <station> <match>`: the station plays that match now. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { checkJsonFields } from "../../record-fields.js";
import { GROUP_REF_HELP, MATCH_REF_HELP } from "../match/match-ref.js";
import { printStation } from "./station-records.js";
import { matchIdOf, STATION_REF_HELP, stationId, writeStation } from "./station-ref.js";

export interface StationAssignOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Station id or name. */
  readonly station: string;
  /** Match id or identifier. */
  readonly match: string;
  /** `--group`: the match's group, for an identifier a group stage repeats. */
  readonly group?: string | undefined;
}

export async function runStationAssign(f: Factory, o: StationAssignOptions): Promise<void> {
  checkJsonFields(f, "station");
  const client = await f.client();
  const id = await stationId(client, o.tournament, o.station);
  const match_id = await matchIdOf(client, o.tournament, o.match, o.group);
  const record = await writeStation(client, o.tournament, o.station, () =>
    client.stations.of(o.tournament).update(id, { match_id }),
  );
  await printStation(client, f.printer(), o.tournament, record);
}

export function registerStationAssign(noun: Command, app: App): void {
  noun
    .command("assign")
    .description("put a match on a station (an open match of this tournament, on no other station)")
    .argument("<tournament>", "tournament id or url")
    .argument("<station>", STATION_REF_HELP)
    .argument("<match>", MATCH_REF_HELP)
    .option("--group <group>", GROUP_REF_HELP)
    .addHelpText("after", '\nExample:\n  tourney station assign spring_cup "Table 1" C')
    .action(
      async (
        tournament: string,
        station: string,
        match: string,
        flags: { group?: string },
        cmd: Command,
      ) => runStationAssign(app.factory(cmd), { tournament, station, match, group: flags.group }),
    );
}

/** `tourney station delete <tournament> <station>`: confirms, then deletes it and its queue. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { idValue } from "../../output/records.js";
import { checkJsonFields } from "../../record-fields.js";
import { CONFIRMS, verbHelp } from "../verb-help.js";
import { resolveStation, STATION_REF_HELP } from "./station-ref.js";

export interface StationDeleteOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Station id or name. */
  readonly station: string;
}

export async function runStationDelete(f: Factory, o: StationDeleteOptions): Promise<void> {
  checkJsonFields(f, "deleted");
  const client = await f.client();
  const record = await resolveStation(client, o.tournament, o.station);
  const name = JSON.stringify(String(record.attributes.name));
  const holding =
    typeof record.attributes.match_id === "number"
      ? `, which holds match ${record.attributes.match_id},`
      : "";
  await f.confirm(`Delete station ${record.id} ${name}${holding} and its queue?`);
  await client.stations.of(o.tournament).delete(record.id);
  const printer = f.printer();
  if (printer.mode === "json") printer.json({ id: idValue(record.id), deleted: true });
  else printer.note(`Deleted station ${record.id} ${name}`);
}

export function registerStationDelete(noun: Command, app: App): void {
  noun
    .command("delete")
    .alias("rm")
    .description("delete a station with its queue (its match stays as it is)")
    .argument("<tournament>", "tournament id or url")
    .argument("<station>", STATION_REF_HELP)
    .addHelpText("after", verbHelp({ examples: ['{t} "Table 1" --yes'], confirms: CONFIRMS }))
    .action(async (tournament: string, station: string, _flags: unknown, command: Command) =>
      runStationDelete(app.factory(command), { tournament, station }),
    );
}

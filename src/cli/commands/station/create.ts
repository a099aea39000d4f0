/** `tourney station create <tournament> <name>`: a new station (a table, a setup, a court). */
import type { Command } from "commander";
import { NotFoundError } from "../../../client/errors.js";
import type { App } from "../../app.js";
import { UnknownReferenceError, UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { checkJsonFields } from "../../record-fields.js";
import {
  addStationFlags,
  type StationAttributes,
  type StationFlags,
  stationAttributes,
} from "./station-flags.js";
import { printStation } from "./station-records.js";

export interface StationCreateOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  readonly attributes: StationAttributes & { name: string };
}

/** Arguments and flags to options (no I/O): the name must not be blank. */
export function parseStationCreate(
  tournament: string,
  name: string,
  flags: StationFlags,
): StationCreateOptions {
  if (name.trim() === "") throw new UsageError('<name> needs a station name, e.g. "Table 1"');
  return { tournament, attributes: { ...stationAttributes(flags), name: name.trim() } };
}

export async function runStationCreate(f: Factory, o: StationCreateOptions): Promise<void> {
  checkJsonFields(f, "station");
  const client = await f.client();
  const record = await client.stations
    .of(o.tournament)
    .create({ ...o.attributes })
    .catch(async (error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error;
      // A tournament that is not there is its own 404; one that is there is on a service
      // without stations (the hosted one: every /stations path 404), said so, exit 3.
      await client.tournaments.get(o.tournament);
      throw new UnknownReferenceError(
        `cannot create station ${JSON.stringify(o.attributes.name)} in tournament ${o.tournament}: the service has no stations (POST /tournaments/${o.tournament}/stations answered 404)`,
      );
    });
  const printer = f.printer();
  if (printer.mode === "table") printer.note(`Created station ${record.id} (${o.attributes.name})`);
  await printStation(client, printer, o.tournament, record);
}

export function registerStationCreate(noun: Command, app: App): void {
  const command = noun
    .command("create")
    .description("add a station to a tournament")
    .argument("<tournament>", "tournament id or url")
    .argument("<name>", 'the station\'s name, e.g. "Table 1"')
    .addHelpText(
      "after",
      '\nExample:\n  tourney station create spring_cup "Table 1" --stream-url https://twitch.tv/example',
    );
  addStationFlags(command, false).action(
    async (tournament: string, name: string, flags: StationFlags, cmd: Command) =>
      runStationCreate(app.factory(cmd), parseStationCreate(tournament, name, flags)),
  );
}

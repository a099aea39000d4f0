/** `tourney station list <tournament>`: the tournament's stations and the match each holds. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { addLimitOption, firstShown } from "../limit-option.js";
import { verbHelp } from "../verb-help.js";
import { flattenStation, identifiersFor, stationColumns } from "./station-records.js";
import { stationsToList } from "./station-ref.js";

export interface StationListOptions {
  /** Tournament id or url. */
  readonly tournament: string;
}

export async function runStationList(f: Factory, o: StationListOptions): Promise<void> {
  const client = await f.client();
  const printer = f.printer();
  const listed = await stationsToList(client, o.tournament);
  const stations = firstShown(f, listed.stations).map(flattenStation);
  if (listed.unpublished !== undefined) printer.note(listed.unpublished);
  if (printer.mode === "json") return printer.json(stations);
  if (listed.unpublished !== undefined) return;
  const identifiers = await identifiersFor(client, o.tournament, stations);
  await printer.list(
    stations,
    stationColumns(identifiers, stations),
    `no stations: \`tourney station create ${o.tournament} NAME\` adds one`,
  );
}

export function registerStationList(noun: Command, app: App): void {
  addLimitOption(noun.command("list"))
    .alias("ls")
    .description("list the stations of a tournament and the match each holds")
    .argument("<tournament>", "tournament id or url")
    .addHelpText(
      "after",
      `
Columns: ID, NAME, MATCH ID, MATCH (identifier, as \`match list\` shows it), GROUP (when a
match held is a group match), STREAM URL, DETAILS. --json prints the service's station records
(id plus attributes).`,
    )
    .addHelpText("after", verbHelp({ examples: ["{t}"] }))
    .action(async (tournament: string, _flags: unknown, command: Command) =>
      runStationList(app.factory(command), { tournament }),
    );
}

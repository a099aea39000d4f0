/** `tourney station queue list <tournament> <station>`: the matches waiting for a station, in order. */
import type { Command } from "commander";
import type { App } from "../../../app.js";
import type { Factory } from "../../../factory.js";
import { flatten } from "../../../output/records.js";
import { addLimitOption, firstShown } from "../../limit-option.js";
import { verbHelp } from "../../verb-help.js";
import { identifiersFor, queueColumns } from "../station-records.js";
import { STATION_REF_HELP, stationId, stationQueue } from "../station-ref.js";

export interface QueueListOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Station id or name. */
  readonly station: string;
}

export async function runQueueList(f: Factory, o: QueueListOptions): Promise<void> {
  const client = await f.client();
  const station = await stationId(client, o.tournament, o.station);
  const queue = (await stationQueue(client, o.tournament, station, o.station))
    .map(flatten)
    .sort((a, b) => Number(a.position) - Number(b.position));
  const entries = firstShown(f, queue);
  const printer = f.printer();
  if (printer.mode === "json") return printer.json(entries);
  const identifiers = await identifiersFor(client, o.tournament, entries);
  await printer.list(
    entries,
    queueColumns(identifiers, entries),
    `the queue of station ${o.station} is empty`,
  );
}

export function registerQueueList(noun: Command, app: App): void {
  addLimitOption(noun.command("list"))
    .alias("ls")
    .description("list the matches waiting for a station, first in line first")
    .argument("<tournament>", "tournament id or url")
    .argument("<station>", STATION_REF_HELP)
    .addHelpText(
      "after",
      "\nColumns: POSITION (1 is next), MATCH ID, MATCH (identifier), GROUP (when a match waiting is a group match), ID (the queue entry's id).",
    )
    .addHelpText("after", verbHelp({ examples: ['{t} "Table 1"'] }))
    .action(async (tournament: string, station: string, _flags: unknown, command: Command) =>
      runQueueList(app.factory(command), { tournament, station }),
    );
}

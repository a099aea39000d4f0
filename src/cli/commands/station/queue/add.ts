/** `tourney station queue add <tournament> <station> <match>`: a match waits for the station. */
import type { Command } from "commander";
import type { App } from "../../../app.js";
import type { Factory } from "../../../factory.js";
import { checkJsonFields } from "../../../record-fields.js";
import { GROUP_REF_HELP, MATCH_REF_HELP } from "../../match/match-ref.js";
import { verbHelp } from "../../verb-help.js";
import { printQueueEntry } from "../station-records.js";
import {
  matchIdOf,
  parsePosition,
  STATION_REF_HELP,
  stationId,
  writeStation,
} from "../station-ref.js";
import type { QueueTarget } from "./queue-entry.js";

export interface QueueAddOptions extends QueueTarget {
  /** Where in the queue (1 is next); undefined: at the end. */
  readonly position?: number;
}

/** Flags to options (no I/O): --position is a whole number from 1. */
export function parseQueueAdd(target: QueueTarget, flags: { position?: string }): QueueAddOptions {
  return flags.position === undefined
    ? target
    : { ...target, position: parsePosition("--position", flags.position) };
}

export async function runQueueAdd(f: Factory, o: QueueAddOptions): Promise<void> {
  checkJsonFields(f, "queue_entry");
  const client = await f.client();
  const station = await stationId(client, o.tournament, o.station);
  const match_id = await matchIdOf(client, o.tournament, o.match, o.group);
  const attributes = o.position === undefined ? { match_id } : { match_id, position: o.position };
  const entry = await writeStation(client, o.tournament, o.station, () =>
    client.stations.queuers(o.tournament, station).create(attributes),
  );
  const printer = f.printer();
  if (printer.mode === "table")
    printer.note(
      `Queued match ${o.match} at station ${o.station}, position ${String(entry.attributes.position)}`,
    );
  await printQueueEntry(client, printer, o.tournament, entry);
}

export function registerQueueAdd(noun: Command, app: App): void {
  noun
    .command("add")
    .description("queue a match for a station (at the end, or at --position)")
    .argument("<tournament>", "tournament id or url")
    .argument("<station>", STATION_REF_HELP)
    .argument("<match>", MATCH_REF_HELP)
    .option("--position <n>", "its place in the queue (1 is next; default: last)")
    .option("--group <group>", GROUP_REF_HELP)
    .addHelpText(
      "after",
      verbHelp({ examples: ['{t} "Table 1" D', '{t} "Table 1" E --position 1'] }),
    )
    .action(
      async (
        tournament: string,
        station: string,
        match: string,
        flags: { position?: string; group?: string },
        cmd: Command,
      ) =>
        runQueueAdd(
          app.factory(cmd),
          parseQueueAdd({ tournament, station, match, group: flags.group }, flags),
        ),
    );
}

/** `tourney station queue move <tournament> <station> <match> <position>`: reorders the queue. */
import type { Command } from "commander";
import type { App } from "../../../app.js";
import type { Factory } from "../../../factory.js";
import { checkJsonFields } from "../../../record-fields.js";
import { GROUP_REF_HELP, MATCH_REF_HELP } from "../../match/match-ref.js";
import { verbHelp } from "../../verb-help.js";
import { printQueueEntry } from "../station-records.js";
import { parsePosition, STATION_REF_HELP } from "../station-ref.js";
import { findQueueEntry, type QueueTarget } from "./queue-entry.js";

export interface QueueMoveOptions extends QueueTarget {
  /** The match's new place in the queue (1 is next). */
  readonly position: number;
}

/** Arguments to options (no I/O): the position is a whole number from 1. */
export function parseQueueMove(target: QueueTarget, position: string): QueueMoveOptions {
  return { ...target, position: parsePosition("<position>", position) };
}

export async function runQueueMove(f: Factory, o: QueueMoveOptions): Promise<void> {
  checkJsonFields(f, "queue_entry");
  const client = await f.client();
  const { station, entry } = await findQueueEntry(client, o);
  const queuers = client.stations.queuers(o.tournament, station);
  const moved = await queuers.update(entry.id, { position: o.position });
  await printQueueEntry(client, f.printer(), o.tournament, moved);
}

export function registerQueueMove(noun: Command, app: App): void {
  noun
    .command("move")
    .description("move a queued match to another place in the station's queue")
    .argument("<tournament>", "tournament id or url")
    .argument("<station>", STATION_REF_HELP)
    .argument("<match>", MATCH_REF_HELP)
    .argument("<position>", "its new place (1 is next)")
    .option("--group <group>", GROUP_REF_HELP)
    .addHelpText("after", verbHelp({ examples: ['{t} "Table 1" E 1'] }))
    .action(
      async (
        tournament: string,
        station: string,
        match: string,
        position: string,
        flags: { group?: string },
        cmd: Command,
      ) =>
        runQueueMove(
          app.factory(cmd),
          parseQueueMove({ tournament, station, match, group: flags.group }, position),
        ),
    );
}

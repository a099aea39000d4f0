/** `tourney station queue remove <tournament> <station> <match>`: the match leaves the queue. */
import type { Command } from "commander";
import type { App } from "../../../app.js";
import type { Factory } from "../../../factory.js";
import { idValue } from "../../../output/records.js";
import { checkJsonFields } from "../../../record-fields.js";
import { GROUP_REF_HELP, MATCH_REF_HELP } from "../../match/match-ref.js";
import { verbHelp } from "../../verb-help.js";
import { STATION_REF_HELP } from "../station-ref.js";
import { findQueueEntry, type QueueTarget } from "./queue-entry.js";

export type QueueRemoveOptions = QueueTarget;

export async function runQueueRemove(f: Factory, o: QueueRemoveOptions): Promise<void> {
  checkJsonFields(f, "deleted");
  const client = await f.client();
  const { station, entry } = await findQueueEntry(client, o);
  await client.stations.queuers(o.tournament, station).delete(entry.id);
  const printer = f.printer();
  if (printer.mode === "json") printer.json({ id: idValue(entry.id), deleted: true });
  else printer.note(`Removed match ${o.match} from the queue of station ${o.station}`);
}

export function registerQueueRemove(noun: Command, app: App): void {
  noun
    .command("remove")
    .alias("rm")
    .description("take a match out of a station's queue (the match itself is unchanged)")
    .argument("<tournament>", "tournament id or url")
    .argument("<station>", STATION_REF_HELP)
    .argument("<match>", MATCH_REF_HELP)
    .option("--group <group>", GROUP_REF_HELP)
    .addHelpText("after", verbHelp({ examples: ['{t} "Table 1" E'] }))
    .action(
      async (
        tournament: string,
        station: string,
        match: string,
        flags: { group?: string },
        cmd: Command,
      ) => runQueueRemove(app.factory(cmd), { tournament, station, match, group: flags.group }),
    );
}

import type { Command } from "commander";
import type { App } from "../../app.js";
import { matchFields, matchRecord, rosterOf } from "./match-columns.js";
import { GROUP_REF_HELP, MATCH_REF_HELP, resolveMatch } from "./match-ref.js";

export function registerView(noun: Command, app: App): void {
  noun
    .command("view")
    .alias("show")
    .description("show one match: players (player 1 first), scores, winner")
    .argument("<tournament>", "tournament id or url")
    .argument("<match>", MATCH_REF_HELP)
    .option("--group <group>", GROUP_REF_HELP)
    .action(async (tournament: string, ref: string, o: { group?: string }, command: Command) => {
      const f = app.factory(command);
      const client = await f.client();
      const match = matchRecord(await resolveMatch(client, tournament, ref, { group: o.group }));
      const printer = f.printer();
      if (printer.mode === "json") return printer.json(match);
      const roster = rosterOf(await client.participants.listAll(tournament));
      await printer.record(match, matchFields(roster));
    });
}

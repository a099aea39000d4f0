/** `tourney tournament delete <tournament>`: confirms, then deletes it with everything in it. */
import type { Command } from "commander";
import type { ResourceObject } from "../../../model/resource.js";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { idValue } from "../../output/records.js";
import { checkJsonFields } from "../../record-fields.js";
import { CONFIRMS, verbHelp } from "../verb-help.js";

export interface TournamentDeleteOptions {
  /** Tournament id or url. */
  readonly tournament: string;
}

/** What deleting loses, said in the question: results, when the tournament has begun. */
function deleteQuestion(tournament: string, record: ResourceObject): string {
  const a = record.attributes;
  const name = JSON.stringify(String(a.name));
  const played =
    typeof a.matches_count === "number" && a.matches_count > 0
      ? ` (${String(a.matches_complete)} of ${a.matches_count} matches played)`
      : "";
  // No state (the published description's Tournament has none): none said; the name is typed.
  const state =
    a.state === "pending" || typeof a.state !== "string" ? "" : `, which is ${a.state}${played},`;
  return `Delete tournament ${tournament} ${name}${state} and everything in it?`;
}

export async function runTournamentDelete(f: Factory, o: TournamentDeleteOptions): Promise<void> {
  checkJsonFields(f, "deleted");
  const client = await f.client();
  const record = await client.tournaments.get(o.tournament);
  // Underway or complete: results would be lost, so its name is typed, not just "y".
  const started = record.attributes.state !== "pending";
  await f.confirm(
    deleteQuestion(o.tournament, record),
    started ? String(record.attributes.name) : undefined,
  );
  await client.tournaments.delete(record.id);
  const printer = f.printer();
  if (printer.mode === "json") printer.json({ id: idValue(record.id), deleted: true });
  else printer.note(`Deleted tournament ${o.tournament}`);
}

export function registerDelete(noun: Command, app: App): void {
  noun
    .command("delete")
    .alias("rm")
    .description("delete a tournament with its participants and matches")
    .argument("<tournament>", "tournament id or url")
    .addHelpText("after", verbHelp({ examples: ["{t}", "{t} --yes"], confirms: CONFIRMS }))
    .action(async (tournament: string, _flags: unknown, command: Command) =>
      runTournamentDelete(app.factory(command), { tournament }),
    );
}

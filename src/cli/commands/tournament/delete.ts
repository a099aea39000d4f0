import type { Command } from "commander";
import type { ResourceObject } from "../../../model/resource.js";
import type { App } from "../../app.js";

/** What deleting loses, said in the question: results, when the tournament has begun. */
function deleteQuestion(tournament: string, record: ResourceObject): string {
  const a = record.attributes;
  const name = JSON.stringify(String(a.name));
  const played =
    typeof a.matches_count === "number" && a.matches_count > 0
      ? ` (${String(a.matches_complete)} of ${a.matches_count} matches played)`
      : "";
  const state = a.state === "pending" ? "" : `, which is ${String(a.state)}${played},`;
  return `Delete tournament ${tournament} ${name}${state} and everything in it?`;
}

export function registerDelete(noun: Command, app: App): void {
  noun
    .command("delete")
    .alias("rm")
    .description("delete a tournament with its participants and matches")
    .argument("<tournament>", "tournament id or url")
    .action(async (tournament: string, _options: unknown, command: Command) => {
      const f = app.factory(command);
      const client = await f.client();
      const record = await client.tournaments.get(tournament);
      await f.confirm(deleteQuestion(tournament, record));
      await client.tournaments.delete(record.id);
      const printer = f.printer();
      if (printer.mode === "json") printer.json({ id: Number(record.id), deleted: true });
      else printer.note(`Deleted tournament ${tournament}`);
    });
}

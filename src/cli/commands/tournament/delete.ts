import type { Command } from "commander";
import type { App } from "../../app.js";

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
      await f.confirm(
        `Delete tournament ${record.id} "${String(record.attributes.name)}" and everything in it?`,
      );
      await client.tournaments.delete(record.id);
      const printer = f.printer();
      if (printer.mode === "json") printer.json({ id: Number(record.id), deleted: true });
      else printer.note(`Deleted tournament ${record.id}`);
    });
}

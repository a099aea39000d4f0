import type { Command } from "commander";
import type { App } from "../../app.js";

export function registerClear(noun: Command, app: App): void {
  noun
    .command("clear")
    .description("remove every participant of a pending tournament")
    .argument("<tournament>", "tournament id or url")
    .action(async (tournament: string, _options: unknown, command: Command) => {
      const f = app.factory(command);
      const client = await f.client();
      await f.confirm(`Remove every participant of tournament ${tournament}?`);
      await client.participants.clear(tournament);
      const printer = f.printer();
      if (printer.mode === "json") printer.json({ tournament, cleared: true });
      else printer.note(`Removed every participant of tournament ${tournament}`);
    });
}

import type { Command } from "commander";
import type { App } from "../../app.js";

export function registerUnregister(noun: Command, app: App): void {
  noun
    .command("unregister")
    .description("unregister me: leave a tournament I registered for")
    .argument("<tournament>", "tournament id or url")
    .addHelpText(
      "after",
      "\nOnce the tournament has started this deactivates you and forfeits your remaining matches.",
    )
    .action(async (tournament: string, _options: unknown, command: Command) => {
      const f = app.factory(command);
      const client = await f.client();
      await f.confirm(`Unregister from tournament ${tournament}?`);
      await client.participants.unregister(tournament);
      const printer = f.printer();
      if (printer.mode === "json") printer.json({ tournament, registered: false });
      else printer.note(`Unregistered from tournament ${tournament}`);
    });
}

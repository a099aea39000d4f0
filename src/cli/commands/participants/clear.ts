/** `tourney participants clear <tournament>`: confirms, then removes every participant. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";

export interface ParticipantsClearOptions {
  /** Tournament id or url. */
  readonly tournament: string;
}

export async function runParticipantsClear(f: Factory, o: ParticipantsClearOptions): Promise<void> {
  const client = await f.client();
  await f.confirm(`Remove every participant of tournament ${o.tournament}?`);
  await client.participants.clear(o.tournament);
  const printer = f.printer();
  if (printer.mode === "json") printer.json({ tournament: o.tournament, cleared: true });
  else printer.note(`Removed every participant of tournament ${o.tournament}`);
}

export function registerClear(noun: Command, app: App): void {
  noun
    .command("clear")
    .description("remove every participant of a pending tournament")
    .argument("<tournament>", "tournament id or url")
    .action(async (tournament: string, _flags: unknown, command: Command) =>
      runParticipantsClear(app.factory(command), { tournament }),
    );
}

/** `tourney participants unregister <tournament>`: confirms, then leaves a tournament. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { checkJsonFieldsOf } from "../../record-fields.js";
import { CONFIRMS, verbHelp } from "../verb-help.js";

export interface ParticipantsUnregisterOptions {
  /** Tournament id or url. */
  readonly tournament: string;
}

export async function runParticipantsUnregister(
  f: Factory,
  o: ParticipantsUnregisterOptions,
): Promise<void> {
  const printed = { tournament: o.tournament, registered: false };
  checkJsonFieldsOf(f, printed);
  const client = await f.client();
  // Looked up before asking: one that is not there exits 3, not "pass --yes" (review I #13).
  if (!f.globals.yes) await client.tournaments.get(o.tournament);
  await f.confirm(`Unregister from tournament ${o.tournament}?`);
  await client.participants.unregister(o.tournament);
  const printer = f.printer();
  if (printer.mode === "json") printer.json(printed);
  else printer.note(`Unregistered from tournament ${o.tournament}`);
}

export function registerUnregister(noun: Command, app: App): void {
  noun
    .command("unregister")
    .description("unregister me: leave a tournament I registered for")
    .argument("<tournament>", "tournament id or url")
    .addHelpText(
      "after",
      "\nOnce the tournament has started this deactivates you and forfeits your remaining matches.",
    )
    .addHelpText("after", verbHelp({ examples: ["{t}", "{t} --yes"], confirms: CONFIRMS }))
    .action(async (tournament: string, _flags: unknown, command: Command) =>
      runParticipantsUnregister(app.factory(command), { tournament }),
    );
}

/** `tourney race delete <race>`: confirms, then deletes it with its rounds and times. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { idValue } from "../../output/records.js";
import { checkJsonFields } from "../../record-fields.js";
import { CONFIRMS, verbHelp } from "../verb-help.js";

export interface RaceDeleteOptions {
  /** Race id or url. */
  readonly race: string;
}

export async function runRaceDelete(f: Factory, o: RaceDeleteOptions): Promise<void> {
  checkJsonFields(f, "deleted");
  const client = await f.client();
  const record = await client.races.get(o.race);
  const name = JSON.stringify(String(record.attributes.name));
  const state = record.attributes.state;
  const which = typeof state === "string" && state !== "pending" ? `, which is ${state},` : "";
  // Underway or ended: its name is typed, not just "y".
  await f.confirm(
    `Delete race ${o.race} ${name}${which} with its rounds and times?`,
    which === "" ? undefined : String(record.attributes.name),
  );
  await client.races.delete(record.id);
  const printer = f.printer();
  if (printer.mode === "json") printer.json({ id: idValue(record.id), deleted: true });
  else printer.note(`Deleted race ${o.race}`);
}

export function registerDelete(noun: Command, app: App): void {
  noun
    .command("delete")
    .alias("rm")
    .description("delete a race with its participants, rounds and times")
    .argument("<race>", "race id or url")
    .addHelpText("after", verbHelp({ examples: ["{t} --yes"], confirms: CONFIRMS }))
    .action(async (race: string, _flags: unknown, command: Command) =>
      runRaceDelete(app.factory(command), { race }),
    );
}

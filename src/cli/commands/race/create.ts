/** `tourney race create`: a new race from the attribute flags. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { checkJsonFields } from "../../record-fields.js";
import { noteTakenUrl } from "../taken-url.js";
import { addRaceFlags, type RaceAttributes, type RaceFlags, raceAttributes } from "./race-flags.js";
import { flattenRace, RACE_FIELDS } from "./race-records.js";

export interface RaceCreateOptions {
  /** The new race's attributes; without `name`, it is asked at a prompt. */
  readonly attributes: RaceAttributes;
}

/** Flags to options (no I/O): the type defaults to time trial; --rounds is a grand prix's. */
export function parseRaceCreate(flags: RaceFlags): RaceCreateOptions {
  const attributes = raceAttributes(flags);
  const raceType = attributes.raceType ?? "time trial";
  if (flags.rounds !== undefined && raceType !== "grand prix")
    throw new UsageError(
      '--rounds is for a grand prix (--type "grand prix"); a time trial has one',
    );
  return { attributes: { ...attributes, raceType } };
}

async function askName(f: Factory): Promise<string> {
  if (!f.canPrompt()) throw new UsageError("--name is required");
  return f.prompter().input("Race name:", (v) => v.trim() !== "" || "a name is required");
}

export async function runRaceCreate(f: Factory, o: RaceCreateOptions): Promise<void> {
  checkJsonFields(f, "race");
  const name = o.attributes.name ?? (await askName(f));
  const client = await f.client();
  const record = flattenRace(await client.races.create({ ...o.attributes, name }));
  const printer = f.printer();
  if (printer.mode === "table") printer.note(`Created race ${record.id} (${String(record.url)})`);
  noteTakenUrl(printer, "race", { name, url: o.attributes.url }, record.url);
  await printer.record(record, RACE_FIELDS);
}

export function registerCreate(noun: Command, app: App): void {
  const command = noun
    .command("create")
    .description("create a race (type defaults to time trial)")
    .addHelpText(
      "after",
      '\nExamples:\n  tourney race create --name "Time Trial" \n  tourney race create --name "Spring GP" --type "grand prix" --rounds 3',
    );
  addRaceFlags(command).action(async (flags: RaceFlags, cmd: Command) => {
    const f = app.factory(cmd);
    await runRaceCreate(f, parseRaceCreate(flags));
  });
}

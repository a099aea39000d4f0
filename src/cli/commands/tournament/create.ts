/** `tourney tournament create`: a new tournament from the attribute flags. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { TOURNAMENT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import {
  type AttributeFlags,
  addAttributeFlags,
  attributesFrom,
  checkThirdPlace,
  type TournamentAttributes,
} from "./attribute-flags.js";

export interface TournamentCreateOptions {
  /** The new tournament's attributes; without `name`, it is asked at a prompt. */
  readonly attributes: TournamentAttributes;
}

/** Flags to options (no I/O): the type defaults to single elimination. */
export function parseTournamentCreate(flags: AttributeFlags): TournamentCreateOptions {
  const attributes = attributesFrom(flags);
  const type = attributes.tournament_type ?? "single elimination";
  checkThirdPlace(attributes, type);
  return { attributes: { ...attributes, tournament_type: type } };
}

async function askName(f: Factory): Promise<string> {
  if (!f.canPrompt()) throw new UsageError("--name is required");
  return f.prompter().input("Tournament name:", (v) => v.trim() !== "" || "a name is required");
}

export async function runTournamentCreate(f: Factory, o: TournamentCreateOptions): Promise<void> {
  const name = o.attributes.name ?? (await askName(f));
  const client = await f.client();
  const record = flatten(await client.tournaments.create({ ...o.attributes, name }));
  const printer = f.printer();
  if (printer.mode === "table")
    printer.note(`Created tournament ${record.id} (${String(record.url)})`);
  await printer.record(record, TOURNAMENT_FIELDS);
}

export function registerCreate(noun: Command, app: App): void {
  const command = noun
    .command("create")
    .description("create a tournament (type defaults to single elimination)")
    .addHelpText(
      "after",
      '\nExample:\n  tourney tournament create --name "Spring Cup" --type "double elimination" --third-place',
    );
  addAttributeFlags(command).action(async (flags: AttributeFlags, cmd: Command) => {
    const f = app.factory(cmd);
    await runTournamentCreate(f, parseTournamentCreate(flags));
  });
}

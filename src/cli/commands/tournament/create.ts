import type { Command } from "commander";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { TOURNAMENT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { addAttributeFlags, attributesFrom, checkThirdPlace } from "./attribute-flags.js";

async function askName(f: Factory): Promise<string> {
  if (!f.canPrompt()) throw new UsageError("--name is required");
  return f.prompter().input("Tournament name:", (v) => v.trim() !== "" || "a name is required");
}

export function registerCreate(noun: Command, app: App): void {
  const command = noun
    .command("create")
    .description("create a tournament (type defaults to single elimination)")
    .addHelpText(
      "after",
      '\nExample:\n  tourney tournament create --name "Spring Cup" --type "double elimination" --third-place',
    );
  addAttributeFlags(command).action(async (options: Record<string, unknown>, cmd: Command) => {
    const f = app.factory(cmd);
    const attributes = attributesFrom(options);
    attributes.tournament_type ??= "single elimination";
    checkThirdPlace(attributes, attributes.tournament_type);
    attributes.name ??= await askName(f);
    const client = await f.client();
    const record = flatten(await client.tournaments.create(attributes));
    const printer = f.printer();
    if (printer.mode === "table")
      printer.note(`Created tournament ${record.id} (${String(record.url)})`);
    await printer.record(record, TOURNAMENT_FIELDS);
  });
}

/** `tourney race export <race> [--output FILE]`: the race as one JSON document. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { printsNoJson } from "../../json-form.js";
import { verbHelp } from "../verb-help.js";

const HELP = `
Prints one versioned JSON document (format "tourney.race", version 1): the race's
settings and state, its participants, every round with each participant's time,
points and rank, and the standings; participants named by name. Read through the API,
so it works on every backend. The format: schema/race-export.schema.json and
docs/offline.md. \`tourney race import FILE\` puts it into the active backend.`;

export interface RaceExportOptions {
  /** Race id or url. */
  readonly race: string;
  /** Written there instead of stdout (a file replaced whole; - is stdout): output-target.ts. */
  readonly output?: string | undefined;
}

export async function runRaceExport(f: Factory, o: RaceExportOptions): Promise<void> {
  const { checkOutput, writeDocument } = await import("../../transfer/document-file.js");
  // A FILE that cannot be written is refused before the export is read.
  checkOutput(f, o.output);
  const client = await f.client();
  const { readRaceExport } = await import("../../transfer/race-export-reader.js");
  await writeDocument(f, await readRaceExport(client, o.race), o.output);
}

export function registerExport(noun: Command, app: App): void {
  printsNoJson(noun.command("export"), {
    onlyWith: "output",
    prints: "nothing on stdout (the document goes to FILE)",
    instead: "without --output the document is printed, and --json FIELDS and --jq apply to it",
  })
    .description("the race as one JSON document (settings, participants, rounds, times, standings)")
    .argument("<race>", "race id or url")
    .option("-o, --output <file>", "write the document to FILE instead of stdout")
    .addHelpText("after", HELP)
    .addHelpText("after", verbHelp({ examples: ["{t} > race.json"] }))
    .action(async (race: string, flags: { output?: string }, command: Command) =>
      runRaceExport(app.factory(command), { race, output: flags.output }),
    );
}

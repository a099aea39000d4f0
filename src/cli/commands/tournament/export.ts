/** `tourney tournament export <tournament> [--output FILE]`: the tournament as one JSON document. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { printsNoJson } from "../../json-form.js";
import { verbHelp } from "../verb-help.js";

const HELP = `
Prints one versioned JSON document (format "tourney.tournament", version 1, or 2
when it carries swiss byes): the tournament's settings, participants (name, seed, misc, group, check-in, active, final
rank), every match (identifier, group, round, players by name, scores, winner, state,
times), stations and their queues, attachments' metadata and the final ranks. Read
through the API, so it works on every backend. \`tourney tournament import FILE\` puts
it into the active backend. The format: schema/tournament-export.schema.json and
docs/offline.md.`;

export interface TournamentExportOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Written there instead of stdout (a file replaced whole; - is stdout): output-target.ts. */
  readonly output?: string | undefined;
}

export async function runTournamentExport(f: Factory, o: TournamentExportOptions): Promise<void> {
  const { checkOutput, writeDocument } = await import("../../transfer/document-file.js");
  // A FILE that cannot be written is refused before the export is read.
  checkOutput(f, o.output);
  const client = await f.client();
  const { readExport } = await import("../../transfer/export-reader.js");
  await writeDocument(f, await readExport(client, o.tournament), o.output);
}

export function registerExport(noun: Command, app: App): void {
  printsNoJson(noun.command("export"), {
    onlyWith: "output",
    prints: "nothing on stdout (the document goes to FILE)",
    instead: "without --output the document is printed, and --json FIELDS and --jq apply to it",
  })
    .description("the tournament as one JSON document (settings, participants, matches, ranks)")
    .argument("<tournament>", "tournament id or url")
    .option("-o, --output <file>", "write the document to FILE instead of stdout")
    .addHelpText("after", HELP)
    .addHelpText("after", verbHelp({ examples: ["{t} > event.json", "{t} --output event.json"] }))
    .action(async (tournament: string, flags: { output?: string }, command: Command) =>
      runTournamentExport(app.factory(command), { tournament, output: flags.output }),
    );
}

/** `tourney tournament import <file>`: an export document into the active backend, by replay. */
import type { Command } from "commander";
import type { TournamentExport } from "../../../model/tournament-export.js";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { verbHelp } from "../verb-help.js";

const HELP = `
Reads a document written by \`tourney tournament export\` (FILE, or - for stdin) and
puts the tournament into the active backend through the API, as if played there: the
tournament is created with the file's url and settings, the participants added with
their seeds, the stages started, and the results reported in the order they were
played. Before each report the target match must hold the same players; on any
difference the import stops with both sides shown and exits 5, sending nothing more.
A re-run (after Ctrl-C, a crash, a lost network) reads what the target already holds
and continues: the tournament is found by its url, participants by name, and matches
already complete with the same result are skipped. See docs/offline.md.`;

export interface TournamentImportOptions {
  /** The document's path, or "-" for stdin. */
  readonly file: string;
}

/** The document in `text`, checked for its format and version. */
export function parseExport(text: string, source: string): TournamentExport {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${source}: not JSON (${(error as Error).message})`);
  }
  const d = doc as Partial<TournamentExport> | null;
  if (d === null || typeof d !== "object" || d.format !== "tourney.tournament")
    throw new UsageError(
      `${source}: not a tournament export (its "format" must be "tourney.tournament"; write one with tourney tournament export)`,
    );
  if (d.version !== 1)
    throw new UsageError(
      `${source}: export version ${String(d.version)} is not one this tourney reads (1); upgrade tourney`,
    );
  if (
    !Array.isArray(d.participants) ||
    !Array.isArray(d.matches) ||
    typeof d.tournament !== "object"
  )
    throw new UsageError(`${source}: "tournament", "participants" and "matches" are required`);
  return d as TournamentExport;
}

export async function runTournamentImport(f: Factory, o: TournamentImportOptions): Promise<void> {
  const text =
    o.file === "-"
      ? await f.readStdin()
      : (await import("../../input-file.js")).readInputFile(o.file, "FILE");
  const doc = parseExport(text, o.file === "-" ? "stdin" : o.file);
  const client = await f.client();
  const { importExport, summaryLine } = await import("../../transfer/importer.js");
  const printer = f.printer();
  const tty = f.io.stderr.isTTY === true;
  const summary = await importExport(client, doc, tty ? (line) => printer.note(line) : undefined);
  if (printer.mode === "json") return printer.json(summary);
  f.io.stdout.write(summaryLine(summary));
}

export function registerImport(noun: Command, app: App): void {
  noun
    .command("import")
    .description("put an exported tournament into the active backend (resumable)")
    .argument("<file>", "the export document, or - for stdin")
    .addHelpText("after", HELP)
    .addHelpText("after", verbHelp({ examples: ["event.json", "--profile hosted event.json"] }))
    .action(async (file: string, _flags: unknown, command: Command) =>
      runTournamentImport(app.factory(command), { file }),
    );
}

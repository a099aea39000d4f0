/** `tourney tournament import <file>`: an export document into the active backend, by replay. */
import type { Command } from "commander";
import {
  EXPORT_FORMAT,
  EXPORT_VERSIONS_READ,
  type TournamentExport,
} from "../../../model/tournament-export.js";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { visibleControls } from "../../output/terminal-text.js";
import { checkJsonFieldsOf } from "../../record-fields.js";
import { verbHelp } from "../verb-help.js";

const HELP = `
Reads a document written by \`tourney tournament export\` (FILE, or - for stdin) and
puts the tournament into the active backend through the API, as if played there: the
tournament is created with the file's url and settings, the participants added with
their seeds, the stages started, and the results reported in the order they were
played. A result already on the target that is not the file's stops the import before
anything is sent (exit 5, both sides shown); before each report the target match must
hold the same players, or the import stops there, exit 5, sending nothing more.
A re-run (after Ctrl-C, a crash, a lost network) reads what the target already holds
and continues: the tournament is found by its url, participants by name, and matches
already complete with the same result are skipped. The file is checked before anything
is sent: a mistake in it (a player who is not a participant, a score that gives the
match to the other player, ...) exits 2 naming it. See docs/offline.md.`;

export interface TournamentImportOptions {
  /** The document's path, or "-" for stdin. */
  readonly file: string;
  /** Accept results whose scores give the match to the other player (reported with --force). */
  readonly force?: boolean;
}

/** The document read and checked, the client and the importer: all before the first request. */
async function prepare(f: Factory, o: TournamentImportOptions) {
  // `--json FIELDS` against the summary printed at the end, before the file is read
  // (exit 2, nothing sent); before, a field it lacks was found after the import (exit 8).
  const importer = await import("../../transfer/importer.js");
  checkJsonFieldsOf(f, importer.emptySummary(""));
  const { parseDocument, readDocument } = await import("../../transfer/document-file.js");
  const [text, source] = await readDocument(f, o.file);
  const doc = parseDocument<TournamentExport>(text, source, {
    format: EXPORT_FORMAT,
    versions: EXPORT_VERSIONS_READ,
    writer: "tourney tournament export",
    required: { tournament: "object", participants: "array", matches: "array" },
  });
  // The names as the service stores them (trimmed, NFC), before the checks read them.
  const { normaliseNames } = await import("../../transfer/file-names.js");
  normaliseNames(doc);
  const { checkExportContents } = await import("../../transfer/export-contents.js");
  checkExportContents(doc, source, { force: o.force === true });
  const client = await f.client();
  return { doc, client, ...importer };
}

export async function runTournamentImport(f: Factory, o: TournamentImportOptions): Promise<void> {
  // Ctrl-C while the document is read (stdin held open) or checked: at once, nothing written.
  const { beforeSending, interruptibly } = await import("../../transfer/interruptible.js");
  const stdin = o.file === "-" ? f.io.stdin : undefined;
  const { doc, client, importExport, summaryLine } = await beforeSending(
    () => prepare(f, o),
    stdin,
  );
  const printer = f.printer();
  // The first Ctrl-C also ends a request's wait for another process's lock (exit 130).
  const summary = await interruptibly(f.io.stderr, (progress, stop) => {
    f.endLockWaitsOn(stop);
    return importExport(client, doc, progress);
  });
  if (printer.mode === "json") return printer.json(summary);
  f.io.stdout.write(visibleControls(summaryLine(summary)));
}

export function registerImport(noun: Command, app: App): void {
  noun
    .command("import")
    .description("put an exported tournament into the active backend (resumable)")
    .argument("<file>", "the export document, or - for stdin")
    .option(
      "--force",
      "import results whose scores give the match to the other player (reported with match report --force)",
    )
    .addHelpText("after", HELP)
    .addHelpText("after", verbHelp({ examples: ["event.json", "--profile hosted event.json"] }))
    .action(async (file: string, flags: { force?: boolean }, command: Command) =>
      runTournamentImport(app.factory(command), { file, force: flags.force === true }),
    );
}

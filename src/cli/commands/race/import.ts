/** `tourney race import <file>`: a race export document into the active backend, by replay. */
import type { Command } from "commander";
import {
  RACE_EXPORT_FORMAT,
  RACE_EXPORT_VERSION,
  type RaceExport,
} from "../../../model/race-export.js";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { visibleControls } from "../../output/terminal-text.js";
import { checkJsonFieldsOf } from "../../record-fields.js";
import { verbHelp } from "../verb-help.js";

const HELP = `
Reads a document written by \`tourney race export\` (FILE, or - for stdin) and puts
the race into the active backend through the API, as if run there: the race is
created with the file's url and settings, the participants added with their seeds,
the race started, then round by round the round started, its times entered, the
round finalized if the file's was, and the points and ranks given by hand set. A
re-run (after Ctrl-C, a crash, a lost network) reads what the target already holds
and sends only what is missing. See docs/offline.md.`;

export interface RaceImportOptions {
  /** The document's path, or "-" for stdin. */
  readonly file: string;
}

/** The document read and checked, the client and the importer: all before the first request. */
async function prepare(f: Factory, o: RaceImportOptions) {
  // `--json FIELDS` against the summary printed at the end, before the file is read
  // (exit 2, nothing sent); before, a field it lacks was found after the import (exit 8).
  const importer = await import("../../transfer/race-importer.js");
  checkJsonFieldsOf(f, importer.emptyRaceSummary(""));
  const { parseDocument, readDocument } = await import("../../transfer/document-file.js");
  const [text, source] = await readDocument(f, o.file);
  const doc = parseDocument<RaceExport>(text, source, {
    format: RACE_EXPORT_FORMAT,
    versions: [RACE_EXPORT_VERSION],
    writer: "tourney race export",
    required: { race: "object", participants: "array", rounds: "array" },
  });
  // The names as the service stores them (trimmed, NFC), before the checks read them.
  const { normaliseRaceNames } = await import("../../transfer/file-names.js");
  normaliseRaceNames(doc);
  const { checkRaceExportContents } = await import("../../transfer/race-export-contents.js");
  checkRaceExportContents(doc, source);
  const client = await f.client();
  return { doc, client, ...importer };
}

export async function runRaceImport(f: Factory, o: RaceImportOptions): Promise<void> {
  // Ctrl-C while the document is read (stdin held open) or checked: at once, nothing written.
  const { beforeSending, interruptibly } = await import("../../transfer/interruptible.js");
  const stdin = o.file === "-" ? f.io.stdin : undefined;
  const { doc, client, importRace, raceSummaryLine } = await beforeSending(
    () => prepare(f, o),
    stdin,
  );
  const printer = f.printer();
  // The first Ctrl-C also ends a request's wait for another process's lock (exit 130).
  const summary = await interruptibly(f.io.stderr, (progress, stop) => {
    f.endLockWaitsOn(stop);
    return importRace(client, doc, progress);
  });
  if (printer.mode === "json") return printer.json(summary);
  f.io.stdout.write(visibleControls(raceSummaryLine(summary)));
}

export function registerImport(noun: Command, app: App): void {
  noun
    .command("import")
    .description("put an exported race into the active backend (resumable)")
    .argument("<file>", "the export document, or - for stdin")
    .addHelpText("after", HELP)
    .addHelpText("after", verbHelp({ examples: ["race.json", "--profile hosted race.json"] }))
    .action(async (file: string, _flags: unknown, command: Command) =>
      runRaceImport(app.factory(command), { file }),
    );
}

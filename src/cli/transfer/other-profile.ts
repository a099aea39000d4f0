/**
 * `publish --to` and `pull --from`: a second Factory on another profile, the
 * command's streams and flags otherwise, and the transfer between the two.
 */
import type { TournamentExport } from "../../model/tournament-export.js";
import { Factory } from "../factory.js";
import { readExport } from "./export-reader.js";
import { planImport } from "./import-plan.js";
import { type ImportSummary, importExport, summaryLine } from "./importer.js";
import { progressOn } from "./progress.js";

/** A Factory like `f` on profile `profile` (a --base-url given to `f` does not carry over). */
export function factoryOn(f: Factory, profile: string): Factory {
  const { baseUrl: _ignored, ...globals } = f.globals;
  return new Factory(f.deps, { ...globals, profile });
}

export interface TransferOptions {
  readonly tournament: string;
  readonly dryRun: boolean;
}

/** Exports `tournament` from `from` and imports it into `to` (or, dry, lists what would be sent). */
export async function transfer(
  from: Factory,
  to: Factory,
  o: TransferOptions,
): Promise<ImportSummary | string[]> {
  const doc: TournamentExport = await readExport(await from.client(), o.tournament);
  const target = await to.client();
  if (o.dryRun) return planImport(target, doc);
  return importExport(target, doc, progressOn(from.io.stderr));
}

/** Prints what transfer returned: the plan's lines, or the import's summary. */
export function printTransfer(f: Factory, result: ImportSummary | string[]): void {
  const printer = f.printer();
  if (printer.mode === "json") {
    printer.json(result);
    return;
  }
  if (Array.isArray(result)) {
    f.io.stdout.write(result.map((line) => `${line}\n`).join(""));
    return;
  }
  f.io.stdout.write(summaryLine(result));
}

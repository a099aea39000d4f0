/**
 * `publish --to` and `pull --from` (tournaments) and `race publish --to`: a
 * second Factory on another profile, the command's streams and flags
 * otherwise, and the transfer between the two for one kind of document.
 */
import type { ApiClient } from "../../client/api-client.js";
import { unknownProfileError } from "../../config/settings.js";
import { StateRefusedError } from "../errors.js";
import { Factory } from "../factory.js";
import type { SignalSource } from "../interrupts.js";
import { visibleControls } from "../output/terminal-text.js";
import { checkJsonFieldsOf } from "../record-fields.js";
import { refuseSameNamedStations } from "./export-contents.js";
import { readExport } from "./export-reader.js";
import { planImport } from "./import-plan.js";
import { emptySummary, type ImportSummary, importExport, summaryLine } from "./importer.js";
import { beforeSending, interruptibly } from "./interruptible.js";
import type { Progress } from "./progress.js";

/**
 * A Factory like `f` on profile `profile` (a --base-url given to `f` does not carry over),
 * which `flag` (--to, --from) chose: a profile that does not exist is refused naming that flag
 * (exit 2). Before, the refusal said "(chosen by --profile)", the flag of the second Factory.
 * Its writes are noted in `f`'s write log, which the command's exit reads: a failure to print
 * after a publish's writes exits 8 saying first that the change was made. Before, the
 * publish's writes went unseen there: a --jq error or a full disk after them exited 2 or 1.
 */
export function factoryOn(f: Factory, profile: string, flag: "--to" | "--from"): Factory {
  if (!f.configStore().hasProfile(profile)) throw unknownProfileError(profile, flag);
  const { baseUrl: _ignored, ...globals } = f.globals;
  return new Factory(f.deps, { ...globals, profile }, f.writeLog);
}

/** What a transfer does with one kind of document: read it, plan or run its import, say it. */
export interface TransferKind<D, S> {
  read(client: ApiClient, ref: string): Promise<D>;
  plan(client: ApiClient, doc: D): Promise<string[]>;
  import(client: ApiClient, doc: D, progress: Progress): Promise<S>;
  line(summary: S): string;
  /** The summary of an import that did nothing: the fields `--json` may pick, known before it. */
  emptySummary(url: string): S;
}

export const TOURNAMENTS: TransferKind<Awaited<ReturnType<typeof readExport>>, ImportSummary> = {
  read: async (client, ref) => {
    const doc = await readExport(client, ref);
    refuseSameNamedStations(doc);
    return doc;
  },
  plan: planImport,
  import: importExport,
  line: summaryLine,
  emptySummary,
};

export interface TransferOptions {
  /** The tournament or race, by id or url. */
  readonly tournament: string;
  readonly dryRun: boolean;
}

/**
 * Exports from `from` and imports into `to` (or, dry, lists what would be sent). Ctrl-C
 * while the document is read or the plan made: at once, nothing written (before, a
 * silent exit 130); during the import, between two requests (interruptible.ts).
 * `--json FIELDS` is checked first against the summary the import prints (exit 2, nothing
 * read or sent; a dry run too, as it exits as the run would): before, a field the summary
 * lacks was found once the import had been made, exiting 2 (publish) or 8 (pull) after it.
 */
export async function transfer<D, S>(
  from: Factory,
  to: Factory,
  o: TransferOptions,
  kind: TransferKind<D, S>,
  signals?: SignalSource,
): Promise<S | string[]> {
  // Both Factories carry the command's output flags.
  checkJsonFieldsOf(from, kind.emptySummary("") as object);
  // Each Ctrl-C's `stop` also ends a wait for another process's lock, on either side.
  const ready = await beforeSending(
    async (stop) => {
      from.endLockWaitsOn(stop);
      to.endLockWaitsOn(stop);
      const doc = await kind.read(await from.client(), o.tournament);
      const target = await to.client();
      return { doc, target, plan: o.dryRun ? await kind.plan(target, doc) : undefined };
    },
    undefined,
    signals,
  );
  if (ready.plan !== undefined) return ready.plan;
  const { doc, target } = ready;
  return interruptibly(
    from.io.stderr,
    (progress, stop) => {
      from.endLockWaitsOn(stop);
      to.endLockWaitsOn(stop);
      return kind.import(target, doc, progress);
    },
    signals,
  );
}

/**
 * A dry run whose plan ends in a stop exits as the real run would (5), so that
 * `publish --dry-run && publish` gates on it; before, exit 0 beside "(exit 5)" (review I #11).
 */
function stopsAsTheRunWould(plan: readonly string[]): void {
  if (plan.some((l) => l.startsWith("stop: ") && l.endsWith("(exit 5)")))
    throw new StateRefusedError(
      "the dry run's plan stops (see stop: above): the real run would exit 5",
    );
}

/** Prints what transfer returned: the plan's lines, or the import's summary. */
export function printTransfer<S>(
  f: Factory,
  result: S | string[],
  line: (summary: S) => string,
): void {
  const printer = f.printer();
  if (printer.mode === "json") {
    printer.json(result);
    if (Array.isArray(result)) stopsAsTheRunWould(result);
    return;
  }
  // The names in a plan or a summary come from a service: shown, never obeyed.
  if (Array.isArray(result)) {
    f.io.stdout.write(result.map((l) => `${visibleControls(l)}\n`).join(""));
    stopsAsTheRunWould(result);
    return;
  }
  f.io.stdout.write(visibleControls(line(result)));
}

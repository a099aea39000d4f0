/**
 * The export documents' files, for tournaments and races alike: written as
 * pretty JSON to stdout or to FILE (a file through FILE.partial and a rename, so a
 * crash never leaves half a document; a FIFO or device written into: output-target.ts),
 * and read back from FILE or stdin (-), checked for their format and version before
 * anything is sent.
 */
import { UsageError } from "../errors.js";
import type { Factory } from "../factory.js";
import { anyDatabaseProblem, databaseProblem } from "./database-output.js";
import { OutputProblem, type OutputTarget, outputTarget, writeTo } from "./output-target.js";

/**
 * The tourney databases: the profile's own when embedded, and every embedded profile's of
 * the configuration (an export from a remote profile must not replace the local database).
 */
function databases(f: Factory): string[] {
  const profile = f.profile();
  const found = profile.backend === "embedded" ? [profile.dbPath] : [];
  try {
    for (const p of f.configStore().listProfiles())
      if (p.dbPath !== undefined && !found.includes(p.dbPath)) found.push(p.dbPath);
  } catch {
    // A configuration that cannot be read: the profile's own database is still checked.
  }
  return found.filter((db) => db !== ":memory:");
}

/**
 * Where `output` leads, or a usage error (exit 2, naming --output, the cause and the way out)
 * when it cannot be written or is a tourney database (or its -wal, -shm, -journal): the one
 * check of every command with an --output.
 */
function checkedTarget(f: Factory, output: string): OutputTarget {
  const target = outputTarget(output);
  const problem =
    target instanceof OutputProblem
      ? target
      : (databases(f)
          .map((db) => databaseProblem(target, db))
          .find((p) => p !== undefined) ?? anyDatabaseProblem(target));
  if (problem !== undefined) throw new UsageError(`--output ${output}: ${problem.message}`);
  return target as OutputTarget;
}

/**
 * Refuses an --output FILE that cannot be written, or that is the tourney database, before
 * anything is read: the export commands call it first. What --output may be, and how each is
 * written: output-target.ts.
 */
export function checkOutput(f: Factory, output: string | undefined): void {
  if (output !== undefined) checkedTarget(f, output);
}

/**
 * Writes `doc` to `output`, or to stdout when it is undefined or `-` (or /dev/stdout): as the
 * command's JSON there with --json FIELDS or --jq (which pick from it), else indented. A file
 * is replaced whole; a FIFO, device, socket or /dev/fd/N is written into (output-target.ts).
 * (--json and --jq with --output are refused before: json-form.ts.)
 */
export async function writeDocument(
  f: Factory,
  doc: unknown,
  output: string | undefined,
): Promise<void> {
  // `--output -` is stdout as no --output is: --json FIELDS and --jq apply there too.
  const toStdout = output === undefined || output === "-";
  if (toStdout && (f.globals.jq !== undefined || f.globals.jsonFields !== undefined)) {
    f.jsonOutput().write(doc);
    return;
  }
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  const target = output === undefined ? ({ kind: "stdout" } as const) : checkedTarget(f, output);
  if (target.kind === "stdout" || output === undefined) {
    f.io.stdout.write(text);
    return;
  }
  await writeTo(output, target, text, () => checkOutput(f, output));
  // On stderr: stdout stays the data's (empty here).
  f.printer().note(`exported to ${output}`);
}

/** What a document must be: its format, the versions this tourney reads, the verb writing it. */
export interface DocumentKind {
  readonly format: string;
  readonly versions: readonly number[];
  readonly writer: string;
  /** Top-level fields that must be there, with whether each is an array. */
  readonly required: Readonly<Record<string, "array" | "object">>;
}

/**
 * The document in `text` (from `source`), checked against `kind`. A byte order mark at the
 * start (a Windows editor saves one) is left out, as a roster's and `api --input`'s are: it
 * is no part of the document (JSON's parsers may skip it, RFC 8259 §8.1), where JSON.parse
 * refused the file as "not JSON (Unexpected token '\uFEFF' ...)" (a reviewer found it).
 */
export function parseDocument<T>(text: string, source: string, kind: DocumentKind): T {
  let doc: unknown;
  try {
    doc = JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch (error) {
    throw new UsageError(`${source}: not JSON (${(error as Error).message})`);
  }
  const d = doc as Record<string, unknown> | null;
  if (d === null || typeof d !== "object" || d.format !== kind.format)
    throw new UsageError(
      `${source}: not a ${kind.format.replace("tourney.", "")} export (its "format" must be "${kind.format}"; write one with ${kind.writer})`,
    );
  // A version written as text ("1") is a hand edit, not a newer tourney's export: said so.
  if (typeof d.version !== "number")
    throw new UsageError(
      `${source}: its "version" must be a number (${kind.versions.join(", ")} for this tourney), not ${d.version === undefined ? "missing" : JSON.stringify(d.version)}; fix the file, or export it again with ${kind.writer}`,
    );
  if (!kind.versions.includes(d.version))
    throw new UsageError(
      `${source}: export version ${String(d.version)} is not one this tourney reads (${kind.versions.join(", ")}); upgrade tourney`,
    );
  const wrong = Object.entries(kind.required).filter(([key, shape]) =>
    shape === "array" ? !Array.isArray(d[key]) : typeof d[key] !== "object" || d[key] === null,
  );
  if (wrong.length > 0)
    throw new UsageError(
      `${source}: ${Object.keys(kind.required)
        .map((k) => `"${k}"`)
        .join(", ")} are required`,
    );
  return d as T;
}

/** The text of FILE, or of stdin for "-", and how messages name it. */
export async function readDocument(f: Factory, file: string): Promise<[string, string]> {
  if (file === "-") return [await f.readStdin(), "stdin"];
  const { readInputFile } = await import("../input-file.js");
  return [readInputFile(file, "FILE"), file];
}

/**
 * The export documents' files, for tournaments and races alike: written as
 * pretty JSON to stdout or to FILE (through FILE.partial and a rename, so a
 * crash never leaves half a document), and read back from FILE or stdin (-),
 * checked for their format and version before anything is sent.
 */
import { accessSync, constants, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { causeOf, entryAt, fileInTheWay } from "../../folders/make-folder.js";
import { CommandError, UsageError } from "../errors.js";
import type { Factory } from "../factory.js";

/**
 * What stands in the way of writing FILE (--output) through FILE.partial and a rename, with
 * the way out, or undefined: FILE a folder, its folder missing, a file, or not writable.
 */
function outputProblem(output: string): string | undefined {
  try {
    if (output.endsWith(sep) || entryAt(output)?.isDirectory())
      return `it is a folder, not a file; name a file to write, such as --output ${join(output, "export.json")}`;
    const dir = dirname(resolve(output));
    const folder = entryAt(dir);
    if (folder === undefined) {
      const file = fileInTheWay(dir);
      return file === undefined
        ? `the folder ${dir} does not exist; make it first (mkdir -p ${dir}), or name a file in a folder that exists`
        : `${file} is a file, not a folder; name a file in a folder`;
    }
    if (!folder.isDirectory()) return `${dir} is a file, not a folder; name a file in a folder`;
    accessSync(dir, constants.W_OK);
    return undefined;
  } catch (error) {
    const cause = causeOf(error);
    if (cause === undefined) throw error;
    return `its folder ${dirname(resolve(output))} cannot be written (${cause}); name a file in a folder you can write`;
  }
}

/**
 * Refuses an --output FILE that cannot be written (a usage error, exit 2, naming --output,
 * the cause and the way out) before anything is read: the export commands call it first.
 */
export function checkOutput(output: string | undefined): void {
  if (output === undefined) return;
  const problem = outputProblem(output);
  if (problem !== undefined) throw new UsageError(`--output ${output}: ${problem}`);
}

/** Writes `text` to `output` through `output`.partial, which is never left behind. */
function writeWhole(output: string, text: string): void {
  checkOutput(output);
  const partial = `${output}.partial`;
  try {
    writeFileSync(partial, text);
    renameSync(partial, output);
  } catch (error) {
    try {
      rmSync(partial, { force: true });
    } catch {
      // A folder named FILE.partial is not ours to remove.
    }
    // The place changed under the write (a folder made at FILE, its folder removed): said so.
    checkOutput(output);
    const cause = causeOf(error) ?? (error as Error).message;
    throw new CommandError(
      `--output ${output}: the document could not be written (${cause}); nothing was written there`,
      { cause: error },
    );
  }
}

/**
 * Writes `doc` to `output` (replaced whole), or to stdout when it is undefined: as the
 * command's JSON there with --json FIELDS or --jq (which pick from it), else indented.
 * (--json and --jq with --output are refused before: json-form.ts.)
 */
export function writeDocument(f: Factory, doc: unknown, output: string | undefined): void {
  if (output === undefined && (f.globals.jq !== undefined || f.globals.jsonFields !== undefined)) {
    f.jsonOutput().write(doc);
    return;
  }
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  if (output === undefined) {
    f.io.stdout.write(text);
    return;
  }
  writeWhole(output, text);
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

/** The document in `text` (from `source`), checked against `kind`. */
export function parseDocument<T>(text: string, source: string, kind: DocumentKind): T {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${source}: not JSON (${(error as Error).message})`);
  }
  const d = doc as Record<string, unknown> | null;
  if (d === null || typeof d !== "object" || d.format !== kind.format)
    throw new UsageError(
      `${source}: not a ${kind.format.replace("tourney.", "")} export (its "format" must be "${kind.format}"; write one with ${kind.writer})`,
    );
  if (!kind.versions.includes(d.version as number))
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

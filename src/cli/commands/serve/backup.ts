/**
 * `tourney serve backup FILE`: a consistent copy of the database, taken while `serve` (or
 * any process) holds it open (review J #1). A `cp` of the file alone is no backup then: the
 * latest writes sit in its -wal file until a checkpoint. The copy is one self-contained
 * file (no -wal), written beside FILE under a name of its own and renamed into place.
 */
import { closeSync, existsSync, openSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { Command } from "commander";
import type { App } from "../../app.js";
import { CommandError, UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { verbHelp } from "../verb-help.js";
import { databaseFor } from "./database-path.js";
import { copyDatabase, dbOption } from "./keys.js";

export interface ServeBackupOptions {
  /** Database file; default: the embedded profile's. */
  readonly db?: string | undefined;
  /** Replace FILE when it exists. */
  readonly force?: boolean | undefined;
}

/** Why `target` cannot take the copy of `source`, if it cannot. */
function targetProblem(source: string, target: string, force: boolean): string | undefined {
  const folder = dirname(target);
  const place = statSync(folder, { throwIfNoEntry: false });
  if (place === undefined) return `the folder ${folder} does not exist`;
  if (!place.isDirectory()) return `${folder} is not a folder`;
  for (const suffix of ["", "-wal", "-shm", "-journal"])
    if (target === resolve(`${source}${suffix}`))
      return "it is the database itself (or its -wal, -shm or -journal file)";
  const there = statSync(target, { throwIfNoEntry: false });
  if (there === undefined) return undefined;
  if (!there.isFile()) return "it exists and is not a regular file";
  return force ? undefined : "it exists; --force replaces it";
}

export async function runServeBackup(
  f: Factory,
  file: string,
  o: ServeBackupOptions,
): Promise<void> {
  const source = resolve(databaseFor(f, o.db));
  const target = resolve(file);
  const problem = targetProblem(source, target, o.force === true);
  if (problem !== undefined) throw new UsageError(`cannot write the backup to ${file}: ${problem}`);
  if (!existsSync(source)) throw new CommandError(`no database at ${source} to back up`);
  const partial = join(dirname(target), `.${basename(target)}.${process.pid}.partial`);
  rmSync(partial, { force: true });
  let counts: Awaited<ReturnType<typeof copyDatabase>>;
  try {
    // Private as the database is (it holds API key hashes); VACUUM INTO fills an empty file.
    closeSync(openSync(partial, "wx", 0o600));
    counts = await copyDatabase(source, partial);
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new CommandError(`cannot back up ${source} to ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const record = { database: source, backup: target, bytes: statSync(target).size, ...counts };
  const printer = f.printer();
  if (printer.mode === "json") return printer.json(record);
  printer.note(
    `Backed up ${source} to ${target}: ${counts.tournaments} tournaments, ${counts.participants} participants, ${counts.matches} matches, ${counts.races} races`,
  );
}

export function registerServeBackup(noun: Command, app: App): void {
  noun
    .command("backup")
    .description("copy the database, consistent while serve or another command holds it open")
    .argument("<file>", "the new file; open it with TOURNEY_DATA_DIR or --db")
    .option("--db <file>", "database file (default: the profile's)")
    .option("--force", "replace FILE if it exists")
    .addHelpText(
      "after",
      verbHelp({
        note: "A copy of the database file alone (cp) is no backup while it is open: its latest writes sit in its -wal file until a checkpoint. This takes one snapshot of all of it, -wal included, into one self-contained file (no -wal needed). --json prints {database, backup, bytes, tournaments, participants, matches, races}.",
        examples: [
          "backup.db",
          "/media/usb/tourney.db --force",
          "served-copy.db --db served.db --json",
        ],
      }),
    )
    .action(async (file: string, flags: { db?: string; force?: boolean }, command: Command) =>
      runServeBackup(app.factory(command), file, {
        db: dbOption(command, flags),
        force: flags.force,
      }),
    );
}

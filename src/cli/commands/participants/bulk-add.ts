import { readFileSync } from "node:fs";
import type { Command } from "commander";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { PARTICIPANT_COLUMNS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { parseRoster, type RosterEntry } from "./roster.js";

async function readRoster(
  f: Factory,
  names: readonly string[],
  file: string | undefined,
): Promise<RosterEntry[]> {
  if (names.length > 0 && file !== undefined)
    throw new UsageError("give names as arguments or --file, not both");
  if (names.length > 0) return names.map((name) => ({ name }));
  if (file !== undefined && file !== "-") {
    try {
      // Read synchronously: node:fs/promises would load with every command.
      return parseRoster(readFileSync(file, "utf8"));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT")
        throw new UsageError(`--file ${file}: no such file`);
      throw error;
    }
  }
  if (file === undefined && f.io.stdin.isTTY) {
    throw new UsageError(
      "no participants given: pass names as arguments, --file FILE, or pipe them on stdin",
    );
  }
  return parseRoster(await f.readStdin());
}

export function registerBulkAdd(noun: Command, app: App): void {
  noun
    .command("bulk-add")
    .description("add many participants at once: all are added, or none")
    .argument("<tournament>", "tournament id or url")
    .argument("[names...]", "participant names (else --file or stdin)")
    .option(
      "-f, --file <file>",
      "one name per line, or CSV with a name column (and optional seed, misc); - for stdin",
    )
    .addHelpText(
      "after",
      "\nExamples:\n  tourney participants bulk-add spring_cup Ada Grace Linus\n  tourney participants bulk-add spring_cup < names.txt\n  tourney participants bulk-add spring_cup --file roster.csv",
    )
    .action(
      async (tournament: string, names: string[], options: { file?: string }, command: Command) => {
        const f = app.factory(command);
        const roster = await readRoster(f, names, options.file);
        if (roster.length === 0)
          throw new UsageError("no participants given: the input has no names");
        const client = await f.client();
        const records = await client.participants.bulkAdd(tournament, roster);
        const printer = f.printer();
        if (printer.mode === "table") printer.note(`Added ${records.length} participants`);
        await printer.list(records.map(flatten), PARTICIPANT_COLUMNS);
      },
    );
}

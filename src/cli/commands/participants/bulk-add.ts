import { readFileSync } from "node:fs";
import type { Command } from "commander";
import type { ApiRecord } from "../../../client/envelope.js";
import type { ParticipantsApi } from "../../../client/participants.js";
import type { App } from "../../app.js";
import { CancelledError, UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { listenForInterrupts } from "../../interrupts.js";
import { PARTICIPANT_COLUMNS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { checkRosterRepeats, parseRoster, type RosterEntry, rosterOfArguments } from "./roster.js";

const GUARANTEES = `
What is guaranteed:
  Embedded backend (the default): one transaction; every name is added, or none.
  Remote profile: no transaction spans requests; names go in chunks of 20.
    A refused chunk removes what this run had added, then reports the refusal.
    Ctrl-C sends no further chunk, removes what this run had added, and exits
    130 saying so (a second Ctrl-C stops the removal). If the removal fails,
    the message gives the ids and names left in the tournament.
    A killed process (kill -9, a lost machine) can leave part of the roster added.
  Re-running the same bulk add completes an interrupted one: names already in the
  tournament (compared as the service does, ignoring ASCII case) are skipped and
  counted on stderr; --no-skip-present refuses them instead (exit 5). A name twice
  in one roster is an error naming both lines (exit 2).`;

async function readRoster(
  f: Factory,
  names: readonly string[],
  file: string | undefined,
): Promise<RosterEntry[]> {
  if (names.length > 0 && file !== undefined)
    throw new UsageError("give names as arguments or --file, not both");
  if (names.length > 0) return rosterOfArguments(names);
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
    .description(
      "add many participants at once: all or none (remote: undone on Ctrl-C, resumed by re-running)",
    )
    .argument("<tournament>", "tournament id or url")
    .argument("[names...]", "participant names (else --file or stdin)")
    .option(
      "-f, --file <file>",
      "one name per line, or CSV with a name column (and optional seed, misc); - for stdin",
    )
    .option("--no-skip-present", "refuse names already in the tournament instead of skipping them")
    .addHelpText(
      "after",
      `${GUARANTEES}\n\nExamples:\n  tourney participants bulk-add spring_cup Ada Grace Linus\n  tourney participants bulk-add spring_cup < names.txt\n  tourney participants bulk-add spring_cup --file roster.csv`,
    )
    .action(
      async (
        tournament: string,
        names: string[],
        options: { file?: string; skipPresent: boolean },
        command: Command,
      ) => {
        const f = app.factory(command);
        const roster = await readRoster(f, names, options.file);
        if (roster.length === 0)
          throw new UsageError("no participants given: the input has no names");
        checkRosterRepeats(roster);
        const client = await f.client();
        await addInterruptibly(f, client.participants, tournament, roster, options);
      },
    );
}

async function print(f: Factory, records: readonly ApiRecord[]): Promise<void> {
  const printer = f.printer();
  if (printer.mode === "table") printer.note(`Added ${records.length} participants`);
  await printer.list(records.map(flatten), PARTICIPANT_COLUMNS);
}

/**
 * Runs the add and prints it with Ctrl-C turned into "stop and undo" (see
 * interrupts.ts); the listener stays until the output is written, so a late
 * Ctrl-C is reported too, never a silent exit 130.
 */
async function addInterruptibly(
  f: Factory,
  participants: ParticipantsApi,
  tournament: string,
  roster: readonly RosterEntry[],
  options: { skipPresent: boolean },
): Promise<void> {
  const note = (line: string) => f.io.stderr.write(`${line}\n`);
  const interrupts = listenForInterrupts((count) =>
    note(
      count === 1
        ? "Interrupted: sending no more; undoing what this run added (Ctrl-C again to stop undoing)"
        : "Interrupted again: stopping the undo",
    ),
  );
  try {
    const { runBulkAdd } = await import("./bulk-add-run.js");
    const control = { stop: interrupts.stop, abandon: interrupts.abandon };
    const records = await runBulkAdd(
      { participants, note, control, skipPresent: options.skipPresent },
      tournament,
      roster,
    );
    await print(f, records);
    if (interrupts.stop.aborted) {
      throw new CancelledError(
        `interrupted after the add had completed: all ${records.length} participants were added; nothing was undone`,
      );
    }
  } finally {
    interrupts.release();
  }
}

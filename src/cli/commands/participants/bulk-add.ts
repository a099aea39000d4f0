import type { Command } from "commander";
import type { ApiRecord } from "../../../client/envelope.js";
import type { ParticipantsApi } from "../../../client/participants.js";
import type { App } from "../../app.js";
import { CancelledError, UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { readInputFile } from "../../input-file.js";
import { exitAs, listenForInterrupts, STOP_SIGNALS, signalsDelivered } from "../../interrupts.js";
import { PARTICIPANT_COLUMNS } from "../../output/columns.js";
import { progressBar } from "../../output/progress.js";
import { flatten } from "../../output/records.js";
import { checkJsonFields } from "../../record-fields.js";
import {
  type OwnerKind,
  type ParticipantOwner,
  participantRecord,
  TOURNAMENT_OWNER,
} from "./participant-owner.js";
import { checkRoster, parseRoster, type RosterEntry, rosterOfArguments } from "./roster.js";

const GUARANTEES = `
Input:
  Names as arguments, one name per line (on stdin or --file), or CSV. A line is
  a name as it stands: "#TeamLiquid" is a name, there are no comments; blank
  lines are skipped; quote a name holding a comma as in CSV (a quote never
  closed is an error naming its line). CSV is read when a line holds a ",", ";" or tab outside
  double quotes (the one on most lines is the delimiter; quoted fields may hold
  it and line breaks; a BOM is fine). A first row naming columns (name or
  player, participant, team; seed; misc; any case) is a header, read by column,
  and columns it does not know are named on stderr; without one, rows are
  name,seed,misc by position.
  Seeds may come in any order. Each seed once; a seed past the number of
  participants the tournament will have is an error; names without a seed fill
  the places the seeds leave, in roster order. Problems name the roster line.
  Names are compared after Unicode NFC ("école" typed either way is one name)
  and ignoring ASCII case only (Ada = ADA, but École and école differ).

What is guaranteed:
  Embedded backend (the default): one transaction; every name is added, or none.
    Rosters over 1,000 names go in requests of 1,000 inside that transaction;
    Ctrl-C (or SIGTERM, SIGHUP) rolls it back. At a terminal, stderr shows a
    progress bar.
  Remote profile: no transaction spans requests; names go in chunks of 20.
    A refused chunk removes what this run had added, then reports the refusal.
    Ctrl-C sends no further chunk, removes what this run had added, and exits
    130 saying so (a second Ctrl-C stops the removal); SIGTERM and SIGHUP do the
    same, exit 143 and 129. If the removal fails,
    the message gives the ids and names left in the tournament.
    A killed process (kill -9, a lost machine) can leave part of the roster added.
    Two runs of one roster at once: a run that sees the other adding names of
    its roster keeps what it added (the other may count them as present); a run
    that skipped names checks at its end that they are still there and adds
    back any removed meanwhile (after 3 rounds: exit 5 naming them).
  Re-running the same bulk add completes an interrupted one: names already in the
  tournament (compared as the service does) are skipped and counted on stderr;
  --no-skip-present refuses them instead (exit 5). A name or a seed twice in one
  roster, or a name the service cannot take (a tab or other control character in
  it, over 255 characters), is an error naming the lines; every such problem is
  listed, one per line, and nothing is added (exit 2).`;

/** The roster from the arguments, --file or stdin; notes about unread columns go to stderr. */
async function readRoster(
  f: Factory,
  names: readonly string[],
  file: string | undefined,
): Promise<RosterEntry[]> {
  // A lone `-` is stdin, as `--file -` is (it was added as a participant named "-").
  if (names.length === 1 && names[0] === "-" && file === undefined) return readRoster(f, [], "-");
  if (names.length > 0 && file !== undefined)
    throw new UsageError("give names as arguments or --file, not both");
  if (names.length > 0) return rosterOfArguments(names);
  const asked = file === undefined && f.io.stdin.isTTY;
  if (asked && !f.canPrompt()) {
    throw new UsageError(
      "no participants given: pass names as arguments, --file FILE, or pipe them on stdin",
    );
  }
  const text = asked
    ? await askRoster(f)
    : file !== undefined && file !== "-"
      ? readInputFile(file)
      : await f.readStdin();
  const roster = await parseRoster(text);
  for (const note of roster.notes) f.io.stderr.write(`${note}\n`);
  return roster.entries;
}

/** At a terminal with no input: $VISUAL or $EDITOR on a scratch file, else a name at a time. */
async function askRoster(f: Factory): Promise<string> {
  const p = f.prompter();
  if (f.env.VISUAL || f.env.EDITOR)
    return p.editor("Participants, one per line (or CSV), then save and quit:");
  const lines: string[] = [];
  for (;;) {
    const line = await p.input(`Participant ${lines.length + 1} (an empty line ends the list):`);
    if (line.trim() === "") return lines.join("\n");
    lines.push(line);
  }
}

export function registerBulkAdd(noun: Command, app: App, kind: OwnerKind = TOURNAMENT_OWNER): void {
  const tournament = kind === TOURNAMENT_OWNER;
  const example = tournament ? "tourney participants" : `tourney ${kind.noun} participants`;
  const slug = tournament ? "spring_cup" : "spring_gp";
  noun
    .command("bulk-add")
    .description(
      "add many participants at once: all or none (remote: undone on Ctrl-C, resumed by re-running)",
    )
    .argument(kind.argument, kind.argumentHelp)
    .argument("[names...]", "participant names (else --file or stdin)")
    .option(
      "-f, --file <file>",
      "one name per line, or CSV (name, seed, misc; with or without a header); - for stdin",
    )
    .option("--no-skip-present", "refuse names already in the tournament instead of skipping them")
    .addHelpText(
      "after",
      `${GUARANTEES}\n\nExamples:\n  ${example} bulk-add ${slug} Ada Grace Linus\n  ${example} bulk-add ${slug} < names.txt\n  ${example} bulk-add ${slug} --file roster.csv\n  printf 'Player,Seed\\nZed,2\\nAmy,1\\n' | ${example} bulk-add ${slug}`,
    )
    .action(
      async (
        ref: string,
        names: string[],
        options: { file?: string; skipPresent: boolean },
        command: Command,
      ) => {
        const f = app.factory(command);
        checkJsonFields(f, participantRecord(kind.owner(ref)));
        const roster = await readRoster(f, names, options.file);
        if (roster.length === 0)
          throw new UsageError("no participants given: the input has no names");
        checkRoster(roster);
        const client = await f.client();
        await addInterruptibly(f, client.participants, kind.owner(ref), roster, options);
      },
    );
}

/** The records added, by seed (they were sent unseeded first, then by seed). */
async function print(f: Factory, records: readonly ApiRecord[]): Promise<void> {
  const printer = f.printer();
  if (printer.mode === "table") printer.note(`Added ${records.length} participants`);
  const seed = (r: ApiRecord) => Number(r.attributes.seed ?? 0);
  const bySeed = [...records].sort((a, b) => seed(a) - seed(b));
  await printer.list(bySeed.map(flatten), PARTICIPANT_COLUMNS);
}

/**
 * Runs the add and prints it with Ctrl-C, SIGTERM and SIGHUP turned into "stop and undo"
 * (see interrupts.ts); the listener stays until the output is written, so a late
 * one is reported too, never a silent exit 130 (143, 129).
 */
async function addInterruptibly(
  f: Factory,
  participants: ParticipantsApi,
  owner: ParticipantOwner,
  roster: readonly RosterEntry[],
  options: { skipPresent: boolean },
): Promise<void> {
  const progress = progressBar(f.io.stderr);
  const note = (line: string) => {
    progress.done();
    f.io.stderr.write(`${line}\n`);
  };
  // Once the add has completed there is nothing to stop or undo: the Ctrl-C is reported by
  // the CancelledError below, and the listener says nothing that would contradict it.
  let completed = false;
  // Embedded, the add is one transaction: stopped, it is rolled back whole, nothing to undo.
  const said = participants.bulkAddIsOneTransaction
    ? [
        "Interrupted: sending no more; the add is one transaction: rolling it back, nothing of this run is kept",
        "Interrupted again: the rollback is already under way",
      ]
    : [
        "Interrupted: sending no more; undoing what this run added (Ctrl-C again to stop undoing)",
        "Interrupted again: stopping the undo",
      ];
  // SIGTERM and SIGHUP stop and undo as Ctrl-C does (exit 143, 129: exitAs).
  const interrupts = listenForInterrupts(
    (count) => {
      if (completed) return;
      note(said[count - 1]!);
    },
    process,
    STOP_SIGNALS,
  );
  try {
    const { runBulkAdd } = await import("./bulk-add-run.js");
    const control = {
      stop: interrupts.stop,
      abandon: interrupts.abandon,
      onProgress: progress.update,
      // Tests hold a run after a request (test-pause.ts); loaded only then.
      afterChunk: process.env.TOURNEY_TEST_PAUSE
        ? async () =>
            (await import("../../test-pause.js")).pauseAt(
              "bulk-add-chunk",
              process.env,
              interrupts.stop,
            )
        : undefined,
    };
    const records = await runBulkAdd(
      { participants, note, control, skipPresent: options.skipPresent },
      owner,
      roster,
    ).finally(() => progress.done());
    completed = true;
    await print(f, records);
    await signalsDelivered();
    if (interrupts.stop.aborted) {
      throw new CancelledError(
        `interrupted after the add had completed: all ${records.length} participants were added; nothing was undone`,
      );
    }
  } catch (error) {
    throw exitAs(error, interrupts);
  } finally {
    interrupts.release();
  }
}

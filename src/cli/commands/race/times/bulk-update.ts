/**
 * `tourney race times bulk-update <race> --file times.csv`: many times at once,
 * in requests of 20 (the contract's bulk_update limit), every row checked
 * (time, participant, a time to update in the round) before the first is sent.
 */
import type { Command } from "commander";
import type { ApiRecord } from "../../../../client/envelope.js";
import type { ElapsedTimeEntry, ElapsedTimesApi } from "../../../../client/races.js";
import { participantNameKey } from "../../../../model/participant-name.js";
import type { ResourceObject } from "../../../../model/resource.js";
import type { App } from "../../../app.js";
import { UsageError } from "../../../errors.js";
import type { Factory } from "../../../factory.js";
import { readInputFile } from "../../../input-file.js";
import { progressBar } from "../../../output/progress.js";
import { checkJsonFields } from "../../../record-fields.js";
import { onFileLines } from "../../participants/file-items.js";
import { matchParticipant } from "../../participants/participant-ref.js";
import { flattenTime, relatedId, TIME_COLUMNS } from "../race-records.js";
import { givingUpFirst, heldRanks, repeatedRanks } from "./rank-rows.js";
import {
  participantNames,
  type RoundTimes,
  readRoundTimes,
  refusedWrite,
  refusePendingRound,
} from "./round-times.js";
import { parseRound } from "./time-flags.js";
import { parseTimesCsv, refuseRows, type TimeRow, type TimesFile } from "./times-csv.js";

const HELP = `
The file (or stdin, with --file - or a pipe) is CSV: participant,time[,points][,rank],
or columns named by a header row (participant, time, points, rank). A participant is an
id (or id:N), #seed (or seed:N) or exact name (or name:TEXT); a time is 1:02.345, 1:02:03.456, with a unit (62.345s,
62345ms), a number alone as timing equipment writes it (62345: whole milliseconds;
62.345: seconds; --time refuses a number without a unit), or DNF (did not finish). Points and rank, when left out, are
worked out by the service (rank by time; points by rank when the round is finalized);
a rank of 0 clears one set by hand, and a rank another racer holds by hand is refused.
Every row is checked before anything is sent; a problem names its line (exit 2), as
does a row the service refuses all the same (exit 5).
Rows go in requests of 20; on the embedded backend all of them in one transaction
(all or none); on a remote profile a refused request leaves the earlier ones written,
and running the same command again sets the same times. At a terminal, stderr shows a
progress bar while the requests go.`;

export interface TimesBulkUpdateOptions {
  /** Race id or url. */
  readonly race: string;
  /** Round number; undefined: the race's current round. */
  readonly round?: number | undefined;
  /** The file's rows, and the problems of the rows that could not be read. */
  readonly file: TimesFile;
}

/** Items of `list` grouped by `key` (undefined: left out), each group in list order. */
function groupBy<T, K>(list: readonly T[], key: (item: T) => K | undefined): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  list.forEach((item) => {
    const k = key(item);
    if (k === undefined) return;
    const group = groups.get(k);
    if (group === undefined) groups.set(k, [item]);
    else group.push(item);
  });
  return groups;
}

const nameKey = (p: ResourceObject) =>
  typeof p.attributes.name === "string" ? participantNameKey(p.attributes.name) : undefined;

/**
 * The participants a reference could name, by id, by seed or by name: each read once, not
 * once a row. matchParticipant compares a row with every participant (and reads each name's
 * key again); a row's few candidates, in list order, give it the same answer, found,
 * ambiguous or hint: what it finds first by the form, and by the whole reference as a name,
 * is among them. 8,000 racers: ~27 s of CLI CPU matching before.
 */
function candidatesOf(participants: readonly ResourceObject[]): (ref: string) => ResourceObject[] {
  const order = new Map(participants.map((p, i) => [p, i]));
  const byId = groupBy(participants, (p) => p.id.replace(/^0+(?=\d)/, ""));
  const bySeed = groupBy(participants, (p) => Number(p.attributes.seed));
  const byName = groupBy(participants, nameKey);
  return (ref) => {
    const id = /^(?:id:)?(\d+)$/i.exec(ref)?.[1]?.replace(/^0+(?=\d)/, "");
    const seed = /^(?:#|seed:)(\d+)$/i.exec(ref)?.[1];
    const name = /^name:/i.test(ref) ? ref.slice("name:".length) : undefined;
    const found = new Set([
      ...(id === undefined ? [] : (byId.get(id) ?? [])),
      ...(seed === undefined ? [] : (bySeed.get(Number(seed)) ?? [])),
      ...(byName.get(participantNameKey(ref)) ?? []),
      ...(name === undefined ? [] : (byName.get(participantNameKey(name)) ?? [])),
    ]);
    return [...found].sort((a, b) => order.get(a)! - order.get(b)!);
  };
}

/**
 * The rows as bulk_update entries; refuses with every problem at once: the
 * file's own, and a participant unknown, twice, or without a time in the round.
 * `wheres`, when given, is told each entry's line ("line 46").
 */
export function entriesOf(
  file: TimesFile,
  rt: RoundTimes,
  wheres?: Map<ElapsedTimeEntry, string>,
): ElapsedTimeEntry[] {
  const problems: string[] = [...file.problems, ...repeatedRanks(file.rows)];
  const rows: readonly TimeRow[] = file.rows;
  const seen = new Map<string, string>();
  const entries: ElapsedTimeEntry[] = [];
  const candidates = candidatesOf(rt.participants);
  // A participant's first time in the round, as times.find gave it (looked up once a row).
  const timeOf = new Map<number, ResourceObject>();
  for (const t of rt.times) {
    const id = relatedId(t, "participant");
    if (id !== undefined && !Number.isNaN(id) && !timeOf.has(id)) timeOf.set(id, t);
  }
  for (const row of rows) {
    const {
      found: participant,
      ambiguous,
      hint,
    } = matchParticipant(candidates(row.participant), row.participant);
    if (ambiguous !== undefined) {
      problems.push(`${row.where}: participant ${row.participant} is ambiguous: ${ambiguous}`);
      continue;
    }
    if (participant === undefined) {
      problems.push(
        `${row.where}: no participant ${JSON.stringify(row.participant)} in the race${hint}`,
      );
      continue;
    }
    const name = JSON.stringify(String(participant.attributes.name));
    const before = seen.get(participant.id);
    if (before !== undefined) problems.push(`${row.where}: ${name} already has a time (${before})`);
    seen.set(participant.id, row.where);
    const time = timeOf.get(Number(participant.id));
    if (time === undefined) {
      problems.push(`${row.where}: ${name} has no time to update in round ${rt.round}`);
      continue;
    }
    const entry: ElapsedTimeEntry = {
      elapsedTimeId: Number(time.id),
      time: row.time,
      ...(row.points === undefined ? {} : { points: row.points }),
      ...(row.rank === undefined ? {} : { rank: row.rank }),
    };
    entries.push(entry);
    wheres?.set(entry, row.where);
  }
  const race = String(rt.race.attributes.url ?? rt.raceId);
  const nameOf = (id: number | undefined) =>
    String(rt.participants.find((p) => Number(p.id) === id)?.attributes.name ?? `#${id}`);
  problems.push(...heldRanks(rows, entries, { ...rt, race, nameOf }));
  if (problems.length > 0) refuseRows(problems);
  return entries;
}

/**
 * Sends the entries with a progress bar (at a terminal); when a remote service
 * refuses a later request, says what the earlier ones wrote. A refusal's problems
 * are put on the file's lines (`wheres`): the refused request is the one after the
 * `sent` entries, its pointers counting from its own first entry. Before, a row
 * refused in the third request was named `/data/attributes/elapsed_times/4/points`.
 */
async function send(
  f: Factory,
  api: ElapsedTimesApi,
  entries: readonly ElapsedTimeEntry[],
  wheres: ReadonlyMap<ElapsedTimeEntry, string>,
): Promise<ApiRecord[]> {
  const progress = progressBar(f.io.stderr, "Updating times");
  let sent = 0;
  const onProgress = (done: number, total: number) => {
    sent = done;
    progress.update(done, total);
  };
  try {
    return await api.bulkUpdateAll(entries, { onProgress });
  } catch (error) {
    progress.done();
    if (sent > 0 && f.profile().backend === "remote")
      f.io.stderr.write(
        `note: the first ${sent} of ${entries.length} times were written before the refusal; running the same command again sets them again\n`,
      );
    const lines = entries.map((e) => ({ where: wheres.get(e) ?? "a row" }));
    throw onFileLines(error, "elapsed_times", lines, sent);
  } finally {
    progress.done();
  }
}

export async function runTimesBulkUpdate(f: Factory, o: TimesBulkUpdateOptions): Promise<void> {
  checkJsonFields(f, "elapsed_time");
  const client = await f.client();
  const rt = await readRoundTimes(client, o.race, o.round);
  if (rt.times.length === 0) await refusePendingRound(client, o.race, rt.race, o.round);
  const wheres = new Map<ElapsedTimeEntry, string>();
  const entries = entriesOf(o.file, rt, wheres);
  const api = client.races.elapsedTimes(rt.raceId, rt.round);
  const sending = givingUpFirst(entries, rt.times);
  const sent = await send(f, api, sending, wheres).catch((error: unknown) =>
    refusedWrite(client, o.race, rt, o.round, error),
  );
  // Printed in the file's order, whatever the order sent.
  const byId = new Map(sent.map((t) => [t.id, t]));
  const updated = entries.flatMap((e) => byId.get(String(e.elapsedTimeId)) ?? []);
  const names = participantNames(rt.participants);
  const printer = f.printer();
  if (printer.mode === "table")
    printer.note(`Updated ${updated.length} times in round ${rt.round} of race ${o.race}`);
  await printer.list(
    updated.map((t) => flattenTime(t, names)),
    TIME_COLUMNS,
  );
}

async function readRows(f: Factory, file: string | undefined): Promise<TimesFile> {
  if (file === undefined && f.io.stdin.isTTY)
    throw new UsageError("no times given: pass --file FILE, or pipe them on stdin");
  const text = file !== undefined && file !== "-" ? readInputFile(file) : await f.readStdin();
  return parseTimesCsv(text);
}

export function registerTimesBulkUpdate(noun: Command, app: App): void {
  noun
    .command("bulk-update")
    .description("set many times of a round from a CSV file (participant,time[,points][,rank])")
    .argument("<race>", "race id or url")
    .option("-f, --file <file>", "the CSV file; - for stdin")
    .option("--round <n>", "round number (default: the current round)")
    .addHelpText(
      "after",
      `${HELP}\n\nExample:\n  tourney race times bulk-update spring_gp --file times.csv`,
    )
    .action(async (race: string, flags: { file?: string; round?: string }, cmd: Command) => {
      const f = app.factory(cmd);
      const round = parseRound(flags.round);
      await runTimesBulkUpdate(f, { race, round, file: await readRows(f, flags.file) });
    });
}

/**
 * `tourney race import`: a race export document into the active backend by
 * replay through the API client (any backend): the race found by its url or
 * created with the file's settings, the participants found by name (the
 * missing ones added with their seeds), the race started, then round by round
 * in order: the round started, the times entered with the points and ranks
 * where the target's own differ (bulk updates, while the round is under way),
 * then the round finalized if the file's was. Every step first reads what the
 * target holds, so a re-run continues where it stopped and sends nothing twice;
 * a round the target finalized with other results is reset and entered again.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import { NotFoundError } from "../../client/errors.js";
import type { ElapsedTimeEntry } from "../../client/races.js";
import { MAX_BULK_ELAPSED_TIMES } from "../../model/race.js";
import type { ExportedRound, RaceExport } from "../../model/race-export.js";
import { StateRefusedError, UsageError } from "../errors.js";
import { type Progress, SILENT } from "./progress.js";
import { raceTargetStateOf } from "./published-state.js";
import { changeOf } from "./race-changes.js";
import { participantOf } from "./race-export-reader.js";
import {
  raceCaseRenames,
  raceRenamesThere,
  raceStartedWithout,
  sendRaceRenames,
} from "./race-renames.js";
import { replanning } from "./replan.js";
import { raceSettingDifferences, raceSettingsRefusal } from "./settings-difference.js";

export interface RaceImportSummary {
  url: string;
  created: boolean;
  added: number;
  /** Rounds started or finalized. */
  rounds: number;
  /** Times entered. */
  times: number;
  /** Points or ranks set by hand. */
  adjusted: number;
  /** Racers renamed to the file's names (race-renames.ts). */
  renamed: number;
}

/** Attributes of the race that are its state or the backend's counts, not settings. */
const NOT_SETTINGS = new Set(["state", "currentLap", "participantsCount", "timestamps"]);

type Context = { summary: RaceImportSummary; progress: Progress };

async function ensureRace(
  client: ApiClient,
  doc: RaceExport,
  summary: RaceImportSummary,
  progress: Progress,
) {
  const url = summary.url;
  try {
    const found = await client.races.get(url);
    const a = found.attributes;
    if (a.name !== doc.race.name || a.raceType !== doc.race.raceType)
      throw new StateRefusedError(
        `the target already has a race at url ${url} that is not this one\n  target: ${String(a.name)} (${String(a.raceType)})\n  file:   ${doc.race.name} (${doc.race.raceType})\nnothing was sent`,
      );
    // Another number of rounds or points table: the target would play or score it otherwise.
    const differences = raceSettingDifferences(doc.race, found);
    if (differences.length > 0) throw new StateRefusedError(raceSettingsRefusal(url, differences));
    return found;
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
  // Tests order imports at once by it (test-pause.ts); loaded only then.
  if (process.env.TOURNEY_TEST_PAUSE)
    await (await import("../test-pause.js")).pauseAt("import-read");
  // A step before each write: a stop (Ctrl-C, SIGTERM, SIGHUP) is seen there (interruptible.ts).
  progress.step(`creating race ${url}`);
  const settings = Object.entries(doc.race).filter(([k]) => !NOT_SETTINGS.has(k));
  const created = await client.races.create(Object.fromEntries(settings));
  summary.created = true;
  return created;
}

async function ensureParticipants(
  client: ApiClient,
  doc: RaceExport,
  race: ApiRecord,
  started: boolean,
  { summary, progress }: Context,
): Promise<Map<string, string>> {
  const owner = { race: race.id };
  let records = await client.participants.listAll(owner);
  const missingIn = (list: readonly ApiRecord[]) => {
    const have = new Set(list.map((p) => String(p.attributes.name)));
    return doc.participants.filter((p) => !have.has(p.name));
  };
  let missing = missingIn(records);
  // Renamed in the file's race since, or spelled in another letter case before the start:
  // renamed on the target too (race-renames.ts).
  const { renames, stop } = started
    ? await raceRenamesThere(client, doc, records, race.id)
    : { renames: raceCaseRenames(doc, records), stop: undefined };
  if (stop !== undefined) throw new StateRefusedError(stop);
  if (renames.length > 0) {
    progress.step(`${summary.url}: renaming ${renames.length} participant(s)`);
    await sendRaceRenames(client, race.id, records, renames);
    summary.renamed = renames.length;
    records = await client.participants.listAll(owner);
    missing = missingIn(records);
  }
  if (missing.length > 0 && started)
    throw new StateRefusedError(raceStartedWithout(doc, summary.url, missing, records));
  if (missing.length > 0) {
    const rows = missing.map((p) => ({
      name: p.name,
      ...(p.seed === undefined ? {} : { seed: p.seed }),
      ...(p.misc === undefined || p.misc === null ? {} : { misc: p.misc }),
    }));
    progress.step(`${summary.url}: adding ${rows.length} participant(s)`);
    await client.participants.bulkAdd(owner, rows);
    summary.added = missing.length;
    records = await client.participants.listAll(owner);
  }
  return new Map(records.map((p) => [p.id, String(p.attributes.name)]));
}

/** The target's times of round `number`, by participant name. */
async function timesOf(client: ApiClient, race: string, n: number, names: Map<string, string>) {
  const records = await client.races.elapsedTimes(race, n).listAll();
  return new Map(records.map((t) => [participantOf(t, names), t]));
}

/** The file's round against the target's: the changes that would make them the same. */
async function changesOf(
  client: ApiClient,
  race: string,
  round: ExportedRound,
  names: Map<string, string>,
) {
  const there = await timesOf(client, race, round.number, names);
  return round.times.flatMap((t) => {
    const record = there.get(t.participant);
    const change = record === undefined ? undefined : changeOf(record, t);
    return change === undefined ? [] : [change];
  });
}

async function send(
  client: ApiClient,
  race: string,
  round: ExportedRound,
  entries: readonly ElapsedTimeEntry[],
  { progress }: Context,
) {
  if (entries.length === 0) return;
  await client.races.elapsedTimes(race, round.number).bulkUpdateAll(entries, {
    onProgress: (sent, total) => progress.count(`round ${round.number}: times`, sent, total),
  });
  progress.end();
}

/**
 * Into a round under way (bulk updates): the times, then, against the ranks and
 * points those gave, the file's points and ranks where they differ. A round
 * takes them only under way, and its finalize keeps them.
 */
async function enterResults(
  client: ApiClient,
  race: string,
  round: ExportedRound,
  names: Map<string, string>,
  ctx: Context,
): Promise<void> {
  const timed = (await changesOf(client, race, round, names)).filter((c) => c.timed);
  await send(
    client,
    race,
    round,
    timed.map((c) => c.time),
    ctx,
  );
  ctx.summary.times += timed.length;
  const scored = (await changesOf(client, race, round, names)).filter((c) => c.scored);
  const entries = scored.map((c): ElapsedTimeEntry => c.scores);
  // In more than one request, a rank set in the first may be one a racer of a later one
  // holds by hand until then, which the service refuses: the ranks that change are cleared
  // first (rank 0), then set.
  const ranked = entries.filter((e) => e.rank !== undefined);
  if (entries.length > MAX_BULK_ELAPSED_TIMES && ranked.some((e) => (e.rank ?? 0) > 0))
    await send(
      client,
      race,
      round,
      ranked.map((e) => ({ ...e, rank: 0 })),
      ctx,
    );
  await send(client, race, round, entries, ctx);
  ctx.summary.adjusted += scored.length;
}

type RoundStates = Map<number, unknown>;

async function roundStates(client: ApiClient, race: string): Promise<RoundStates> {
  const all = await client.races.rounds(race).listAll();
  return new Map(all.map((r, i) => [Number(r.attributes.number ?? i + 1), r.attributes.state]));
}

/**
 * A round the target has finalized with results other than the file's (an
 * earlier import stopped there): reset, with the rounds after it the target
 * has begun (last first), so that the file's results can go in again.
 */
async function reopen(client: ApiClient, race: string, n: number, progress: Progress) {
  const states = await roundStates(client, race);
  const begun = [...states].filter(([k, state]) => k >= n && state !== "pending");
  for (const [k] of begun.sort((a, b) => b[0] - a[0])) {
    progress.step(`round ${k}: reset (its results differ from the file's)`);
    await client.races.rounds(race).changeState(k, "reset");
  }
  return roundStates(client, race);
}

async function replayRounds(
  client: ApiClient,
  doc: RaceExport,
  race: string,
  names: Map<string, string>,
  ctx: Context,
): Promise<void> {
  const rounds = client.races.rounds(race);
  let states = await roundStates(client, race);
  for (const round of [...doc.rounds].sort((a, b) => a.number - b.number)) {
    if (round.state === "pending" || round.state === undefined) break;
    if (states.get(round.number) === "completed") {
      if ((await changesOf(client, race, round, names)).length === 0) continue;
      states = await reopen(client, race, round.number, ctx.progress);
    }
    if (states.get(round.number) === "pending") {
      ctx.progress.step(`round ${round.number}: start`);
      await rounds.changeState(round.number, "start");
      ctx.summary.rounds++;
    }
    await enterResults(client, race, round, names, ctx);
    if (round.state === "completed") {
      ctx.progress.step(`round ${round.number}: finalize`);
      await rounds.changeState(round.number, "finalize");
      ctx.summary.rounds++;
    }
  }
}

/**
 * A summary with nothing done yet: also what `--json FIELDS` is checked against before the
 * import sends anything (its fields are known before the import).
 */
export const emptyRaceSummary = (url: string): RaceImportSummary => ({
  url,
  created: false,
  added: 0,
  rounds: 0,
  times: 0,
  adjusted: 0,
  renamed: 0,
});

/** Imports the race `doc` into the backend `client` speaks to. */
export async function importRace(
  client: ApiClient,
  doc: RaceExport,
  progress: Progress = SILENT,
): Promise<RaceImportSummary> {
  if (typeof doc.race.url !== "string" || doc.race.url === "")
    throw new UsageError("the file's race has no url: the import finds it by its url");
  const summary = emptyRaceSummary(doc.race.url);
  // Read again from the top when another command changed the target meanwhile (replan.ts).
  await replanning(summary.url, progress, async () => {
    let race = await ensureRace(client, doc, summary, progress);
    // Worked out from its rounds where the service gives none, as the plan does (race-plan.ts).
    const started = (await raceTargetStateOf(client, race)).state !== "pending";
    const names = await ensureParticipants(client, doc, race, started, { summary, progress });
    if (doc.race.state !== "pending" && !started) {
      progress.step(`${summary.url}: start`);
      race = await client.races.changeState(race.id, "start");
    }
    if (doc.race.state !== "pending")
      await replayRounds(client, doc, race.id, names, { summary, progress });
  });
  return summary;
}

/** The summary as one line. */
export function raceSummaryLine(s: RaceImportSummary): string {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const counts = [
    n(s.added, "participant added", "participants added"),
    n(s.times, "time sent", "times sent"),
    n(s.rounds, "round started or finalized", "rounds started or finalized"),
    n(s.adjusted, "point or rank set", "points or ranks set"),
    ...(s.renamed === 0 ? [] : [n(s.renamed, "participant renamed", "participants renamed")]),
  ];
  return `${s.url}: ${s.created ? "created" : "found"}, ${counts.join(", ")}\n`;
}

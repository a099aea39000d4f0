/**
 * `tourney race import`: a race export document into the active backend by
 * replay through the API client (any backend): the race found by its url or
 * created with the file's settings, the participants found by name (the
 * missing ones added with their seeds), the race started, then round by round
 * in order: the round started, the times entered (bulk updates), the round
 * finalized if the file's was, and the points and ranks the organiser gave by
 * hand set where the target's own differ. Every step first reads what the
 * target holds, so a re-run continues where it stopped and sends nothing twice.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import { NotFoundError } from "../../client/errors.js";
import type { ExportedRound, RaceExport } from "../../model/race-export.js";
import { StateRefusedError, UsageError } from "../errors.js";
import { type Progress, SILENT } from "./progress.js";
import { participantOf } from "./race-export-reader.js";

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
}

/** Attributes of the race that are its state or the backend's counts, not settings. */
const NOT_SETTINGS = new Set(["state", "currentLap", "participantsCount", "timestamps"]);

async function ensureRace(client: ApiClient, doc: RaceExport, summary: RaceImportSummary) {
  const url = summary.url;
  try {
    const found = await client.races.get(url);
    const a = found.attributes;
    if (a.name !== doc.race.name || a.raceType !== doc.race.raceType)
      throw new StateRefusedError(
        `the target already has a race at url ${url} that is not this one\n  target: ${String(a.name)} (${String(a.raceType)})\n  file:   ${doc.race.name} (${doc.race.raceType})\nnothing was sent`,
      );
    return found;
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
  const settings = Object.entries(doc.race).filter(([k]) => !NOT_SETTINGS.has(k));
  summary.created = true;
  return client.races.create(Object.fromEntries(settings));
}

async function ensureParticipants(
  client: ApiClient,
  doc: RaceExport,
  race: ApiRecord,
  summary: RaceImportSummary,
): Promise<Map<string, string>> {
  const owner = { race: race.id };
  let records = await client.participants.listAll(owner);
  const have = new Set(records.map((p) => String(p.attributes.name)));
  const missing = doc.participants.filter((p) => !have.has(p.name));
  if (missing.length > 0 && race.attributes.state !== "pending")
    throw new StateRefusedError(
      `the target's race ${summary.url} has started without ${missing.map((p) => p.name).join(", ")}: nothing more was sent`,
    );
  if (missing.length > 0) {
    const rows = missing.map((p) => ({
      name: p.name,
      ...(p.seed === undefined ? {} : { seed: p.seed }),
      ...(p.misc === undefined || p.misc === null ? {} : { misc: p.misc }),
    }));
    await client.participants.bulkAdd(owner, rows);
    summary.added = missing.length;
    records = await client.participants.listAll(owner);
  }
  return new Map(records.map((p) => [p.id, String(p.attributes.name)]));
}

const value = (v: unknown) => (v === undefined || v === null || v === 0 ? null : Number(v));

/** The target's times of round `number`, by participant name. */
async function timesOf(client: ApiClient, race: string, n: number, names: Map<string, string>) {
  const records = await client.races.elapsedTimes(race, n).listAll();
  return new Map(records.map((t) => [participantOf(t, names), t]));
}

async function enterTimes(
  client: ApiClient,
  race: string,
  round: ExportedRound,
  names: Map<string, string>,
  progress: Progress,
): Promise<number> {
  const there = await timesOf(client, race, round.number, names);
  const entries = round.times.flatMap((t) => {
    const record = there.get(t.participant);
    const time = t.elapsedTime ?? null;
    if (record === undefined || (record.attributes.elapsedTime ?? null) === time) return [];
    return [{ elapsedTimeId: Number(record.id), time }];
  });
  if (entries.length === 0) return 0;
  await client.races.elapsedTimes(race, round.number).bulkUpdateAll(entries, {
    onProgress: (sent, total) => progress.count(`round ${round.number}: times`, sent, total),
  });
  progress.end();
  return entries.length;
}

/** Points and ranks the file's round holds that the target's engine did not give. */
async function adjust(
  client: ApiClient,
  race: string,
  round: ExportedRound,
  names: Map<string, string>,
): Promise<number> {
  const there = await timesOf(client, race, round.number, names);
  let sent = 0;
  for (const t of round.times) {
    const record = there.get(t.participant);
    if (record === undefined) continue;
    const a = record.attributes;
    if (value(a.points) === value(t.points) && value(a.rank) === value(t.rank)) continue;
    await client.races
      .elapsedTimes(race, round.number)
      .update(record.id, { points: value(t.points), rank: value(t.rank) });
    sent++;
  }
  return sent;
}

async function replayRounds(
  client: ApiClient,
  doc: RaceExport,
  race: string,
  names: Map<string, string>,
  summary: RaceImportSummary,
  progress: Progress,
): Promise<void> {
  const rounds = client.races.rounds(race);
  const states = new Map(
    (await rounds.listAll()).map((r, i) => [
      Number(r.attributes.number ?? i + 1),
      r.attributes.state,
    ]),
  );
  for (const round of [...doc.rounds].sort((a, b) => a.number - b.number)) {
    if (round.state === "pending" || round.state === undefined) break;
    if (states.get(round.number) === "pending") {
      progress.step(`round ${round.number}: start`);
      await rounds.changeState(round.number, "start");
      summary.rounds++;
    }
    summary.times += await enterTimes(client, race, round, names, progress);
    if (round.state === "completed" && states.get(round.number) !== "completed") {
      progress.step(`round ${round.number}: finalize`);
      await rounds.changeState(round.number, "finalize");
      summary.rounds++;
    }
    summary.adjusted += await adjust(client, race, round, names);
  }
}

/** Imports the race `doc` into the backend `client` speaks to. */
export async function importRace(
  client: ApiClient,
  doc: RaceExport,
  progress: Progress = SILENT,
): Promise<RaceImportSummary> {
  if (typeof doc.race.url !== "string" || doc.race.url === "")
    throw new UsageError("the file's race has no url: the import finds it by its url");
  const summary = { url: doc.race.url, created: false, added: 0, rounds: 0, times: 0, adjusted: 0 };
  let race = await ensureRace(client, doc, summary);
  const names = await ensureParticipants(client, doc, race, summary);
  if (doc.race.state !== "pending" && race.attributes.state === "pending") {
    progress.step(`${summary.url}: start`);
    race = await client.races.changeState(race.id, "start");
  }
  if (doc.race.state !== "pending")
    await replayRounds(client, doc, race.id, names, summary, progress);
  return summary;
}

/** The summary as one line. */
export function raceSummaryLine(s: RaceImportSummary): string {
  return `${s.url}: ${s.created ? "created" : "found"}, ${s.added} participants added, ${s.times} times sent, ${s.rounds} rounds started or finalized, ${s.adjusted} points or ranks set\n`;
}

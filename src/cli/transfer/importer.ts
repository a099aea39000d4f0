/**
 * `tourney tournament import`: an export document into the active backend by
 * replay through the API client (any backend): the tournament (found by its url,
 * or created with the file's settings), the participants (found by name, the
 * missing ones added with their seeds), the check-in (participant-replay.ts),
 * the stages started, the results replayed in played order (match-replay.ts),
 * then the open matches' scores, the stations and their queues, the
 * attachments, and finalized if the file's was. Every step first reads what the
 * target already has, so a re-run after an interruption continues where it
 * stopped and sends nothing twice.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import { NotFoundError } from "../../client/errors.js";
import type { ExportedMatch, TournamentExport } from "../../model/tournament-export.js";
import { StateRefusedError } from "../errors.js";
import { attachmentsRefusal, replayAttachments } from "./attachment-replay.js";
import { type ReplayCounts, replayMatches } from "./match-replay.js";
import { replayOpenMatches } from "./open-replay.js";
import { type Roster, removedAfterStart, replayCheckIn } from "./participant-replay.js";
import { addWalkIns, ensureParticipants } from "./participant-step.js";
import { type Progress, SILENT } from "./progress.js";
import { targetStateOf } from "./published-state.js";
import { replanning } from "./replan.js";
import { settingDifferences, settingsRefusal } from "./settings-difference.js";
import { replaysFinal, replaysGroups, type StageMoment, stageChange } from "./stage-steps.js";
import { replayStations } from "./station-replay.js";

export interface ImportSummary extends ReplayCounts {
  url: string;
  created: boolean;
  added: number;
  /** Open matches whose scores or underway mark were sent. */
  open: number;
  /** Stations created and matches queued. */
  stations: number;
  attachments: number;
  /** Participants renamed to the file's names (participant-renames.ts). */
  renamed: number;
  /** Participants whose misc was sent again, changed in the file (participant-details.ts). */
  misc: number;
}

async function findTournament(client: ApiClient, url: string): Promise<ApiRecord | undefined> {
  try {
    return await client.tournaments.get(url);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

function sameKind(found: ApiRecord, doc: TournamentExport): void {
  const t = doc.tournament;
  const a = found.attributes;
  if (a.name !== t.name || a.tournament_type !== t.tournament_type)
    throw new StateRefusedError(
      `the target already has a tournament at url ${t.url} that is not this one\n  target: ${String(a.name)} (${String(a.tournament_type)})\n  file:   ${t.name} (${t.tournament_type})\nnothing was sent; rename one of them (tourney tournament update --url) and import again`,
    );
  const differences = settingDifferences(doc, found);
  if (differences.length > 0) throw new StateRefusedError(settingsRefusal(t.url, differences));
  const attachments = attachmentsRefusal(doc, found);
  if (attachments !== undefined) throw new StateRefusedError(attachments);
}

async function changeState(client: ApiClient, url: string, state: string, progress: Progress) {
  progress.step(`${url}: ${state}`);
  await client.tournaments.changeState(url, state);
}

/** The target's state, worked out from its matches where the service gives none (the hosted one). */
const stateOf = async (client: ApiClient, url: string) => (await targetStateOf(client, url)).state;

interface Replay {
  readonly client: ApiClient;
  readonly doc: TournamentExport;
  readonly roster: Roster;
  readonly summary: ImportSummary;
  readonly progress: Progress;
  readonly removed: ReadonlySet<string>;
}

/** Starts the stages and replays their results (stage-steps.ts); returns the matches of the stage reached. */
async function replayStages(r: Replay, state: string): Promise<readonly ExportedMatch[]> {
  const { client, doc, progress } = r;
  const t = doc.tournament;
  const replay = (matches: readonly ExportedMatch[]) =>
    replayMatches(client, t.url, matches, r.roster, r.summary, {
      removed: r.removed,
      progress,
      byes: doc.byes ?? [],
    });
  const change = async (moment: StageMoment, now: string) => {
    const to = stageChange(moment, doc, now);
    if (to !== undefined) await changeState(client, t.url, to, progress);
  };
  const groups = doc.matches.filter((m) => m.group !== null);
  if (replaysGroups(doc)) {
    await change("group start", state);
    await replay(groups);
    await change("group end", await stateOf(client, t.url));
  }
  // Not started in the file (pending, checking in), or its group stage only.
  if (!replaysFinal(doc)) return replaysGroups(doc) ? groups : [];
  await change("final start", await stateOf(client, t.url));
  const finals = doc.matches.filter((m) => m.group === null);
  await replay(finals);
  return finals;
}

/** The summary as one line: what was created, added and sent, and what was already there. */
export function summaryLine(s: ImportSummary): string {
  const also = [
    [s.renamed, "participant renamed", "participants renamed"],
    [s.misc, "participant's misc", "participants' misc"],
    [s.checked_in, "check-in", "check-ins"],
    [s.deactivated, "participant removed mid-event", "participants removed mid-event"],
    [s.open, "open match's scores or mark", "open matches' scores or marks"],
    [s.stations, "station or queued match", "stations and queued matches"],
    [s.attachments, "attachment", "attachments"],
  ] as const;
  const sent = also
    .filter(([n]) => n !== 0)
    .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  const extra = sent.length === 0 ? "" : `; also sent: ${sent.join(", ")}`;
  const added = `${s.added} participant${s.added === 1 ? "" : "s"} added`;
  const results = `${s.reported} result${s.reported === 1 ? "" : "s"} sent`;
  return `${s.url}: ${s.created ? "created" : "found"}, ${added}, ${results}, ${s.skipped} already there${extra}\n`;
}

/**
 * Imports `doc` into the backend `client` speaks to: read again from the top when another
 * command changed the target meanwhile (replan.ts).
 */
export async function importExport(
  client: ApiClient,
  doc: TournamentExport,
  progress: Progress = SILENT,
): Promise<ImportSummary> {
  const summary = emptySummary(doc.tournament.url);
  await replanning(summary.url, progress, () => importOnce(client, doc, progress, summary));
  return summary;
}

/**
 * A summary with nothing done yet: also what `--json FIELDS` is checked against before the
 * import sends anything (its fields are known before the import).
 */
export const emptySummary = (url: string): ImportSummary => ({
  url,
  created: false,
  added: 0,
  checked_in: 0,
  reported: 0,
  skipped: 0,
  deactivated: 0,
  open: 0,
  stations: 0,
  attachments: 0,
  renamed: 0,
  misc: 0,
});

/** One pass over the target: each step reads what it has and sends what is missing. */
async function importOnce(
  client: ApiClient,
  doc: TournamentExport,
  progress: Progress,
  summary: ImportSummary,
): Promise<void> {
  const t = doc.tournament;
  let found = await findTournament(client, t.url);
  // Tests order three imports by it (test-pause.ts); loaded only then.
  if (process.env.TOURNEY_TEST_PAUSE)
    await (await import("../test-pause.js")).pauseAt("import-read");
  if (found === undefined) {
    progress.step(`creating tournament ${t.url}`);
    found = await client.tournaments.create({
      ...t.settings,
      name: t.name,
      url: t.url,
      tournament_type: t.tournament_type,
    });
    summary.created = true;
  } else sameKind(found, doc);
  const before = await targetStateOf(client, t.url, found);
  const first = await ensureParticipants(client, doc, before.state, summary);
  const state = await replayCheckIn(client, doc, summary, progress);
  const roster = await addWalkIns(client, doc, first, summary, progress);
  const removed = removedAfterStart(doc);
  const stage = await replayStages({ client, doc, roster, summary, progress, removed }, state);
  progress.step(`${t.url}: ${summary.reported} results sent, ${summary.skipped} already there`);
  summary.open = await replayOpenMatches(client, t.url, stage, roster);
  summary.stations = await replayStations(client, doc);
  summary.attachments = await replayAttachments(client, doc);
  if (t.state === "complete" && (await stateOf(client, t.url)) !== "complete")
    await changeState(client, t.url, "finalize", progress);
}

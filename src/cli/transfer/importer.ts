/**
 * `tourney tournament import`: an export document into the active backend by
 * replay through the API client (any backend): the tournament (found by its url,
 * or created with the file's settings), the participants (found by name, the
 * missing ones added with their seeds), the stages started, the results
 * replayed in played order (match-replay.ts), and finalized if the file's was.
 * Every step first reads what the target already has, so a re-run after an
 * interruption continues where it stopped and sends nothing twice.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import { NotFoundError } from "../../client/errors.js";
import type { TournamentExport } from "../../model/tournament-export.js";
import { StateRefusedError } from "../errors.js";
import { type ReplayCounts, type Roster, replayMatches } from "./match-replay.js";
import { replayStations } from "./station-replay.js";

export interface ImportSummary extends ReplayCounts {
  url: string;
  created: boolean;
  added: number;
}

export type Progress = (line: string) => void;

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
  if (a.name === t.name && a.tournament_type === t.tournament_type) return;
  throw new StateRefusedError(
    `the target already has a tournament at url ${t.url} that is not this one\n  target: ${String(a.name)} (${String(a.tournament_type)})\n  file:   ${t.name} (${t.tournament_type})\nnothing was sent; rename one of them (tourney tournament update --url) and import again`,
  );
}

async function ensureParticipants(
  client: ApiClient,
  doc: TournamentExport,
  state: string,
  summary: ImportSummary,
): Promise<Roster> {
  const url = doc.tournament.url;
  let records = await client.participants.listAll(url);
  const have = new Set(records.map((p) => String(p.attributes.name)));
  const missing = doc.participants.filter((p) => !have.has(p.name));
  if (missing.length > 0 && state !== "pending")
    throw new StateRefusedError(
      `the target's tournament ${url} has started without ${missing.map((p) => p.name).join(", ")}: nothing more was sent`,
    );
  if (missing.length > 0) {
    const rows = missing.map((p) => ({
      name: p.name,
      seed: p.seed,
      ...(p.misc === null ? {} : { misc: p.misc }),
    }));
    await client.participants.bulkAdd(url, rows);
    summary.added = missing.length;
    records = await client.participants.listAll(url);
  }
  const idOf = new Map(records.map((p) => [String(p.attributes.name), Number(p.id)]));
  return { idOf, nameOf: new Map([...idOf].map(([name, id]) => [id, name])) };
}

const STARTED = new Set(["underway", "awaiting_review", "complete"]);
const GROUPS_DONE = new Set(["group_stages_finalized", ...STARTED]);

async function changeState(client: ApiClient, url: string, state: string, progress: Progress) {
  progress(`${url}: ${state}`);
  await client.tournaments.changeState(url, state);
}

/** Imports `doc` into the backend `client` speaks to. */
export async function importExport(
  client: ApiClient,
  doc: TournamentExport,
  progress: Progress = () => {},
): Promise<ImportSummary> {
  const t = doc.tournament;
  const summary: ImportSummary = { url: t.url, created: false, added: 0, reported: 0, skipped: 0 };
  let found = await findTournament(client, t.url);
  if (found === undefined) {
    progress(`creating tournament ${t.url}`);
    found = await client.tournaments.create({
      ...t.settings,
      name: t.name,
      url: t.url,
      tournament_type: t.tournament_type,
    });
    summary.created = true;
  } else sameKind(found, doc);
  let state = String(found.attributes.state);
  const roster = await ensureParticipants(client, doc, state, summary);
  const twoStage = doc.matches.some((m) => m.group !== null);
  if (twoStage && t.state !== "pending") {
    if (state === "pending") await changeState(client, t.url, "start_group_stage", progress);
    const groups = doc.matches.filter((m) => m.group !== null);
    await replayMatches(client, t.url, groups, roster, summary);
    if (t.state === "group_stages_underway") return summary;
    state = String((await client.tournaments.get(t.url)).attributes.state);
    if (!GROUPS_DONE.has(state)) await changeState(client, t.url, "finalize_group_stage", progress);
    if (t.state === "group_stages_finalized") return summary;
  }
  // Not started in the file (pending, checking in): the participants are all it holds.
  if (!STARTED.has(t.state)) return summary;
  if (!STARTED.has(state)) await changeState(client, t.url, "start", progress);
  const finals = doc.matches.filter((m) => m.group === null);
  await replayMatches(client, t.url, finals, roster, summary);
  progress(`${t.url}: ${summary.reported} results sent, ${summary.skipped} already there`);
  state = String((await client.tournaments.get(t.url)).attributes.state);
  await replayStations(client, doc);
  if (t.state === "complete" && state !== "complete")
    await changeState(client, t.url, "finalize", progress);
  return summary;
}

/**
 * Reads one tournament through the API client (any backend) into the export
 * document (model/tournament-export.ts): settings, participants, matches,
 * stations and their queues, attachments' metadata and final ranks.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import { NotFoundError } from "../../client/errors.js";
import { resourcePath } from "../../client/resource-path.js";
import { playerIds } from "../../model/match-players.js";
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  EXPORT_VERSION_BYES,
  type ExportedAttachment,
  type ExportedEntry,
  type ExportedMatch,
  type ExportedParticipant,
  type ExportedStation,
  matchKey,
  type TournamentExport,
} from "../../model/tournament-export.js";
import { matchStateOf, ranked, tournamentStateOf } from "./published-state.js";
import { readByes } from "./swiss-byes.js";

/** Attributes a tournament record carries that are not settings. */
const NOT_SETTINGS = new Set([
  "state",
  "participants_count",
  "progress_meter",
  "matches_count",
  "matches_complete",
  "timestamps",
  "url",
  "name",
  "tournament_type",
  "community_id",
  "full_challonge_url",
  "live_image_url",
  "sign_up_url",
]);

type Names = ReadonlyMap<number, string>;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const nameOf = (names: Names, id: unknown): string | null => {
  const n = num(id);
  return n === null ? null : (names.get(n) ?? null);
};

function participant(p: ApiRecord): ExportedParticipant {
  const a = p.attributes;
  const states = (a.states ?? {}) as Record<string, unknown>;
  return {
    name: String(a.name),
    seed: Number(a.seed),
    misc: str(a.misc),
    group: num(a.group_id),
    checked_in: states.checked_in === true,
    active: states.active !== false,
    final_rank: num(a.final_rank),
  };
}

function entries(a: Record<string, unknown>, names: Names): ExportedEntry[] {
  if (a.bracket !== "free_for_all") return [];
  const points = (a.points_by_participant ?? []) as Record<string, unknown>[];
  return points.map((e) => ({
    participant: nameOf(names, e.participant_id) ?? String(e.participant_id),
    scores: ((e.scores ?? []) as unknown[]).map(Number),
    rank: num(e.rank),
    advancing: e.advancing === true,
  }));
}

function players(m: ApiRecord, names: Names): (string | null)[] {
  const ids = m.attributes.participant_ids;
  if (Array.isArray(ids)) return ids.map((id) => nameOf(names, id));
  return playerIds(m).map((id) => nameOf(names, id));
}

function match(m: ApiRecord, names: Names, stations: Names): ExportedMatch {
  const a = m.attributes;
  const times = (a.timestamps ?? {}) as Record<string, unknown>;
  const result = {
    players: players(m, names),
    winner: nameOf(names, a.winner_id),
    tie: a.tie === true,
  };
  return {
    identifier: String(a.identifier),
    group: num(a.group_id),
    round: Number(a.round),
    bracket: String(a.bracket ?? ""),
    state: matchStateOf(a.state, result),
    players: result.players,
    score_in_sets: ((a.score_in_sets ?? []) as [number, number][]).map(([x, y]) => [x, y]),
    entries: entries(a, names),
    winner: result.winner,
    loser: nameOf(names, a.loser_id),
    tie: result.tie,
    station: nameOf(stations, a.station_id),
    underway_at: str(times.underway_at ?? a.underway_at),
    completed_at: str(times.completed_at),
  };
}

export function settingsOf(t: ApiRecord): Record<string, unknown> {
  return Object.fromEntries(Object.entries(t.attributes).filter(([k]) => !NOT_SETTINGS.has(k)));
}

/**
 * Stations are not in the published description (`GET /tournaments/{t}/stations` is
 * serve's): asked after the tournament itself was read, a 404 there is a service without
 * them, and the tournament has none. Likewise a 404 for the queue of a station just
 * listed: a service answering an empty queue so, and the queue is empty.
 */
function unpublished(error: unknown): ApiRecord[] {
  if (error instanceof NotFoundError) return [];
  throw error;
}

async function stationsOf(client: ApiClient, url: string, keys: Names) {
  const records = await client.stations.of(url).listAll().catch(unpublished);
  const stations: ExportedStation[] = [];
  for (const s of records) {
    const { name, stream_url, details } = s.attributes;
    const queuers = await client.stations.queuers(url, s.id).listAll().catch(unpublished);
    const queue = queuers
      .sort((x, y) => Number(x.attributes.position) - Number(y.attributes.position))
      .map((q) => keys.get(Number(q.attributes.match_id)) ?? String(q.attributes.match_id));
    stations.push({ name: String(name), attributes: { stream_url, details }, queue });
  }
  return {
    stations,
    names: new Map(records.map((s) => [Number(s.id), String(s.attributes.name)])),
  };
}

/** Attachments' metadata (not their files); read only where the tournament accepts them. */
async function attachmentsOf(
  client: ApiClient,
  t: ApiRecord,
  matches: readonly ApiRecord[],
  keys: Names,
) {
  const found: ExportedAttachment[] = [];
  const options = (t.attributes.match_options ?? {}) as Record<string, unknown>;
  if (options.accept_attachments !== true) return found;
  for (const m of matches) {
    const path = resourcePath("tournaments", t.id, "matches", m.id, "attachments");
    for (const a of await client.requester.listAll({ method: "GET", path })) {
      const { url: link, description, asset } = a.attributes;
      found.push({
        match: keys.get(Number(m.id)) ?? m.id,
        attributes: { url: link, description, asset },
      });
    }
  }
  return found;
}

/** The export document of `tournament` (id or url), read through `client`. */
export async function readExport(
  client: ApiClient,
  tournament: string,
  now: () => Date = () => new Date(),
): Promise<TournamentExport> {
  const t = await client.tournaments.get(tournament);
  const url = String(t.attributes.url ?? t.id);
  const records = await client.participants.listAll(url);
  const names = new Map(records.map((p) => [Number(p.id), String(p.attributes.name)]));
  const matchRecords = await client.matches.listAll(url);
  const keys = new Map(
    matchRecords.map((m) => [
      Number(m.id),
      matchKey({ group: num(m.attributes.group_id), identifier: String(m.attributes.identifier) }),
    ]),
  );
  const { stations, names: stationNames } = await stationsOf(client, url, keys);
  const participants = records
    .map(participant)
    .sort((a, b) => a.seed - b.seed || a.name.localeCompare(b.name));
  const matches = matchRecords.map((m) => match(m, names, stationNames));
  const byes = await readByes(client, url, matches);
  return {
    format: EXPORT_FORMAT,
    version: byes.length > 0 ? EXPORT_VERSION_BYES : EXPORT_VERSION,
    exported_at: now().toISOString(),
    tournament: {
      url,
      name: String(t.attributes.name),
      tournament_type: String(t.attributes.tournament_type),
      state: tournamentStateOf(t.attributes.state, matches, records.some(ranked)),
      settings: settingsOf(t),
      timestamps: (t.attributes.timestamps ?? {}) as Record<string, unknown>,
    },
    participants,
    matches,
    stations,
    attachments: await attachmentsOf(client, t, matchRecords, keys),
    final_ranks: participants
      .filter((p) => p.final_rank !== null)
      .map((p) => ({ participant: p.name, rank: p.final_rank as number }))
      .sort((a, b) => a.rank - b.rank || a.participant.localeCompare(b.participant)),
    // Written only when there are some: a document without swiss byes is as it was before them.
    ...(byes.length > 0 ? { byes } : {}),
  };
}

/**
 * `tourney race export`: one race read through the API client (any backend) into
 * one versioned JSON document (format "tourney.race", version 1): its settings,
 * participants, every round with its times, and the standings. Participants are
 * named by name (ids differ between backends). schema/race-export.schema.json.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import { NotFoundError } from "../../client/errors.js";
import {
  type ExportedRound,
  RACE_EXPORT_FORMAT,
  RACE_EXPORT_VERSION,
  type RaceExport,
} from "../../model/race-export.js";
import { derivedRaceStandings } from "../commands/race/derived-standings.js";
import { raceTargetStateOf } from "./published-state.js";

type Names = ReadonlyMap<string, string>;

/** Attributes that are the backend's bookkeeping, not the race's: ids and clocks. */
const BOOKKEEPING = new Set([
  "id",
  "raceId",
  "race_id",
  "roundId",
  "round_id",
  "participantId",
  "participant_id",
  "elapsedTimeId",
  "timestamps",
  "createdAt",
  "updatedAt",
  "created_at",
  "updated_at",
]);

/** The participant (by name) an elapsed time or standing is of. */
export function participantOf(r: ApiRecord, names: Names): string | null {
  const link = r.relationships?.participant as { data?: { id?: unknown } | null } | undefined;
  const id = link?.data?.id ?? r.attributes.participantId ?? r.attributes.participant_id;
  return id === undefined || id === null ? null : (names.get(String(id)) ?? String(id));
}

function plain(r: ApiRecord): Record<string, unknown> {
  return Object.fromEntries(Object.entries(r.attributes).filter(([k]) => !BOOKKEEPING.has(k)));
}

async function roundsOf(client: ApiClient, race: string, names: Names) {
  const rounds = await client.races.rounds(race).listAll();
  const out: ExportedRound[] = [];
  for (const [i, round] of rounds.entries()) {
    const number = Number(round.attributes.number ?? i + 1);
    const times = await client.races.elapsedTimes(race, number).listAll();
    out.push({
      number,
      ...plain(round),
      times: times
        .map((t) => ({ participant: participantOf(t, names), ...plain(t) }))
        .sort((a, b) => String(a.participant).localeCompare(String(b.participant))),
    });
  }
  return out;
}

/**
 * A race's participants and standings are not in the published description (serve's
 * `GET /races/{r}/participants` and `/standings`): asked after the race itself was read,
 * a 404 there is a service without them. Undefined then: the participants are the ids
 * the times carry, the standings worked out from the rounds' times.
 */
async function unpublished<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** The participants the rounds' times name, by id (their name), when the race's are not listed. */
function timed(rounds: readonly ExportedRound[]): RaceExport["participants"] {
  const ids = new Set(rounds.flatMap((r) => r.times.map((t) => t.participant)));
  return [...ids].filter((id) => id !== null).map((id) => ({ name: String(id) }));
}

/** The export document of race `race` (its id), read through `client`. */
export async function readRaceExport(
  client: ApiClient,
  race: string,
  now: () => Date = () => new Date(),
): Promise<RaceExport> {
  const r = await client.races.get(race);
  const participants = await unpublished(client.participants.listAll({ race: r.id }));
  const names = new Map((participants ?? []).map((p) => [p.id, String(p.attributes.name)]));
  const { timestamps, ...settings } = r.attributes;
  const rounds = await roundsOf(client, r.id, names);
  const standings =
    (await unpublished(client.races.standings(r.id))) ?? (await derivedRaceStandings(client, r.id));
  return {
    format: RACE_EXPORT_FORMAT,
    version: RACE_EXPORT_VERSION,
    exported_at: now().toISOString(),
    race: {
      ...settings,
      name: String(settings.name),
      raceType: String(settings.raceType),
      // A service that gives no state (the published RacingOutput has none): worked out from
      // the rounds (published-state.ts); before, String(undefined) wrote "undefined".
      state: (await raceTargetStateOf(client, r)).state,
      timestamps: (timestamps ?? {}) as Record<string, unknown>,
    },
    participants:
      participants === undefined
        ? timed(rounds)
        : participants
            .map((p): RaceExport["participants"][number] => ({
              ...plain(p),
              name: String(p.attributes.name),
            }))
            .sort((a, b) => Number(a.seed ?? 0) - Number(b.seed ?? 0)),
    rounds,
    standings: standings.map((s) => ({
      participant: participantOf(s, names),
      ...plain(s),
    })),
  };
}

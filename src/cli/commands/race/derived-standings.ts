/**
 * A race's standings worked out from what the published description does serve (the
 * rounds and their elapsed times), for a service that answers `GET /races/{r}/standings`
 * with 404 (the hosted one: standings and a race's participants are serve's). Ranked as
 * serve ranks them (model/race-standings.ts); participants named by the race's
 * participants when those are listed, else by the ids the times carry.
 */
import type { ApiClient } from "../../../client/api-client.js";
import type { ApiRecord } from "../../../client/envelope.js";
import { NotFoundError } from "../../../client/errors.js";
import { type RoundFinish, raceStandings } from "../../../model/race-standings.js";

const num = (v: unknown): number | null =>
  v === null || v === undefined || v === "" || !Number.isFinite(Number(v)) ? null : Number(v);

/** The participant id an elapsed time is of: its relationship, or the attribute. */
function participantIdOf(t: ApiRecord): number | null {
  const link = t.relationships?.participant as { data?: { id?: unknown } | null } | undefined;
  return num(link?.data?.id ?? t.attributes.participantId ?? t.attributes.participant_id);
}

async function finishesOf(client: ApiClient, race: string): Promise<RoundFinish[]> {
  const rounds = await client.races.rounds(race).listAll();
  const finishes: RoundFinish[] = [];
  for (const [i, round] of rounds.entries()) {
    const number = num(round.attributes.number ?? round.attributes.round) ?? i + 1;
    for (const t of await client.races.elapsedTimes(race, number).listAll()) {
      const participantId = participantIdOf(t);
      if (participantId === null) continue;
      const { rank, points, elapsedTime } = t.attributes;
      finishes.push({
        participantId,
        rank: num(rank),
        points: num(points),
        time: num(elapsedTime),
      });
    }
  }
  return finishes;
}

async function listedParticipants(client: ApiClient, race: string) {
  try {
    return await client.participants.listAll({ race });
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** The standings of race `ref` (read first: a race that is not there is a 404 of its own). */
export async function derivedRaceStandings(client: ApiClient, ref: string): Promise<ApiRecord[]> {
  const race = await client.races.get(ref);
  const finishes = await finishesOf(client, race.id);
  const listed = await listedParticipants(client, race.id);
  const field = (listed ?? [])
    .map((p) => ({ id: Number(p.id), seed: num(p.attributes.seed) ?? 0, name: p.attributes.name }))
    .concat(
      [...new Set(finishes.map((f) => f.participantId))]
        .filter((id) => !listed?.some((p) => Number(p.id) === id))
        .map((id) => ({ id, seed: 0, name: undefined })),
    );
  const names = new Map(field.map((p) => [p.id, p.name]));
  return raceStandings(field, finishes).map((s) => ({
    id: String(s.participantId),
    type: "race_standing",
    attributes: {
      ...s,
      name: typeof names.get(s.participantId) === "string" ? names.get(s.participantId) : "",
    },
  }));
}

/**
 * Races, rounds and elapsed times as the CLI prints them: a record is `id` plus
 * the attributes (camelCase, as the contract draws them), plus what the table
 * needs from the relationships — `participantsCount` and `roundsCount` of a
 * race, `elapsedTimesCount` of a round, `participantId` (and `name`, when the
 * participants were read) of an elapsed time. Times show as formattedTime (`00:01:02.345`).
 */
import type { ResourceObject } from "../../../model/resource.js";
import type { Column } from "../../output/printer.js";
import { type FlatRecord, flatten, pick } from "../../output/records.js";
import { formatTime } from "./times/time-format.js";

/** A relationship's `meta.count` (drawn beside `links`, or inside it as the contract does). */
function relationshipCount(record: ResourceObject, name: string): number | undefined {
  const link = record.relationships?.[name] as Record<string, unknown> | undefined;
  const count =
    link === undefined ? undefined : (pick(link, "meta.count") ?? pick(link, "links.meta.count"));
  return typeof count === "number" ? count : undefined;
}

/** The id of a to-one relationship (`relationships.participant.data.id`), as a number. */
export function relatedId(record: ResourceObject, name: string): number | undefined {
  const link = record.relationships?.[name] as Record<string, unknown> | undefined;
  const id = link === undefined ? undefined : pick(link, "data.id");
  return id === undefined || id === null ? undefined : Number(id);
}

function withCounts(record: ResourceObject, counts: Record<string, string>): FlatRecord {
  const flat = flatten(record);
  for (const [key, relationship] of Object.entries(counts)) {
    const count = relationshipCount(record, relationship);
    if (count !== undefined) flat[key] = count;
  }
  return flat;
}

export const flattenRace = (race: ResourceObject): FlatRecord =>
  withCounts(race, { participantsCount: "participants", roundsCount: "rounds" });

export const flattenRound = (round: ResourceObject): FlatRecord =>
  withCounts(round, { elapsedTimesCount: "elapsedTimes" });

/** An elapsed time; `names` (participant id -> name) adds the name. */
export function flattenTime(time: ResourceObject, names?: ReadonlyMap<number, string>): FlatRecord {
  const participantId = relatedId(time, "participant") ?? time.attributes.participantId;
  const flat: FlatRecord = { ...flatten(time), participantId: participantId ?? null };
  const name = names?.get(Number(participantId));
  if (name !== undefined) flat.name = name;
  return flat;
}

/** The service's formattedTime, or the CLI's own formatting of elapsedTime. */
const shownTime = (r: FlatRecord) =>
  typeof r.formattedTime === "string" && r.formattedTime !== ""
    ? r.formattedTime
    : formatTime(r.elapsedTime as number | null);

/** Rounds a race has (its attributes): grandPrixOptions.rounds for a grand prix, else one. */
export const plannedRounds = (r: Record<string, unknown>): number | null =>
  r.raceType === "grand prix" ? ((pick(r, "grandPrixOptions.rounds") as number) ?? null) : 1;

/** The number of the race's current round (`currentLap.number`), or null. */
export const lap = (r: Record<string, unknown>): number | null => {
  const number = pick(r, "currentLap.number");
  return typeof number === "number" ? number : null;
};

export const RACE_COLUMNS: readonly Column[] = [
  { header: "ID", value: "id" },
  { header: "NAME", value: "name" },
  { header: "URL", value: "url" },
  { header: "TYPE", value: "raceType" },
  { header: "STATE", value: "state" },
  { header: "ROUND", value: (r) => (lap(r) === null ? null : `${lap(r)}/${plannedRounds(r)}`) },
  { header: "PARTICIPANTS", value: "participantsCount" },
  { header: "CREATED", value: "timestamps.createdAt" },
];

export const RACE_FIELDS: readonly Column[] = [
  { header: "id", value: "id" },
  { header: "name", value: "name" },
  { header: "url", value: "url" },
  { header: "type", value: "raceType" },
  { header: "state", value: "state" },
  { header: "rounds", value: plannedRounds },
  { header: "current round", value: lap },
  { header: "participants", value: "participantsCount" },
  { header: "private", value: "private" },
  { header: "description", value: "description" },
  { header: "starts at", value: "timestamps.startsAt" },
  { header: "created", value: "timestamps.createdAt" },
  { header: "completed", value: "timestamps.completedAt" },
];

export const ROUND_COLUMNS: readonly Column[] = [
  { header: "ROUND", value: "round" },
  { header: "ID", value: "id" },
  { header: "STATE", value: "state" },
  { header: "TIMES", value: "elapsedTimesCount" },
  { header: "COMPLETED", value: "timestamps.completedAt" },
];

export const ROUND_FIELDS: readonly Column[] = [
  { header: "round", value: "round" },
  { header: "id", value: "id" },
  { header: "state", value: "state" },
  { header: "times", value: "elapsedTimesCount" },
  { header: "created", value: "timestamps.createdAt" },
  { header: "updated", value: "timestamps.updatedAt" },
  { header: "completed", value: "timestamps.completedAt" },
];

export const TIME_COLUMNS: readonly Column[] = [
  { header: "RANK", value: "rank" },
  { header: "PARTICIPANT", value: "participantId" },
  { header: "NAME", value: "name" },
  { header: "TIME", value: shownTime },
  { header: "POINTS", value: "points" },
  { header: "ID", value: "id" },
];

export const TIME_FIELDS: readonly Column[] = [
  { header: "id", value: "id" },
  { header: "participant", value: "participantId" },
  { header: "name", value: "name" },
  { header: "time", value: shownTime },
  { header: "milliseconds", value: "elapsedTime" },
  { header: "rank", value: "rank" },
  { header: "points", value: "points" },
  { header: "updated", value: "timestamps.updatedAt" },
];

/**
 * Entering times: one elapsed time (PUT), or 1 to 20 (bulk_update), each
 * read and checked inside the one write that sets them, the ranks they move
 * set in it (time-ranks.ts). Times go into a round under way only.
 */
import {
  MAX_BULK_ELAPSED_TIMES,
  MAX_ELAPSED_MS,
  MAX_PLACE_POINTS,
  MAX_TIME_RANK,
} from "../../model/race.js";
import type { ElapsedTimeChanges, ElapsedTimeRow } from "../../store/elapsed-times-repository.js";
import type { RoundRow } from "../../store/race-rounds-repository.js";
import type { RaceRow } from "../../store/races-repository.js";
import type { ServiceContext } from "../context.js";
import { Problems, unprocessable } from "../errors.js";
import { describeType, type FieldSpec, NO_VALUE, readField } from "../validation/fields.js";
import { type Ignored, ignoreUnknownKeys, unknownAttribute } from "../validation/ignored.js";
import { currentRace, currentRound, findElapsedTime } from "./race-lookup.js";
import { enterTimes } from "./time-ranks.js";

const SPECS: Readonly<Record<string, FieldSpec>> = {
  time: { kind: "integer", min: 0, max: MAX_ELAPSED_MS, nullable: true },
  points: { kind: "integer", min: 0, max: MAX_PLACE_POINTS, nullable: true },
  rank: { kind: "integer", min: 0, max: MAX_TIME_RANK, nullable: true },
};

/** Response attributes a client may send back: ignored. */
const READ_ONLY = new Set(["formattedTime", "timestamps", "round", "rankGiven", "id"]);

/**
 * One entry's changes. The time is `elapsedTime` (PUT) or `time` (bulk), in
 * milliseconds, null for none (did not finish); points and rank 0 mean "not
 * set" (DESIGN.md §3), as null does: the round's own rank and points apply.
 */
function readChanges(
  input: Record<string, unknown>,
  timeKey: "elapsedTime" | "time",
  pointer: string,
  problems: Problems,
  known: ReadonlySet<string>,
  ignored: Ignored,
): ElapsedTimeChanges {
  const changes: { -readonly [K in keyof ElapsedTimeChanges]: ElapsedTimeChanges[K] } = {};
  for (const [key, value] of Object.entries(input)) {
    if (READ_ONLY.has(key) || known.has(key)) continue;
    const spec =
      key === timeKey ? SPECS.time : key === "points" || key === "rank" ? SPECS[key] : undefined;
    if (spec === undefined) {
      unknownAttribute(key, pointer, [timeKey, "points", "rank"], problems, ignored);
      continue;
    }
    const read = readField(spec, value, `${pointer}/${key}`, problems) as
      | number
      | null
      | typeof NO_VALUE;
    if (read === NO_VALUE) continue;
    if (key === timeKey) changes.elapsed_ms = read;
    else changes[key as "points" | "rank"] = read === 0 ? null : read;
  }
  return changes;
}

/** The attributes of PUT .../elapsed_times/{id}; unknown ones named in `ignored` (DESIGN.md §3). */
export function readElapsedTimeInput(
  attributes: Record<string, unknown>,
  ignored: Ignored,
): ElapsedTimeChanges {
  const problems = new Problems();
  const pointer = "/data/attributes";
  const changes = readChanges(attributes, "elapsedTime", pointer, problems, new Set(), ignored);
  problems.throwIfAny();
  return changes;
}

export interface BulkEntry {
  readonly id: number;
  readonly changes: ElapsedTimeChanges;
  readonly pointer: string;
}

/**
 * `attributes.elapsed_times` of bulk_update: 1 to 20 entries `{elapsedTimeId, time, points, rank}`.
 * Unknown attributes, beside `elapsed_times` or in an entry, are named in `ignored`
 * (`elapsed_times.0.colour`).
 */
export function readBulkTimes(attributes: Record<string, unknown>, ignored: Ignored): BulkEntry[] {
  const list = attributes.elapsed_times;
  const pointer = "/data/attributes/elapsed_times";
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_BULK_ELAPSED_TIMES) {
    const got = Array.isArray(list) ? `${list.length} entries` : describeType(list);
    throw unprocessable(
      `elapsed_times must be an array of 1 to ${MAX_BULK_ELAPSED_TIMES} objects like {"elapsedTimeId": 1, "time": 62345}, not ${got}`,
      pointer,
    );
  }
  const problems = new Problems();
  ignoreUnknownKeys(
    attributes,
    ["elapsed_times"],
    { pointer: "/data/attributes" },
    problems,
    ignored,
  );
  const seen = new Set<number>();
  const entries = list.map((item, i): BulkEntry => {
    const at = `${pointer}/${i}`;
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      problems.add(at, 'each entry must be an object like {"elapsedTimeId": 1, "time": 62345}');
      return { id: 0, changes: {}, pointer: at };
    }
    const entry = item as Record<string, unknown>;
    const given = entry.elapsedTimeId;
    const id = readField(
      { kind: "integer", min: 1, max: Number.MAX_SAFE_INTEGER },
      typeof given === "string" && /^\d+$/.test(given) ? Number(given) : (given ?? null),
      `${at}/elapsedTimeId`,
      problems,
    );
    if (typeof id === "number" && seen.has(id))
      problems.add(`${at}/elapsedTimeId`, `elapsed time ${id} is given twice in this request`);
    if (typeof id === "number") seen.add(id);
    const changes = readChanges(entry, "time", at, problems, new Set(["elapsedTimeId"]), ignored);
    return { id: typeof id === "number" ? id : 0, changes, pointer: at };
  });
  problems.throwIfAny();
  return entries;
}

function requireUnderway(race: RaceRow, round: RoundRow): void {
  if (round.state !== "underway") {
    const why = round.state === "pending" ? "start it first" : "reset it to change its times";
    throw unprocessable(
      `round ${round.number} of race ${race.url} is ${round.state}: times go into a round under way; ${why}`,
    );
  }
}

/** Sets one elapsed time of a round under way. */
export function updateElapsedTime(
  service: ServiceContext,
  ids: { readonly race: number; readonly round: number; readonly time: number },
  changes: ElapsedTimeChanges,
): ElapsedTimeRow {
  return service.write(() => {
    const race = currentRace(service, ids.race);
    const round = currentRound(service, race, ids.round);
    requireUnderway(race, round);
    const row = findElapsedTime(service, round, String(ids.time));
    return enterTimes(service, race, round, [{ row, changes }], service.now())[0]!;
  });
}

/** Sets 1 to 20 elapsed times of a round under way: all of them, or none. */
export function bulkUpdateElapsedTimes(
  service: ServiceContext,
  ids: { readonly race: number; readonly round: number },
  entries: readonly BulkEntry[],
): ElapsedTimeRow[] {
  return service.write(() => {
    const race = currentRace(service, ids.race);
    const round = currentRound(service, race, ids.round);
    const problems = new Problems();
    const rows = entries.map((entry) => {
      const row = service.race.elapsedTimes.find(entry.id);
      if (row === undefined || row.round_id !== round.id) {
        problems.add(
          `${entry.pointer}/elapsedTimeId`,
          `elapsed time ${entry.id} is not one of round ${round.number} of race ${race.url}`,
        );
      }
      return row!;
    });
    problems.throwIfAny();
    requireUnderway(race, round);
    const changes = entries.map((entry, i) => ({
      row: rows[i]!,
      changes: entry.changes,
      pointer: entry.pointer,
    }));
    return enterTimes(service, race, round, changes, service.now());
  });
}

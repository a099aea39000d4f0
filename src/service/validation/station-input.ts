/** Station and station queuer attributes (issue 15). */
import { STATION_DETAILS, STATION_NAME, STATION_STREAM_URL } from "../../model/text-rules.js";
import { Problems } from "../errors.js";
import { type FieldSpec, NO_VALUE, readField } from "./fields.js";
import { type Ignored, unknownAttribute } from "./ignored.js";

const POINTER = "/data/attributes";

const SPECS: Readonly<Record<string, FieldSpec>> = {
  name: { kind: "string", ...STATION_NAME },
  stream_url: { kind: "string", ...STATION_STREAM_URL },
  details: { kind: "string", ...STATION_DETAILS },
};

/** Read-only attributes of a station response; sent back, they are ignored. */
const READ_ONLY = new Set(["id", "tournament_id", "timestamps", "queue_size"]);

export interface StationInput {
  name?: string;
  stream_url?: string | null;
  details?: string | null;
  /** undefined: not given; null: unassign. */
  match_id?: number | null;
}

/** A match id as an integer or a string of digits; `undefined` when it is neither. */
export function readMatchId(value: unknown): number | undefined {
  const id = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function readMatchField(value: unknown, problems: Problems): number | null | undefined {
  if (value === null) return null;
  const id = readMatchId(value);
  if (id === undefined)
    problems.add(`${POINTER}/match_id`, "match_id must be a match id (a whole number) or null");
  return id;
}

/** Reads a station's attributes; `create` requires a name. Every wrong field is named at once. */
export function readStationInput(
  attributes: Record<string, unknown>,
  create: boolean,
  ignored: Ignored,
): StationInput {
  const problems = new Problems();
  const input: StationInput = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (READ_ONLY.has(key)) continue;
    if (key === "match_id") {
      const id = readMatchField(value, problems);
      if (id !== undefined) input.match_id = id;
      continue;
    }
    const spec = Object.hasOwn(SPECS, key) ? SPECS[key] : undefined;
    if (spec === undefined) {
      unknownAttribute(key, POINTER, [...Object.keys(SPECS), "match_id"], problems, ignored);
      continue;
    }
    if (value === null && key !== "name") {
      input[key as "stream_url" | "details"] = null;
      continue;
    }
    const read = readField(spec, value, `${POINTER}/${key}`, problems);
    if (read !== NO_VALUE) input[key as "name"] = read as string;
  }
  if (input.name !== undefined && input.name.trim() === "")
    problems.add(`${POINTER}/name`, "name can't be blank");
  else if (create && input.name === undefined && !problems.has(`${POINTER}/name`))
    problems.add(`${POINTER}/name`, "name is required");
  problems.throwIfAny();
  return input;
}

export interface QueuerInput {
  readonly matchId?: number;
  readonly position?: number;
}

/** Reads a queuer's `match_id` (required on create) and `position` (required on update). */
export function readQueuerInput(
  attributes: Record<string, unknown>,
  create: boolean,
  ignored: Ignored,
): QueuerInput {
  const problems = new Problems();
  let matchId: number | undefined;
  let position: number | undefined;
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "id" || key === "station_id" || key === "timestamps") continue;
    if (key === "match_id") {
      if (!create) continue;
      matchId = readMatchId(value);
      if (matchId === undefined)
        problems.add(`${POINTER}/match_id`, "match_id must be a match id (a whole number)");
    } else if (key === "position") {
      const read = readField(
        { kind: "integer", min: 1, max: 100_000 },
        value,
        `${POINTER}/position`,
        problems,
      );
      if (read !== NO_VALUE) position = read as number;
    } else unknownAttribute(key, POINTER, ["match_id", "position"], problems, ignored);
  }
  if (create && matchId === undefined && !problems.has(`${POINTER}/match_id`))
    problems.add(`${POINTER}/match_id`, "match_id is required");
  if (!create && position === undefined && !problems.has(`${POINTER}/position`))
    problems.add(`${POINTER}/position`, "position is required");
  problems.throwIfAny();
  return {
    ...(matchId === undefined ? {} : { matchId }),
    ...(position === undefined ? {} : { position }),
  };
}

/**
 * Every race attribute of the contract's RacingInput (camelCase), plus the
 * extension `pointsTable`: specifications, defaults, and the merge of a
 * request's attributes over them (create) or the stored settings (update).
 */
import {
  DEFAULT_GRAND_PRIX_ROUNDS,
  MAX_GRAND_PRIX_ROUNDS,
  MAX_PLACE_POINTS,
  RACE_TYPES,
  type RaceSettings,
} from "../../model/race.js";
import type { Problems } from "../errors.js";
import { type AttributeSchema, mergeAttributes } from "./attribute-merge.js";
import { describeType, type FieldSpec, NAME_FIELD, URL_FIELD } from "./fields.js";
import type { Ignored } from "./ignored.js";

const bool: FieldSpec = { kind: "boolean" };

/** Places a points table may score (the most points one place may give: model/race.ts). */
export const MAX_POINTS_PLACES = 1000;

/** Exported for test/model/settable-attributes.test.ts (the CLI's --set list). */
export const SCHEMA: AttributeSchema = {
  topLevel: {
    name: NAME_FIELD,
    url: URL_FIELD,
    raceType: { kind: "enum", values: RACE_TYPES },
    description: { kind: "string", maxLength: 10_000, multiline: true },
    private: bool,
    startsAt: { kind: "timestamp", nullable: true },
  },
  groups: {
    notifications: { uponMatchesOpen: bool, uponTournamentEnds: bool },
    registrationOptions: {
      openSignup: bool,
      // 0 is "not set" as the tournament's signup_cap reads it (DESIGN.md §3): it was a 422.
      signupCap: { kind: "integer", min: 1, max: 100_000, nullable: true, zeroIsUnset: true },
    },
    // 0 is "not set": the default rounds (DESIGN.md §3; the contract gives no bound).
    grandPrixOptions: {
      rounds: {
        kind: "integer",
        min: 1,
        max: MAX_GRAND_PRIX_ROUNDS,
        zeroIs: DEFAULT_GRAND_PRIX_ROUNDS,
      },
    },
  },
  readOnly: new Set(["id", "state", "timestamps", "currentLap", "participantsCount"]),
};

export function defaultRaceSettings(): RaceSettings {
  return {
    name: "",
    url: "",
    raceType: "time trial",
    description: "",
    private: false,
    startsAt: null,
    notifications: { uponMatchesOpen: true, uponTournamentEnds: true },
    registrationOptions: { openSignup: false },
    grandPrixOptions: { rounds: DEFAULT_GRAND_PRIX_ROUNDS },
    pointsTable: null,
  };
}

/**
 * `pointsTable`: null (the default table) or 1 to MAX_POINTS_PLACES whole
 * numbers from 0, first place first. Returns undefined after a problem.
 */
function readPointsTable(
  value: unknown,
  pointer: string,
  problems: Problems,
): number[] | null | undefined {
  if (value === null) return null;
  const ok =
    Array.isArray(value) &&
    value.length >= 1 &&
    value.length <= MAX_POINTS_PLACES &&
    value.every((v) => Number.isInteger(v) && v >= 0 && v <= MAX_PLACE_POINTS);
  if (ok) return [...(value as number[])];
  problems.add(
    pointer,
    `pointsTable must be null or an array of 1 to ${MAX_POINTS_PLACES} whole numbers from 0 to ${MAX_PLACE_POINTS} (points by place, first place first), not ${describeType(value)}`,
  );
  return undefined;
}

/**
 * Merges `input` over `base` (a copy is changed), recording every problem;
 * unknown attributes go to `ignored` when it is given (attribute-merge.ts).
 */
export function mergeRaceSettings(
  base: RaceSettings,
  input: Record<string, unknown>,
  problems: Problems,
  ignored?: Ignored,
  pointer = "/data/attributes",
): RaceSettings {
  const { pointsTable, ...rest } = input;
  const merged = mergeAttributes(base, rest, SCHEMA, problems, pointer, ignored);
  if (pointsTable !== undefined) {
    const table = readPointsTable(pointsTable, `${pointer}/pointsTable`, problems);
    if (table !== undefined) merged.pointsTable = table;
  }
  if (merged.name.trim() === "" && !problems.has(`${pointer}/name`))
    problems.add(`${pointer}/name`, "name can't be blank");
  return merged;
}

/** Rounds the race runs: one for a time trial, grandPrixOptions.rounds for a grand prix. */
export function roundCount(settings: RaceSettings): number {
  return settings.raceType === "grand prix" ? settings.grandPrixOptions.rounds : 1;
}

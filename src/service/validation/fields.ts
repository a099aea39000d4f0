/**
 * Field specifications and the reader that checks a value against one. A
 * wrong value is recorded in Problems with its JSON pointer; reading goes on so
 * that every wrong field is named in one response.
 */
import { impossibleDay } from "../../model/calendar-date.js";
import { describeType, type TextRule, textRuleProblem } from "../../model/text-rules.js";
import type { Problems } from "../errors.js";

export type FieldSpec =
  | { readonly kind: "boolean" }
  | ({ readonly kind: "string" } & TextRule)
  | {
      readonly kind: "integer";
      readonly min: number;
      readonly max: number;
      readonly nullable?: boolean;
      /** 0 means "not set" (null), as clients written from the contract send it (issue 15). */
      readonly zeroIsUnset?: boolean;
      /**
       * 0 means "not set" where the field is never null: read as this value, its default
       * (DESIGN.md §3: 0 where the contract sets no bound; it bounds no integer).
       */
      readonly zeroIs?: number;
      readonly check?: (value: number) => string | undefined;
      /** Why the bounds are what they are, said after a value out of them. */
      readonly why?: string;
    }
  | { readonly kind: "number"; readonly min: number; readonly max: number }
  | {
      readonly kind: "enum";
      readonly values: readonly string[];
      readonly aliases?: Readonly<Record<string, string>>;
    }
  | { readonly kind: "enumList"; readonly values: readonly string[] }
  | { readonly kind: "timestamp"; readonly nullable: true };

/** A record's display name (tournaments and races alike). */
export const NAME_FIELD: FieldSpec = { kind: "string", maxLength: 60 };

/** A record's url: its name in paths, never digits alone (those are ids). */
export const URL_FIELD: FieldSpec = {
  kind: "string",
  maxLength: 60,
  pattern: /^(?!\d+$)[A-Za-z0-9_]+$/,
  patternHint: "use letters, digits and underscores, not digits alone",
};

export const NO_VALUE = Symbol("no value");

// The text rules live in model/text-rules.ts (import checks files with them too).
export { describeType } from "../../model/text-rules.js";

function list(values: readonly string[]): string {
  return values.map((v) => JSON.stringify(v)).join(", ");
}

/** Returns the checked value, or NO_VALUE after recording a problem. */
export function readField(
  spec: FieldSpec,
  value: unknown,
  pointer: string,
  problems: Problems,
): unknown {
  const wrong = (detail: string): typeof NO_VALUE => {
    problems.add(pointer, detail);
    return NO_VALUE;
  };
  const name = pointer.slice(pointer.lastIndexOf("/") + 1);
  switch (spec.kind) {
    case "boolean":
      return typeof value === "boolean"
        ? value
        : wrong(`${name} must be true or false, not ${describeType(value)}`);
    case "string":
      return readString(spec, value, name, wrong);
    case "integer":
      return readInteger(spec, value, name, wrong);
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value)) {
        return wrong(`${name} must be a number, not ${describeType(value)}`);
      }
      if (value < spec.min || value > spec.max) {
        return wrong(`${name} must be between ${spec.min} and ${spec.max}`);
      }
      return value;
    case "enum":
      return readEnum(spec, value, name, wrong);
    case "enumList":
      return readEnumList(spec, value, name, wrong);
    case "timestamp":
      return readTimestamp(value, name, wrong);
  }
}

type Wrong = (detail: string) => typeof NO_VALUE;

function readString(
  spec: Extract<FieldSpec, { kind: "string" }>,
  value: unknown,
  name: string,
  wrong: Wrong,
): unknown {
  const problem = textRuleProblem(spec, value);
  return problem === undefined ? value : wrong(`${name} ${problem}`);
}

function readInteger(
  spec: Extract<FieldSpec, { kind: "integer" }>,
  value: unknown,
  name: string,
  wrong: Wrong,
): unknown {
  if (value === null && spec.nullable) return null;
  if (value === 0 && spec.zeroIsUnset) return null;
  if (value === 0 && spec.zeroIs !== undefined) return spec.zeroIs;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    return wrong(`${name} must be a whole number, not ${describeType(value)}`);
  }
  if (value < spec.min || value > spec.max) {
    const why = spec.why === undefined ? "" : `: ${spec.why}`;
    return wrong(`${name} must be between ${spec.min} and ${spec.max}, not ${value}${why}`);
  }
  const problem = spec.check?.(value);
  return problem === undefined ? value : wrong(`${name} ${problem}`);
}

function readEnum(
  spec: Extract<FieldSpec, { kind: "enum" }>,
  value: unknown,
  name: string,
  wrong: Wrong,
): unknown {
  if (typeof value !== "string") return wrong(`${name} must be one of ${list(spec.values)}`);
  const normalized = value.trim().toLowerCase().replaceAll("_", " ");
  const alias =
    spec.aliases !== undefined && Object.hasOwn(spec.aliases, normalized)
      ? spec.aliases[normalized]
      : undefined;
  if (alias !== undefined) return alias;
  const match = spec.values.find((v) => v === normalized);
  return match ?? wrong(`${name} ${JSON.stringify(value)} is not one of ${list(spec.values)}`);
}

function readEnumList(
  spec: Extract<FieldSpec, { kind: "enumList" }>,
  value: unknown,
  name: string,
  wrong: Wrong,
): unknown {
  if (!Array.isArray(value)) return wrong(`${name} must be an array of ${list(spec.values)}`);
  const bad = value.filter((v) => typeof v !== "string" || !spec.values.includes(v));
  if (bad.length > 0) {
    return wrong(
      `${name} has unknown values ${JSON.stringify(bad)}; allowed: ${list(spec.values)}`,
    );
  }
  if (new Set(value).size !== value.length) return wrong(`${name} lists a value twice`);
  return [...value];
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function readTimestamp(value: unknown, name: string, wrong: Wrong): unknown {
  if (value === null) return null;
  const form = `${name} must be an ISO 8601 timestamp with an offset, like "2026-05-01T18:00:00+02:00"`;
  if (typeof value !== "string" || !ISO_TIMESTAMP.test(value)) return wrong(form);
  // Before Date.parse: it takes T24:00 as the next day's midnight, and refuses T23:60 unexplained.
  const noDay = impossibleDay(value);
  if (noDay !== undefined) return wrong(`${name} ${JSON.stringify(value)} is not a date: ${noDay}`);
  if (Number.isNaN(Date.parse(value))) return wrong(form);
  return new Date(value).toISOString();
}

/**
 * Field specifications and the reader that checks a value against one. A
 * wrong value is recorded in Problems with its JSON pointer; reading goes on so
 * that every wrong field is named in one response.
 */
import { impossibleDay } from "../../model/calendar-date.js";
import type { Problems } from "../errors.js";

export type FieldSpec =
  | { readonly kind: "boolean" }
  | {
      readonly kind: "string";
      readonly maxLength: number;
      readonly pattern?: RegExp;
      readonly patternHint?: string;
      /** Line breaks and tabs allowed (a description); other control characters never are. */
      readonly multiline?: boolean;
    }
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

export function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  // A number past the double's range (1e400 in the JSON) parses to Infinity, which
  // JSON.stringify writes as null: "number null" told nothing.
  if (typeof value === "number" && !Number.isFinite(value))
    return "a number too large to hold (past 1.8e308)";
  const text = JSON.stringify(value) ?? String(value);
  return `${typeof value} ${text.length > 40 ? `${text.slice(0, 40)}...` : text}`;
}

/** A lone UTF-16 surrogate: text that is not well-formed Unicode (paired ones match as one code point). */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/**
 * The first control character of `value` (Unicode's Cc: C0, DEL and C1), tab and line breaks
 * allowed if `lines`. C1 (U+0080-U+009F) was let through: U+009B is CSI, which a terminal
 * printing the name may read as the start of an escape sequence (a reviewer found it).
 */
function firstControl(value: string, lines: boolean): number | undefined {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x20 && (c < 0x7f || c > 0x9f)) continue;
    if (lines && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
    return c;
  }
  return undefined;
}

/** Why a string is not well-formed text without control characters, or undefined. */
export function textProblem(value: string, multiline = false): string | undefined {
  if (LONE_SURROGATE.test(value)) return "is not well-formed Unicode text (a lone surrogate)";
  const control = firstControl(value, multiline);
  if (control !== undefined) {
    const code = control.toString(16).toUpperCase().padStart(4, "0");
    return `must not contain control characters (found U+${code})`;
  }
  return undefined;
}

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

function codePoints(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

function readString(
  spec: Extract<FieldSpec, { kind: "string" }>,
  value: unknown,
  name: string,
  wrong: Wrong,
): unknown {
  if (typeof value !== "string")
    return wrong(`${name} must be a string, not ${describeType(value)}`);
  // Characters are code points: an emoji is one, not its two UTF-16 units (255 emoji were
  // "510 characters; at most 255", a review found). Counted only past the units' limit.
  if (value.length > spec.maxLength) {
    const count = codePoints(value);
    if (count > spec.maxLength)
      return wrong(`${name} is too long (${count} characters; at most ${spec.maxLength})`);
  }
  const problem = textProblem(value, spec.multiline);
  if (problem !== undefined) return wrong(`${name} ${problem}`);
  if (spec.pattern && !spec.pattern.test(value)) {
    return wrong(
      `${name} ${JSON.stringify(value)} is not valid: ${spec.patternHint ?? spec.pattern.source}`,
    );
  }
  return value;
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

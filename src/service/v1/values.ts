/**
 * v1 values as v2.1 attributes: a query or a form sends text ("true", "3",
 * "0.5", ""), a JSON body sends typed values; either becomes the type the
 * v2.1 validation expects, or a problem naming the v1 parameter.
 */
import { isRecord, type V1Record, type V1Value } from "./params.js";
import { v1Error } from "./transport.js";

export type V1Kind = "string" | "boolean" | "integer" | "decimal" | "timestamp" | "list";

const TRUE = new Set(["true", "1", "on", "yes", "t"]);
const FALSE = new Set(["false", "0", "off", "no", "f", ""]);

function shown(value: V1Value): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}

/** `value` read as `kind`; a string when it is wrong (the problem). */
export function readV1Value(kind: V1Kind, value: V1Value): { ok: unknown } | { problem: string } {
  if (kind === "list") {
    if (Array.isArray(value) && value.every((v) => typeof v === "string")) return { ok: value };
    if (typeof value === "string") return { ok: value === "" ? [] : value.split(",") };
    return { problem: `must be a list of text values, not ${shown(value)}` };
  }
  if (isRecord(value) || Array.isArray(value)) {
    return {
      problem: `must be a single value, not a nested ${Array.isArray(value) ? "list" : "record"}`,
    };
  }
  switch (kind) {
    case "string":
      return value === null ? { ok: "" } : { ok: String(value) };
    case "boolean":
      if (typeof value === "boolean") return { ok: value };
      if (typeof value === "string" && TRUE.has(value.trim().toLowerCase())) return { ok: true };
      if (typeof value === "string" && FALSE.has(value.trim().toLowerCase())) return { ok: false };
      return { problem: `must be true or false, not ${shown(value)}` };
    case "integer":
    case "decimal":
      return readNumber(kind, value);
    case "timestamp":
      return value === null || value === "" ? { ok: null } : { ok: value };
  }
}

function readNumber(
  kind: "integer" | "decimal",
  value: V1Value,
): { ok: unknown } | { problem: string } {
  if (value === null || value === "") return { ok: null };
  const text = typeof value === "string" ? value.trim() : value;
  const pattern = kind === "integer" ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/;
  const number =
    typeof text === "number"
      ? text
      : typeof text === "string" && pattern.test(text)
        ? Number(text)
        : Number.NaN;
  if (!Number.isFinite(number) || (kind === "integer" && !Number.isSafeInteger(number))) {
    return {
      problem: `must be ${kind === "integer" ? "a whole number" : "a number like 1.0"}, not ${shown(value)}`,
    };
  }
  return { ok: number };
}

/** A record parameter (`tournament`, `participant`, `match`), or a 422 naming it. */
export function recordParam(params: V1Record, name: string, required: boolean): V1Record {
  const value = Object.hasOwn(params, name) ? params[name] : undefined;
  if (value === undefined && !required) return Object.create(null) as V1Record;
  if (!isRecord(value)) {
    throw v1Error(
      422,
      value === undefined
        ? `${name}[...] parameters are required, like ${name}[name]=...`
        : `${name} must be given as ${name}[field]=value, not as one value`,
    );
  }
  return value;
}

/** A flag parameter such as `include_matches=1`. */
export function flagParam(params: V1Record, name: string): boolean {
  const value = Object.hasOwn(params, name) ? params[name] : undefined;
  if (value === undefined) return false;
  const read = readV1Value("boolean", value);
  if ("problem" in read) throw v1Error(422, `${name} ${read.problem}`);
  return read.ok === true;
}

/** A text parameter outside any record (a filter), or undefined. */
export function textParam(params: V1Record, name: string): string | undefined {
  const value = Object.hasOwn(params, name) ? params[name] : undefined;
  if (value === undefined || value === null) return undefined;
  if (typeof value === "object") throw v1Error(422, `${name} must be a single value`);
  return String(value);
}

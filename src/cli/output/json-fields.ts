/**
 * `--json id,name,state`: only those fields of each record. The fields are the
 * top-level keys of the JSON a command prints (for records: `id` plus the
 * attributes); a name no record has is a usage error that lists the ones there are.
 */
import { OutputError, UsageError } from "../errors.js";

/**
 * `--json` as commander hands it over: true or "" bare, else a comma-separated list, every
 * item a name: an empty one (`id,,name`, `id,`) is refused naming which, not skipped.
 */
export function parseJsonFields(value: unknown): readonly string[] | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const fields = value.split(",").map((field) => field.trim());
  const empty = fields.indexOf("");
  if (empty === -1) return fields;
  const named = fields.filter((field) => field !== "").join(",");
  throw new UsageError(
    `--json ${value}: field ${empty + 1} of the list is empty; ${named === "" ? "name fields, or write --json alone for all" : `write one comma between fields: --json ${named}`}`,
  );
}

/** A `--json` field none of the printed objects has (json-argv.ts adds a hint to it). */
export class UnknownJsonFieldError extends OutputError {}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The objects whose fields are picked: the value itself, or each element of an array. */
function objectsOf(value: unknown): JsonObject[] {
  if (Array.isArray(value)) return value.filter(isObject);
  return isObject(value) ? [value] : [];
}

/** How jq reaches `path` in what is printed: one record, a list of them, or either. */
function jqPath(path: string, list: boolean | undefined): string {
  if (list === undefined) return `--jq '.${path}' (of a list: --jq '.[].${path}')`;
  return `--jq '${list ? ".[]" : ""}.${path}'`;
}

/**
 * Refuses a dotted path (`timestamps.created_at`): --json picks top-level fields only;
 * the error names the top-level field holding it and the --jq that reaches it.
 */
function refuseNested(fields: readonly string[], list: boolean | undefined): void {
  const nested = fields.find((field) => field.includes("."));
  if (nested === undefined) return;
  const top = nested.slice(0, nested.indexOf("."));
  throw new UnknownJsonFieldError(
    `--json picks top-level fields only, not ${JSON.stringify(nested)}: --json ${top} prints the whole "${top}"; ${jqPath(nested, list)} reaches the nested field`,
  );
}

/**
 * Refuses a dotted path, and a field none of `objects` has (nothing to check against when
 * there are none); `list` says whether a list is printed (undefined: not known yet).
 */
export function checkFields(
  fields: readonly string[],
  objects: readonly JsonObject[],
  list?: boolean,
): void {
  refuseNested(fields, list);
  if (objects.length === 0) return;
  const available = new Set(objects.flatMap((o) => Object.keys(o)));
  const unknown = fields.filter((field) => !available.has(field));
  if (unknown.length === 0) return;
  const names = unknown.map((f) => JSON.stringify(f)).join(", ");
  const meant = unknown.flatMap((f) => fieldOfHeader(f, objects[0]!, list));
  throw new UnknownJsonFieldError(
    `unknown JSON field${unknown.length > 1 ? "s" : ""} ${names}; ${meant.map((m) => `${m}; `).join("")}available fields:\n  ${[...available].sort().join("\n  ")}`,
  );
}

/**
 * Where a table's header names a field (ACTIVE, TYPE: tables name fields shortly): a
 * top-level field ending in it (`type`: tournament_type), or a field holding it one level
 * down (`active`: states.active); none when neither.
 */
function fieldOfHeader(header: string, object: JsonObject, list: boolean | undefined): string[] {
  const key = header.toLowerCase().replace(/[ -]/g, "_");
  const keys = Object.keys(object);
  if (keys.includes(key)) return [];
  const ending = keys.filter((k) => k.endsWith(`_${key}`));
  if (ending.length === 1) return [`"${header}" is the field ${ending[0]}: --json ${ending[0]}`];
  const holder = keys.find((k) => {
    const inner = object[k];
    return isObject(inner) && Object.hasOwn(inner, key);
  });
  if (holder === undefined) return [];
  return [
    `"${header}" is in the field ${holder}: --json ${holder}, or ${jqPath(`${holder}.${key}`, list)}`,
  ];
}

function pickFields(object: JsonObject, fields: readonly string[]): JsonObject {
  return Object.fromEntries(fields.map((field) => [field, object[field] ?? null]));
}

/**
 * The value with only `fields` in its record (or in each record of a list), in the order
 * asked; a record without one of them shows it as null. Other values pass unchanged.
 */
export function selectFields(value: unknown, fields: readonly string[]): unknown {
  checkFields(fields, objectsOf(value), Array.isArray(value));
  if (Array.isArray(value))
    return value.map((item) => (isObject(item) ? pickFields(item, fields) : item));
  return isObject(value) ? pickFields(value, fields) : value;
}

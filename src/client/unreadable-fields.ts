/**
 * Values a remote service sends that the client cannot read as what the field
 * holds. The published description fills its examples with placeholders (a date
 * of `"string"`, a group id of `"(If this is a group stage match, ...)"`), and a
 * service answering as drawn sends them: such a value is read as unset (null),
 * and the caller is told which field of which record it was, once per field.
 */
import type { ApiRecord } from "./envelope.js";

/** Attributes holding another record's id: integers, or strings of digits. */
const ID_FIELDS = new Set([
  "tournament_id",
  "group_id",
  "winner_id",
  "loser_id",
  "player1_id",
  "player2_id",
  "participant_id",
  "match_id",
  "station_id",
]);

/** Attributes holding a date: `*_at` (tournaments) or `*At` (races), as the seed names them. */
const isDateField = (name: string) => /_at$|[a-z]At$/.test(name);

type Check = (value: unknown) => string | undefined;

const idCheck: Check = (value) =>
  (typeof value === "number" && Number.isInteger(value)) ||
  (typeof value === "string" && /^\d+$/.test(value))
    ? undefined
    : "is not an id";

const dateCheck: Check = (value) =>
  typeof value === "string" && !Number.isNaN(Date.parse(value)) ? undefined : "is not a date";

function checkOf(name: string): Check | undefined {
  if (ID_FIELDS.has(name)) return idCheck;
  return isDateField(name) ? dateCheck : undefined;
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

type Attributes = Record<string, unknown>;
const isObject = (value: unknown): value is Attributes =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `attributes` with unreadable values as null (a copy where any is), each one told. */
function readable(attributes: Attributes, at: string, tell: (path: string, why: string) => void) {
  let copy: Attributes | undefined;
  for (const [name, value] of Object.entries(attributes)) {
    let next: unknown = value;
    if (isObject(value)) next = readable(value, `${at}${name}.`, tell);
    else if (value !== null && value !== undefined) {
      const why = checkOf(name)?.(value);
      if (why !== undefined) {
        tell(`${at}${name}`, `${shown(value)} ${why}`);
        next = null;
      }
    }
    if (next !== value) {
      copy ??= { ...attributes };
      copy[name] = next;
    }
  }
  return copy ?? attributes;
}

/**
 * A reader of records that replaces unreadable values by null and calls `notify`
 * once per record type and field: `participant 76: group_id "(If this…" is not an
 * id; read as unset`.
 */
export function unreadableFieldReader(notify: (note: string) => void) {
  const told = new Set<string>();
  return (record: ApiRecord): ApiRecord => {
    const attributes = readable(record.attributes, "", (path, why) => {
      const key = `${record.type} ${path}`;
      if (told.has(key)) return;
      told.add(key);
      const who = record.type === "" ? `record ${record.id}` : `${record.type} ${record.id}`;
      notify(`${who}: ${path} ${why}; read as unset`);
    });
    return attributes === record.attributes ? record : { ...record, attributes };
  };
}

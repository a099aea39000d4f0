/**
 * The merge of a request's attributes over stored settings (or defaults), by
 * a schema of field specifications: top-level fields, groups of fields (an
 * option object), and read-only names a client may send back (ignored). Every
 * wrong field is recorded in Problems with its pointer. Tournament and race
 * settings are both read so.
 */
import type { Problems } from "../errors.js";
import { describeType, type FieldSpec, NO_VALUE, readField } from "./fields.js";
import { type Ignored, unknownAttribute } from "./ignored.js";

export interface AttributeSchema {
  readonly topLevel: Readonly<Record<string, FieldSpec>>;
  readonly groups: Readonly<Record<string, Readonly<Record<string, FieldSpec>>>>;
  readonly readOnly: ReadonlySet<string>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function applyGroup(
  target: Record<string, unknown>,
  specs: Readonly<Record<string, FieldSpec>>,
  input: Iterable<readonly [string, unknown]>,
  pointer: string,
  problems: Problems,
  ignored: Ignored | undefined,
): void {
  for (const [key, value] of input) {
    const spec = Object.hasOwn(specs, key) ? specs[key] : undefined;
    if (spec === undefined) {
      unknownAttribute(key, pointer, Object.keys(specs), problems, ignored);
      continue;
    }
    const read = readField(spec, value, `${pointer}/${key}`, problems);
    if (read === NO_VALUE) continue;
    // A time cleared is stored as null (its type is `string | null`: starts_at,
    // startsAt); other options cleared go back to unset.
    if (read === null && spec.kind !== "timestamp") delete target[key];
    else target[key] = read;
  }
}

/**
 * Merges `input` over `base` (a deep copy is changed), recording every problem.
 * An unknown attribute is named in `ignored` when it is given (v2.1, issue 15),
 * else refused; a key naming an object property is refused either way (ignored.ts).
 */
export function mergeAttributes<T extends object>(
  base: T,
  input: Record<string, unknown>,
  schema: AttributeSchema,
  problems: Problems,
  pointer: string,
  ignored?: Ignored,
): T {
  const settings = structuredClone(base) as unknown as Record<string, unknown>;
  // Entries, not an object: a key such as "__proto__" must stay a key.
  const topLevel: [string, unknown][] = [];
  for (const [key, value] of Object.entries(input)) {
    if (schema.readOnly.has(key)) continue;
    const group = Object.hasOwn(schema.groups, key) ? schema.groups[key] : undefined;
    if (group !== undefined) {
      if (!isObject(value)) {
        problems.add(`${pointer}/${key}`, `${key} must be an object, not ${describeType(value)}`);
      } else {
        applyGroup(
          settings[key] as Record<string, unknown>,
          group,
          Object.entries(value),
          `${pointer}/${key}`,
          problems,
          ignored,
        );
      }
    } else {
      topLevel.push([key, value]);
    }
  }
  applyGroup(settings, schema.topLevel, topLevel, pointer, problems, ignored);
  return settings as unknown as T;
}

/** Flattening service records for output: `id` plus attributes (documented JSON shape). */
import type { ResourceObject } from "../../model/resource.js";

export type FlatRecord = Record<string, unknown> & { id: number | string };

/**
 * An id as printed: a number when the service's is one a number holds exactly (digits
 * without a leading zero, at most 2^53-1, like the id-valued attributes), else the
 * service's string: "9007199254740993" made a number was 9007199254740992, another
 * record's id, and "0042" was 42.
 */
export function idValue(id: string): number | string {
  return /^(0|[1-9]\d*)$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : id;
}

/** `id` plus the attributes; the id a number when the service's is one exactly (idValue). */
export function flatten(resource: ResourceObject): FlatRecord {
  return { id: idValue(resource.id), ...resource.attributes };
}

/** Reads a dotted path ("states.active") from a record. */
export function pick(record: Record<string, unknown>, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split(".")) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Flattening service records for output: `id` plus attributes (documented JSON shape). */
import type { ResourceObject } from "../../model/resource.js";

export type FlatRecord = Record<string, unknown> & { id: number | string };

/** Numeric ids become numbers, like the id-valued attributes; others stay strings. */
export function flatten(resource: ResourceObject): FlatRecord {
  const id = /^\d+$/.test(resource.id) ? Number(resource.id) : resource.id;
  return { id, ...resource.attributes };
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

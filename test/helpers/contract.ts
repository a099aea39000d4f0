/**
 * Checks a value against a definition of the published contract
 * (shared/contract/v2.1.swagger.json, copied to test/fixtures/contract so the
 * tests need nothing outside the repository): types, enums and nested properties.
 * The contract draws nullable fields without a marker, so null passes where a
 * type is declared; everything that is present must have the declared type.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export type Schema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  required?: string[] | boolean;
  default?: unknown;
};

export const contractPath = fileURLToPath(
  new URL("../fixtures/contract/v2.1.swagger.json", import.meta.url),
);
/** Where the published contract sits beside the repository, when it does. */
export const sharedContractPath = fileURLToPath(
  new URL("../../../shared/contract/v2.1.swagger.json", import.meta.url),
);
export const contract = JSON.parse(readFileSync(contractPath, "utf8")) as {
  definitions: Record<string, Schema>;
};

function resolve(schema: Schema): Schema {
  if (schema.$ref === undefined) return schema;
  const name = schema.$ref.replace("#/definitions/", "");
  // The contract refers to one definition with a case it does not define
  // (RoundOutput's "relationshiplink" for RelationshipLink): looked up without case.
  const target =
    contract.definitions[name] ??
    Object.entries(contract.definitions).find(
      ([key]) => key.toLowerCase() === name.toLowerCase(),
    )?.[1];
  if (target === undefined) throw new Error(`unknown definition ${name}`);
  return resolve(target);
}

/** Whether `value` is of the description's `type` (an unknown type passes). */
export function typeOk(type: string, value: unknown): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && !Array.isArray(value);
    default:
      return true;
  }
}

/**
 * The type a property must have. Where the contract's `type` and its own
 * example disagree, the example decides: MatchOutput draws `score_in_sets` as
 * `"type": "object"` with `"default": [[3,1],[4,2]]` (one [player1, player2]
 * pair a set) and `points_by_participant` as `"type": "object"` with
 * `"default": [{"participant_id": 355, "scores": [3,4]}, ...]`: both are arrays
 * in the contract's own example, so the service answers arrays (`[]` before any
 * score) and an array passes, its items of the kind the example's items are.
 */
function declared(schema: Schema): { type?: string; item?: string } {
  if (schema.type !== "object" || !Array.isArray(schema.default))
    return schema.type === undefined ? {} : { type: schema.type };
  const first: unknown = schema.default[0];
  if (first === undefined) return { type: "array" };
  return { type: "array", item: Array.isArray(first) ? "array" : typeof first };
}

export function violations(schemaOrName: Schema | string, value: unknown, path = "$"): string[] {
  const schema = resolve(
    typeof schemaOrName === "string" ? { $ref: `#/definitions/${schemaOrName}` } : schemaOrName,
  );
  if (value === null || value === undefined) return [];
  const problems: string[] = [];
  for (const part of schema.allOf ?? []) problems.push(...violations(part, value, path));
  const { type, item } = declared(schema);
  if (type !== undefined && !typeOk(type, value)) {
    problems.push(`${path}: expected ${type}, got ${JSON.stringify(value)}`);
  } else if (item !== undefined && Array.isArray(value)) {
    value.forEach((entry, i) => {
      if (!typeOk(item, entry))
        problems.push(`${path}[${i}]: expected ${item}, got ${JSON.stringify(entry)}`);
    });
  }
  if (schema.enum !== undefined && !schema.enum.includes(value)) {
    problems.push(`${path}: ${JSON.stringify(value)} not in ${JSON.stringify(schema.enum)}`);
  }
  if (Array.isArray(schema.required) && typeof value === "object") {
    for (const key of schema.required) {
      if (!(key in (value as object))) problems.push(`${path}: missing ${key}`);
    }
  }
  if (schema.properties !== undefined && typeof value === "object") {
    for (const [key, child] of Object.entries(schema.properties)) {
      problems.push(
        ...violations(child, (value as Record<string, unknown>)[key], `${path}.${key}`),
      );
    }
  }
  if (schema.items !== undefined && Array.isArray(value)) {
    value.forEach((item, i) => {
      problems.push(...violations(schema.items!, item, `${path}[${i}]`));
    });
  }
  return problems;
}

/**
 * Resources the contract names without drawing their fields (issue 15: "the
 * seed names List/Get/Create/Update/Delete Station; fields are not shown"):
 * the fields issue 15 decides, in DESIGN.md §3's envelope. Checked as the
 * contract's own definitions are.
 */
const timestamps: Schema = {
  properties: { created_at: { type: "string" }, updated_at: { type: "string" } },
};
export const undrawn: Readonly<Record<"station" | "station_queuer", Schema>> = {
  station: {
    required: ["id", "type", "attributes"],
    properties: {
      id: { type: "string" },
      type: { type: "string", enum: ["station"] },
      attributes: {
        required: ["name", "stream_url", "details", "match_id", "timestamps"],
        properties: {
          name: { type: "string" },
          stream_url: { type: "string" },
          details: { type: "string" },
          match_id: { type: "integer" },
          tournament_id: { type: "integer" },
          timestamps,
        },
      },
    },
  },
  station_queuer: {
    required: ["id", "type", "attributes"],
    properties: {
      id: { type: "string" },
      type: { type: "string", enum: ["station_queuer"] },
      attributes: {
        required: ["match_id", "position", "timestamps"],
        properties: {
          match_id: { type: "integer" },
          station_id: { type: "integer" },
          position: { type: "integer" },
          timestamps,
        },
      },
    },
  },
};

/**
 * A list document as DESIGN.md §3 draws every list (`data`, `meta` with
 * `count`, `page`, `per_page`, `total_pages`, `links.self`), each item
 * checked against `item` (a contract definition's name or a schema).
 */
export function listViolations(item: Schema | string, document: unknown): string[] {
  const list: Schema = {
    type: "object",
    required: ["data", "meta", "links"],
    properties: {
      data: {
        type: "array",
        items: typeof item === "string" ? { $ref: `#/definitions/${item}` } : item,
      },
      meta: {
        type: "object",
        required: ["count", "page", "per_page", "total_pages"],
        properties: {
          count: { type: "integer" },
          page: { type: "integer" },
          per_page: { type: "integer" },
          total_pages: { type: "integer" },
        },
      },
      links: { type: "object", required: ["self"], properties: { self: { type: "string" } } },
    },
  };
  return violations(list, document);
}

/**
 * Attributes the definition draws that `value` lacks (DESIGN.md §3, issue 15:
 * every attribute the contract draws is present in responses, null when unset),
 * as paths; nested objects are looked into where present and not null.
 */
export function absent(schemaOrName: Schema | string, value: unknown, path = "$"): string[] {
  const schema = resolve(
    typeof schemaOrName === "string" ? { $ref: `#/definitions/${schemaOrName}` } : schemaOrName,
  );
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  const missing: string[] = [];
  for (const part of schema.allOf ?? []) missing.push(...absent(part, value, path));
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    if (!(key in value)) missing.push(`${path}.${key}`);
    else missing.push(...absent(child, (value as Record<string, unknown>)[key], `${path}.${key}`));
  }
  return missing;
}

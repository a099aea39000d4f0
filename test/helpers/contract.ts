/**
 * Checks a value against a definition of the published contract
 * (shared/contract/v2.1.swagger.json, copied to test/fixtures/contract so the
 * tests need nothing outside the repository): types, enums and nested properties.
 * The contract draws nullable fields without a marker, so null passes where a
 * type is declared; everything that is present must have the declared type.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

type Schema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  required?: string[] | boolean;
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

function typeOk(type: string, value: unknown): boolean {
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

export function violations(schemaOrName: Schema | string, value: unknown, path = "$"): string[] {
  const schema = resolve(
    typeof schemaOrName === "string" ? { $ref: `#/definitions/${schemaOrName}` } : schemaOrName,
  );
  if (value === null || value === undefined) return [];
  const problems: string[] = [];
  for (const part of schema.allOf ?? []) problems.push(...violations(part, value, path));
  if (schema.type !== undefined && !typeOk(schema.type, value)) {
    problems.push(`${path}: expected ${schema.type}, got ${JSON.stringify(value)}`);
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

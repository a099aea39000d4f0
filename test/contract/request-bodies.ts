/**
 * What Prism cannot check: the request bodies the client sends, against the body
 * schema of the published operation they go to (the repaired description's, as
 * Prism runs it), `required` lists included.
 *
 * Why Prism does not: the description marks properties required in the Swagger 1.2
 * way (`"required": true` on the property: `data.type`, `data.attributes`, a state
 * change's `state`), which is no valid JSON Schema; Ajv refuses to compile any body
 * schema reaching one, and Prism 5.14 takes a schema it cannot compile as no check
 * (prism-http validators/utils.js: compile inside O.tryCatch), so under `--errors` it
 * passes every request body, even `{"data": 5}`. Here such a property is required
 * of its parent, as the description means, beside every `required` list (MatchAttachment:
 * url and description; RacingInput's attributes: name, url, raceType; ElapsedTimeWithID:
 * elapsedTimeId, time, points; ...).
 *
 * A body schema drawn without the `data` member (RacingInput, ElaspedTimeInput,
 * ElapsedTimeBulkInput) is checked against the body's `data`: the client wraps every
 * request so (DESIGN.md §3), and serve takes both (docs/interface.md). Types are
 * checked with `null` passing, as test/helpers/contract.ts checks them (the
 * description has no nullable marker; null is "not set", DESIGN.md §3).
 */

import { type Schema, typeOk } from "../helpers/contract.js";

interface Parameter {
  readonly in?: string;
  readonly schema?: Schema;
}

export interface Description {
  readonly paths: Record<
    string,
    Record<string, { operationId?: string; parameters?: Parameter[] }>
  >;
  readonly definitions: Record<string, Schema>;
}

export interface SentRequest {
  readonly method: string;
  /** The path and query as sent. */
  readonly url: string;
  readonly body: string;
}

function resolver(description: Description) {
  const resolve = (schema: Schema): Schema => {
    if (schema.$ref === undefined) return schema;
    const target = description.definitions[schema.$ref.replace("#/definitions/", "")];
    if (target === undefined) throw new Error(`unknown definition ${schema.$ref}`);
    return resolve(target);
  };
  return resolve;
}

/** `value`'s departures from `schema`, as `$.data.attributes.url: missing` lines. */
export function schemaViolations(
  description: Description,
  schema: Schema,
  value: unknown,
  at = "$",
): string[] {
  const resolve = resolver(description);
  const check = (raw: Schema, v: unknown, path: string): string[] => {
    const s = resolve(raw);
    if (v === null || v === undefined) return [];
    const problems = (s.allOf ?? []).flatMap((part) => check(part, v, path));
    if (s.type !== undefined && !typeOk(s.type, v))
      return [...problems, `${path}: expected ${s.type}, got ${JSON.stringify(v)}`];
    if (s.enum !== undefined && !s.enum.includes(v))
      problems.push(`${path}: ${JSON.stringify(v)} not in ${JSON.stringify(s.enum)}`);
    if (typeof v !== "object" || Array.isArray(v)) {
      if (s.items !== undefined && Array.isArray(v))
        for (const [i, item] of v.entries())
          problems.push(...check(s.items, item, `${path}[${i}]`));
      return problems;
    }
    const record = v as Record<string, unknown>;
    const properties = s.properties ?? {};
    const required = new Set(Array.isArray(s.required) ? s.required : []);
    for (const [key, child] of Object.entries(properties))
      if (child.required === true) required.add(key);
    for (const key of required) if (!(key in record)) problems.push(`${path}.${key}: missing`);
    for (const [key, child] of Object.entries(properties))
      problems.push(...check(child, record[key], `${path}.${key}`));
    return problems;
  };
  return check(schema, value, at);
}

/** The properties a schema draws at its top (its allOf's included). */
function topProperties(description: Description, schema: Schema): Set<string> {
  const s = resolver(description)(schema);
  const names = new Set(Object.keys(s.properties ?? {}));
  for (const part of s.allOf ?? [])
    for (const name of topProperties(description, part)) names.add(name);
  return names;
}

/** The operation a request goes to, and its body schema (undefined: no body drawn). */
export function operationOf(description: Description, method: string, url: string) {
  const path = url.split("?")[0]!;
  for (const [template, item] of Object.entries(description.paths)) {
    const pattern = template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+");
    if (!new RegExp(`^${pattern}$`).test(path)) continue;
    const operation = item[method.toLowerCase()];
    if (operation === undefined) continue;
    const body = operation.parameters?.find((parameter) => parameter.in === "body");
    return { id: operation.operationId ?? `${method} ${template}`, schema: body?.schema };
  }
  return undefined;
}

/** Each sent body's departures from its operation's body schema, named by operation. */
export function requestBodyViolations(
  description: Description,
  sent: readonly SentRequest[],
): string[] {
  const problems: string[] = [];
  for (const request of sent) {
    if (request.body === "") continue;
    const operation = operationOf(description, request.method, request.url);
    if (operation?.schema === undefined) continue;
    const body = JSON.parse(request.body) as Record<string, unknown>;
    const unwrapped = !topProperties(description, operation.schema).has("data") && "data" in body;
    const document = unwrapped ? body.data : body;
    for (const problem of schemaViolations(description, operation.schema, document))
      problems.push(`${operation.id} ${request.method} ${request.url}: ${problem}`);
  }
  return problems;
}

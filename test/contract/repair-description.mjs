#!/usr/bin/env node
/**
 * Writes a repaired copy of the published v2.1 description for Prism
 * (@stoplight/prism-cli 5.14), which refuses or misroutes the original. The
 * original (../shared/contract/v2.1.swagger.json beside the repository, read-only
 * in CI; test/fixtures/contract/ holds the same file for clones without it) is
 * never written to. Every repair is listed with its reason; nothing else changes:
 * the shapes, statuses, enums and placeholder values stay as published.
 *
 *   node test/contract/repair-description.mjs [--out FILE]
 *
 * prints the repaired copy's path (default: a fresh folder under the system's
 * temporary directory) and, on stderr, the repairs made.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = (relative) => fileURLToPath(new URL(relative, import.meta.url));
export const publishedPath = here("../../../shared/contract/v2.1.swagger.json");
export const fixturePath = here("../fixtures/contract/v2.1.swagger.json");

/** The published description: from ../shared when it sits beside the repository. */
export function originalPath() {
  return existsSync(publishedPath) ? publishedPath : fixturePath;
}

/** Definitions referred to by a name the description does not define: the one it meant. */
const MISSPELLED_REFS = {
  "#/definitions/relationshiplink": "#/definitions/RelationshipLink",
  "#/definitions/ElapsedTimeInput": "#/definitions/ElaspedTimeInput",
};

function repairRefs(node, repairs, at) {
  if (Array.isArray(node)) {
    node.forEach((item, i) => {
      repairRefs(item, repairs, `${at}/${i}`);
    });
    return;
  }
  if (typeof node !== "object" || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === "$ref" && typeof value === "string" && value in MISSPELLED_REFS) {
      node.$ref = MISSPELLED_REFS[value];
      repairs.push(`${at}: $ref ${value} -> ${node.$ref} (the definition it names does not exist)`);
    } else {
      repairRefs(value, repairs, `${at}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`);
    }
  }
}

/** "{match_id/attachments" -> "{match_id}/attachments": a template brace left open. */
function closeBraces(path) {
  return path.replace(/\{([A-Za-z_]+)\//g, "{$1}/");
}

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

/**
 * Path parameters of one operation as its path template names them: a parameter
 * given "paramType": "path" without "in" is put in the path, one the template does
 * not name is dropped (no request can carry it), one the template names without a
 * declaration is declared (a string, required).
 */
function repairPathParameters(path, method, operation, repairs) {
  const where = `${method.toUpperCase()} ${path}`;
  const named = [...path.matchAll(/\{([A-Za-z_]+)\}/g)].map((match) => match[1]);
  const parameters = [];
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === undefined && parameter.paramType === "path") {
      parameter.in = "path";
      repairs.push(`${where}: parameter ${parameter.name} had "paramType" but no "in"`);
    }
    if (parameter.in === "path" && !named.includes(parameter.name)) {
      repairs.push(
        `${where}: path parameter ${parameter.name} dropped (the path does not name it)`,
      );
      continue;
    }
    parameters.push(parameter);
  }
  for (const name of named) {
    if (parameters.some((p) => p.in === "path" && p.name === name)) continue;
    parameters.push({ in: "path", name, type: "string", required: true });
    repairs.push(`${where}: path parameter ${name} declared (the path names it, undeclared)`);
  }
  operation.parameters = parameters;
}

const JSON_TYPES = new Set(["string", "integer", "number", "boolean", "array", "object"]);

function jsonType(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (Number.isInteger(value)) return "integer";
  return typeof value;
}

/**
 * Prism serves a definition's `default` values as its example, and under
 * `--errors` checks them against the definition: where the two disagree the
 * declared type is widened to admit the published example (the example is what
 * a client reads), as test/helpers/contract.ts reads them: an object drawn with
 * an array is an array; a placeholder note where a number is declared
 * (`"(If this is a group stage match, ...)"`, `"HTTP error code"`) leaves the
 * property untyped.
 */
function admitExamples(node, repairs, at) {
  if (typeof node !== "object" || node === null) return;
  if (JSON_TYPES.has(node.type) && "default" in node && node.default !== null) {
    const example = jsonType(node.default);
    const fits = example === node.type || (node.type === "number" && example === "integer");
    if (!fits) {
      const widened = node.type === "object" && example === "array" ? "array" : undefined;
      repairs.push(
        `${at}: type ${node.type} ${widened ? `-> ${widened}` : "dropped"} (its example is ${example === "string" ? JSON.stringify(node.default).slice(0, 40) : `an ${example}`})`,
      );
      if (widened === undefined) delete node.type;
      else node.type = widened;
    }
  }
  for (const [key, value] of Object.entries(node)) admitExamples(value, repairs, `${at}/${key}`);
}

/**
 * A 204 answer drawn with a schema: Prism then sends a body ("null", with its
 * Content-Length) under 204, which HTTP clients (undici) refuse as a protocol error.
 */
function repairEmptyAnswers(where, operation, repairs) {
  const noContent = operation.responses?.["204"];
  if (noContent?.schema === undefined) return;
  delete noContent.schema;
  repairs.push(`${where}: schema of the 204 answer dropped (a 204 has no body)`);
}

/**
 * The participant update is drawn without a body parameter (no attributes could
 * be sent; Prism refuses any body with 415): it takes ParticipantInput, as the
 * participant create does.
 */
function repairUpdateBody(where, operation, repairs) {
  if (
    operation.operationId !== "updateParticipant" &&
    operation.operationId !== "updateCommunityParticipant"
  )
    return;
  if ((operation.parameters ?? []).some((parameter) => parameter.in === "body")) return;
  operation.parameters.push({
    in: "body",
    name: "data",
    required: true,
    schema: { $ref: "#/definitions/ParticipantInput" },
  });
  repairs.push(`${where}: body parameter (ParticipantInput) declared, as the create's`);
}

/**
 * Repairs `description` (parsed JSON, not changed) and returns the copy and the
 * list of repairs made.
 */
export function repairDescription(description) {
  const copy = structuredClone(description);
  const repairs = [];
  repairRefs(copy, repairs, "#");
  admitExamples(copy.definitions, repairs, "#/definitions");
  const basePath = (copy.basePath ?? "").replace(/\/+$/, "");
  const paths = {};
  for (const [published, item] of Object.entries(copy.paths)) {
    const closed = closeBraces(published);
    if (closed !== published) repairs.push(`path ${published} -> ${closed} (a "}" was missing)`);
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      repairPathParameters(closed, method, operation, repairs);
      const where = `${method.toUpperCase()} ${closed}`;
      repairEmptyAnswers(where, operation, repairs);
      repairUpdateBody(where, operation, repairs);
    }
    paths[`${basePath}${closed}`] = item;
  }
  copy.paths = paths;
  if (basePath !== "") {
    repairs.push(
      `basePath ${basePath} folded into every path (Prism 5 ignores a Swagger 2 basePath: it would answer /tournaments.json, not ${basePath}/tournaments.json)`,
    );
    copy.basePath = "/";
  }
  return { description: copy, repairs };
}

/** Writes the repaired copy of the original to `out` (default: a fresh temporary folder). */
export function writeRepairedDescription(out) {
  const target =
    out ?? join(mkdtempSync(join(tmpdir(), "tourney-contract-")), "v2.1.repaired.json");
  const original = JSON.parse(readFileSync(originalPath(), "utf8"));
  const { description, repairs } = repairDescription(original);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify(description, null, 2)}\n`);
  return { path: target, repairs };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf("--out");
  const { path, repairs } = writeRepairedDescription(at > 0 ? process.argv[at + 1] : undefined);
  for (const repair of repairs) process.stderr.write(`repaired: ${repair}\n`);
  process.stdout.write(`${path}\n`);
}

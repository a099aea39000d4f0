/**
 * v1 parameters: bracket notation (`tournament[name]=...`, `participants[][name]=...`)
 * from the query string and a form-encoded body, or a JSON body, merged into
 * one tree (the body's values win). Garbage is refused with a 422 naming the
 * parameter; nothing is guessed.
 */
import { badPercentEscape, illFormedDetail, illFormedText } from "../../model/strict-utf8.js";
import { parseJson } from "../envelope.js";
import { ServiceError, unprocessable } from "../errors.js";
import type { ServiceRequest } from "../router.js";

/** A parameter value: text, a list, or a record of values (no prototype). */
export type V1Value = string | number | boolean | null | V1Value[] | V1Record;
export interface V1Record {
  [key: string]: V1Value;
}

/** The longest query string read (v1 clients put everything there, but a roster is far shorter). */
export const MAX_V1_QUERY = 64 * 1024;
/** How deep a bracket name nests: `participants[][name]` is 3. */
const MAX_DEPTH = 4;
const NAME = /^[^[\]]+(\[[^[\]]*\])*$/;

export function isRecord(value: V1Value | undefined): value is V1Record {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function newRecord(): V1Record {
  return Object.create(null) as V1Record;
}

/** `a[b][]` -> ["a", "b", ""], or a 422 for unbalanced or too deep brackets. */
function segmentsOf(name: string): string[] {
  if (!NAME.test(name)) {
    throw unprocessable(
      `parameter ${JSON.stringify(name.slice(0, 80))} is not valid bracket notation (unbalanced or misplaced brackets); write it like tournament[name]`,
    );
  }
  const at = name.indexOf("[");
  const segments = at === -1 ? [name] : [name.slice(0, at), ...name.slice(at + 1, -1).split("][")];
  if (segments.length > MAX_DEPTH) {
    throw unprocessable(
      `parameter ${JSON.stringify(name.slice(0, 80))} nests deeper than ${MAX_DEPTH} levels`,
    );
  }
  return segments;
}

function conflict(name: string): ServiceError {
  return unprocessable(
    `parameter ${JSON.stringify(name.slice(0, 80))} conflicts with another parameter of the same name at another depth`,
  );
}

/** The record an array item `name[][key]` goes into: the last one, unless it has `key` already. */
function arrayItem(list: V1Value[], key: string, name: string): V1Record {
  const last = list.at(-1);
  if (last !== undefined && !isRecord(last)) throw conflict(name);
  if (last !== undefined && !Object.hasOwn(last, key)) return last;
  const fresh = newRecord();
  list.push(fresh);
  return fresh;
}

/** Puts `value` at the path `name` spells in `root`. */
function assign(root: V1Record, name: string, value: string): void {
  const segments = segmentsOf(name);
  let node: V1Record = root;
  for (let i = 0; i < segments.length; i++) {
    const key = segments[i]!;
    const next = segments[i + 1];
    if (key === "") throw unprocessable(`parameter ${JSON.stringify(name)} has an empty name`);
    if (next === undefined) {
      if (Object.hasOwn(node, key) && typeof node[key] === "object") throw conflict(name);
      node[key] = value;
      return;
    }
    if (next === "") {
      if (!Object.hasOwn(node, key)) node[key] = [];
      const list = node[key];
      if (!Array.isArray(list)) throw conflict(name);
      const after = segments[i + 2];
      if (after === undefined) {
        list.push(value);
        return;
      }
      node = arrayItem(list, after, name);
      i++;
      continue;
    }
    if (!Object.hasOwn(node, key)) node[key] = newRecord();
    const child = node[key];
    if (!isRecord(child)) throw conflict(name);
    node = child;
  }
}

/**
 * A 400 naming the first parameter whose escapes are not UTF-8 (`tournament[name]=Lat%E9in`:
 * Latin-1 "é"), which URLSearchParams would read as U+FFFD (issue 24, item 7).
 */
function checkEscapes(text: string, where: string): void {
  if (badPercentEscape(text) === undefined) return;
  for (const pair of text.split("&")) {
    const bad = badPercentEscape(pair);
    if (bad === undefined) continue;
    const rawName = pair.split("=")[0]!;
    const name =
      badPercentEscape(rawName) === undefined
        ? new URLSearchParams(`${rawName}=`).keys().next().value
        : undefined;
    const which = name === undefined ? "a parameter name" : `parameter ${name}`;
    throw unprocessable(
      `${which} in the ${where} is not UTF-8: ${bad} is not a character (Latin-1 or another encoding?); encode the text as UTF-8 (é is %C3%A9)`,
    );
  }
}

function fromPairs(text: string, root: V1Record, where: string): void {
  checkEscapes(text, where);
  for (const [name, value] of new URLSearchParams(text)) assign(root, name, value);
}

function mediaType(request: ServiceRequest): string {
  return (request.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** A JSON body's top-level keys, over what the query said. */
function mergeJson(root: V1Record, body: string): void {
  const parsed = parseJson(body);
  const pointer = illFormedText(parsed);
  if (pointer !== undefined) throw unprocessable(illFormedDetail(pointer));
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw unprocessable('a JSON body must be an object, like {"tournament": {"name": "..."}}');
  }
  for (const [key, value] of Object.entries(parsed)) root[key] = value as V1Value;
}

/** The query string's parameters alone (414 past MAX_V1_QUERY, 422 for bad bracket notation). */
export function readV1Query(request: ServiceRequest): V1Record {
  const at = request.url.indexOf("?");
  const query = at === -1 ? "" : request.url.slice(at + 1);
  if (query.length > MAX_V1_QUERY) {
    throw ServiceError.of(
      414,
      `the query string is ${query.length} bytes long; at most ${MAX_V1_QUERY} are read (send a long roster as a form or JSON body)`,
    );
  }
  const root = newRecord();
  fromPairs(query, root, "query");
  return root;
}

/** The request's parameters: the query's, then the body's (form or JSON). */
export function readV1Params(request: ServiceRequest): V1Record {
  const root = readV1Query(request);
  const body = request.body;
  if (body.trim() === "") return root;
  const type = mediaType(request);
  if (type === "application/json" || type === "application/vnd.api+json") mergeJson(root, body);
  else if (type === "application/x-www-form-urlencoded") fromPairs(body, root, "form");
  else if (type === "" && body.trimStart().startsWith("{")) mergeJson(root, body);
  else if (type === "") fromPairs(body, root, "form");
  else {
    throw ServiceError.of(
      415,
      `a v1 body is application/x-www-form-urlencoded or application/json, not ${type}`,
    );
  }
  return root;
}

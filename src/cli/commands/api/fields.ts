/**
 * `tourney api` fields, as `gh api` reads them: `-f key=value` is a string, `-F key=value`
 * is typed (true, false, null and integers become JSON; `@file` is the file's text, `@-`
 * stdin's). Keys nest: `data[attributes][name]=Cup` is an object inside an object,
 * `tags[]=a` appends to an array, `match[][score_set]=3-1` starts an object in an array
 * (the next `match[][...]` key fills that object until a key repeats).
 */
import { UsageError } from "../../errors.js";

export type FieldValue = string | number | boolean | null;

export interface ApiField {
  /** The key as written (`data[attributes][name]`): the query parameter's name. */
  readonly key: string;
  /** The key's parts: `["data", "attributes", "name"]`; "" for `[]`. */
  readonly path: readonly string[];
  /** The value, or the file to read it from (`-F key=@file`; "-" is stdin). */
  readonly value: FieldValue | { readonly file: string };
}

function keyPath(key: string, flag: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (match === null) throw new UsageError(`${flag} ${key}: a key is name, name[sub] or name[]`);
  const parts = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!);
  return [match[1]!, ...parts];
}

function typedValue(text: string): ApiField["value"] {
  if (text === "true") return true;
  if (text === "false") return false;
  if (text === "null") return null;
  if (/^-?\d+$/.test(text) && Number.isSafeInteger(Number(text))) return Number(text);
  if (text.startsWith("@")) return { file: text.slice(1) };
  return text;
}

/** `key=value` of `-f` (typed false) or `-F` (typed true). */
export function parseField(argument: string, typed: boolean): ApiField {
  const flag = typed ? "-F" : "-f";
  const at = argument.indexOf("=");
  if (at <= 0) throw new UsageError(`${flag} ${argument}: expected key=value`);
  const key = argument.slice(0, at);
  const text = argument.slice(at + 1);
  return { key, path: keyPath(key, flag), value: typed ? typedValue(text) : text };
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function clash(key: string): UsageError {
  return new UsageError(`field ${key}: its key conflicts with another field's`);
}

/** The container `part` leads to inside `at`, made when missing. */
function step(at: unknown, part: string, next: string, last: boolean, key: string): unknown {
  if (Array.isArray(at)) {
    // `name[][sub]`: fill the last object of the array, or start one when it has `sub`.
    const tail = at[at.length - 1];
    if (isObject(tail) && !(last && next in tail)) return tail;
    const fresh = {};
    at.push(fresh);
    return fresh;
  }
  const object = at as JsonObject;
  const wanted = next === "" ? [] : {};
  object[part] ??= wanted;
  if (Array.isArray(object[part]) !== Array.isArray(wanted) || !(object[part] instanceof Object))
    throw clash(key);
  return object[part];
}

function assign(root: JsonObject, path: readonly string[], value: unknown, key: string): void {
  let at: unknown = root;
  for (let i = 0; i < path.length - 1; i++) {
    at = step(at, path[i]!, path[i + 1]!, i + 1 === path.length - 1, key);
  }
  const last = path[path.length - 1]!;
  if (Array.isArray(at)) {
    if (last !== "") throw clash(key);
    at.push(value);
  } else if (last === "") {
    throw clash(key);
  } else {
    (at as JsonObject)[last] = value;
  }
}

/** The JSON body the fields make, their values already read (`values[i]` for `fields[i]`). */
export function fieldsBody(fields: readonly ApiField[], values: readonly FieldValue[]): JsonObject {
  const root: JsonObject = {};
  fields.forEach((field, i) => {
    assign(root, field.path, values[i], field.key);
  });
  return root;
}

/** The fields as query parameters (`GET`, or with --input), keys as written. */
export function fieldsQuery(fields: readonly ApiField[], values: readonly FieldValue[]): string {
  const params = new URLSearchParams();
  fields.forEach((field, i) => {
    params.append(field.key, String(values[i]));
  });
  return params.toString();
}

/**
 * `tourney api <path>`: one request to the v2.1 interface as written, in the style of
 * `gh api`, through the profile's backend (embedded or remote) with its credentials.
 */
import { errorFromResponse } from "../../../client/response-errors.js";
import type { HttpMethod, HttpRequest, HttpResponse } from "../../../model/http.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { readBoundedFile } from "../../input-file.js";
import { decodeInput } from "../../utf8-input.js";
import { type ApiField, type FieldValue, fieldsBody, fieldsQuery, parseField } from "./fields.js";
import { headerBlock, isSuccess, writeBody } from "./response.js";

const METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
const BASE_PATH = "/v2.1";

/** The flags as commander hands them over. */
export interface ApiFlags {
  readonly method?: string;
  readonly rawField?: readonly string[];
  readonly field?: readonly string[];
  readonly header?: readonly string[];
  readonly input?: string;
  readonly include?: boolean;
  readonly paginate?: boolean;
}

export interface ApiOptions {
  readonly method: HttpMethod;
  /** From the service root, /v2.1 prefixed: "/v2.1/tournaments.json?per_page=5". */
  readonly path: string;
  readonly fields: readonly ApiField[];
  readonly headers: Readonly<Record<string, string>>;
  /** The body's file, or "-" for stdin. */
  readonly input?: string;
  readonly include: boolean;
  readonly paginate: boolean;
}

/** "tournaments" and "/tournaments" are "/v2.1/tournaments"; "/v2.1/..." and "/v1/..." stay. */
export function apiPath(path: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path))
    throw new UsageError(`${path}: give a path; the profile (or --base-url) says which service`);
  const rooted = path.startsWith("/") ? path : `/${path}`;
  return /^\/v\d+(\.\d+)?(\/|\?|$)/.test(rooted) ? rooted : `${BASE_PATH}${rooted}`;
}

/**
 * The path as the published description writes it, for a remote profile: a /v2.1 path whose
 * last part has no extension gets `.json` (`/v2.1/me` -> `/v2.1/me.json`), as every other
 * command sends it; without it the hosted service has no route (404). Other versions, and a
 * path with an extension, are sent as written.
 */
export function publishedApiPath(path: string): string {
  const at = path.indexOf("?");
  const bare = at === -1 ? path : path.slice(0, at);
  const last = bare.slice(bare.lastIndexOf("/") + 1);
  if (!bare.startsWith(`${BASE_PATH}/`) || last === "" || last.includes(".")) return path;
  return `${bare}.json${at === -1 ? "" : path.slice(at)}`;
}

function parseHeader(header: string): [string, string] {
  const at = header.indexOf(":");
  const name = header.slice(0, at).trim();
  if (at <= 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
    throw new UsageError(`-H ${header}: expected "Name: value"`);
  return [name, header.slice(at + 1).trim()];
}

/**
 * As `gh api`: GET, or POST when fields or --input are given and -X names no method. A GET
 * sent --input's body as well and the service ignored it (the embedded backend listed,
 * exit 0, nothing created), or serve refused it: a GET or HEAD with a body is refused here,
 * before anything is sent.
 */
function parseMethod(flags: ApiFlags, hasFields: boolean): HttpMethod {
  if (flags.method === undefined) return hasFields || flags.input !== undefined ? "POST" : "GET";
  const method = flags.method.toUpperCase() as HttpMethod;
  if (!METHODS.includes(method))
    throw new UsageError(`-X ${flags.method}: one of ${METHODS.join(", ")}`);
  if (flags.input !== undefined && (method === "GET" || method === "HEAD")) {
    throw new UsageError(
      `--input sends a body, which a ${method} does not carry: leave out -X ${flags.method} (--input means POST) or name the method the path takes (-X POST, PUT, ...)`,
    );
  }
  return method;
}

/** Flags to a request (no I/O): fields parsed, the method chosen, the path prefixed. */
export function parseApi(path: string, flags: ApiFlags): ApiOptions {
  const fields = [
    ...(flags.rawField ?? []).map((f) => parseField(f, false)),
    ...(flags.field ?? []).map((f) => parseField(f, true)),
  ];
  const method = parseMethod(flags, fields.length > 0);
  if (flags.paginate === true && method !== "GET")
    throw new UsageError(`--paginate follows the pages of a list: GET only, not ${method}`);
  return {
    method,
    path: apiPath(path),
    fields,
    headers: Object.fromEntries((flags.header ?? []).map(parseHeader)),
    ...(flags.input === undefined ? {} : { input: flags.input }),
    include: flags.include === true,
    paginate: flags.paginate === true,
  };
}

/**
 * The text of `file` ("-": stdin) for `flag` ("--input", "-F key=@"): bytes that are not
 * UTF-8 are refused (exit 2) naming the line, as stdin's and a roster's are, not sent with
 * U+FFFD in their place. A byte order mark at the start (a Windows editor saves one) is left
 * out, as a roster's is: it is no part of the text, and JSON's parsers may skip it (RFC 8259
 * §8.1) where the service's refused the body with an invisible "Unexpected token" (a reviewer
 * found it).
 */
async function readSource(f: Factory, file: string, flag: string): Promise<string> {
  const text = await readText(f, file, flag);
  return text.startsWith("\uFEFF") ? text.slice(1) : text;
}

async function readText(f: Factory, file: string, flag: string): Promise<string> {
  if (file === "-") return f.readStdin();
  const named = flag.endsWith("@") ? `${flag}${file}` : `${flag} ${file}`;
  let bytes: Buffer;
  try {
    bytes = readBoundedFile(file, named);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${named}: ${(error as Error).message}`);
  }
  return decodeInput(bytes, named, file);
}

async function fieldValues(f: Factory, fields: readonly ApiField[]): Promise<FieldValue[]> {
  const values: FieldValue[] = [];
  for (const field of fields) {
    const value = field.value;
    const isFile = typeof value === "object" && value !== null;
    values.push(isFile ? await readSource(f, value.file, `-F ${field.key}=@`) : value);
  }
  return values;
}

/** The request: fields in the body (or, for GET and with --input, in the query). */
async function buildRequest(f: Factory, o: ApiOptions): Promise<HttpRequest> {
  const values = await fieldValues(f, o.fields);
  const inQuery = o.input !== undefined || o.method === "GET" || o.method === "HEAD";
  const query = inQuery ? fieldsQuery(o.fields, values) : "";
  const path = query === "" ? o.path : `${o.path}${o.path.includes("?") ? "&" : "?"}${query}`;
  const body =
    o.input !== undefined
      ? await readSource(f, o.input, "--input")
      : o.fields.length > 0 && !inQuery
        ? JSON.stringify(fieldsBody(o.fields, values))
        : undefined;
  // Content-Type on every request, GETs included: the published interface requires it on
  // every operation (a GET without it is refused 422 there; docs/interface.md).
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Content-Type": "application/vnd.api+json",
  };
  const named = (name: string) => Object.keys(o.headers).some((h) => h.toLowerCase() === name);
  for (const name of Object.keys(headers)) if (named(name.toLowerCase())) delete headers[name];
  return {
    method: o.method,
    path,
    headers: { ...headers, ...o.headers },
    ...(body === undefined ? {} : { body }),
  };
}

export async function runApi(f: Factory, o: ApiOptions): Promise<void> {
  if (f.globals.jsonFields !== undefined)
    throw new UsageError("api prints the service's document as it is: filter it with --jq");
  const remote = f.profile().backend === "remote";
  const request = await buildRequest(f, remote ? { ...o, path: publishedApiPath(o.path) } : o);
  let response: HttpResponse | undefined;
  if (o.paginate) {
    const { sendPages } = await import("./pages.js");
    response = await sendPages(f, request, o.include);
    if (response === undefined) return;
  } else {
    response = await (await f.client()).requester.raw(request);
    if (o.include) f.io.stdout.write(headerBlock(response));
  }
  writeBody(f.io.stdout, f.jsonOutput(), response);
  if (endsInError(response)) {
    throw errorFromResponse(response, (f.deps.now?.() ?? new Date()).getTime(), request.path);
  }
}

/**
 * A 4xx or 5xx, or a 3xx but 304: a redirect (301, 302, 303, 307, 308) is never followed and
 * ends the command with exit 1 naming its Location, as every command's does (docs/profiles.md);
 * its body and, with -i, its headers are printed first, as an error's are. A 304 answers the
 * request's own If-None-Match: nothing changed, exit 0.
 */
function endsInError(response: HttpResponse): boolean {
  return !isSuccess(response) && response.status >= 300 && response.status !== 304;
}

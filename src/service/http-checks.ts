/** Header, size and credential checks every request passes before its route. */
import { ServiceError } from "./errors.js";
import type { ServiceRequest } from "./router.js";

/** Keys and tokens, accounts and scopes: credentials.ts. */
export { authenticate as checkCredentials } from "./credentials.js";

export const MAX_BODY_BYTES = 1024 * 1024;

const ACCEPTABLE = ["application/json", "application/vnd.api+json", "*/*", "application/*"];
const BODY_TYPES = ["application/json", "application/vnd.api+json"];

function mediaTypes(header: string): string[] {
  return header.split(",").map((part) => part.split(";")[0]!.trim().toLowerCase());
}

/** The types serve answers in (a JSON:API client's own is taken as the same). */
const ANSWERED = ["application/json", "application/vnd.api+json"];

/** A range's weight (RFC 9110 12.4.2): its `q`, 1 when absent; 0 for a q it cannot read. */
function weightOf(params: readonly string[]): number {
  for (const param of params) {
    const [name, value] = param.split("=");
    if (name!.trim().toLowerCase() !== "q") continue;
    const q = Number(value?.trim());
    return Number.isFinite(q) && q >= 0 && q <= 1 ? q : 0;
  }
  return 1;
}

/**
 * How much `header` wants `type` (RFC 9110 12.5.1): the weight of the most specific range
 * that matches it (`application/json`, then `application/*`, then the range of every type),
 * 0 when none does.
 */
function weightFor(type: string, ranges: readonly { range: string; q: number }[]): number {
  const family = `${type.slice(0, type.indexOf("/"))}/*`;
  let best = -1;
  let q = 0;
  for (const r of ranges) {
    const rank = r.range === type ? 3 : r.range === family ? 2 : r.range === "*/*" ? 1 : 0;
    if (rank > best && rank > 0) [best, q] = [rank, r.q];
  }
  return q;
}

/**
 * `Accept` (DESIGN.md §3): absent, empty, or naming a JSON type or a wildcard with a
 * weight above 0; else 406. `q=0` means "not acceptable" (RFC 9110 12.4.2), so
 * `application/json;q=0`, and every type at q=0 beside `text/html`, are 406.
 */
export function checkAccept(header: string | undefined): void {
  if (header === undefined || ACCEPTABLE.includes(header) || header.trim() === "") return;
  const ranges = header.split(",").map((part) => {
    const [range, ...params] = part.split(";");
    return { range: range!.trim().toLowerCase(), q: weightOf(params) };
  });
  if (ANSWERED.some((type) => weightFor(type, ranges) > 0)) return;
  throw ServiceError.of(406, `cannot answer with ${header}; send Accept: application/json`);
}

export function checkContentType(header: string | undefined): void {
  if (header !== undefined && BODY_TYPES.includes(header)) return;
  const type = header === undefined ? "" : mediaTypes(header)[0];
  if (type !== undefined && BODY_TYPES.includes(type)) return;
  throw ServiceError.of(
    415,
    `request bodies must be Content-Type: application/vnd.api+json (or application/json), not ${header ?? "none"}`,
  );
}

/**
 * Why a body sent with `Content-Encoding: header` is not read, or undefined for none or
 * `identity`: the service reads bodies as sent, so a compressed one (gzip, deflate, br, ...)
 * is refused 415 naming its coding, not read as text (before: 400 "the request body is not
 * UTF-8", or JSON that did not parse).
 */
export function encodingProblem(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const codings = header
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  if (codings.length === 0) return undefined;
  return `Content-Encoding ${codings.join(", ")} is not supported: request bodies are read as sent; send the body uncompressed (no Content-Encoding, or identity)`;
}

/** A body with a Content-Encoding other than identity: 415 (encodingProblem). */
function checkContentEncoding(request: Pick<ServiceRequest, "header" | "body">): void {
  if (request.body === "") return;
  const problem = encodingProblem(request.header("content-encoding"));
  if (problem !== undefined) throw ServiceError.of(415, problem);
}

/** The body's checks before any route: its size (413), then its coding (415). */
export function checkBody(request: Pick<ServiceRequest, "header" | "body">): void {
  checkDeclaredLength(request);
  checkContentEncoding(request);
}

export function tooLarge(): ServiceError {
  return ServiceError.of(413, `the request body is larger than ${MAX_BODY_BYTES} bytes`);
}

export function checkDeclaredLength(request: Pick<ServiceRequest, "header" | "body">): void {
  const declared = Number(request.header("content-length") ?? "0");
  const body = request.body;
  // A UTF-16 code unit is at most 3 bytes of UTF-8: short bodies need no count.
  const large =
    body.length * 3 > MAX_BODY_BYTES && Buffer.byteLength(body, "utf8") > MAX_BODY_BYTES;
  if (declared > MAX_BODY_BYTES || large) throw tooLarge();
}

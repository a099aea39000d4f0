/** Header, size and credential checks every request passes before its route. */
import type { ServiceContext } from "./context.js";
import { ServiceError } from "./errors.js";
import type { ServiceRequest } from "./router.js";

export const MAX_BODY_BYTES = 1024 * 1024;

const ACCEPTABLE = ["application/json", "application/vnd.api+json", "*/*", "application/*"];
const BODY_TYPES = ["application/json", "application/vnd.api+json"];

function mediaTypes(header: string): string[] {
  return header.split(",").map((part) => part.split(";")[0]!.trim().toLowerCase());
}

export function checkAccept(header: string | undefined): void {
  if (header === undefined || ACCEPTABLE.includes(header) || header.trim() === "") return;
  if (mediaTypes(header).some((type) => ACCEPTABLE.includes(type))) return;
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

function unauthorized(detail: string): ServiceError {
  return new ServiceError(401, [{ status: 401, detail }], {
    "www-authenticate": 'ApiKey realm="tourney"',
  });
}

/** Checks `Authorization` (an API key, type v1) against the stored key hashes. */
export function checkCredentials(
  service: ServiceContext,
  request: Pick<ServiceRequest, "header" | "query">,
): string {
  const header = request.header("authorization")?.trim();
  const kind = request.header("authorization-type")?.trim().toLowerCase();
  if (!header) {
    // v2.1 never reads a key from the URL: URLs end up in logs and browser history.
    const inQuery = request.query.has("api_key");
    throw unauthorized(
      inQuery
        ? "v2.1 takes the API key from the Authorization header only, not from ?api_key= (that is v1's way)"
        : "an API key is required: send it in the Authorization header",
    );
  }
  if (kind === "v2" || /^bearer\s/i.test(header)) {
    throw unauthorized(
      "this server does not issue OAuth tokens; send an API key with Authorization-Type: v1",
    );
  }
  const row = service.apiKeys.verify(header, service.now());
  if (row === undefined) throw unauthorized("the API key is not valid for this server");
  return row.label;
}

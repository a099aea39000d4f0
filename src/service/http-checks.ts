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

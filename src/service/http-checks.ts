/** Header, size and credential checks every request passes before its route. */
import type { Context, Next } from "hono";
import type { ServiceContext } from "./context.js";
import { ServiceError } from "./errors.js";

export const MAX_BODY_BYTES = 1024 * 1024;

const ACCEPTABLE = ["application/json", "application/vnd.api+json", "*/*", "application/*"];
const BODY_TYPES = ["application/json", "application/vnd.api+json"];

function mediaTypes(header: string): string[] {
  return header.split(",").map((part) => part.split(";")[0]!.trim().toLowerCase());
}

export function checkAccept(header: string | undefined): void {
  if (header === undefined || header.trim() === "") return;
  if (mediaTypes(header).some((type) => ACCEPTABLE.includes(type))) return;
  throw ServiceError.of(406, `cannot answer with ${header}; send Accept: application/json`);
}

export function checkContentType(header: string | undefined): void {
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

function unauthorized(detail: string): ServiceError {
  return new ServiceError(401, [{ status: 401, detail }], { "www-authenticate": "Bearer, ApiKey" });
}

/** Checks `Authorization` (API key, type v1) against the stored key hashes. */
export function checkCredentials(service: ServiceContext, c: Context): void {
  const header = c.req.header("authorization")?.trim();
  const queryKey = c.req.query("api_key");
  const kind = c.req.header("authorization-type")?.trim().toLowerCase();
  if (!header && !queryKey) {
    throw unauthorized("an API key is required: send it in the Authorization header");
  }
  if (header && (kind === "v2" || /^bearer\s/i.test(header))) {
    throw unauthorized("this server does not issue OAuth tokens; send an API key with Authorization-Type: v1");
  }
  const key = header || queryKey || "";
  if (service.apiKeys.verify(key, service.now()) === undefined) {
    throw unauthorized("the API key is not valid for this server");
  }
}

export function requestChecks(service: ServiceContext, requireAuth: boolean) {
  return async (c: Context, next: Next): Promise<void> => {
    checkAccept(c.req.header("accept"));
    if (requireAuth) checkCredentials(service, c);
    if (c.req.method === "POST" || c.req.method === "PUT" || c.req.method === "PATCH") {
      const length = Number(c.req.header("content-length") ?? "0");
      if (length > MAX_BODY_BYTES) throw tooLarge();
    }
    await next();
  };
}

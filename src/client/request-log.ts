/**
 * The verbose request log (curl -v style, written to stderr by the CLI):
 *   > PUT /v2.1/tournaments/12
 *   > Authorization: [redacted]
 *   < 200 OK (3 ms)
 * Secrets never reach it: credential headers and credential query values are
 * redacted, and bodies are never logged (only their size).
 */
import type { HttpRequest, HttpResponse } from "../model/http.js";
import type { RetryNotice } from "./retry.js";
import { statusLine } from "./status-text.js";

export type LogSink = (line: string) => void;

export const REDACTED = "[redacted]";

const SECRET_HEADERS: ReadonlySet<string> = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
]);

const SECRET_QUERY = /([?&](?:api_key|access_token|token|password|client_secret)=)[^&#]*/gi;

export function redactPath(path: string): string {
  return path.replace(SECRET_QUERY, `$1${REDACTED}`);
}

function headerLines(prefix: string, headers: Readonly<Record<string, string>>): string[] {
  return Object.entries(headers).map(([name, value]) => {
    const shown = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
    return `${prefix} ${name}: ${shown}`;
  });
}

function bodySize(body: string): string {
  return `${Buffer.byteLength(body, "utf8")} bytes`;
}

export function logRequest(log: LogSink, request: HttpRequest): void {
  log(`> ${request.method} ${redactPath(request.path)}`);
  headerLines(">", request.headers).forEach(log);
  if (request.body !== undefined) log(`> [body: ${bodySize(request.body)}]`);
}

export function logResponse(log: LogSink, response: HttpResponse, elapsedMs: number): void {
  log(`< ${statusLine(response.status)} (${Math.round(elapsedMs)} ms)`);
  headerLines("<", response.headers).forEach(log);
  if (response.body !== "") log(`< [body: ${bodySize(response.body)}]`);
}

export function logFailure(log: LogSink, error: unknown, elapsedMs: number): void {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  log(`< failed after ${Math.round(elapsedMs)} ms: ${reason}`);
}

export function logRetry(log: LogSink, notice: RetryNotice): void {
  log(
    `* ${notice.reason}; retrying in ${notice.delayMs} ms ` +
      `(attempt ${notice.attempt + 1} of ${notice.maxAttempts})`,
  );
}

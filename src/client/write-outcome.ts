/**
 * A write whose outcome is unknown is said so (UnknownOutcomeError, exit 7), never as a
 * refusal or a plain network failure: one sent, then met by a timeout waiting for the
 * answer or a reset of its connection (it may have been made; a timeout is not retried,
 * retry.ts); one answered by a gateway (502, 504, or a 503 without the service's own error
 * document) and not sent again (a POST: before, exit 1 as a plain failure, and the script's
 * retry created a second tournament); and one retried after such a reset, a 502 or a 504 (DESIGN.md §3) whose
 * retry settled nothing: refused as a change already made would be (404, 409, 410, 422: a
 * report "already complete", a delete "not found"), answered 5xx or 429, or not sent at all
 * (the service gone: "could not connect"). Before, such a retry's failure was told as it
 * was (exit 7 "could not connect", exit 1 for a 5xx), the doubt of the first attempt lost.
 * Reads pass through as they are.
 */
import type { HttpRequest, HttpResponse } from "../model/http.js";
import { mayHaveArrived, NetworkError, TimeoutError, UnknownOutcomeError } from "./errors.js";
import { redactPath } from "./request-log.js";
import { errorFromResponse } from "./response-errors.js";
import { statusLine } from "./status-text.js";

const READS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);
/** Answers after which a write may have been made all the same (a gateway's). */
const UNCERTAIN: ReadonlySet<number> = new Set([502, 504]);

/**
 * Whether `response` leaves a write's outcome open: a 502 or 504, or a 503 that is not the
 * service's own error document (JSON:API `errors`: serve's "nothing was saved", a locked
 * database), i.e. a gateway's or a load balancer's page, which says nothing of the upstream.
 */
function uncertain(response: HttpResponse): boolean {
  if (UNCERTAIN.has(response.status)) return true;
  if (response.status !== 503) return false;
  let body = response.json;
  if (body === undefined)
    try {
      body = JSON.parse(response.body);
    } catch {
      return true;
    }
  const errors = (body as { errors?: unknown } | null)?.errors;
  return !Array.isArray(errors) || errors.length === 0;
}
/** Refusals of a retry that the first attempt, made, would cause. */
const AS_IF_MADE: ReadonlySet<number> = new Set([404, 409, 410, 422]);

/** What a retry after a doubt was answered, when it says nothing of the first: else undefined. */
function unsettled(response: HttpResponse, now: number): string | undefined {
  const { status } = response;
  if (!AS_IF_MADE.has(status) && status < 500 && status !== 429) return undefined;
  const refused = errorFromResponse(response, now);
  const detail = refused.errors[0]?.detail;
  if (AS_IF_MADE.has(status))
    return `it was refused (${statusLine(status)}: ${detail ?? refused.message})`;
  return `it was answered ${statusLine(status)}${detail === undefined ? "" : ` (${detail})`}`;
}

/**
 * Sends `request` through `retrying` (the retries, given each attempt's `send`); a write's
 * unknown outcome thrown as UnknownOutcomeError, its other failures and answers unchanged.
 */
export async function sendWrite(
  request: HttpRequest,
  send: () => Promise<HttpResponse>,
  retrying: (send: () => Promise<HttpResponse>) => Promise<HttpResponse>,
  now: () => number,
): Promise<HttpResponse> {
  if (READS.has(request.method)) return retrying(send);
  const path = redactPath(request.path);
  let attempts = 0;
  // What the first attempt that may have made the change met, and which attempt it was.
  let doubt: { failure: string; cause: unknown; at: number } | undefined;
  const attempt = async (): Promise<HttpResponse> => {
    attempts += 1;
    try {
      const response = await send();
      if (uncertain(response))
        doubt ??= {
          failure: `it was answered ${statusLine(response.status)}`,
          cause: undefined,
          at: attempts,
        };
      return response;
    } catch (error) {
      if (mayHaveArrived(error)) doubt ??= { failure: error.message, cause: error, at: attempts };
      throw error;
    }
  };
  let response: HttpResponse;
  try {
    response = await retrying(attempt);
  } catch (error) {
    const method = request.method;
    if (mayHaveArrived(error))
      throw new UnknownOutcomeError(method, path, {
        failure: error.message,
        cause: error,
        attempts,
      });
    // A retry not sent (the service gone, or not reached in time) settles nothing either.
    if (doubt === undefined || !(error instanceof NetworkError || error instanceof TimeoutError))
      throw error;
    const retried = `it failed (${error.message})`;
    throw new UnknownOutcomeError(method, path, { ...doubt, cause: error, attempts, retried });
  }
  if (doubt === undefined) return response;
  // The attempt in doubt was the last (a POST's 504, not sent again): its outcome is unknown.
  if (doubt.at === attempts) {
    const cause = errorFromResponse(response, now());
    throw new UnknownOutcomeError(request.method, path, { ...doubt, cause, attempts });
  }
  const retried = unsettled(response, now());
  if (retried === undefined) return response;
  const cause = errorFromResponse(response, now());
  throw new UnknownOutcomeError(request.method, path, { ...doubt, cause, attempts, retried });
}

/**
 * A write whose outcome is unknown is said so (UnknownOutcomeError, exit 7), never as a
 * refusal or a plain network failure: one sent, then met by a timeout waiting for the
 * answer or a reset of its connection (it may have been made; a timeout is not retried,
 * retry.ts); and one retried after such a reset, a 502 or a 504 (DESIGN.md §3) whose
 * retry was refused as a change already made would be (404, 409, 410, 422: a report
 * "already complete", a delete "not found"). Reads pass through as they are.
 */
import type { HttpRequest, HttpResponse } from "../model/http.js";
import { mayHaveArrived, UnknownOutcomeError } from "./errors.js";
import { redactPath } from "./request-log.js";
import { errorFromResponse } from "./response-errors.js";
import { statusLine } from "./status-text.js";

const READS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);
/** Answers after which a write may have been made all the same (a gateway's). */
const UNCERTAIN: ReadonlySet<number> = new Set([502, 504]);
/** Refusals of a retry that the first attempt, made, would cause. */
const AS_IF_MADE: ReadonlySet<number> = new Set([404, 409, 410, 422]);

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
  let doubt: { failure: string; cause: unknown } | undefined;
  const attempt = async (): Promise<HttpResponse> => {
    attempts += 1;
    try {
      const response = await send();
      if (UNCERTAIN.has(response.status))
        doubt ??= { failure: `it was answered ${statusLine(response.status)}`, cause: undefined };
      return response;
    } catch (error) {
      if (mayHaveArrived(error)) doubt ??= { failure: error.message, cause: error };
      throw error;
    }
  };
  let response: HttpResponse;
  try {
    response = await retrying(attempt);
  } catch (error) {
    if (!mayHaveArrived(error)) throw error;
    throw new UnknownOutcomeError(request.method, path, {
      failure: error.message,
      cause: error,
      attempts,
    });
  }
  if (doubt === undefined || !AS_IF_MADE.has(response.status)) return response;
  const refused = errorFromResponse(response, now());
  const detail = refused.errors[0]?.detail ?? refused.message;
  const refusal = `${statusLine(response.status)}: ${detail}`;
  throw new UnknownOutcomeError(request.method, path, {
    ...doubt,
    cause: refused,
    attempts,
    refusal,
  });
}

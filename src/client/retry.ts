/**
 * Retries for idempotent requests (DESIGN.md §3, client behaviour): only GET,
 * PUT, DELETE (and HEAD, OPTIONS); only on 502/503/504 and connection resets;
 * exponential backoff with full jitter; `Retry-After` honoured. A 429 is never
 * retried, nor is any POST, nor a timeout: a write that timed out may have been made
 * (sent again, a match report applied the first time was refused as "already
 * complete", exit 5), and a service that does not answer in 30 s is told at once
 * rather than after three times that (requester.ts says a write's outcome is unknown).
 */
import type { HttpMethod, HttpResponse } from "../model/http.js";
import { NetworkError } from "./errors.js";
import { statusLine } from "./status-text.js";

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the error is reported instead. */
  readonly maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

export interface RetryNotice {
  /** The attempt that failed, from 1. */
  readonly attempt: number;
  readonly maxAttempts: number;
  readonly delayMs: number;
  readonly reason: string;
}

export interface RetryDeps {
  readonly sleep: (ms: number) => Promise<void>;
  /** In [0, 1). */
  readonly random: () => number;
  /** Epoch milliseconds, to read a `Retry-After` given as an HTTP date. */
  readonly now: () => number;
  readonly onRetry?: (notice: RetryNotice) => void;
}

const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

export function isIdempotent(method: HttpMethod): boolean {
  return IDEMPOTENT.has(method);
}

/** `Retry-After` as whole seconds from now: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}

/** Full jitter: a random wait between 0 and min(maxDelay, base * 2^(attempt-1)). */
export function backoffDelayMs(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}

function isRetryableError(error: unknown): boolean {
  return error instanceof NetworkError && error.retryable;
}

/** The wait before retrying a response, or undefined when it must not be retried. */
function responseDelayMs(
  response: HttpResponse,
  attempt: number,
  policy: RetryPolicy,
  deps: RetryDeps,
): number | undefined {
  if (!RETRYABLE_STATUSES.has(response.status)) return undefined;
  const retryAfter = parseRetryAfter(response.headers["retry-after"], deps.now());
  if (retryAfter === undefined) return backoffDelayMs(attempt, policy, deps.random);
  const delayMs = retryAfter * 1000;
  return delayMs > policy.maxRetryAfterMs ? undefined : delayMs;
}

/** Sends through `send`, retrying as the policy allows; returns the last response. */
export async function sendWithRetries(
  method: HttpMethod,
  send: () => Promise<HttpResponse>,
  deps: RetryDeps,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): Promise<HttpResponse> {
  const retries = isIdempotent(method);
  for (let attempt = 1; ; attempt += 1) {
    const last = !retries || attempt >= policy.maxAttempts;
    let response: HttpResponse;
    try {
      response = await send();
    } catch (error) {
      if (last || !isRetryableError(error)) throw error;
      const delayMs = backoffDelayMs(attempt, policy, deps.random);
      await pause(deps, {
        attempt,
        maxAttempts: policy.maxAttempts,
        delayMs,
        reason: describe(error),
      });
      continue;
    }
    const delayMs = last ? undefined : responseDelayMs(response, attempt, policy, deps);
    if (delayMs === undefined) return response;
    const reason = statusLine(response.status);
    await pause(deps, { attempt, maxAttempts: policy.maxAttempts, delayMs, reason });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function pause(deps: RetryDeps, notice: RetryNotice): Promise<void> {
  deps.onRetry?.(notice);
  await deps.sleep(notice.delayMs);
}

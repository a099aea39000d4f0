/**
 * Mapping the errors undici and Node's socket layer throw to NetworkError and
 * TimeoutError, with a message naming the host, or the proxy and the variable
 * that named it when the tunnel through it failed. Codes are read from the error
 * and its cause; unknown errors pass through unchanged.
 */
import { CertificateError, NetworkError, TimeoutError } from "./errors.js";

/** The code of a body still arriving when the answer's time is up (direct-http.ts, remote-transport.ts). */
export const ANSWER_TIMEOUT = "TOURNEY_ANSWER_TIMEOUT";

import { ProxyTunnelError } from "./proxy-tunnel.js";
import { statusLine } from "./status-text.js";

export interface NetworkContext {
  /** "api.example.com" or "127.0.0.1:8080". */
  readonly host: string;
  readonly connectTimeoutMs: number;
  readonly responseTimeoutMs: number;
}

const RESET_CODES: ReadonlySet<string> = new Set([
  "ECONNRESET",
  "EPIPE",
  "UND_ERR_SOCKET",
  "ECONNABORTED",
]);
const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "EHOSTDOWN",
]);

/** Node's and OpenSSL's codes for a certificate refused (review I #25). */
const CERTIFICATE_CODES: ReadonlySet<string> = new Set([
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_UNTRUSTED",
  "CERT_REJECTED",
  "CERT_REVOKED",
  "CERT_SIGNATURE_FAILURE",
  "CERT_CHAIN_TOO_LONG",
  "INVALID_CA",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === "string") return code;
  return cause === undefined ? undefined : codeOf(cause);
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

function timeoutError(
  code: string,
  error: unknown,
  context: NetworkContext,
): TimeoutError | undefined {
  const { host, connectTimeoutMs, responseTimeoutMs } = context;
  const base = { host, cause: error };
  if (code === "UND_ERR_CONNECT_TIMEOUT" || code === "ETIMEDOUT") {
    const message = `connecting to ${host} timed out after ${seconds(connectTimeoutMs)}`;
    return new TimeoutError(message, "connect", { ...base, timeoutMs: connectTimeoutMs });
  }
  if (code === "UND_ERR_HEADERS_TIMEOUT") {
    const message = `${host} did not answer within ${seconds(responseTimeoutMs)}`;
    return new TimeoutError(message, "headers", { ...base, timeoutMs: responseTimeoutMs });
  }
  if (code === ANSWER_TIMEOUT) {
    const message = `${host} did not send its whole response within ${seconds(responseTimeoutMs)}`;
    return new TimeoutError(message, "body", { ...base, timeoutMs: responseTimeoutMs });
  }
  if (code === "UND_ERR_BODY_TIMEOUT") {
    const message = `${host} stopped sending its response for ${seconds(responseTimeoutMs)}`;
    return new TimeoutError(message, "body", { ...base, timeoutMs: responseTimeoutMs });
  }
  return undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function networkError(code: string, error: unknown, context: NetworkContext): NetworkError {
  const { host } = context;
  const base = { code, host, cause: error };
  if (code === "ECONNREFUSED") {
    return new NetworkError(`could not connect to ${host}: connection refused`, base);
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
    const message = `could not resolve the host name of ${host} (${code})`;
    return new NetworkError(message, { ...base, retryable: code === "EAI_AGAIN" });
  }
  if (RESET_CODES.has(code)) {
    const message = `the connection to ${host} was closed unexpectedly (${code})`;
    return new NetworkError(message, { ...base, retryable: true, mayHaveArrived: true });
  }
  if (CERTIFICATE_CODES.has(code)) {
    const message = `the TLS certificate of ${host} is not one this machine trusts: ${describe(error)} (${code})`;
    return new CertificateError(message, base);
  }
  if (UNREACHABLE_CODES.has(code)) {
    return new NetworkError(`${host} is unreachable (${code})`, base);
  }
  return new NetworkError(`request to ${host} failed: ${describe(error)}`, base);
}

/** A failed tunnel: what the proxy did, naming it and where it was set. */
function proxyError(error: ProxyTunnelError, context: NetworkContext): NetworkError | TimeoutError {
  const { route, target, status } = error;
  const proxy = `the proxy ${route.url} (from ${route.variable})`;
  const check = `check ${route.variable}`;
  const base = { host: route.url, cause: error };
  if (status !== undefined) {
    const message = `${proxy} answered CONNECT ${target} with ${statusLine(status)}: is it a proxy? ${check}`;
    return new NetworkError(message, { ...base, code: "EPROXY" });
  }
  const code = codeOf(error.cause) ?? "EPROXY";
  const mapped = mapNetworkError(error.cause, { ...context, host: proxy });
  if (mapped instanceof TimeoutError) {
    const message = `${mapped.message} (CONNECT ${target}); ${check}`;
    const timeoutMs = mapped.timeoutMs ?? context.responseTimeoutMs;
    // The tunnel failed: the request itself was not sent.
    return new TimeoutError(message, mapped.phase, { ...base, timeoutMs, mayHaveArrived: false });
  }
  if (RESET_CODES.has(code)) {
    const message = `${proxy} closed the connection instead of answering CONNECT ${target} (${code}): is it a proxy? ${check}`;
    return new NetworkError(message, { ...base, code });
  }
  const message = mapped instanceof NetworkError ? mapped.message : describe(error.cause);
  return new NetworkError(`${message}; ${check}`, { ...base, code });
}

/** The typed error for a failed exchange; aborts and non-network errors come back unchanged. */
export function mapNetworkError(error: unknown, context: NetworkContext): unknown {
  if (error instanceof NetworkError || error instanceof TimeoutError) return error;
  const tunnel = findTunnelError(error);
  if (tunnel !== undefined) return proxyError(tunnel, context);
  const code = codeOf(error);
  if (code === undefined || code === "UND_ERR_ABORTED" || code === "UND_ERR_INVALID_ARG") {
    return error;
  }
  return timeoutError(code, error, context) ?? networkError(code, error, context);
}

function findTunnelError(error: unknown): ProxyTunnelError | undefined {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; depth += 1) {
    if (at instanceof ProxyTunnelError) return at;
    at = at.cause;
  }
  return undefined;
}

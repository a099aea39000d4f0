import { describe, expect, it } from "vitest";
import { CertificateError, NetworkError, TimeoutError } from "../../src/client/errors.js";
import { mapNetworkError } from "../../src/client/network-errors.js";

const context = { host: "api.example.com", connectTimeoutMs: 10_000, responseTimeoutMs: 30_000 };

function coded(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

describe("mapNetworkError", () => {
  it.each([
    ["UND_ERR_CONNECT_TIMEOUT", "connect", "connecting to api.example.com timed out after 10 s"],
    ["ETIMEDOUT", "connect", "connecting to api.example.com timed out after 10 s"],
    ["UND_ERR_HEADERS_TIMEOUT", "headers", "api.example.com did not answer within 30 s"],
    ["UND_ERR_BODY_TIMEOUT", "body", "api.example.com stopped sending its response for 30 s"],
  ])("maps %s to a %s TimeoutError", (code, phase, message) => {
    const mapped = mapNetworkError(coded(code), context);
    expect(mapped).toBeInstanceOf(TimeoutError);
    expect((mapped as TimeoutError).phase).toBe(phase);
    expect((mapped as TimeoutError).message).toBe(message);
    expect((mapped as TimeoutError).host).toBe("api.example.com");
    // Past the connection, the request may have reached the service (a write is not re-sent).
    expect((mapped as TimeoutError).mayHaveArrived).toBe(phase !== "connect");
  });

  it.each([
    ["ECONNREFUSED", false, "could not connect to api.example.com: connection refused"],
    ["ENOTFOUND", false, "could not resolve the host name of api.example.com (ENOTFOUND)"],
    ["EAI_AGAIN", true, "could not resolve the host name of api.example.com (EAI_AGAIN)"],
    ["ECONNRESET", true, "the connection to api.example.com was closed unexpectedly (ECONNRESET)"],
    [
      "UND_ERR_SOCKET",
      true,
      "the connection to api.example.com was closed unexpectedly (UND_ERR_SOCKET)",
    ],
    ["EHOSTUNREACH", false, "api.example.com is unreachable (EHOSTUNREACH)"],
    [
      "CERT_HAS_EXPIRED",
      false,
      "the TLS certificate of api.example.com is not one this machine trusts: certificate has expired (CERT_HAS_EXPIRED)",
    ],
  ])("maps %s to a NetworkError (retryable: %s)", (code, retryable, message) => {
    const source = coded(code, code === "CERT_HAS_EXPIRED" ? "certificate has expired" : code);
    const mapped = mapNetworkError(source, context);
    expect(mapped).toBeInstanceOf(NetworkError);
    expect((mapped as NetworkError).code).toBe(code);
    expect((mapped as NetworkError).retryable).toBe(retryable);
    expect((mapped as NetworkError).message).toBe(message);
    expect((mapped as NetworkError).cause).toBe(source);
    const reset = code === "ECONNRESET" || code === "UND_ERR_SOCKET";
    expect((mapped as NetworkError).mayHaveArrived).toBe(reset);
  });

  it.each([
    "SELF_SIGNED_CERT_IN_CHAIN",
    "DEPTH_ZERO_SELF_SIGNED_CERT",
    "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
    "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
    "CERT_HAS_EXPIRED",
    "ERR_TLS_CERT_ALTNAME_INVALID",
  ])("maps %s to a CertificateError: not retried, nothing sent (review I #25)", (code) => {
    const mapped = mapNetworkError(coded(code, "why"), context);
    expect(mapped).toBeInstanceOf(CertificateError);
    expect((mapped as CertificateError).message).toBe(
      `the TLS certificate of api.example.com is not one this machine trusts: why (${code})`,
    );
    expect((mapped as CertificateError).retryable).toBe(false);
    expect((mapped as CertificateError).mayHaveArrived).toBe(false);
  });

  it("reads the code of a wrapped cause", () => {
    const wrapped = new TypeError("fetch failed", { cause: coded("ECONNREFUSED") });
    expect(mapNetworkError(wrapped, context)).toBeInstanceOf(NetworkError);
  });

  it("passes aborts and errors without a code through unchanged", () => {
    const abort = coded("UND_ERR_ABORTED");
    const plain = new Error("bug");
    expect(mapNetworkError(abort, context)).toBe(abort);
    expect(mapNetworkError(plain, context)).toBe(plain);
  });
});

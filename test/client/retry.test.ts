import { describe, expect, it } from "vitest";
import { createApiClient } from "../../src/client/api-client.js";
import {
  NetworkError,
  NotFoundError,
  RateLimitError,
  RejectedError,
  ServerError,
  TimeoutError,
  UnknownOutcomeError,
} from "../../src/client/errors.js";
import { backoffDelayMs, DEFAULT_RETRY_POLICY, parseRetryAfter } from "../../src/client/retry.js";
import { json, record, type Step, stubTransport } from "./stub-transport.js";

const NOW = Date.parse("2025-03-01T12:00:00Z");
const ok = json(200, { data: record(12, "tournament", { name: "Cup" }) });
const unavailable = (headers: Record<string, string> = {}): Step => ({
  status: 503,
  headers,
  body: "",
});

function setup(...steps: Step[]) {
  const transport = stubTransport(...steps);
  const sleeps: number[] = [];
  const client = createApiClient({
    transport,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    now: () => NOW,
  });
  return { client, transport, sleeps };
}

describe("retries of idempotent requests", () => {
  it("retries a GET on 503 then succeeds, with jittered exponential backoff", async () => {
    const { client, transport, sleeps } = setup(unavailable(), { status: 502 }, ok);
    await expect(client.tournaments.get(12)).resolves.toMatchObject({ id: "12" });
    expect(transport.requests).toHaveLength(3);
    // random 0.5 of ceilings 500 ms and 1000 ms
    expect(sleeps).toEqual([250, 500]);
  });

  it("gives up after 3 attempts with a ServerError", async () => {
    const { client, transport } = setup({ status: 504 }, { status: 504 }, { status: 504 }, ok);
    await expect(client.tournaments.get(12)).rejects.toThrow(ServerError);
    expect(transport.requests).toHaveLength(3);
  });

  it("retries PUT and DELETE", async () => {
    const put = setup(unavailable(), ok);
    await put.client.tournaments.update(12, { name: "Cup" });
    expect(put.transport.requests.map((r) => r.method)).toEqual(["PUT", "PUT"]);
    const del = setup({ status: 502 }, { status: 204 });
    await del.client.tournaments.delete(12);
    expect(del.transport.requests.map((r) => r.method)).toEqual(["DELETE", "DELETE"]);
  });

  it("does not retry a 500", async () => {
    const { client, transport } = setup({ status: 500 }, ok);
    await expect(client.tournaments.get(12)).rejects.toThrow(ServerError);
    expect(transport.requests).toHaveLength(1);
  });

  it("never retries a POST", async () => {
    const { client, transport, sleeps } = setup(unavailable(), ok);
    // A 503 that is not the service's own error document (a gateway's): outcome unknown.
    await expect(client.tournaments.create({ name: "Cup" })).rejects.toThrow(UnknownOutcomeError);
    expect(transport.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("never retries a POST after a connection reset", async () => {
    const reset = new NetworkError("reset", { code: "ECONNRESET", retryable: true });
    const { client, transport } = setup(reset, ok);
    await expect(client.tournaments.create({ name: "Cup" })).rejects.toBe(reset);
    expect(transport.requests).toHaveLength(1);
  });

  it("throws a 429 at once as RateLimitError with its Retry-After, never retried", async () => {
    const { client, transport, sleeps } = setup(
      json(
        429,
        { errors: [{ status: 429, detail: "Too many requests" }] },
        { "retry-after": "30" },
      ),
      ok,
    );
    const error = await client.tournaments.get(12).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBe(30);
    expect(transport.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("waits as long as Retry-After says, in seconds or as an HTTP date", async () => {
    const { client, sleeps } = setup(
      unavailable({ "retry-after": "2" }),
      unavailable({ "retry-after": "Sat, 01 Mar 2025 12:00:05 GMT" }),
      ok,
    );
    await client.tournaments.get(12);
    expect(sleeps).toEqual([2000, 5000]);
  });

  it("reports at once when Retry-After is longer than a minute", async () => {
    const { client, transport } = setup(unavailable({ "retry-after": "3600" }), ok);
    await expect(client.tournaments.get(12)).rejects.toThrow(ServerError);
    expect(transport.requests).toHaveLength(1);
  });

  it("retries connection resets", async () => {
    const reset = () => new NetworkError("reset", { code: "ECONNRESET", retryable: true });
    const { client, transport } = setup(reset(), reset(), ok);
    await expect(client.tournaments.get(12)).resolves.toMatchObject({ id: "12" });
    expect(transport.requests).toHaveLength(3);
  });

  it("does not retry a refused connection, nor a timeout in any phase (DESIGN.md §3)", async () => {
    const refused = new NetworkError("refused", { code: "ECONNREFUSED" });
    const first = setup(refused, ok);
    await expect(first.client.tournaments.get(12)).rejects.toBe(refused);
    expect(first.transport.requests).toHaveLength(1);
    for (const phase of ["connect", "headers", "body"] as const) {
      const timeout = new TimeoutError("no answer", phase);
      const read = setup(timeout, ok);
      await expect(read.client.tournaments.get(12)).rejects.toBe(timeout);
      expect(read.transport.requests).toHaveLength(1);
    }
  });

  it("a write timed out after it was sent: UnknownOutcomeError, not sent again", async () => {
    for (const phase of ["headers", "body"] as const) {
      const timeout = new TimeoutError("api.example.com did not answer within 30 s", phase);
      const put = setup(timeout, ok);
      const error = await put.client.tournaments.update(12, { name: "Cup" }).catch((e) => e);
      expect(error).toBeInstanceOf(UnknownOutcomeError);
      expect(error.message).toBe(
        "PUT /v2.1/tournaments/12 was sent, then api.example.com did not answer within 30 s: " +
          "the outcome is unknown (the change may have been made), so it was not sent again",
      );
      expect(error.cause).toBe(timeout);
      expect(put.transport.requests).toHaveLength(1);
    }
  });

  it("a write whose connection was reset under it, retries spent: its outcome is unknown", async () => {
    const reset = () =>
      new NetworkError("the connection to h was closed unexpectedly (ECONNRESET)", {
        code: "ECONNRESET",
        retryable: true,
        mayHaveArrived: true,
      });
    const post = setup(reset(), ok);
    const error = await post.client.tournaments.create({ name: "Cup" }).catch((e) => e);
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(post.transport.requests).toHaveLength(1);
    const put = setup(reset(), reset(), reset(), ok);
    const thrice = await put.client.tournaments.update(12, { name: "Cup" }).catch((e) => e);
    expect(thrice).toBeInstanceOf(UnknownOutcomeError);
    expect(thrice.message).toBe(
      "PUT /v2.1/tournaments/12 was sent 3 times, then the connection to h was closed " +
        "unexpectedly (ECONNRESET): the outcome is unknown (the change may have been made)",
    );
    expect(put.transport.requests).toHaveLength(3);
  });

  it("a write retried after a reset, a 502 or a 504 whose retry is refused as if made: unknown", async () => {
    const complete = json(422, {
      errors: [{ status: 422, detail: "match 7 is already complete" }],
    });
    const reset = new NetworkError("the connection to h was closed unexpectedly (ECONNRESET)", {
      code: "ECONNRESET",
      retryable: true,
      mayHaveArrived: true,
    });
    const afterReset = setup(reset, complete);
    const error = await afterReset.client.tournaments.update(12, { name: "Cup" }).catch((e) => e);
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(error.message).toBe(
      "PUT /v2.1/tournaments/12 was sent, then the connection to h was closed unexpectedly " +
        "(ECONNRESET); sent again, it was refused (422 Unprocessable Entity: match 7 is already " +
        "complete): the first may have made the change, so the outcome is unknown",
    );
    for (const status of [502, 504]) {
      const gone = setup({ status }, json(404, { errors: [{ status: 404, detail: "no such" }] }));
      await expect(gone.client.tournaments.delete(12)).rejects.toThrow(UnknownOutcomeError);
    }
    // A 503 in the service's own words says it did not take the request: the refusal is the
    // answer (a gateway's bare 503 leaves the doubt, as a 502 does).
    const busy = json(503, { errors: [{ status: 503, detail: "busy; nothing was saved" }] });
    const unavailable = setup(busy, complete);
    await expect(unavailable.client.tournaments.update(12, { name: "Cup" })).rejects.toThrow(
      RejectedError,
    );
    // A read's 404 after a 502 is a 404.
    const read = setup({ status: 502 }, json(404, { errors: [{ status: 404, detail: "no" }] }));
    await expect(read.client.tournaments.get(12)).rejects.toThrow(NotFoundError);
  });

  it("a write reset, its retry settling nothing (not sent, 5xx, 429): the outcome is unknown", async () => {
    const reset = () =>
      new NetworkError("the connection to h was closed unexpectedly (ECONNRESET)", {
        code: "ECONNRESET",
        retryable: true,
        mayHaveArrived: true,
      });
    const refused = new NetworkError("could not connect to h: connection refused", {
      code: "ECONNREFUSED",
    });
    const gone = setup(reset(), refused);
    const error = await gone.client.tournaments.update(12, { name: "Cup" }).catch((e) => e);
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(error.message).toBe(
      "PUT /v2.1/tournaments/12 was sent, then the connection to h was closed unexpectedly " +
        "(ECONNRESET); sent again, it failed (could not connect to h: connection refused): the " +
        "first may have made the change, so the outcome is unknown",
    );
    expect(error.cause).toBe(refused);
    const late = setup(reset(), new TimeoutError("connecting to h timed out", "connect"));
    await expect(late.client.tournaments.delete(12)).rejects.toThrow(UnknownOutcomeError);
    const busy = setup(reset(), unavailable(), unavailable());
    const answered = await busy.client.tournaments.update(12, { name: "Cup" }).catch((e) => e);
    expect(answered).toBeInstanceOf(UnknownOutcomeError);
    expect(answered.message).toContain(
      "; sent again (2 times), it was answered 503 Service Unavailable: the first may have made",
    );
    for (const status of [500, 429]) {
      const after = setup(reset(), { status });
      await expect(after.client.tournaments.update(12, { name: "Cup" })).rejects.toThrow(
        UnknownOutcomeError,
      );
    }
    // A write's own 502, not sent again (a POST): unknown too, with no retry to tell of.
    const post = setup({ status: 502 }, ok);
    const own = await post.client.tournaments.create({ name: "Cup" }).catch((e) => e);
    expect(own).toBeInstanceOf(UnknownOutcomeError);
    expect(own.message).toBe(
      "POST /v2.1/tournaments was sent, then it was answered 502 Bad Gateway: the outcome is " +
        "unknown (the change may have been made), so it was not sent again",
    );
    expect(post.transport.requests).toHaveLength(1);
    // A 400 after a reset says the request itself is refused: the refusal is the answer.
    const bad = setup(reset(), json(400, { errors: [{ status: 400, detail: "bad" }] }));
    await expect(bad.client.tournaments.update(12, { name: "Cup" })).rejects.not.toThrow(
      UnknownOutcomeError,
    );
  });

  it("a write that timed out connecting, or was refused, was not sent: the error as it is", async () => {
    const connect = new TimeoutError("connecting timed out", "connect");
    const first = setup(connect, ok);
    await expect(first.client.tournaments.update(12, { name: "Cup" })).rejects.toBe(connect);
    const refused = new NetworkError("refused", { code: "ECONNREFUSED" });
    const second = setup(refused, ok);
    await expect(second.client.tournaments.create({ name: "Cup" })).rejects.toBe(refused);
  });

  it("rethrows the last network error after 3 attempts", async () => {
    const reset = () => new NetworkError("reset", { code: "ECONNRESET", retryable: true });
    const last = reset();
    const { client, transport } = setup(reset(), reset(), last, ok);
    await expect(client.tournaments.get(12)).rejects.toBe(last);
    expect(transport.requests).toHaveLength(3);
  });
});

describe("parseRetryAfter", () => {
  it("reads delta-seconds and HTTP dates, and ignores nonsense", () => {
    expect(parseRetryAfter("7", NOW)).toBe(7);
    expect(parseRetryAfter(" 0 ", NOW)).toBe(0);
    expect(parseRetryAfter("Sat, 01 Mar 2025 12:00:10 GMT", NOW)).toBe(10);
    expect(parseRetryAfter("Sat, 01 Mar 2025 11:00:00 GMT", NOW)).toBe(0);
    expect(parseRetryAfter("soon", NOW)).toBeUndefined();
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
  });
});

describe("backoffDelayMs", () => {
  it("draws from 0 up to an exponentially growing, capped ceiling", () => {
    const top = () => 0.999999;
    expect(backoffDelayMs(1, DEFAULT_RETRY_POLICY, top)).toBe(499);
    expect(backoffDelayMs(2, DEFAULT_RETRY_POLICY, top)).toBe(999);
    expect(backoffDelayMs(3, DEFAULT_RETRY_POLICY, top)).toBe(1999);
    expect(backoffDelayMs(10, DEFAULT_RETRY_POLICY, top)).toBe(7999);
    expect(backoffDelayMs(3, DEFAULT_RETRY_POLICY, () => 0)).toBe(0);
  });
});

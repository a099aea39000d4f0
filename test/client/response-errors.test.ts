import { describe, expect, it } from "vitest";
import {
  ApiError,
  AuthError,
  NotFoundError,
  RateLimitError,
  RejectedError,
  ServerError,
} from "../../src/client/errors.js";
import { errorFromResponse, summarizeText } from "../../src/client/response-errors.js";

const NOW = Date.parse("2025-03-01T12:00:00Z");

function fail(status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return errorFromResponse({ status, headers, body: text }, NOW);
}

describe("errorFromResponse", () => {
  it("keeps every JSON:API error detail with its pointer, in order", () => {
    const error = fail(422, {
      errors: [
        {
          status: 422,
          detail: "Name can't be blank",
          source: { pointer: "/data/attributes/name" },
        },
        {
          status: "422",
          detail: "Tournament type is not included in the list",
          source: { pointer: "/data/attributes/tournament_type" },
        },
      ],
    });
    expect(error).toBeInstanceOf(RejectedError);
    expect(error.status).toBe(422);
    expect(error.errors).toEqual([
      { status: 422, detail: "Name can't be blank", pointer: "/data/attributes/name" },
      {
        status: 422,
        detail: "Tournament type is not included in the list",
        pointer: "/data/attributes/tournament_type",
      },
    ]);
    expect(error.message).toBe("Name can't be blank; Tournament type is not included in the list");
  });

  it("reads the published description's shape: an array of ErrorModel, errors one object", () => {
    // Every error answer of the description is `type: array, items: ErrorModel`, whose
    // `errors` is drawn as one object; an item whose errors is an array is read too.
    const error = fail(422, [
      {
        errors: {
          status: 422,
          detail: "Name is too long",
          source: { pointer: "/data/attributes/name" },
        },
      },
      {
        errors: [
          { status: 422, detail: "Url is taken", source: { pointer: "/data/attributes/url" } },
        ],
      },
    ]);
    expect(error).toBeInstanceOf(RejectedError);
    expect(error.errors).toEqual([
      { status: 422, detail: "Name is too long", pointer: "/data/attributes/name" },
      { status: 422, detail: "Url is taken", pointer: "/data/attributes/url" },
    ]);
    expect(error.message).toBe("Name is too long; Url is taken");
  });

  it("drops the description's placeholder status and pointer, keeping its detail", () => {
    const error = fail(404, [
      {
        errors: {
          detail: "This is an error message",
          status: "HTTP error code",
          source: { pointer: "Where did this error occur" },
        },
      },
    ]);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.errors).toEqual([{ detail: "This is an error message" }]);
  });

  it("keeps a source parameter", () => {
    const error = fail(400, {
      errors: [
        { status: 400, detail: "per_page must be 1 to 1000", source: { parameter: "per_page" } },
      ],
    });
    expect(error.errors).toEqual([
      { status: 400, detail: "per_page must be 1 to 1000", parameter: "per_page" },
    ]);
  });

  it.each([
    [404, NotFoundError],
    [401, AuthError],
    [403, AuthError],
    [400, RejectedError],
    [406, RejectedError],
    [413, RejectedError],
    [415, RejectedError],
    [422, RejectedError],
    [429, RateLimitError],
    [500, ServerError],
    [502, ServerError],
    [503, ServerError],
  ])("maps %i to %o", (status, errorClass) => {
    const error = fail(status, { errors: [{ status, detail: "x" }] });
    expect(error).toBeInstanceOf(errorClass);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.name).toBe(errorClass.name);
  });

  it("maps an unlisted 4xx to the base ApiError", () => {
    const error = fail(409, "");
    expect(error.constructor).toBe(ApiError);
    expect(error.message).toBe("409 Conflict");
  });

  it("reads Retry-After seconds on a 429", () => {
    const error = fail(
      429,
      { errors: [{ status: 429, detail: "Rate limit exceeded" }] },
      {
        "retry-after": "120",
      },
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBe(120);
    expect(error.message).toBe("Rate limit exceeded");
  });

  it("reads Retry-After given as an HTTP date on a 429", () => {
    const error = fail(429, "", { "retry-after": "Sat, 01 Mar 2025 12:01:30 GMT" });
    expect((error as RateLimitError).retryAfterSeconds).toBe(90);
    expect(error.message).toBe("429 Too Many Requests");
  });

  it("reads Retry-After on a 503, seconds or a date", () => {
    expect((fail(503, "", { "retry-after": "3600" }) as ServerError).retryAfterSeconds).toBe(3600);
    const date = { "retry-after": "Sat, 01 Mar 2025 13:00:00 GMT" };
    expect((fail(503, "", date) as ServerError).retryAfterSeconds).toBe(3600);
    expect((fail(500, "") as ServerError).retryAfterSeconds).toBeUndefined();
  });

  it("leaves retryAfterSeconds undefined without Retry-After", () => {
    expect((fail(429, "") as RateLimitError).retryAfterSeconds).toBeUndefined();
  });

  it("gives status and reason for an nginx HTML 502 page, no parse crash", () => {
    const page =
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n" +
      "<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>";
    const error = fail(502, page, { "content-type": "text/html" });
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toBe("502 Bad Gateway");
    expect(error.errors).toEqual([]);
  });

  it("adds the page title when it says more than the status", () => {
    const page =
      "<!DOCTYPE html><html><head><title>Upstream &amp; friends are down</title></head></html>";
    expect(fail(503, page).message).toBe("503 Service Unavailable: Upstream & friends are down");
  });

  it("uses the first meaningful line of a page without a title", () => {
    const page =
      "<html><body>\n<div>  </div>\n<p>Maintenance until 14:00 UTC</p><p>Sorry</p></body></html>";
    expect(fail(503, page).message).toBe("503 Service Unavailable: Maintenance until 14:00 UTC");
    expect(fail(500, "\n\n  upstream connect error\nreset reason: overflow").message).toBe(
      "500 Internal Server Error: upstream connect error",
    );
  });

  it("gives status and reason for an empty body", () => {
    const error = fail(404, "");
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe("404 Not Found");
    expect(error.errors).toEqual([]);
  });

  it("reads v1 string errors, an errors object and {error: ...}", () => {
    expect(fail(422, { errors: ["Name can't be blank", "Url is taken"] }).errors).toEqual([
      { detail: "Name can't be blank" },
      { detail: "Url is taken" },
    ]);
    expect(fail(422, { errors: { detail: "bad", status: 422 } }).errors).toEqual([
      { status: 422, detail: "bad" },
    ]);
    expect(fail(401, { error: "invalid_token" }).message).toBe("invalid_token");
  });

  it("says only the status for JSON without any error detail", () => {
    expect(fail(500, { unexpected: true }).message).toBe("500 Internal Server Error");
  });
});

describe("summarizeText", () => {
  it("shortens a long line", () => {
    const summary = summarizeText("x".repeat(500));
    expect(summary).toHaveLength(200);
    expect(summary?.endsWith("…")).toBe(true);
  });
});

/**
 * docs/scripting.md's exit-code table against the one place errors become exit codes
 * (src/cli/exit-codes.ts, outcomeOf): every code of EXIT has its row, and every error class
 * outcomeOf tells apart (each `instanceof` of that file) is met here by at least one error,
 * whose code's row must say what that error is. A class mapped to another code, or a new
 * class mapped without its row saying so, fails here. Before, the table lacked the OAuth
 * endpoints' codes (4cc95b5: 3 for a 404, 5 for another 4xx, 1 for a redirect or a 5xx) and
 * a redirect's (1), though docs/profiles.md had them.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  OAuthEndpointError,
  OAuthError,
  SessionExpiredError,
  SignInRateLimitedError,
} from "../../src/auth/errors.js";
import {
  CancelledError,
  CommandError,
  DeclinedError,
  HintedError,
  NotLoggedInError,
  OutputError,
  PrintedAfterWriteError,
  StateRefusedError,
  UnknownReferenceError,
  UsageError,
} from "../../src/cli/errors.js";
import { EXIT, outcomeOf } from "../../src/cli/exit-codes.js";
import {
  ApiError,
  AuthError,
  BulkAddCompensationError,
  CertificateError,
  DatabaseLockedError,
  DatabasePlaceError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  RedirectError,
  RejectedError,
  ServerError,
  TimeoutError,
  UnknownOutcomeError,
  UnsendableCredentialError,
} from "../../src/client/errors.js";
import { ConfigError, ConfigPlaceError } from "../../src/config/errors.js";
import { ConfigLockedError } from "../../src/config/file-lock.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The rows of the table under "## Exit codes" in docs/scripting.md: code -> meaning. */
function tableRows(): Map<number, string> {
  const text = readFileSync(join(ROOT, "docs/scripting.md"), "utf8");
  const section = text.split(/^## Exit codes\n/m)[1]!.split(/^## /m)[0]!;
  return new Map(
    [...section.matchAll(/^\| (\d+) \| (.*) \|$/gm)].map((m) => [Number(m[1]), m[2]!]),
  );
}

const url = "https://auth.example/oauth/device/code";
const damaged = Object.assign(new Error("the database F is damaged"), { code: "SQLITE_CORRUPT" });
/** A told OutputError: jq's halt_error wrote its message already (output/jq.ts). */
const told = Object.assign(new OutputError("x"), { told: true });

/** An error of each kind outcomeOf tells apart, and what its code's row says of it. */
const CASES: readonly { readonly error: Error; readonly says: string }[] = [
  { error: new CommandError("x"), says: "other failure" },
  { error: new DatabasePlaceError("/d/t.db", "x"), says: "a database that cannot be opened" },
  { error: new DatabaseLockedError("/d/t.db", 5000), says: "is locked" },
  { error: damaged, says: "damaged or not one" },
  { error: new ConfigPlaceError("/c", "x"), says: "a configuration folder that cannot be made" },
  { error: new ConfigError("x", { file: "/c/config.json" }), says: "file that cannot be read" },
  { error: new ConfigLockedError("/c/f", "/c/f.lock", "x"), says: "another command keeps locked" },
  {
    error: new RedirectError(301, "x", "https://b/", "https://b"),
    says: "answers with a redirect",
  },
  { error: new ServerError(500, "x"), says: "fails (5xx, after the retries)" },
  { error: new CertificateError("x"), says: "TLS certificate this machine does not trust" },
  {
    error: new OAuthEndpointError("device", url, 308, "x"),
    says: "an OAuth endpoint of `tourney login` or a token renewal that redirects",
  },
  { error: new OAuthEndpointError("token", url, 502, "x"), says: "that redirects or fails (5xx)" },
  {
    error: new OAuthEndpointError("device", url, 200, "x"),
    says: "answers 200 with no OAuth answer",
  },
  { error: new DeclinedError("x"), says: '"no" to a confirmation' },
  { error: new UsageError("x"), says: "usage error" },
  { error: new ConfigError("x"), says: "an unknown profile or setting, or a bad value" },
  {
    error: new UnsendableCredentialError("API key"),
    says: "an API key or token that no HTTP header",
  },
  { error: told, says: "a `--jq` program that cannot print the result" },
  { error: new OutputError("x"), says: "`--json` fields" },
  { error: new NotFoundError(404, "x"), says: "not found" },
  { error: new HintedError(new NotFoundError(404, "x"), "h"), says: "not found" },
  { error: new UnknownReferenceError("x"), says: "reference given that matches nothing" },
  {
    error: new OAuthEndpointError("device", url, 404, "x"),
    says: "OAuth endpoint that answers 404",
  },
  { error: new AuthError(401, "x"), says: "credentials the service refuses (401)" },
  { error: new AuthError(403, "x"), says: "does not allow (403)" },
  {
    error: new BulkAddCompensationError(new AuthError(401, "x"), []),
    says: "credentials the service refuses (401)",
  },
  { error: new NotLoggedInError("x"), says: "no credentials" },
  { error: new OAuthError("access_denied", "x"), says: "a sign-in refused in OAuth's words" },
  { error: new SessionExpiredError("p", "x"), says: "can no longer be renewed" },
  { error: new RejectedError(422, "x"), says: "invalid input" },
  { error: new StateRefusedError("x"), says: "not allowed in the current state" },
  { error: new ApiError(409, "x"), says: "any other 4xx answer" },
  { error: new OAuthEndpointError("token", url, 400, "x"), says: "an OAuth endpoint's" },
  { error: new RateLimitError(429, "x", [], 3), says: "rate limited, by the API" },
  { error: new SignInRateLimitedError("x", 3), says: "by the sign-in's OAuth server" },
  { error: new NetworkError("x"), says: "network error" },
  { error: new TimeoutError("x", "headers"), says: "timeout" },
  {
    error: new UnknownOutcomeError("POST", "/v2.1/tournaments.json", {
      failure: "x",
      cause: undefined,
      attempts: 1,
    }),
    says: "its outcome is unknown",
  },
  {
    error: new PrintedAfterWriteError(["POST /x (201)"], new Error("x")),
    says: "printing the result failed",
  },
  { error: new CancelledError(""), says: "Ctrl-C" },
];

describe("docs/scripting.md's exit-code table", () => {
  const rows = tableRows();

  it("has a row for every code of EXIT, and no other", () => {
    expect([...rows.keys()]).toEqual(Object.values(EXIT).sort((a, b) => a - b));
  });

  it("says, in the row of the code each error exits with, what that error is", () => {
    const wrong = CASES.flatMap(({ error, says }) => {
      const code = outcomeOf(error).code;
      return rows.get(code)?.includes(says) === true
        ? []
        : [
            `${error.constructor.name} (${(error as { status?: number }).status ?? ""}) exits ${code}; its row does not say "${says}"`,
          ];
    });
    expect(wrong).toEqual([]);
  });

  it("is checked against every error class src/cli/exit-codes.ts maps", () => {
    const source = readFileSync(join(ROOT, "src/cli/exit-codes.ts"), "utf8");
    const mapped = new Set([...source.matchAll(/instanceof (\w+)/g)].map((m) => m[1]!));
    // Each class by an error of its own, not by a subclass's (ServerError is an ApiError).
    const met = new Set(CASES.map(({ error }) => error.constructor.name));
    expect([...mapped].filter((name) => !met.has(name))).toEqual([]);
  });
});

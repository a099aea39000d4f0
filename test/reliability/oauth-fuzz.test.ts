/**
 * A property-based fuzz of serve's OAuth server (src/service/oauth/), in
 * process over a real SQLite file: every endpoint and method, form bodies of
 * random and hostile parameters (repeated, empty, huge, control characters,
 * lone surrogates, prototype keys), wrong content types, forged cookies and
 * CSRF tokens, live and dead device codes, user codes and refresh tokens.
 *
 * Invariants: no 5xx; a JSON body parses, and an error one is RFC 6749's
 * `{error, error_description}` (or, for an unknown path or method, the service's
 * JSON:API errors); an HTML page escapes what it echoes (no `<script` from the
 * request comes back); nothing but approval issues a token. TOURNEY_FUZZ_RUNS
 * and TOURNEY_FUZZ_SEED as in fuzz.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpMethod, HttpRequest } from "../../src/model/http.js";
import { CLI_CLIENT_ID, DEVICE_CODE_GRANT_TYPE } from "../../src/model/oauth.js";
import { openService, type Service } from "../../src/service/index.js";
import { Browser, deviceCode, hiddenField } from "../helpers/oauth.js";

const RUNS = Number(process.env.TOURNEY_FUZZ_RUNS ?? 2000);
const SEED =
  process.env.TOURNEY_FUZZ_SEED === undefined ? Date.now() : Number(process.env.TOURNEY_FUZZ_SEED);

const nasty = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\ud800",
    "é",
    "<script>alert(1)</script>",
    '"><script>x</script>',
    "__proto__",
    "constructor",
    "%zz",
    "x".repeat(5000),
    "BCDF-GHJK",
    "bcdfghjk",
    "S256",
    "plain",
  ),
);

describe("fuzzed requests to the OAuth server", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-oauth-fuzz-"));
  let service: Service;
  const live: Record<string, string> = {};

  beforeAll(async () => {
    service = await openService({ dbPath: join(dir, "fuzz.db"), requireAuth: true });
    service.admin.addUser({ username: "ada", password: "correct horse battery" });
    const device = (await deviceCode(service)).json;
    live.device_code = device.device_code;
    live.user_code = device.user_code;
    const page = await new Browser(service).get("/oauth/device");
    live.csrf_token = hiddenField(page.body, "csrf_token")!;
    live.cookie = page.headers["set-cookie"]!.split(";")[0]!;
  });
  afterAll(() => {
    service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`answers ${RUNS} fuzzed requests without a 5xx, with well-formed bodies, issuing nothing`, async () => {
    const value = fc.oneof(
      nasty,
      fc.constantFrom(...Object.keys(live)).map((k) => live[k]!),
    );
    const name = fc.constantFrom(
      "grant_type",
      "client_id",
      "device_code",
      "code",
      "code_verifier",
      "redirect_uri",
      "refresh_token",
      "scope",
      "user_code",
      "username",
      "password",
      "csrf_token",
      "ticket",
      "decision",
      "token",
      "response_type",
      "code_challenge",
      "code_challenge_method",
      "state",
      "__proto__",
    );
    const fixed = fc.record({
      grant_type: fc.constantFrom(
        DEVICE_CODE_GRANT_TYPE,
        "authorization_code",
        "refresh_token",
        "password",
        "",
      ),
      client_id: fc.constantFrom(CLI_CLIENT_ID, "evil", ""),
    });
    const request: fc.Arbitrary<HttpRequest> = fc
      .tuple(
        fc.constantFrom("GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PROPFIND"),
        fc.constantFrom(
          "/oauth/device/code",
          "/oauth/token",
          "/oauth/revoke",
          "/oauth/device",
          "/oauth/device/approve",
          "/oauth/authorize",
          "/oauth",
          "/oauth/nothing",
          "/oauth/token.json",
          "/oauth/device/",
        ),
        fc.option(fixed, { nil: undefined }),
        fc.array(fc.tuple(name, value), { maxLength: 8 }),
        fc.constantFrom(
          "application/x-www-form-urlencoded",
          "application/x-www-form-urlencoded; charset=utf-8",
          "application/json",
          "text/plain",
          undefined,
        ),
        fc.constantFrom(live.cookie, "tourney_csrf=forged", "tourney_csrf=", undefined),
        fc.boolean(),
      )
      .map(([method, path, base, pairs, type, cookie, inQuery]) => {
        const params = new URLSearchParams([...Object.entries(base ?? {}), ...pairs]).toString();
        const headers: Record<string, string> = { host: "tourney.test" };
        if (type !== undefined) headers["content-type"] = type;
        if (cookie !== undefined) headers.cookie = cookie;
        return {
          method: method as HttpMethod,
          path: inQuery ? `${path}?${params}` : path,
          headers,
          ...(inQuery ? {} : { body: params }),
        };
      });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const response = await service.handle(r);
        const where = `${r.method} ${r.path.slice(0, 120)}`;
        expect(response.status, where).toBeGreaterThanOrEqual(200);
        expect(response.status, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        const type = response.headers["content-type"] ?? "";
        if (r.method === "HEAD" || response.body === "") return;
        if (type.startsWith("application/json")) {
          const body = JSON.parse(response.body);
          if (response.status >= 400) {
            const oauth =
              typeof body.error === "string" && typeof body.error_description === "string";
            const jsonApi = Array.isArray(body.errors) && body.errors.length > 0;
            expect(oauth || jsonApi, where).toBe(true);
          } else {
            expect(body.access_token, where).toBeUndefined();
          }
        } else {
          expect(type, where).toBe("text/html; charset=utf-8");
          expect(response.body, where).not.toMatch(/<script/i);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});

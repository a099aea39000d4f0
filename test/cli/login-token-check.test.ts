/**
 * `tourney login --with-token` checks the token with GET /me before it writes anything, as
 * `--api-key` does (docs/profiles.md: "a failed login writes nothing"). Before, any string
 * was stored ("Stored the access token", exit 0), over a working token, and the next command
 * failed with exit 4. A token without the `me` scope (403) is one the service knows: stored.
 * A service that cannot be reached: the network error's exit code, nothing stored.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NetworkError } from "../../src/client/errors.js";
import type { HttpRequest } from "../../src/model/http.js";
import { json, type Reply, routeTransport } from "../client/stub-transport.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";

const BASE = "http://127.0.0.1:9";
const ME = { data: { id: "2", type: "user", attributes: { username: "ada" } } };

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox();
});
afterEach(() => sandbox.cleanup());

const files = () =>
  ["config.json", "credentials.json"].map((name) => {
    const path = join(sandbox.env.TOURNEY_CONFIG_DIR!, name);
    return existsSync(path) ? readFileSync(path, "utf8") : undefined;
  });

/** A service whose GET /me answers `answer(token)` for the bearer token sent. */
function service(answer: (token: string | undefined) => Reply | Error) {
  return routeTransport((request: HttpRequest) => {
    if (request.path !== "/v2.1/me.json") return new Error(`unexpected ${request.path}`);
    return answer(request.headers.Authorization?.replace(/^Bearer /, ""));
  });
}

const login = (stdin: string, answer: (token: string | undefined) => Reply | Error) => {
  const api = service(answer);
  const args = ["login", "--profile", "ci", "--base-url", BASE, "--with-token"];
  return sandbox.run(args, { stdin, makeTransport: async () => api }).then((r) => ({ ...r, api }));
};

const knows = (token: string | undefined) =>
  token === "at-good-77"
    ? json(200, ME)
    : json(401, { errors: [{ status: 401, detail: "the access token is not valid" }] });

describe("login --with-token checks the token with GET /me", () => {
  it("stores a token the service takes, sent as a bearer token with v2", async () => {
    const r = await login("at-good-77\n", knows);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe("Stored the access token for profile ci\n");
    expect(r.api.requests.map((q) => [q.path, q.headers["Authorization-Type"]])).toEqual([
      ["/v2.1/me.json", "v2"],
    ]);
    expect(JSON.parse(files()[1]!).profiles.ci).toEqual({ token: "at-good-77", origin: BASE });
  });

  it("refuses a token the service refuses (401): exit 4, a hint, the good one kept", async () => {
    expect((await login("at-good-77\n", knows)).code).toBe(0);
    const before = files();
    const r = await login("at-typo-77\n", knows);
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      `error: the access token was refused by ${BASE} (401: the access token is not valid); nothing was stored\n` +
        "hint: check the token (expired? issued by another service?) and pipe it again, or log in with the device grant: `tourney login` without --with-token\n",
    );
    expect(r.stderr).not.toContain("at-typo-77");
    expect(files()).toEqual(before);
    const token = await sandbox.run(["auth", "token", "--profile", "ci"]);
    expect(token).toMatchObject({ code: 0, stdout: "at-good-77\n" });
  });

  it("refuses when the service cannot be reached: exit 7, no profile created", async () => {
    const r = await login("at-good-77\n", () => {
      return new NetworkError("could not connect to 127.0.0.1:9 (connection refused)", {
        code: "ECONNREFUSED",
      });
    });
    expect(r.code).toBe(7);
    expect(r.stderr).toBe(
      "error: could not connect to 127.0.0.1:9 (connection refused)\n" +
        `hint: the access token could not be checked, so nothing was stored; log in again once ${BASE} can be reached\n`,
    );
    expect(files()).toEqual([undefined, undefined]);
  });

  it("stores a token without the me scope (403): the service knows it", async () => {
    const r = await login("at-reader-77\n", () =>
      json(403, { errors: [{ status: 403, detail: "the token lacks the scope me" }] }),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(files()[1]!).profiles.ci).toEqual({ token: "at-reader-77", origin: BASE });
  });
});

/**
 * Remote answers that are no answer of the service, told as what they are (an outside
 * review): a redirect names its Location and the base URL to set, and is not followed (the
 * credentials would go with it); a login against an address without OAuth names the URL it
 * asked and where the endpoints are set, with the exit code of what happened (3 for a 404,
 * 1 for a redirect or a 5xx), not 4 (a refused sign-in). Before: `error: 301 Moved
 * Permanently` (exit 1), and `the device authorization endpoint answered HTTP 404 without an
 * OAuth error` with "`tourney login` starts again" (exit 4, a 502 too).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, binaryEnv, runBinary } from "../helpers/binary.js";

type Answer = (request: IncomingMessage) => {
  status: number;
  headers?: Record<string, string>;
  body?: string;
};

/** A loopback server answering every request with `answer`, keeping what it was asked. */
async function server(answer: Answer) {
  const asked: string[] = [];
  const http: Server = createServer((request, response) => {
    asked.push(`${request.method} ${request.url}`);
    request.resume();
    const { status, headers = {}, body = "" } = answer(request);
    response.writeHead(status, headers).end(body);
  });
  await new Promise<void>((done) => http.listen(0, "127.0.0.1", done));
  const base = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
  return { base, asked, close: () => new Promise<void>((done) => http.close(() => done())) };
}

let home: string;
let env: Record<string, string>;
const servers: Awaited<ReturnType<typeof server>>[] = [];
const serve = async (answer: Answer) => {
  const made = await server(answer);
  servers.push(made);
  return made;
};

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), "tourney-redirects-"));
  env = binaryEnv(home);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(home, { recursive: true, force: true });
});

const html = (status: number, title: string) => () => ({
  status,
  headers: { "Content-Type": "text/html" },
  body: `<html><title>${title}</title></html>`,
});

describe.runIf(BUILT)("a service that answers with a redirect", () => {
  it("to another origin: named with the base URL to set, and not followed (exit 1)", async () => {
    const moved = await serve(() => ({ status: 200, body: "{}" }));
    const old = await serve((r) => ({
      status: 301,
      headers: { Location: `${moved.base}/cup${r.url}` },
    }));
    const remote = { ...env, TOURNEY_BASE_URL: old.base, TOURNEY_API_KEY: "tk_x" };
    const run = await runBinary(["tournament", "list"], remote);
    expect(run.code).toBe(1);
    const asked = "/v2.1/tournaments.json?page=1&per_page=1000";
    expect(run.stderr).toBe(
      `error: the service answered 301 Moved Permanently, to ${moved.base}/cup${asked}: it is at another address now, and tourney follows no redirect (it would send the credentials on)\n` +
        `hint: set the base URL to ${moved.base}/cup: \`tourney config set base_url ${moved.base}/cup\`, or TOURNEY_BASE_URL or --base-url where one of them is given\n`,
    );
    expect(old.asked).toEqual([`GET ${asked}`]);
    expect(moved.asked).toEqual([]);
  });

  it("on the same origin, relative, to a write: made absolute, not followed", async () => {
    const old = await serve((r) => ({ status: 307, headers: { Location: `/cup${r.url}` } }));
    const remote = { ...env, TOURNEY_BASE_URL: `${old.base}/api`, TOURNEY_API_KEY: "tk_x" };
    const run = await runBinary(["tournament", "create", "--name", "Moved Cup"], remote);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `error: the service answered 307 Temporary Redirect, to ${old.base}/cup/api/v2.1/tournaments.json: `,
    );
    expect(run.stderr).toContain(`hint: set the base URL to ${old.base}/cup/api: `);
    expect(old.asked).toEqual(["POST /api/v2.1/tournaments.json"]);
  });
});

describe.runIf(BUILT)("tourney login at an address without OAuth", () => {
  const login = (base: string, profile: string) =>
    runBinary(["login", "--profile", profile, "--base-url", base, "--no-browser"], env);

  it("a 404: exit 3, naming the URL, --auth-url and device_url; nothing written", async () => {
    const none = await serve(html(404, "Not Found"));
    const run = await login(none.base, "x2");
    expect(run.code).toBe(3);
    expect(run.stderr).toBe(
      `error: the device authorization endpoint ${none.base}/oauth/device/code answered HTTP 404, not found: no OAuth server answers there\n` +
        "hint: if the OAuth server is at another address, give it to `tourney login` with --auth-url URL; " +
        "if only its device authorization endpoint is, set device_url: `tourney config set device_url URL --profile x2`, " +
        "once `tourney profile add x2 --base-url URL` has made the profile\n",
    );
    const profiles = await runBinary(
      ["profile", "list", "--json", "name", "--jq", ".[].name"],
      env,
    );
    expect(profiles.stdout).not.toContain("x2");
  });

  it("a 502, asked again and again: exit 1, the service failed", async () => {
    const failing = await serve(html(502, "Bad Gateway"));
    const run = await login(failing.base, "x3");
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `error: the device authorization endpoint ${failing.base}/oauth/device/code answered HTTP 502, the service failed; asked 5 times\n` +
        "hint: the service failed there: try again later\n",
    );
    expect(failing.asked).toHaveLength(5);
  });

  it("a redirect: exit 1, its Location named, not followed", async () => {
    const moved = await serve(html(200, "elsewhere"));
    const old = await serve((r) => ({
      status: 308,
      headers: { Location: `${moved.base}${r.url}` },
    }));
    const run = await login(old.base, "x4");
    expect(run.code).toBe(1);
    expect(run.stderr.split("\n")[0]).toBe(
      `error: the device authorization endpoint ${old.base}/oauth/device/code answered HTTP 308, a redirect to ${moved.base}/oauth/device/code (a sign-in follows none: it would carry its code or token there)`,
    );
    expect(moved.asked).toEqual([]);
  });
});

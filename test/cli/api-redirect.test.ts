/**
 * `tourney api` on a redirect: the answer is never followed and ends the command with exit 1,
 * the error naming the Location, on any method, as every other command does (docs/profiles.md).
 * Before, `api` took any 3xx for a success: a 301's body printed with exit 0, a DELETE's 307
 * exiting 0 under --jq, a 302 exiting 0 with no output (an outside review). Its body and, with
 * -i, its headers are printed first, as an error's are; a 304 (the request's own
 * If-None-Match) still exits 0. A real loopback listener answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, pointedAt, startLoopback } from "../helpers/loopback.js";

let sb: Sandbox;
let server: Loopback;
let env: Record<string, string>;
beforeAll(async () => {
  sb = createSandbox();
  server = await startLoopback((req, res) => {
    const status = Number(/^\/v2\.1\/s(\d+)/.exec(req.url ?? "")?.[1] ?? 200);
    const moved = `https://new.example${req.url}`;
    if (status === 301) {
      res.writeHead(301, { location: moved, "content-type": "application/json" });
      res.end('{"moved":true}');
    } else if (status === 304) {
      res.writeHead(304, { etag: '"a"' });
      res.end();
    } else {
      res.writeHead(status, { location: moved });
      res.end();
    }
  });
  env = pointedAt(server);
});
afterAll(async () => {
  await server.close();
  sb.cleanup();
});

describe("tourney api on a redirect", () => {
  it("301 with a body: the body, then exit 1 naming the Location and the base URL to set", async () => {
    const r = await sb.run(["api", "/s301/tournaments.json"], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('{"moved":true}\n');
    expect(r.stderr).toContain(
      "error: the service answered 301 Moved Permanently, to https://new.example/v2.1/s301/tournaments.json",
    );
    expect(r.stderr).toContain("hint: set the base URL to https://new.example");
  });

  it("307 on a DELETE with --jq: exit 1, nothing on stdout", async () => {
    const r = await sb.run(["api", "-X", "DELETE", "/s307/tournaments/x.json", "--jq", "."], {
      env,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("answered 307 Temporary Redirect, to https://new.example/");
  });

  it("302 with -i: the headers, then exit 1", async () => {
    const r = await sb.run(["api", "-i", "/s302/me.json"], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^HTTP\/1\.1 302 Found\n[\s\S]*location: https:\/\/new\.example\//);
    expect(r.stderr).toContain("answered 302 Found, to https://new.example/v2.1/s302/me.json");
  });

  it("a 304 to the request's If-None-Match is no error: exit 0", async () => {
    const r = await sb.run(["api", "/s304/me.json", "-H", 'If-None-Match: "a"'], { env });
    expect(r).toMatchObject({ code: 0, stdout: "" });
  });
});

/**
 * A blank value (spaces only) of TOURNEY_API_KEY, TOURNEY_TOKEN, TOURNEY_PROFILE or
 * TOURNEY_BASE_URL counts as unset, as an empty one always did (config/resolve.ts). Before,
 * TOURNEY_API_KEY=' ' replaced the stored key and sent an Authorization header holding
 * nothing (an outside review), and login refused to run "while TOURNEY_API_KEY is set".
 * A real loopback service records what came.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, startLoopback } from "../helpers/loopback.js";

const KEY = "KEY-STORED-0123456789";

let sb: Sandbox;
let svc: Loopback & { seen: (string | undefined)[] };
beforeEach(async () => {
  sb = createSandbox();
  const seen: (string | undefined)[] = [];
  const server = await startLoopback((req, res) => {
    seen.push(req.headers.authorization);
    const ok = req.headers.authorization === KEY;
    res.writeHead(ok ? 200 : 401, { "content-type": "application/json" });
    res.end(
      JSON.stringify(
        ok
          ? { data: { id: "1", type: "user", attributes: { username: "ada" } } }
          : { errors: [{ status: 401, detail: "credentials needed" }] },
      ),
    );
  });
  svc = { ...server, seen };
  const login = await sb.run(["login", "--profile", "lan", "--base-url", svc.url, "--api-key"], {
    stdin: `${KEY}\n`,
  });
  expect(login.code, login.stderr).toBe(0);
  svc.seen.length = 0;
});
afterEach(async () => {
  await svc.close();
  sb.cleanup();
});

describe("blank environment variables count as unset", () => {
  for (const variable of ["TOURNEY_API_KEY", "TOURNEY_TOKEN"]) {
    it(`${variable}=' ': the stored key is sent, no empty header`, async () => {
      const r = await sb.run(["--profile", "lan", "whoami"], { env: { [variable]: "  " } });
      expect(r.code, r.stderr).toBe(0);
      expect(svc.seen).toEqual([KEY]);
      const status = await sb.run(["--profile", "lan", "auth", "status", "--json", "source"], {
        env: { [variable]: " \t" },
      });
      expect(JSON.parse(status.stdout).source).toBe("stored (credentials.json)");
    });
  }

  it("login is not refused for a blank TOURNEY_API_KEY", async () => {
    const r = await sb.run(["login", "--profile", "lan", "--api-key"], {
      stdin: `${KEY}\n`,
      env: { TOURNEY_API_KEY: " " },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe("Stored the API key for profile lan\n");
  });

  it("blank TOURNEY_PROFILE and TOURNEY_BASE_URL: the profile and its address", async () => {
    expect((await sb.run(["profile", "use", "lan"])).code).toBe(0);
    const r = await sb.run(["whoami"], { env: { TOURNEY_PROFILE: " ", TOURNEY_BASE_URL: " " } });
    expect(r.code, r.stderr).toBe(0);
    expect(svc.seen).toEqual([KEY]);
  });
});

/**
 * A token renewal whose token endpoint is slow keeps its lock for as long as it works: a second
 * command, its stored token expired too, waits for it and uses the renewed token; the refresh
 * token is sent once. Before, file-lock.ts took over any lock older than 30 s, its holder
 * alive or not: the second command sent the same refresh token 30 s after the first (serve
 * revokes the whole sign-in on a reused refresh token). Now the holder touches its lock while
 * it works, and a lock is stale only when its holder is gone or it went untouched for 30 s.
 * The built binary, two real processes, a real loopback service holding the first renewal's
 * answer past the old 30 s bound (real time: the behaviour is about the bound).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCK_STALE_MS } from "../../src/config/file-lock.js";
import { BUILT, binaryEnv, runBinary } from "../helpers/binary.js";
import { type Loopback, startLoopback } from "../helpers/loopback.js";

const LIST = { data: [], meta: { count: 0, page: 1, per_page: 25, total_pages: 1 }, links: {} };

describe.runIf(BUILT)("a renewal slower than the lock's staleness bound", () => {
  const home = mkdtempSync(join(tmpdir(), "tourney-slow-renewal-"));
  const env = binaryEnv(home);
  /** The refresh tokens posted, in order. */
  const refreshes: string[] = [];
  let answerFirst: () => void = () => {};
  let secondCame: () => void = () => {};
  const second = new Promise<void>((done) => {
    secondCame = done;
  });
  let firstCame: () => void = () => {};
  const first = new Promise<void>((done) => {
    firstCame = done;
  });
  let service: Loopback;

  beforeAll(async () => {
    service = await startLoopback((req, res) => {
      if (req.method === "POST" && req.url === "/oauth/token") {
        let body = "";
        req.on("data", (chunk) => {
          body += chunk;
        });
        req.on("end", () => {
          refreshes.push(new URLSearchParams(body).get("refresh_token") ?? "");
          const answer = () => {
            if (res.headersSent) return;
            res.writeHead(200, { "content-type": "application/json" });
            res.end(
              JSON.stringify({
                access_token: `at-new-${refreshes.length}`,
                token_type: "Bearer",
                refresh_token: `r${refreshes.length + 1}`,
                expires_in: 3600,
              }),
            );
          };
          if (refreshes.length === 1) {
            answerFirst = answer;
            firstCame();
          } else {
            secondCame();
            answer();
          }
        });
        return;
      }
      const ok = req.headers.authorization === "Bearer at-new-1";
      res.writeHead(ok ? 200 : 401, { "content-type": "application/vnd.api+json" });
      res.end(JSON.stringify(ok ? LIST : { errors: [{ status: 401, detail: "bad token" }] }));
    });
    const config = env.TOURNEY_CONFIG_DIR!;
    mkdirSync(config, { recursive: true, mode: 0o700 });
    // The profile's timeout is longer than the renewal takes: the waiter waits that long.
    const profiles = { fake: { backend: "remote", base_url: service.url, timeout: 120 } };
    writeFileSync(join(config, "config.json"), JSON.stringify({ profiles }), { mode: 0o600 });
    const entry = {
      token: "at-old",
      refresh_token: "r1",
      expires_at: "2000-01-01T00:00:00.000Z",
      origin: service.url,
      auth_origin: service.url,
    };
    writeFileSync(join(config, "credentials.json"), JSON.stringify({ profiles: { fake: entry } }), {
      mode: 0o600,
    });
  });
  afterAll(async () => {
    answerFirst();
    await service.close();
    rmSync(home, { recursive: true, force: true });
  });

  it("the second command waits for the first's renewal; r1 is sent once", async () => {
    const list = ["--profile", "fake", "tournament", "list", "--json", "name"];
    const a = runBinary(list, env);
    await first;
    const b = runBinary(list, env);
    // Past the staleness bound, with B waiting all along; a second refresh ends the wait early.
    await Promise.race([second, new Promise((done) => setTimeout(done, LOCK_STALE_MS + 5_000))]);
    answerFirst();
    const [ranA, ranB] = await Promise.all([a, b]);
    expect(refreshes).toEqual(["r1"]);
    expect(ranA.code, ranA.stderr).toBe(0);
    expect(ranB.code, ranB.stderr).toBe(0);
    expect(ranB.stdout).toBe("[]\n");
  }, 90_000);
});

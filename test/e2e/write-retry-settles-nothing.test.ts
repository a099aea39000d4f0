/**
 * A PUT whose connection was reset under it may have been made; when its retry then settles
 * nothing (the service gone: the connection refused; or answered 503 or 500), the command
 * says the outcome is unknown and how to check it (exit 7), not "could not connect" (exit 7,
 * read as nothing sent) or a server error (exit 1, read as a failure to run again).
 * Before, write-outcome.ts looked at the last attempt's error alone and dropped the doubt of
 * the first. The built binary against a real loopback stub that answers GETs and resets the
 * first PUT's connection, then closes its listener or answers 503 or 500.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT, binaryEnv, runBinary } from "../helpers/binary.js";

const TOURNAMENT = {
  data: { id: "7", type: "tournament", attributes: { name: "Cup", url: "cup", state: "pending" } },
};

/** After the first PUT's reset: "gone" closes the listener, else every PUT gets `status`. */
async function stub(after: "gone" | number): Promise<{ url: string; puts: () => number }> {
  let puts = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    if (req.method !== "PUT") {
      res.writeHead(200, { "content-type": "application/vnd.api+json" });
      res.end(JSON.stringify(TOURNAMENT));
      return;
    }
    puts += 1;
    if (puts === 1) {
      req.socket.destroy();
      if (after === "gone") server.close();
      return;
    }
    const status = after as number;
    res.writeHead(status, { "content-type": "application/vnd.api+json" });
    res.end(JSON.stringify({ errors: [{ status, detail: "try later" }] }));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  stubs.push(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, puts: () => puts };
}

const stubs: Server[] = [];
const home = mkdtempSync(join(tmpdir(), "tourney-write-retry-"));
afterAll(async () => {
  for (const s of stubs) {
    s.closeAllConnections();
    if (s.listening) await new Promise((done) => s.close(done));
  }
  rmSync(home, { recursive: true, force: true });
});

/** Runs the repro's PUT through profile f at `url`. */
function put(url: string) {
  const env = binaryEnv(home);
  const config = env.TOURNEY_CONFIG_DIR!;
  mkdirSync(config, { recursive: true, mode: 0o700 });
  const profiles = { f: { backend: "remote", base_url: url } };
  writeFileSync(join(config, "config.json"), JSON.stringify({ profiles }), { mode: 0o600 });
  const keys = { profiles: { f: { api_key: "tk_test", origin: url } } };
  writeFileSync(join(config, "credentials.json"), JSON.stringify(keys), { mode: 0o600 });
  const args = ["--profile", "f", "api", "-X", "PUT", "tournaments/cup"];
  return runBinary([...args, "-f", "data[attributes][name]=X"], env);
}

const UNKNOWN = "the first may have made the change, so the outcome is unknown\n";
const HINT = "hint: check with `tourney tournament view cup --profile f` before trying again\n";

describe.runIf(BUILT)("a write reset, its retry settling nothing", () => {
  it("the service gone at the retry: the outcome is unknown, exit 7", async () => {
    const s = await stub("gone");
    const r = await put(s.url);
    expect(s.puts()).toBe(1);
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toMatch(
      /^error: PUT \/v2\.1\/tournaments\/cup(\.json)? was sent, then the connection to 127\.0\.0\.1:\d+ was closed unexpectedly \([A-Z_]+\); sent again, it failed \(could not connect to 127\.0\.0\.1:\d+: connection refused\): /,
    );
    expect(r.stderr).toContain(UNKNOWN + HINT);
  });

  for (const status of [503, 500])
    it(`answered ${status} at the retry: the outcome is unknown, exit 7`, async () => {
      const s = await stub(status);
      const r = await put(s.url);
      expect(s.puts()).toBeGreaterThan(1);
      expect(r.code, r.stderr).toBe(7);
      expect(r.stderr).toMatch(
        new RegExp(
          `; sent again(?: \\(\\d times\\))?, it was answered ${status} [A-Za-z ]+ \\(try later\\): `,
        ),
      );
      expect(r.stderr).toContain(UNKNOWN + HINT);
    });
});

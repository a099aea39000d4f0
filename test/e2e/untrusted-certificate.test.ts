/**
 * A service whose TLS certificate this machine does not trust (here self-signed, made by
 * openssl in the test) is a permanent failure, exit 1, with a hint naming
 * NODE_EXTRA_CA_CERTS; before, exit 7 ("network error": a CI wrapper retrying on 7 retried
 * for ever) and `login` said to log in again "once ... can be reached" (review I #25). A real
 * HTTPS server on loopback; the built binary, given the certificate in NODE_EXTRA_CA_CERTS,
 * reaches it (exit 0).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { binaryEnv, runBinary } from "../helpers/binary.js";

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tourney-tls-"));
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"],
      ...["-keyout", join(dir, "k.pem"), "-out", join(dir, "c.pem")],
      ...["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
    ],
    { stdio: "ignore" },
  );
  const tls = { key: readFileSync(join(dir, "k.pem")), cert: readFileSync(join(dir, "c.pem")) };
  server = createServer(tls, (req, res) => {
    res.setHeader("content-type", "application/vnd.api+json");
    if ((req.url ?? "").startsWith("/v2.1/me"))
      return res.end('{"data":{"id":"1","type":"user","attributes":{"username":"u"}}}');
    res.end('{"data":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** The sandbox's environment; NODE_EXTRA_CA_CERTS left out unless given. */
function env(extra: Record<string, string> = {}): Record<string, string> {
  return { ...binaryEnv(join(dir, "home")), ...extra };
}

describe("a TLS certificate this machine does not trust", () => {
  it("ends a command with exit 1 and the hint naming NODE_EXTRA_CA_CERTS", async () => {
    const r = await runBinary(
      ["tournament", "list", "--json"],
      env({ TOURNEY_BASE_URL: base, TOURNEY_API_KEY: "k" }),
    );
    expect(r.stderr).toContain(`the TLS certificate of 127.0.0.1:`);
    expect(r.stderr).toContain("is not one this machine trusts: self-signed certificate");
    expect(r.stderr).toContain("hint: if the service uses an internal CA, set NODE_EXTRA_CA_CERTS");
    expect(r.code, r.stderr).toBe(1);
  });

  it("login --api-key: exit 1, nothing stored, no word of waiting", async () => {
    const r = await runBinary(
      ["login", "--profile", "tls", "--base-url", base, "--api-key"],
      env(),
      "k\n",
    );
    expect(r.stderr).toContain("NODE_EXTRA_CA_CERTS");
    expect(r.stderr).toContain("hint: the API key could not be checked, so nothing was stored");
    expect(r.stderr).not.toContain("can be reached");
    expect(r.code, r.stderr).toBe(1);
  });

  it("is trusted with NODE_EXTRA_CA_CERTS naming its certificate: exit 0", async () => {
    const r = await runBinary(
      ["tournament", "list", "--json"],
      env({
        TOURNEY_BASE_URL: base,
        TOURNEY_API_KEY: "k",
        NODE_EXTRA_CA_CERTS: join(dir, "c.pem"),
      }),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
  });
});

/**
 * `tourney serve --host`: a bad one is a usage error (exit 2) naming the flag, as a bad --port
 * is. Before (an outside review, I #16), `--host 256.1.1.1` went to the resolver and ended
 * with `error: getaddrinfo ENOTFOUND 256.1.1.1`, exit 1; an address not of this machine with
 * `listen EADDRNOTAVAIL`, exit 1.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseServe } from "../../src/cli/commands/serve/serve.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

describe("serve --host", () => {
  it("refuses an IPv4 address out of range, and an empty host, naming --host (exit 2)", async () => {
    for (const host of ["256.1.1.1", "1.2.3", "127.0.0.01.5", ""]) {
      const r = await sb.run(["serve", "--host", host, "--port", "0"]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`--host needs an address such as 127.0.0.1 or 0.0.0.0`);
      expect(r.stderr).toContain(`not '${host}'`);
      expect(r.stderr).not.toContain("getaddrinfo");
    }
    for (const host of ["0.0.0.0", "127.0.0.1", "255.255.255.255", "::1", "localhost"])
      expect(parseServe({ host, port: "0" }).host).toBe(host);
  });

  it("says plainly that an address of no interface here cannot be listened on (exit 2)", async () => {
    // 192.0.2.1: TEST-NET-1 (RFC 5737), never a machine's address.
    const r = await sb.run(["serve", "--host", "192.0.2.1", "--port", "0"]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(
      "--host 192.0.2.1 is not an address of this machine, so serve cannot listen there (EADDRNOTAVAIL); 127.0.0.1 serves this machine only, 0.0.0.0 every network address",
    );
  });
});

/**
 * A duration the user gives that reaches a Node timer is at most MAX_TIMEOUT_SECONDS (2^31 - 1
 * ms). `config set timeout 3000000` was accepted, and every command of the profile then printed
 * Node's TimeoutOverflowWarning on stderr and waited ~24.8 days instead; `watch --interval
 * 3000000` looked again after 1 ms. Both are refused now as `timeout 0` is (exit 2, the maximum
 * named); a value stored before is read as the maximum, without the warning.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_TIMEOUT_SECONDS } from "../../src/config/settings.js";
import { BUILT, binaryEnv, runBinary } from "../helpers/binary.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const configFile = () => join(sb.dir, "config", "config.json");
const stored = () => JSON.parse(readFileSync(configFile(), "utf8"));

/** An address nothing listens at (a port just closed): a request fails at once. */
async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe("timeouts a timer can hold", () => {
  it("is 2147483 seconds", () => {
    expect(MAX_TIMEOUT_SECONDS).toBe(2_147_483);
    expect(MAX_TIMEOUT_SECONDS * 1000).toBeLessThanOrEqual(2 ** 31 - 1);
    expect((MAX_TIMEOUT_SECONDS + 1) * 1000).toBeGreaterThan(2 ** 31 - 1);
  });

  it("config set timeout refuses more, as it refuses 0: exit 2, the maximum named", async () => {
    ok(await sb.run(["profile", "add", "far", "--base-url", "http://127.0.0.1:9"]));
    for (const value of ["3000000", "2147484", "2147483.5", "0"]) {
      const r = await sb.run(["config", "set", "timeout", value, "--profile", "far"]);
      expect(r.code, value).toBe(2);
      expect(r.stderr).toBe(
        `error: invalid value for timeout: '${value}'; accepted values: a positive number of seconds, at most 2147483 (24.8 days), e.g. 30\n`,
      );
    }
    expect(stored().profiles.far.timeout).toBeUndefined();
    ok(await sb.run(["config", "set", "timeout", "2147483", "--profile", "far"]));
    expect(stored().profiles.far.timeout).toBe(2_147_483);
  });

  it("profile add --timeout refuses more: exit 2, no profile added", async () => {
    const r = await sb.run([
      "profile",
      "add",
      "far",
      "--base-url",
      "http://x.test",
      "--timeout",
      "3000000",
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("at most 2147483");
    expect(
      ok(await sb.run(["profile", "list", "--json"]))
        .json()
        .map((p: { name: string }) => p.name),
    ).toEqual(["local"]);
  });

  it("watch --interval refuses more, and less than 0.1 s (a 0 ms timer): exit 2, the bounds named", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Watched"]));
    for (const interval of ["3000000", "0.0001", "0"]) {
      const r = await sb.run(["watch", "watched", "--interval", interval]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `error: --interval needs a number of seconds from 0.1 to 2147483, not "${interval}"\n`,
      );
    }
  });

  it.runIf(BUILT)(
    "a larger timeout stored before is read as the maximum: no TimeoutOverflowWarning",
    async () => {
      const home = sb.dir;
      const env = binaryEnv(home);
      mkdirSync(join(home, "config"), { recursive: true });
      const profile = { backend: "remote", base_url: await closedAddress(), timeout: 3_000_000 };
      writeFileSync(configFile(), JSON.stringify({ profiles: { far: profile } }));
      const listed = await runBinary(["--profile", "far", "tournament", "list"], env);
      expect(listed.stderr).toMatch(/^error: could not connect to 127\.0\.0\.1:\d+/);
      expect(listed.stderr).not.toContain("TimeoutOverflowWarning");
      expect(listed.code).toBe(7);
      const got = await runBinary(["config", "get", "timeout", "--profile", "far"], env);
      expect(got).toMatchObject({ code: 0, stdout: "2147483\n", stderr: "" });
    },
  );
});

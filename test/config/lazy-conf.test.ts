/**
 * Reading the configuration runs on every command and must not load `conf` (and ajv);
 * only writes may. A mock factory records whether anything imported "conf".
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const loads = vi.hoisted(() => ({ conf: 0 }));

vi.mock("conf", async (importOriginal) => {
  loads.conf += 1;
  return importOriginal();
});

const { resolvePaths } = await import("../../src/config/paths.js");
const { resolveProfile } = await import("../../src/config/resolve.js");
const { ConfigStore } = await import("../../src/config/store.js");
const { CredentialStore } = await import("../../src/auth/credentials.js");

let home: string;

beforeEach(() => {
  home = mkdtempSync(path.join(os.tmpdir(), "tourney-lazy-"));
});

afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

describe("conf is loaded lazily", () => {
  it("reads without conf and writes through it", async () => {
    const paths = resolvePaths({}, home);
    const store = new ConfigStore(paths, new CredentialStore(paths.configDir));
    resolveProfile({ flags: {}, env: {}, paths, credentials: store.credentials });
    store.listProfiles();
    store.list("local");
    expect(loads.conf).toBe(0);

    await store.addProfile("prod", { baseUrl: "https://prod.example.com" });
    expect(loads.conf).toBe(1);
    resolveProfile({ flags: { profile: "prod" }, env: {}, paths, credentials: store.credentials });
  });

  it("no module on the read path imports conf statically", () => {
    const dirs = [path.resolve("src/config"), path.resolve("src/auth")];
    const staticImport = /^\s*import\s+(?!type\b)[^;]*from\s+["']conf["']/m;
    const files = dirs.flatMap((dir) =>
      readdirSync(dir)
        .filter((name) => name.endsWith(".ts"))
        .map((name) => path.join(dir, name)),
    );
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      expect(readFileSync(file, "utf8"), file).not.toMatch(staticImport);
    }
  });
});

/**
 * The set-up most end-to-end tests over HTTP share: a scratch config and data
 * folder, the built binary's `tourney serve` on a loopback port over its own
 * database file, and a remote profile `lan` pointing at it, logged in with the
 * key serve printed (`auth login --api-key`, the key on stdin).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { runTournamentExport } from "../../src/cli/commands/tournament/export.js";
import { runBinary, type Served, startServe } from "./binary.js";
import { makeTestFactory } from "./factory.js";

export interface ServedSandbox {
  readonly dir: string;
  /** The embedded default profile's environment (the sandbox's own database). */
  readonly local: Record<string, string>;
  /** The same with TOURNEY_PROFILE=lan: every command goes to serve. */
  readonly remote: Record<string, string>;
  readonly served: Served;
  /** The served database file. */
  readonly servedDb: string;
  /** Stops serve (expecting exit 0) and removes the folder. */
  close(): Promise<void>;
}

export async function servedSandbox(prefix: string): Promise<ServedSandbox> {
  const dir = mkdtempSync(join(tmpdir(), `tourney-e2e-${prefix}-`));
  const local = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  const remote = { ...local, TOURNEY_PROFILE: "lan" };
  const servedDb = join(dir, "served.db");
  const served = await startServe(["--db", servedDb], local);
  const url = `http://127.0.0.1:${served.port}`;
  const added = await runBinary(["profile", "add", "lan", "--base-url", url], local);
  expect(added.code, added.stderr).toBe(0);
  const login = await runBinary(["auth", "login", "--api-key"], remote, `${served.apiKey}\n`);
  expect(login.code, login.stderr).toBe(0);
  return {
    dir,
    local,
    remote,
    served,
    servedDb,
    close: async () => {
      expect(await served.stop()).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `tourney tournament export` of `url` as JSON: from serve (`remote`) or the embedded default. */
export async function exportedFrom(sandbox: ServedSandbox, remote: boolean, url: string) {
  const env = remote ? sandbox.remote : sandbox.local;
  const f = makeTestFactory({ env, homeDir: join(sandbox.dir, "home") });
  try {
    await runTournamentExport(f.factory, { tournament: url });
    return f.json();
  } finally {
    await f.factory.close();
  }
}

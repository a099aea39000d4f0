/**
 * The setup of an end-to-end test against the built `serve`: a directory of its own with a
 * fresh HOME, config and data directories, and `tourney serve` on a database file there,
 * started before the describe's tests and stopped (the directory removed) after them.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { runBinary, type Served, startServe } from "./binary.js";

export interface ServeBox {
  /** The directory holding everything below. */
  readonly dir: string;
  /** PATH, HOME and the tourney directories, for the built binary. */
  readonly env: SandboxEnv;
  /** The database file `serve` runs on. */
  readonly db: string;
  /** The running `serve` (from the describe's beforeAll on). */
  readonly served: Served;
  /** `http://127.0.0.1:PORT` of the running `serve`. */
  readonly base: string;
}

/** PATH, HOME and the tourney directories of a sandbox. */
export interface SandboxEnv extends Record<string, string> {
  readonly PATH: string;
  readonly HOME: string;
  readonly TOURNEY_CONFIG_DIR: string;
  readonly TOURNEY_DATA_DIR: string;
}

/** A fresh environment for the built binary in `dir` (HOME made). */
export function sandboxEnv(dir: string): SandboxEnv {
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: join(dir, "home"),
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  mkdirSync(env.HOME, { recursive: true });
  return env;
}

/** Call inside a describe: registers the start and the stop of `serve` (`serveArgs` added). */
export function useServedSandbox(name: string, serveArgs: readonly string[] = []): ServeBox {
  const dir = mkdtempSync(join(tmpdir(), `tourney-e2e-${name}-`));
  const env = sandboxEnv(dir);
  const db = join(dir, "served.db");
  let served: Served | undefined;
  beforeAll(async () => {
    served = await startServe(["--db", db, ...serveArgs], env);
  });
  afterAll(async () => {
    await served?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const running = (): Served => {
    if (served === undefined) throw new Error("serve is not started yet (use it inside a test)");
    return served;
  };
  return {
    dir,
    env,
    db,
    get served() {
      return running();
    },
    get base() {
      return `http://127.0.0.1:${running().port}`;
    },
  };
}

/**
 * Adds the remote profile `profile` of `env` at `base` and logs it in with `apiKey`
 * (`auth login --api-key --profile`, the key on stdin), expecting both to exit 0.
 */
export async function addLoggedInProfile(
  env: Record<string, string>,
  profile: string,
  base: string,
  apiKey: string,
): Promise<void> {
  const added = await runBinary(["profile", "add", profile, "--base-url", base], env);
  expect(added.code, added.stderr).toBe(0);
  const login = await runBinary(
    ["auth", "login", "--api-key", "--profile", profile],
    env,
    `${apiKey}\n`,
  );
  expect(login.code, login.stderr).toBe(0);
}

/**
 * Call inside a describe: before its tests, `tourney serve` on `dir`/served.db and a remote
 * profile `lan` of `env` at it, logged in with the key serve printed (only added with
 * `login: false`); after them, serve stopped (expecting exit 0) and, with `remove`, `dir`
 * removed. Returns the running serve (inside a test).
 */
export function useServeWithProfile(
  dir: string,
  env: Record<string, string>,
  { login = true, remove = true } = {},
): () => Served {
  let served: Served | undefined;
  beforeAll(async () => {
    served = await startServe(["--db", join(dir, "served.db")], env);
    const base = `http://127.0.0.1:${served.port}`;
    if (login) await addLoggedInProfile(env, "lan", base, served.apiKey);
    else {
      const added = await runBinary(["profile", "add", "lan", "--base-url", base], env);
      expect(added.code, added.stderr).toBe(0);
    }
  });
  afterAll(async () => {
    expect(await served?.stop()).toBe(0);
    if (remove) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (served === undefined) throw new Error("serve is not started yet (use it inside a test)");
    return served;
  };
}

/** A reply of `ownerCall`: its status and its JSON body. */
export interface CallReply {
  readonly status: number;
  readonly json: any;
}

/**
 * v2.1 calls to `box`'s serve as its owner (the key it printed): `attributes`, when
 * given, sent as the JSON:API document `{ data: { type, attributes } }`.
 */
export function ownerCall(box: ServeBox) {
  return async (
    method: string,
    path: string,
    attributes?: object,
    type = "tournament",
  ): Promise<CallReply> => {
    const response = await fetch(`${box.base}/v2.1${path}`, {
      method,
      headers: { authorization: box.served.apiKey, "content-type": "application/vnd.api+json" },
      ...(attributes === undefined ? {} : { body: JSON.stringify({ data: { type, attributes } }) }),
    });
    return { status: response.status, json: await response.json() };
  };
}

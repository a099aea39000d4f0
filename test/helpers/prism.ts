/**
 * Prism (@stoplight/prism-cli 5.14, a devDependency) on a loopback port: `mock`
 * of the repaired published description (test/contract/repair-description.mjs),
 * or `proxy` of it in front of an upstream such as `tourney serve`; `--errors`
 * always, so a request or response that breaks the description is an error
 * answer, not a warning. Started from the test, waited for by its own "listening"
 * line, and killed when the test ends (or the test process exits). useHostedPrism: the
 * mock with a scratch folder whose profile `hosted` points at it, for the built binary.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect } from "vitest";
import { writeRepairedDescription } from "../contract/repair-description.mjs";
import { binaryEnv, runBinary } from "./binary.js";

const PRISM = fileURLToPath(
  new URL("../../node_modules/@stoplight/prism-cli/dist/index.js", import.meta.url),
);

export interface Prism {
  readonly url: string;
  /** Everything Prism logged so far (its request and response validation included). */
  log(): string;
  /** The log lines naming a violation of the description by the request or the response. */
  violations(): string[];
  stop(): Promise<void>;
}

/** A port free on the loopback interface now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Writes the repaired description to a temporary file; its path. */
export function repairedDescription(): string {
  return writeRepairedDescription().path;
}

function stopper(child: ChildProcess): () => Promise<void> {
  const kill = () => child.kill("SIGTERM");
  process.once("exit", kill);
  return () =>
    new Promise((done) => {
      process.off("exit", kill);
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once("exit", () => done());
      kill();
    });
}

/** Starts `prism <mode> <description> [upstream]` and waits until it listens. */
export async function startPrism(
  mode: "mock" | "proxy",
  description: string,
  upstream?: string,
): Promise<Prism> {
  const port = await freePort();
  const args = [PRISM, mode, description, ...(upstream === undefined ? [] : [upstream])];
  args.push("--port", String(port), "--host", "127.0.0.1", "--errors");
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  const stop = stopper(child);
  await new Promise<void>((resolve, reject) => {
    const take = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("Prism is listening on")) resolve();
    };
    child.stdout!.on("data", take);
    child.stderr!.on("data", take);
    child.once("exit", (code) => reject(new Error(`prism ${mode} exited ${code}:\n${log}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => log,
    violations: () =>
      log
        .split("\n")
        .filter((line) => /Violation:|Request did not pass|Response did not pass/.test(line)),
    stop,
  };
}

/**
 * The built binary's environment (binaryEnv: config and data in `dir`, no prompts) on the
 * profile `hosted` (added by the caller) with the mock's key.
 */
export function hostedEnv(dir: string): Record<string, string> {
  return { ...binaryEnv(dir), TOURNEY_PROFILE: "hosted", TOURNEY_API_KEY: "mock-key-1" };
}

/** The mock of useHostedPrism, and the built binary's environment on it. */
export interface HostedPrism {
  readonly prism: Prism;
  /** The scratch folder: config/ and data/ of `env`. */
  readonly dir: string;
  /** hostedEnv(dir): the profile `hosted` is the mock's URL. */
  readonly env: Record<string, string>;
}

/**
 * The Prism mock of the repaired description and a scratch folder (`tourney-NAME-...`) whose
 * profile `hosted` points at it (hostedEnv): made before the tests of the file (or describe)
 * it is called in, stopped and removed after them. Read its fields inside the tests.
 */
export function useHostedPrism(name: string): HostedPrism {
  let dir: string | undefined;
  let prism: Prism | undefined;
  let env: Record<string, string> | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `tourney-${name}-`));
    prism = await startPrism("mock", repairedDescription());
    env = hostedEnv(dir);
    const added = await runBinary(["profile", "add", "hosted", "--base-url", prism.url], env);
    expect(added.code, added.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await prism?.stop();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });
  const held = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the Prism mock is not up yet (use it inside a test)");
    return value;
  };
  return {
    get prism() {
      return held(prism);
    },
    get dir() {
      return held(dir);
    },
    get env() {
      return held(env);
    },
  };
}

/**
 * Runs a tourney command line in-process with captured streams, in a sandbox
 * of its own (temporary config and data directories, no real home).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CliDeps } from "../../src/cli/factory.js";
import { run } from "../../src/cli/run.js";
import { capturedIo } from "./streams.js";

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout parsed as JSON. */
  json(): any;
}

export interface RunOptions {
  readonly stdin?: string;
  readonly tty?: boolean;
  readonly env?: Record<string, string | undefined>;
  /** Replaces the profile's transport (e.g. to imitate a service without an extension). */
  readonly makeTransport?: CliDeps["makeTransport"];
  /** Answers the prompts (with `tty: true`), instead of inquirer on the captured streams. */
  readonly prompter?: CliDeps["prompter"];
  /** Replaces the transport to OAuth servers (a stub at the network edge). */
  readonly oauthTransport?: CliDeps["oauthTransport"];
  /** The clock (the embedded service's timestamps, relative times in tables). */
  readonly now?: CliDeps["now"];
}

export interface Sandbox {
  readonly dir: string;
  readonly env: Record<string, string>;
  /** A database file in the sandbox for the `serve` verbs' --db (made when a verb first opens it). */
  readonly servedDb: string;
  run(args: readonly string[], options?: RunOptions): Promise<CliResult>;
  cleanup(): void;
}

export function createSandbox(): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), "tourney-cli-"));
  const env = {
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
    PATH: process.env.PATH ?? "",
  };
  return {
    dir,
    env,
    servedDb: join(dir, "served.db"),
    async run(args, options = {}) {
      const io = capturedIo(options);
      const code = await run(args, {
        io,
        env: { ...env, ...options.env },
        homeDir: join(dir, "home"),
        ...(options.makeTransport === undefined ? {} : { makeTransport: options.makeTransport }),
        ...(options.prompter === undefined ? {} : { prompter: options.prompter }),
        ...(options.oauthTransport === undefined ? {} : { oauthTransport: options.oauthTransport }),
        ...(options.now === undefined ? {} : { now: options.now }),
      });
      return {
        code,
        stdout: io.stdout.text,
        stderr: io.stderr.text,
        json: () => JSON.parse(io.stdout.text),
      };
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

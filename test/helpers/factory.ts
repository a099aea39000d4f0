/**
 * A Factory for calling a verb's `runX(factory, options)` directly, without
 * commander: captured streams, a sandbox of its own (temporary config and data
 * directories) and the embedded service on in-memory SQLite. Every Factory the
 * harness makes shares that one service, so one call can read what another wrote.
 * `makeTestFactory` makes one over other dependencies (a CLI sandbox's own profile).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CliDeps, Factory, type GlobalOptions } from "../../src/cli/factory.js";
import type { Prompter } from "../../src/cli/prompter.js";
import type { ApiClient } from "../../src/client/api-client.js";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { capturedIo } from "./streams.js";

export interface FactoryOptions {
  /** Global flags (--json, --yes, --profile, ...); defaults are the CLI's. */
  readonly globals?: Partial<GlobalOptions>;
  /** Terminals on stdin and stdout (tables, prompts). */
  readonly tty?: boolean;
  readonly stdin?: string;
  readonly prompter?: Prompter;
  readonly env?: Record<string, string>;
  /** Wraps the shared transport (e.g. to record the requests a verb sends). */
  readonly transport?: (shared: Transport) => Transport;
}

export interface TestFactory {
  readonly factory: Factory;
  /** stdout since the last call. */
  stdout(): string;
  /** stderr since the last call. */
  stderr(): string;
  /** stdout since the last call, parsed as JSON. */
  json(): any;
}

export interface FactoryHarness {
  /** The sandbox directory (config and data directories live under it). */
  readonly dir: string;
  /** A Factory on the shared service and sandbox, with its own streams. */
  make(options?: FactoryOptions): TestFactory;
  /** An API client on the same service, to set up and check state. */
  client(): Promise<ApiClient>;
  cleanup(): Promise<void>;
}

const DEFAULT_GLOBALS: GlobalOptions = {
  json: false,
  verbose: false,
  input: true,
  yes: false,
  color: false,
};

export function createFactoryHarness(): FactoryHarness {
  const dir = mkdtempSync(join(tmpdir(), "tourney-factory-"));
  const service = createInProcessTransport({ dbPath: ":memory:" });
  // Each Factory closes its transport when done: the shared service outlives them.
  const shared: Transport = { ...service, close: async () => {} };
  const env = {
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  const make = (options: FactoryOptions = {}): TestFactory =>
    makeTestFactory(
      {
        env: { ...env, ...options.env },
        homeDir: join(dir, "home"),
        makeTransport: async () => options.transport?.(shared) ?? shared,
      },
      options,
    );
  return {
    dir,
    make,
    client: () => make().factory.client(),
    async cleanup() {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A Factory on captured streams over `deps` (its environment, home directory and,
 * unless the profile's own, transport), with the test's streams, prompter and flags.
 */
export function makeTestFactory(
  deps: Pick<CliDeps, "env" | "homeDir" | "makeTransport">,
  options: Omit<FactoryOptions, "env" | "transport"> = {},
): TestFactory {
  const io = capturedIo(options);
  const factory = new Factory(
    {
      io,
      ...deps,
      ...(options.prompter === undefined ? {} : { prompter: options.prompter }),
    },
    { ...DEFAULT_GLOBALS, ...options.globals },
  );
  return {
    factory,
    stdout: () => io.stdout.take(),
    stderr: () => io.stderr.take(),
    json: () => JSON.parse(io.stdout.take()),
  };
}

/** A prompter that answers every question the same way and records what was asked. */
export function answering(confirm: boolean, input = ""): Prompter & { readonly asked: string[] } {
  const asked: string[] = [];
  const ask = async <T>(message: string, answer: T) => {
    asked.push(message);
    return answer;
  };
  return {
    asked,
    confirm: (message) => ask(message, confirm),
    input: (message) => ask(message, input),
    password: (message) => ask(message, input),
  };
}

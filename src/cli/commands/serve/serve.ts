/**
 * `tourney serve`: the embedded service over HTTP for other machines, other
 * clients and v1 scripts. Binds loopback unless told otherwise; every request
 * needs an API key. `tourney serve key create|list|revoke` manages the keys.
 */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { registerCommunityCommands } from "./community-commands.js";
import { databaseFor } from "./database-path.js";
import { registerKeyCommands } from "./key-commands.js";

export const DEFAULT_PORT = 4870;
export const SERVE_BUSY_TIMEOUT_MS = 250;

/** The flags as commander hands them over (host and port have defaults). */
export interface ServeFlags {
  readonly host: string;
  readonly port: string;
  readonly db?: string;
}

export interface ServeOptions {
  /** Address to bind. */
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Database file; default: the embedded profile's. */
  readonly db?: string | undefined;
  /** Resolves when serving should stop; default: SIGTERM or SIGINT. */
  readonly until?: () => Promise<void>;
}

/** Flags to options (no I/O): the port is a number from 0 to 65535. */
export function parseServe(flags: ServeFlags): ServeOptions {
  if (!/^\d+$/.test(flags.port) || Number(flags.port) > 65535)
    throw new UsageError(`--port needs a number from 0 to 65535, not ${flags.port}`);
  return { host: flags.host, port: Number(flags.port), db: flags.db };
}

function waitForStop(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off("SIGTERM", stop);
      process.off("SIGINT", stop);
      resolve();
    };
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
  });
}

/** Serves until `until` resolves (Ctrl-C); prints the owner's key the first time. */
export async function runServe(f: Factory, o: ServeOptions): Promise<void> {
  const { port } = o;
  const dbPath = databaseFor(f, o.db);
  const { openService, startHttpServer } = await import("../../../service/index.js");
  const stderr = f.io.stderr;
  const debug = f.env.TOURNEY_DEBUG
    ? (e: unknown) => stderr.write(`internal error: ${String((e as Error)?.stack ?? e)}\n`)
    : undefined;
  const service = await openService({
    dbPath,
    requireAuth: true,
    // A request waits this long for another process's write lock, then gets 503 with
    // Retry-After: the server never blocks every client for seconds behind one writer.
    busyTimeoutMs: SERVE_BUSY_TIMEOUT_MS,
    ...(debug ? { onError: debug } : {}),
  });
  try {
    // Bind first: a key made and printed before a failed bind would be lost.
    const server = await startHttpServer(service, { host: o.host, port }).catch(
      (error: NodeJS.ErrnoException) => {
        throw error.code === "EADDRINUSE"
          ? new UsageError(`port ${port} is already in use; pick another with --port`)
          : error;
      },
    );
    if (service.apiKeyCount() === 0) {
      const key = service.createApiKey("owner");
      stderr.write(
        `Created the owner's API key (shown only this once; only its hash is stored):\n  ${key}\n`,
      );
      stderr.write(
        "Make more with `tourney serve key create`; store one in a profile with `tourney auth login`.\n",
      );
    }
    const host = server.host.includes(":") ? `[${server.host}]` : server.host;
    stderr.write(
      `Serving ${dbPath}\nListening on http://${host}:${server.port}/v2.1 (Ctrl-C stops)\n`,
    );
    await (o.until ?? waitForStop)();
    await server.close();
  } finally {
    service.close();
  }
}

export function registerServe(program: Command, app: App): void {
  const command = program
    .command("serve")
    .description("serve the embedded v2.1 service over HTTP (API key required)")
    .option("--host <address>", "address to bind", "127.0.0.1")
    .option("--port <n>", "port (0 picks a free one)", String(DEFAULT_PORT))
    .option("--db <file>", "database file (default: the profile's)")
    .action(async (flags: ServeFlags, cmd: Command) => {
      const f = app.factory(cmd);
      await runServe(f, parseServe(flags));
    });
  registerKeyCommands(command, app);
  registerCommunityCommands(command, app);
}

/**
 * `tourney serve`: the embedded service over HTTP for other machines, other
 * clients and v1 scripts. Binds loopback unless told otherwise; every request
 * needs an API key or an OAuth access token, and is answered for the account
 * it belongs to. `tourney serve user add|list|remove|password` manages the
 * accounts, `tourney serve key create|list|revoke` their keys; `tourney login`
 * signs in at /oauth (the device grant).
 */
import { networkInterfaces } from "node:os";
import type { Command } from "commander";
import { parsePublicUrl } from "../../../model/public-url.js";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { printsNoJson } from "../../json-form.js";
import { verbHelp } from "../verb-help.js";
import { registerAppCommands } from "./app-commands.js";
import { registerServeBackup } from "./backup.js";
import { registerCommunityCommands } from "./community-commands.js";
import { databaseFor } from "./database-path.js";
import { registerKeyCommands } from "./key-commands.js";
import { reachLines } from "./reach-lines.js";
import { registerUserCommands } from "./user-commands.js";

export const DEFAULT_PORT = 4870;
export const SERVE_BUSY_TIMEOUT_MS = 250;

/** The flags as commander hands them over (host and port have defaults). */
export interface ServeFlags {
  readonly host: string;
  readonly port: string;
  readonly db?: string;
  readonly tokenLifetime?: string;
  readonly pollInterval?: string;
  readonly publicUrl?: string;
}

export interface ServeOptions {
  /** Address to bind. */
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Database file; default: the embedded profile's. */
  readonly db?: string | undefined;
  /** How long an OAuth access token is accepted, in seconds; default one week. */
  readonly tokenLifetimeSeconds?: number | undefined;
  /** How often a device may poll for its token, in seconds; default 5. */
  readonly pollIntervalSeconds?: number | undefined;
  /** Where links start (checked: parsePublicUrl); default each request's Host. */
  readonly publicUrl?: string | undefined;
  /** Resolves when serving should stop; default: SIGINT, SIGTERM or SIGHUP. */
  readonly until?: () => Promise<void>;
}

const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `90s`, `30m`, `12h`, `7d` or a number of seconds, to seconds (at least 1). */
export function parseDuration(text: string, flag: string): number {
  const m = /^(\d+)([smhd]?)$/.exec(text.trim());
  const seconds = m === null ? 0 : Number(m[1]) * UNIT_SECONDS[m[2] || "s"]!;
  if (!(seconds >= 1 && seconds <= 366 * 86_400))
    throw new UsageError(
      `${flag} needs a duration such as 3600, 90m, 12h or 7d (at most a year), not ${text}`,
    );
  return seconds;
}

/** An IPv4 address: four parts of 0 to 255. */
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * Flags to options (no I/O): the port is a number from 0 to 65535; a host of digits and dots
 * is an IPv4 address (`--host 256.1.1.1` was asked of the resolver: exit 1, `getaddrinfo
 * ENOTFOUND`, review I #16), and an empty one is refused (not "every address").
 */
export function parseServe(flags: ServeFlags): ServeOptions {
  if (!/^\d+$/.test(flags.port) || Number(flags.port) > 65535)
    throw new UsageError(`--port needs a number from 0 to 65535, not ${flags.port}`);
  const { host } = flags;
  if (host === "" || (/^[\d.]+$/.test(host) && !IPV4.test(host)))
    throw new UsageError(
      `--host needs an address such as 127.0.0.1 or 0.0.0.0 (or a name of this machine), not '${host}'`,
    );
  const publicUrl = flags.publicUrl === undefined ? undefined : parsePublicUrl(flags.publicUrl);
  if (publicUrl?.ok === false) throw new UsageError(publicUrl.reason);
  return {
    publicUrl: publicUrl?.origin,
    host: flags.host,
    port: Number(flags.port),
    db: flags.db,
    tokenLifetimeSeconds:
      flags.tokenLifetime === undefined
        ? undefined
        : parseDuration(flags.tokenLifetime, "--token-lifetime"),
    pollIntervalSeconds:
      flags.pollInterval === undefined
        ? undefined
        : parseDuration(flags.pollInterval, "--poll-interval"),
  };
}

/** The line saying where the replies' links point (docs/interface.md, "Links"). */
function linksLine(publicUrl: string | undefined): string {
  return publicUrl === undefined
    ? "Links in replies start with each request's Host (set --public-url behind a proxy)\n"
    : `Links in replies start with ${publicUrl}\n`;
}

/**
 * Ctrl-C, SIGTERM, or SIGHUP (its terminal closed: before, serve then ended at once, exit
 * 129, without its graceful stop). A second one is main.ts's: exit at once (130, 143, 129).
 */
function waitForStop(): Promise<void> {
  const signals: NodeJS.Signals[] = ["SIGTERM", "SIGINT", "SIGHUP"];
  return new Promise((resolve) => {
    const stop = () => {
      for (const signal of signals) process.off(signal, stop);
      resolve();
    };
    for (const signal of signals) process.on(signal, stop);
  });
}

/**
 * A bind refused, told by the flag that chose it (exit 2, as a bad --port): a port in use, a
 * --host that is no address of this machine, or a name that does not resolve. Before, the
 * last two were Node's words (`listen EADDRNOTAVAIL`, `getaddrinfo ENOTFOUND`), exit 1.
 */
function bindFailure(error: NodeJS.ErrnoException, o: ServeOptions): Error {
  const addresses = "127.0.0.1 serves this machine only, 0.0.0.0 every network address";
  switch (error.code) {
    case "EADDRINUSE":
      return new UsageError(`port ${o.port} is already in use; pick another with --port`);
    case "EADDRNOTAVAIL":
      return new UsageError(
        `--host ${o.host} is not an address of this machine, so serve cannot listen there (EADDRNOTAVAIL); ${addresses}`,
      );
    case "ENOTFOUND":
      return new UsageError(
        `--host ${o.host} is not a name this machine can look up (ENOTFOUND); ${addresses}`,
      );
    default:
      return error;
  }
}

/** Serves until `until` resolves (Ctrl-C); prints the owner's key the first time. */
export async function runServe(f: Factory, o: ServeOptions): Promise<void> {
  const { port } = o;
  const dbPath = databaseFor(f, o.db);
  const service_ = await import("../../../service/index.js");
  const { openService, startHttpServer } = service_;
  const stderr = f.io.stderr;
  const debug = f.env.TOURNEY_DEBUG
    ? (e: unknown) => stderr.write(`internal error: ${String((e as Error)?.stack ?? e)}\n`)
    : undefined;
  // A write the disk refused is always said (issue 24, item 9), once a minute at most.
  let saidAt = Number.NEGATIVE_INFINITY;
  const onError = (e: unknown, method?: string) => {
    if (!service_.isStorageFailure(e)) return debug?.(e);
    debug?.(e); // its stack under TOURNEY_DEBUG only: the line below is the message's
    if (Date.now() - saidAt < 60_000) return;
    saidAt = Date.now();
    const read = method === "GET" || method === "HEAD";
    stderr.write(`${service_.storageFailureLine(e, dbPath, read)}\n`);
  };
  const service = await openService({
    dbPath,
    requireAuth: true,
    // A request waits this long for another process's write lock, then gets 503 with
    // Retry-After: the server never blocks every client for seconds behind one writer.
    busyTimeoutMs: SERVE_BUSY_TIMEOUT_MS,
    onError,
    onWarning: (message: string) => stderr.write(`${message}\n`),
    // Starts and large bulk adds run in a worker thread while reads go on (issue 27);
    // TOURNEY_SERVE_WRITE_WORKER=0 keeps them on the main thread (bench/load.mjs's "before").
    writeWorker: f.env.TOURNEY_SERVE_WRITE_WORKER !== "0",
    ...(o.publicUrl === undefined ? {} : { publicUrl: o.publicUrl }),
    oauth: {
      ...(o.tokenLifetimeSeconds === undefined
        ? {}
        : { accessTokenSeconds: o.tokenLifetimeSeconds }),
      ...(o.pollIntervalSeconds === undefined
        ? {}
        : { pollIntervalSeconds: o.pollIntervalSeconds }),
    },
  });
  try {
    // Bind first: a key made and printed before a failed bind would be lost.
    const server = await startHttpServer(service, {
      host: o.host,
      port,
      onCommitFailure: onError,
    }).catch((error: NodeJS.ErrnoException) => {
      throw bindFailure(error, o);
    });
    if (service.apiKeyCount() === 0) {
      const key = service.createApiKey("owner");
      stderr.write(
        `Created the owner's API key (shown only this once; only its hash is stored):\n  ${key}\n`,
      );
      stderr.write(
        "Make more with `tourney serve key create`; store one in a profile with `tourney auth login --api-key`.\n" +
          "Add people with `tourney serve user add NAME`; the owner signs in after `tourney serve user password owner`.\n",
      );
    }
    const host = server.host.includes(":") ? `[${server.host}]` : server.host;
    const origin = `http://${host}:${server.port}`;
    // Behind a proxy, clients sign in at the public address (the device page is handed out there).
    const signIn = o.publicUrl ?? origin;
    const reach = { host: o.host, port: server.port, origin, publicUrl: o.publicUrl };
    stderr.write(
      `Serving ${dbPath}\nListening on ${origin}/v2.1 (Ctrl-C stops)\n${reachLines({ ...reach, interfaces: networkInterfaces() })}${linksLine(o.publicUrl)}Sign-in: \`tourney login --base-url ${signIn}\` (approved at ${signIn}/oauth/device)\n`,
    );
    await (o.until ?? waitForStop)();
    await server.close((line) => stderr.write(`${line}\n`));
  } finally {
    service.close();
  }
}

export function registerServe(program: Command, app: App): void {
  const command = printsNoJson(program.command("serve"), {
    prints: "the service's address and keys on stderr while it runs",
    instead: "its subcommands print JSON (`tourney serve key list --json`)",
  })
    .description("serve the embedded v2.1 service over HTTP (API key or OAuth token required)")
    .option(
      "--host <address>",
      "address to bind: 127.0.0.1 this machine only; 0.0.0.0 every network address (phones and other machines too)",
      "127.0.0.1",
    )
    .option("--port <n>", "port (0 picks a free one)", String(DEFAULT_PORT))
    .option("--db <file>", "database file (default: the profile's)")
    .option(
      "--public-url <url>",
      "the address clients reach this server at (behind a proxy: https://host); links in replies start with it (default: each request's Host)",
    )
    .option(
      "--token-lifetime <duration>",
      "how long OAuth access tokens last: 3600, 90m, 12h, 7d",
      "7d",
    )
    .option(
      "--poll-interval <seconds>",
      "how often a device signing in may poll (RFC 8628 interval)",
      "5",
    )
    .addHelpText(
      "after",
      verbHelp({
        note: "Exit code: a stop on request (Ctrl-C, SIGTERM, SIGHUP) that ends gracefully exits 0, not 130/143/129 as an interrupted command does: for a server a clean stop is success (service managers expect it). A second Ctrl-C (SIGTERM, SIGHUP) during the stop exits at once, 130 (143, 129).",
        examples: [
          "",
          "--host 0.0.0.0 --port 8080",
          "--host 127.0.0.1 --public-url https://tourney.example.org",
        ],
      }),
    )
    .action(async (flags: ServeFlags, cmd: Command) => {
      const f = app.factory(cmd);
      await runServe(f, parseServe(flags));
    });
  registerUserCommands(command, app);
  registerKeyCommands(command, app);
  registerCommunityCommands(command, app);
  registerAppCommands(command, app);
  registerServeBackup(command, app);
}

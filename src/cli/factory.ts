/**
 * The Factory: what every command needs, built lazily from the dependencies
 * injected at the entry point (streams, environment, home dir, clock, transport).
 */
import { CredentialStore } from "../auth/credentials.js";
import type { ApiClient } from "../client/api-client.js";
import type { Transport } from "../client/transport.js";
import { resolvePaths, type TourneyPaths } from "../config/paths.js";
import { type ResolvedProfile, resolveProfile } from "../config/resolve.js";
import { ConfigStore } from "../config/store.js";
import { DeclinedError, UsageError } from "./errors.js";
import {
  canPrompt,
  colorEnabled,
  type Env,
  type IOStreams,
  readAll,
  terminalWidth,
  unicodeEnabled,
} from "./io.js";
import { JsonOutput } from "./output/json-output.js";
import { terminalPager } from "./output/pager.js";
import { type OutputMode, Printer } from "./output/printer.js";
import {
  completePrompter,
  type FullPrompter,
  inquirerPrompter,
  type Prompter,
} from "./prompter.js";
import { VERSION } from "./version.js";
import { WriteLog } from "./write-log.js";

export interface GlobalOptions {
  /** JSON output: `--json` (with or without fields) or `--jq`. */
  readonly json: boolean;
  /** `--json id,name`: only these fields. */
  readonly jsonFields?: readonly string[];
  /** `--jq EXPR`: filters the JSON output. */
  readonly jq?: string;
  readonly profile?: string;
  readonly baseUrl?: string;
  readonly verbose: boolean;
  /** `--quiet`: nothing on stdout, no notes; errors, warnings and prompts still on stderr. */
  readonly quiet?: boolean;
  readonly input: boolean;
  readonly yes: boolean;
  readonly color: boolean;
  /** `--community` (commands about a tournament; see commands/community-option.ts). */
  readonly community?: string;
  /** `-L, --limit` of a list verb (commands/limit-option.ts): at most this many records. */
  readonly limit?: number;
}

export interface CliDeps {
  readonly io: IOStreams;
  readonly env: Env;
  readonly homeDir: string;
  readonly now?: () => Date;
  /** Replaces the transport a profile would get (tests). */
  readonly makeTransport?: (profile: ResolvedProfile) => Promise<Transport>;
  /** Replaces the terminal prompts (tests). */
  readonly prompter?: Prompter;
  /** Replaces the transport to an OAuth server's origin (tests: a stub at the network edge). */
  readonly oauthTransport?: (origin: string) => Transport;
  /** Told of each write the backend accepted ("PUT /v2.1/... (200)"): what a Ctrl-C then says. */
  readonly onWrite?: (write: string) => void;
  /**
   * The bytes of the process's last `count` arguments, before Node decoded them (the entry
   * point: argument-bytes.ts); arguments that are not UTF-8 are refused (argv-utf8.ts).
   * Undefined (tests calling run with a line of their own): arguments are taken as given.
   */
  readonly argumentBytes?: (count: number) => readonly Uint8Array[] | undefined;
}

export class Factory {
  private resolved: ResolvedProfile | undefined;
  private transport: Transport | undefined;
  private apiClient: ApiClient | undefined;
  private output: JsonOutput | undefined;
  /** Ends this command's waits for another process's lock (endLockWaitsOn). */
  private lockWaitStop: AbortSignal | undefined;
  /**
   * The writes this command made (exit 8 when printing fails after them); a second Factory
   * of the command (publish's target) is given the first's, so its writes count as the command's.
   */
  readonly writeLog: WriteLog;
  private quietIo: IOStreams | undefined;

  constructor(
    readonly deps: CliDeps,
    readonly globals: GlobalOptions,
    writeLog?: WriteLog,
  ) {
    this.writeLog = writeLog ?? new WriteLog(deps.onWrite);
  }

  get io(): IOStreams {
    if (this.globals.quiet !== true) return this.deps.io;
    this.quietIo ??= quietStreams(this.deps.io);
    return this.quietIo;
  }

  get env(): Env {
    return this.deps.env;
  }

  get paths(): TourneyPaths {
    return resolvePaths(this.deps.env, this.deps.homeDir);
  }

  profile(): ResolvedProfile {
    this.resolved ??= resolveProfile({
      flags: {
        ...(this.globals.profile === undefined ? {} : { profile: this.globals.profile }),
        ...(this.globals.baseUrl === undefined ? {} : { baseUrl: this.globals.baseUrl }),
      },
      env: this.deps.env,
      paths: this.paths,
      credentials: this.credentials(),
    });
    return this.resolved;
  }

  /** The credential store of the configuration directory. */
  credentials(): CredentialStore {
    return new CredentialStore(this.paths.configDir);
  }

  /** Profiles and settings, with the credential store. */
  configStore(): ConfigStore<CredentialStore> {
    return new ConfigStore(this.paths, this.credentials());
  }

  async client(): Promise<ApiClient> {
    if (this.apiClient !== undefined) return this.apiClient;
    const profile = this.profile();
    const logged = this.writeLog.wrap(
      await (this.deps.makeTransport ?? defaultTransport)(profile, this.deps),
    );
    const send = logged.send;
    this.transport = { ...logged, send: (r, stop) => send(r, stop ?? this.lockWaitStop) };
    const { createApiClient } = await import("../client/api-client.js");
    const io = this.io;
    // A stored OAuth token renews itself once when expired (remote profiles only).
    const renewal =
      profile.backend === "remote" && profile.credentials.token !== undefined
        ? (await import("./oauth-session.js")).tokenRenewal(this, profile)
        : undefined;
    this.apiClient = createApiClient({
      transport: this.transport,
      credentials: profile.credentials,
      renewal,
      ...(this.globals.verbose ? { log: (line: string) => io.stderr.write(`${line}\n`) } : {}),
      ...(profile.backend === "remote" ? this.remoteOptions() : { retryPolicy: ONE_TRY }),
      ...(this.community() === undefined ? {} : { communityId: this.community() }),
    });
    return this.apiClient;
  }

  /**
   * A remote service is spoken to as the published description draws it, and a value
   * it sends that cannot be read (a placeholder date) is named on stderr.
   */
  private remoteOptions() {
    const io = this.io;
    return {
      bulkChunkSize: 20,
      publishedForm: true,
      onUnreadable: (note: string) => io.stderr.write(`warning: ${note}\n`),
    };
  }

  /**
   * From now on, a request of this command waiting for another process's lock on the
   * embedded database stops waiting when `stop` aborts, rejecting with its reason: for a
   * command that listens for Ctrl-C itself (main.ts's exit 130 then does not apply).
   */
  endLockWaitsOn(stop: AbortSignal): void {
    this.lockWaitStop = stop;
  }

  /** The community scope: --community, then TOURNEY_COMMUNITY, then the profile's `community`. */
  community(): string | undefined {
    const flag = this.globals.community?.trim();
    if (flag === "") throw new UsageError("--community needs a community identifier");
    const chosen = [flag, this.deps.env.TOURNEY_COMMUNITY?.trim(), this.profile().community];
    return chosen.find((c) => c !== undefined && c !== "");
  }

  printer(): Printer {
    const mode: OutputMode = this.globals.json ? "json" : this.io.stdout.isTTY ? "table" : "tsv";
    const color = colorEnabled(this.io, this.env, !this.globals.color);
    // stderr is reached only when a note is written: the stream is made on first use.
    const io = this.io;
    const quiet = this.globals.quiet === true;
    const stderr = { write: (chunk: string) => quiet || io.stderr.write(chunk) };
    const look = {
      width: terminalWidth(io, this.env),
      now: this.deps.now,
      ellipsis: unicodeEnabled(io, this.env) ? undefined : "~",
    };
    return new Printer(this.io.stdout, stderr, mode, color, this.jsonOutput(), look, {
      limit: this.globals.limit,
      pager: mode === "table" && !quiet ? terminalPager(io, this.env) : undefined,
    });
  }

  /** Where JSON goes: one per command, so that --jq filters everything it prints at once. */
  jsonOutput(): JsonOutput {
    const io = this.io;
    this.output ??= new JsonOutput(
      this.io.stdout,
      { fields: this.globals.jsonFields, jq: this.globals.jq },
      { stderr: { write: (chunk: string) => io.stderr.write(chunk) }, env: this.env },
    );
    return this.output;
  }

  /** Ends the command's output: runs --jq over the JSON it printed. */
  async flush(): Promise<void> {
    await this.output?.flush();
  }

  /** The profile, if a command has resolved it already (hints name it; never resolves). */
  resolvedProfile(): ResolvedProfile | undefined {
    return this.resolved;
  }

  /** Terminal questions: on stdin, drawn on stderr. Callers check canPrompt() first. */
  prompter(): FullPrompter {
    if (this.deps.prompter !== undefined) return completePrompter(this.deps.prompter);
    const io = this.io;
    return inquirerPrompter({
      input: io.stdin as unknown as NodeJS.ReadableStream,
      output: io.stderr as unknown as NodeJS.WritableStream,
    });
  }

  canPrompt(): boolean {
    return canPrompt(this.io, this.env, !this.globals.input);
  }

  /**
   * Destructive commands confirm; --yes skips; without a terminal --yes is required.
   * With `typeName` (something underway or complete), the user types that name instead
   * of answering yes.
   */
  async confirm(question: string, typeName?: string): Promise<void> {
    if (this.globals.yes) return;
    if (!this.canPrompt()) {
      throw new UsageError(
        `${question.replace(/\?$/, "")}: pass --yes to confirm without a prompt`,
      );
    }
    // "No" is a decision, not an interruption: exit 1. Ctrl-C at the prompt is 130.
    if (typeName === undefined) {
      if (!(await this.prompter().confirm(question)))
        throw new DeclinedError("cancelled: nothing was changed");
      return;
    }
    const typed = await this.prompter().input(
      `${question}\nType ${JSON.stringify(typeName)} to confirm:`,
    );
    if (typed.trim() !== typeName.trim())
      throw new DeclinedError(
        `cancelled: that is not ${JSON.stringify(typeName)}; nothing was changed`,
      );
  }

  async readStdin(): Promise<string> {
    return readAll(this.io.stdin);
  }

  async close(): Promise<void> {
    await this.transport?.close();
  }
}

/**
 * `--quiet`'s streams: stdout writes nothing (a terminal still says it is one: tables,
 * prompts and confirmations behave as without it); stderr and stdin as they are.
 */
function quietStreams(io: IOStreams): IOStreams {
  const stdout = {
    write: () => true,
    writeBytes: () => true,
    isTTY: io.stdout.isTTY === true,
    columns: io.stdout.columns,
  };
  return {
    stdout,
    // Read when used, as the entry point's streams are made on first use.
    get stderr() {
      return io.stderr;
    },
    get stdin() {
      return io.stdin;
    },
  };
}

/**
 * The embedded backend sends each request once: its transport waits for another process's
 * lock itself (in-process-transport.ts), and its service's other 503, a disk that refused a
 * write (service/storage-failure.ts, `Retry-After: 30`), is not over in a minute. Before,
 * a GET or PUT on a full disk waited 2 x 30 s, then failed all the same.
 */
const ONE_TRY = { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 };

async function defaultTransport(profile: ResolvedProfile, deps: CliDeps): Promise<Transport> {
  if (profile.backend === "embedded") {
    const { createInProcessTransport } = await import("../client/in-process-transport.js");
    // TOURNEY_DEBUG: the real exception behind an embedded 500, as `serve` prints it.
    // (stderr read only then: reading it makes the stream, which loads node:stream.)
    const onError = deps.env.TOURNEY_DEBUG
      ? (error: unknown) =>
          deps.io.stderr.write(`internal error: ${String((error as Error)?.stack ?? error)}\n`)
      : undefined;
    return createInProcessTransport({
      dbPath: profile.dbPath,
      ...(deps.now ? { now: deps.now } : {}),
      ...(onError ? { onError } : {}),
      onWarning: (message: string) => deps.io.stderr.write(`${message}\n`),
    });
  }
  const { createRemoteTransport } = await import("../client/remote-transport.js");
  return createRemoteTransport({
    baseUrl: profile.baseUrl!,
    responseTimeoutMs: profile.timeoutSeconds * 1000,
    env: deps.env,
    userAgent: `tourney/${VERSION}`,
  });
}

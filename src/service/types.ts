/** Types of the embedded service's entry points (index.ts), apart so its modules need not import the entry. */
import type { HttpRequest, HttpResponse } from "../model/http.js";
import type { ApiKeyListRow } from "../store/api-keys-repository.js";
import type { CacheBudget } from "../store/cache/store-cache.js";
import type { EventHub } from "./event-hub.js";
import type { StandingsAnswers } from "./public/standings-answer.js";
import type { Viewer } from "./viewer/viewer.js";
import type { ChangedTournament } from "./write-worker/heavy-writes.js";

export interface ServiceOptions {
  /** SQLite database file, or ":memory:". */
  readonly dbPath: string;
  /** Injected clock; defaults to the system clock. */
  readonly now?: () => Date;
  /**
   * When true every request must carry a valid API key (serve). The in-process
   * transport runs as the local owner and passes false.
   */
  readonly requireAuth?: boolean;
  /**
   * How long a request waits for another connection's write lock before it is
   * answered 503 with Retry-After (default 5 s: a CLI process may wait).
   */
  readonly busyTimeoutMs?: number;
  /**
   * Called with unexpected errors (answered as 500 without details), e.g. for a debug log,
   * and storage failures; `method`, the request's (a read's failure is said as one).
   */
  readonly onError?: (error: unknown, method?: string) => void;
  /** Told what looks wrong with the database file but does not stop it opening (store/database.ts). */
  readonly onWarning?: (message: string) => void;
  /** Hold what was read in memory (store/cache/store-cache.ts), within a budget; default true. */
  readonly cache?: boolean | CacheBudget;
  /** Lifetimes of the OAuth server's tokens and codes (oauth/server.ts OAUTH_DEFAULTS). */
  readonly oauth?: OAuthSettings;
  /**
   * `serve --public-url`, checked (model/public-url.ts): every link starts with it.
   * Without it, links start with the request's Host (link-base.ts).
   */
  readonly publicUrl?: string;
  /**
   * serve on a database file: run tournament-wide writes (a start, a large bulk add)
   * in a worker thread while the main thread answers reads (write-worker/, issue 27);
   * default true. Ignored for ":memory:" and with an injected clock.
   */
  readonly writeWorker?: boolean;
}

/** What serve's write worker needs to open the same service: the cloneable options. */
export type WorkerServiceOptions = Omit<ServiceOptions, "now" | "onError" | "onWarning">;

/** How a service may run its heavy writes in a worker (Service.offload, write-worker/). */
export interface OffloadSetup {
  readonly options: WorkerServiceOptions;
  /** Hears the worker's unexpected errors, as the service's own onError does. */
  readonly onError?: (error: unknown) => void;
}

/** Lifetimes and pace of the OAuth server (issue 14), in seconds. */
export interface OAuthSettings {
  /** How long an access token is accepted; default one week. */
  readonly accessTokenSeconds?: number;
  /** How long a refresh token may be used (once); default 90 days. */
  readonly refreshTokenSeconds?: number;
  /** How long a device authorization waits for approval; default 10 minutes. */
  readonly deviceCodeSeconds?: number;
  /** How often a device may poll the token endpoint; default 5 s (RFC 8628 §3.2). */
  readonly pollIntervalSeconds?: number;
}

export interface Service {
  /** Answers one request. Never throws for bad input: errors become error bodies. */
  handle(request: HttpRequest): Promise<HttpResponse>;
  /**
   * The same, synchronously (the store is synchronous), for every path but the
   * OAuth server's (/oauth/...): a sign-in hashes its password off the event loop.
   */
  handleSync(request: HttpRequest): HttpResponse;
  /**
   * Runs `fn`, which answers requests (`handle`, `handleSync`) received in full before
   * it began, after one look at other connections' commits for all of them, not one
   * each (ServiceContext.oneLook): serve's HTTP adapter, a turn's reads (read-batch.ts).
   */
  oneLook<T>(fn: () => T): T;
  /**
   * serve's HTTP adapter: a GET or HEAD of a tournament's standings (public/standings-answer.ts
   * `answersInParts`) answered as `handleSync` answers it, the standings made a part at a
   * time through the work gate, other requests answered between the parts.
   */
  readonly standings: StandingsAnswers;
  /**
   * Runs `fn`, which sends requests through `handle` one after another, in one
   * write transaction: all of their writes land, or none (a request refused
   * inside it undoes only itself; `fn` throwing undoes everything). In-process
   * use only: nothing else may use the service until it settles.
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Group commit, for serve's HTTP adapter: the requests answered between
   * `openGroup` and `closeGroup` share one write transaction (ServiceContext.openGroup).
   */
  openGroup(): boolean;
  closeGroup(): Error | undefined;
  /** Per-tournament event streams (event-hub.ts), which serve's HTTP adapter exposes. */
  readonly events: EventHub;
  /** The bracket viewer's reads and who may look (viewer/viewer.ts, issue 18). */
  readonly viewer: Viewer;
  /** Creates an API key for the served service; only its hash is stored. */
  createApiKey(label: string): string;
  /** How many API keys exist. */
  apiKeyCount(): number;
  /** Users and keys (accounts.ts), on the service's own connection. */
  readonly admin: AccountAdmin;
  /** The HTTP adapter, once bound: links of a request without a valid Host point here (link-base.ts). */
  listening(origin: string): void;
  /** How serve's HTTP adapter may run heavy writes in a worker; undefined: on the main thread. */
  readonly offload: OffloadSetup | undefined;
  /**
   * Loads tournament `id`'s match rows into this service's cache a chunk an event-loop
   * turn, then builds its stages' bracket indexes in parts (warm-matches.ts): serve, after
   * its write worker started the tournament. `rowsHeld` is told when the rows are held.
   */
  warmMatches(id: number, rowsHeld?: () => void): Promise<void>;
  /**
   * serve: `request` answered with no load of many match rows at once, or the id of the
   * tournament whose rows it would have loaded, to warm first (cold-lists.ts).
   */
  answerWarm(request: HttpRequest): HttpResponse | number;
  /**
   * serve's write lane, before a write runs: the tournament whose large swiss round `request`
   * (a match report) would end, to run in the write worker (write-worker/round-end.ts).
   */
  largeRoundEnd(request: HttpRequest): ChangedTournament | undefined;
  /** The database file it opened (serve looks whether it is replaced: file-replaced.ts). */
  readonly dbPath?: string;
  close(): void;
}

/** A refusal says why; the CLI words it as a usage error. */
export type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly reason: string };

export interface NewAccount {
  readonly username: string;
  readonly email?: string | null;
  readonly imageUrl?: string | null;
  /** Set with the slow hash (passwords.ts); absent: the user cannot sign in until one is set. */
  readonly password?: string | null;
}

export interface UserInfo {
  readonly id: number;
  readonly username: string;
  readonly email: string | null;
  readonly image_url: string | null;
  readonly created_at: string;
  /** API keys acting for the user. */
  readonly keys: number;
  /** Whether a password is set (the user can sign in to approve a device). */
  readonly password: boolean;
}

/** A key as listed: the store's row (its account's name, its scopes as stored). */
export type KeyInfo = ApiKeyListRow;

export interface NewKey {
  readonly label: string;
  /** Whom the key acts for; default the owner. */
  readonly user?: string;
  /** Default: every scope. */
  readonly scopes?: readonly string[];
}

export interface AccountAdmin {
  addUser(input: NewAccount): Outcome<UserInfo>;
  listUsers(): UserInfo[];
  /** The user's tournaments, races and communities pass to the owner (`moved` of them); keys and tokens go. */
  removeUser(username: string): Outcome<{ readonly moved: number }>;
  setPassword(username: string, password: string): Outcome<undefined>;
  /** A new API key, returned once (only its hash is stored), its id (`serve key revoke ID`), whom it acts for. */
  createKey(
    input: NewKey,
  ): Outcome<{ readonly id: number; readonly key: string; readonly username: string }>;
  listKeys(): KeyInfo[];
  revokeKey(id: number): boolean;
}

/** The accounts of a database opened apart from any service (`tourney serve user|key`). */
export interface ServeAdmin extends AccountAdmin {
  close(): void;
}

export interface HttpServerOptions {
  readonly host: string;
  readonly port: number;
  /** Hears why a group's commit failed (storage-failure.ts: a full disk). */
  readonly onCommitFailure?: (error: Error) => void;
  /** How long a request may take to arrive in full before it is answered 408; default 30 s. */
  readonly requestTimeoutMs?: number;
  /** How long a stop lets open connections finish before it cuts them (http-shutdown.ts). */
  readonly closeGraceMs?: number;
}

export interface RunningServer {
  readonly host: string;
  readonly port: number;
  /**
   * Stops: event streams ended, requests in flight finished, other connections cut after a
   * short grace. `note` is told what it waits for, if it waits.
   */
  close(note?: (line: string) => void): Promise<void>;
}

/** Types of the embedded service's entry points (index.ts), apart so its modules need not import the entry. */
import type { HttpRequest, HttpResponse } from "../model/http.js";

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
  /** Called with unexpected errors (answered as 500 without details), e.g. for a debug log. */
  readonly onError?: (error: unknown) => void;
  /** Hold what was read in memory (store/cache/store-cache.ts); default true. */
  readonly cache?: boolean;
}

export interface Service {
  /** Answers one request. Never throws for bad input: errors become error bodies. */
  handle(request: HttpRequest): Promise<HttpResponse>;
  /** The same, synchronously (the store is synchronous). */
  handleSync(request: HttpRequest): HttpResponse;
  /**
   * Runs `fn`, which sends requests through `handle` one after another, in one
   * write transaction: all of their writes land, or none (a request refused
   * inside it undoes only itself; `fn` throwing undoes everything). In-process
   * use only: nothing else may use the service until it settles.
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /** Creates an API key for the served service; only its hash is stored. */
  createApiKey(label: string): string;
  /** How many API keys exist. */
  apiKeyCount(): number;
  close(): void;
}

export interface ApiKeyAdmin {
  create(label: string): string;
  list(): { id: number; label: string; created_at: string; last_used_at: string | null }[];
  revoke(id: number): boolean;
  close(): void;
}

export interface HttpServerOptions {
  readonly host: string;
  readonly port: number;
}

export interface RunningServer {
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

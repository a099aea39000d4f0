/**
 * The embedded backend: hands each request to the v2.1 service's handler in
 * this process, without a socket. The service (and SQLite) loads lazily on the
 * first request, so commands that never call the API never pay for it.
 */
import type { Service } from "../service/index.js";
import type { Transport, TransportRequest, TransportResponse } from "./transport.js";

export interface InProcessTransportOptions {
  /** SQLite database file, or ":memory:". */
  readonly dbPath: string;
  /** Injected clock for the service. */
  readonly now?: (() => Date) | undefined;
  /** Told of unexpected errors the service answers as 500 (TOURNEY_DEBUG prints them). */
  readonly onError?: ((error: unknown) => void) | undefined;
}

export function createInProcessTransport(options: InProcessTransportOptions): Transport {
  let opening: Promise<Service> | undefined;
  let closed = false;

  function service(): Promise<Service> {
    if (closed) return Promise.reject(new Error("the embedded service is closed"));
    opening ??= import("../service/index.js").then(({ openService }) =>
      openService({
        dbPath: options.dbPath,
        requireAuth: false,
        ...(options.now === undefined ? {} : { now: options.now }),
        ...(options.onError === undefined ? {} : { onError: options.onError }),
      }),
    );
    return opening;
  }

  return {
    async send(request: TransportRequest): Promise<TransportResponse> {
      return (await service()).handle(request);
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      if (opening === undefined) return;
      const pending = opening;
      opening = undefined;
      // A service that failed to open has nothing to close.
      const opened = await pending.catch(() => undefined);
      opened?.close();
    },
  };
}

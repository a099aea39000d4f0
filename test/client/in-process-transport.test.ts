import { beforeEach, describe, expect, it, vi } from "vitest";
import type { HttpRequest } from "../../src/model/http.js";
import type { ServiceOptions } from "../../src/service/index.js";

const opened: ServiceOptions[] = [];
const handled: HttpRequest[] = [];
let closes = 0;
/** Requests still to be answered as a locked database is (503, the busy error told first). */
let lockedFor = 0;
const busy = Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });

// The real service is tested through its own suite; here only the transport's lifecycle matters.
vi.mock("../../src/service/index.js", () => {
  class StorePlaceError extends Error {
    constructor(
      readonly dbPath: string,
      message: string,
    ) {
      super(message);
    }
  }
  return {
    StorePlaceError,
    openService: async (options: ServiceOptions) => {
      if (options.dbPath.startsWith("/unwritable/"))
        throw new StorePlaceError(
          options.dbPath,
          `cannot open the database ${options.dbPath}: why`,
        );
      opened.push(options);
      return {
        handle: async (request: HttpRequest) => {
          handled.push(request);
          if (lockedFor > 0) {
            lockedFor--;
            options.onError?.(busy);
            return { status: 503, headers: {}, body: '{"errors":[]}' };
          }
          if (request.path === "/unavailable") return { status: 503, headers: {}, body: "" };
          return {
            status: 200,
            headers: { "content-type": "application/json" },
            body: '{"ok":true}',
          };
        },
        fetch: async () => new Response(),
        transaction: async <T>(fn: () => Promise<T>) => fn(),
        close: () => {
          closes += 1;
        },
      };
    },
  };
});

const { createInProcessTransport } = await import("../../src/client/in-process-transport.js");
const { LOCK_SLICE_MS } = await import("../../src/client/lock-wait.js");
const { DatabaseLockedError, DatabasePlaceError } = await import("../../src/client/errors.js");

const request: HttpRequest = { method: "GET", path: "/v2.1/tournaments", headers: {} };

beforeEach(() => {
  opened.length = 0;
  handled.length = 0;
  closes = 0;
  lockedFor = 0;
});

/** The options the transport opens its service with, besides those it is given. */
const own = { busyTimeoutMs: LOCK_SLICE_MS, onError: expect.any(Function) };

describe("in-process transport", () => {
  it("opens the service only on the first request, once, without auth", async () => {
    const now = () => new Date("2025-03-01T12:00:00Z");
    const transport = createInProcessTransport({ dbPath: ":memory:", now });
    expect(opened).toHaveLength(0);
    const [first, second] = await Promise.all([transport.send(request), transport.send(request)]);
    expect(first).toEqual({
      status: 200,
      headers: { "content-type": "application/json" },
      body: '{"ok":true}',
    });
    expect(second?.status).toBe(200);
    expect(opened).toEqual([{ dbPath: ":memory:", requireAuth: false, now, ...own }]);
    expect(handled).toEqual([request, request]);
  });

  it("closes the service it opened, once, and refuses requests afterwards", async () => {
    const transport = createInProcessTransport({ dbPath: "/tmp/t.db" });
    await transport.send(request);
    await transport.close();
    await transport.close();
    expect(closes).toBe(1);
    await expect(transport.send(request)).rejects.toThrow("the embedded service is closed");
    expect(opened).toEqual([{ dbPath: "/tmp/t.db", requireAuth: false, ...own }]);
  });

  it("opens nothing when closed before any request", async () => {
    const transport = createInProcessTransport({ dbPath: ":memory:" });
    await transport.close();
    expect(opened).toHaveLength(0);
    expect(closes).toBe(0);
  });

  it("sends a request the lock refused again, after a turn of the event loop, until answered", async () => {
    const transport = createInProcessTransport({ dbPath: "/tmp/t.db" });
    lockedFor = 3;
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const answered = await transport.send(request);
    expect(answered.status).toBe(200);
    expect(handled).toHaveLength(4);
    expect(turned).toBe(true); // the event loop turned in the wait: a SIGINT is seen there
  });

  it("gives the event loop a turn between two requests (a Ctrl-C is heard there), not in a transaction", async () => {
    const transport = createInProcessTransport({ dbPath: "/tmp/t.db", turnEveryMs: 0 });
    const write: HttpRequest = { ...request, method: "POST", path: "/v2.1/tournaments/1/matches" };
    await transport.send(write); // the first request: the service opens
    let turnedAt: number | undefined;
    setImmediate(() => {
      turnedAt = handled.length;
    });
    for (let i = 0; i < 3; i++) await transport.send(write);
    // The service answers without I/O: only the transport's turn lets the immediate run.
    expect(turnedAt).toBe(1);

    turnedAt = undefined;
    handled.length = 0;
    await transport.transaction!(async () => {
      setImmediate(() => {
        turnedAt = handled.length;
      });
      for (let i = 0; i < 3; i++) await transport.send(write);
    });
    expect(turnedAt).toBeUndefined(); // one change: no turn among its requests
    await new Promise((r) => setImmediate(r));
    expect(turnedAt).toBe(3);
  });

  it("gives up after the wait with an error naming the file; a 503 of another cause is answered", async () => {
    const errors: unknown[] = [];
    const transport = createInProcessTransport({
      dbPath: "/tmp/t.db",
      lockWaitMs: 30,
      onError: (error) => errors.push(error),
    });
    lockedFor = Number.POSITIVE_INFINITY;
    const refused = transport.send({ ...request, method: "POST" });
    await expect(refused).rejects.toThrow(DatabaseLockedError);
    await expect(refused).rejects.toThrow(
      "the database /tmp/t.db is locked by another process (waited 0.03 s)",
    );
    expect(handled.length).toBeGreaterThan(1);
    expect(errors).toEqual([]); // the lock is not an unexpected error (TOURNEY_DEBUG)
    lockedFor = 0;
    handled.length = 0;
    const unavailable = await transport.send({ ...request, path: "/unavailable" });
    expect(unavailable.status).toBe(503);
    expect(handled).toHaveLength(1);
  });

  it("says a database that cannot be opened where it is as DatabasePlaceError (the CLI's hint)", async () => {
    const transport = createInProcessTransport({ dbPath: "/unwritable/t.db" });
    const refused = transport.send(request);
    await expect(refused).rejects.toThrow(DatabasePlaceError);
    await expect(refused).rejects.toThrow("cannot open the database /unwritable/t.db: why");
  });
});

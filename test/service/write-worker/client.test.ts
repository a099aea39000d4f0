/** Which services may run heavy writes in a worker, and with what (write-worker/client.ts). */
import { describe, expect, it } from "vitest";
import { offloadSetup } from "../../../src/service/write-worker/client.js";

describe("offloadSetup", () => {
  it("gives a database file's cloneable options, waiting longer for the write lock", () => {
    const onError = () => {};
    const setup = offloadSetup({
      dbPath: "/tmp/event.db",
      requireAuth: true,
      busyTimeoutMs: 250,
      onError,
      publicUrl: "https://t.example",
    });
    expect(setup?.options).toEqual({
      dbPath: "/tmp/event.db",
      requireAuth: true,
      busyTimeoutMs: 5000,
      publicUrl: "https://t.example",
    });
    expect(setup?.onError).toBe(onError);
    // Structured clone (a worker's workerData) takes it as it is.
    expect(structuredClone(setup?.options)).toEqual(setup?.options);
  });

  it("gives none for a database in memory, an injected clock, or writeWorker false", () => {
    expect(offloadSetup({ dbPath: ":memory:" })).toBeUndefined();
    expect(offloadSetup({ dbPath: "/tmp/e.db", now: () => new Date(0) })).toBeUndefined();
    expect(offloadSetup({ dbPath: "/tmp/e.db", writeWorker: false })).toBeUndefined();
    expect(offloadSetup({ dbPath: "/tmp/e.db" })?.options.busyTimeoutMs).toBe(5000);
  });
});

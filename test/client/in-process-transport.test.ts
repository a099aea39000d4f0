import { beforeEach, describe, expect, it, vi } from "vitest";
import type { HttpRequest } from "../../src/model/http.js";
import type { ServiceOptions } from "../../src/service/index.js";

const opened: ServiceOptions[] = [];
const handled: HttpRequest[] = [];
let closes = 0;

// The real service is tested through its own suite; here only the transport's lifecycle matters.
vi.mock("../../src/service/index.js", () => ({
  openService: async (options: ServiceOptions) => {
    opened.push(options);
    return {
      handle: async (request: HttpRequest) => {
        handled.push(request);
        return {
          status: 200,
          headers: { "content-type": "application/json" },
          body: '{"ok":true}',
        };
      },
      fetch: async () => new Response(),
      close: () => {
        closes += 1;
      },
    };
  },
}));

const { createInProcessTransport } = await import("../../src/client/in-process-transport.js");

const request: HttpRequest = { method: "GET", path: "/v2.1/tournaments", headers: {} };

beforeEach(() => {
  opened.length = 0;
  handled.length = 0;
  closes = 0;
});

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
    expect(opened).toEqual([{ dbPath: ":memory:", requireAuth: false, now }]);
    expect(handled).toEqual([request, request]);
  });

  it("closes the service it opened, once, and refuses requests afterwards", async () => {
    const transport = createInProcessTransport({ dbPath: "/tmp/t.db" });
    await transport.send(request);
    await transport.close();
    await transport.close();
    expect(closes).toBe(1);
    await expect(transport.send(request)).rejects.toThrow("the embedded service is closed");
    expect(opened).toEqual([{ dbPath: "/tmp/t.db", requireAuth: false }]);
  });

  it("opens nothing when closed before any request", async () => {
    const transport = createInProcessTransport({ dbPath: ":memory:" });
    await transport.close();
    expect(opened).toHaveLength(0);
    expect(closes).toBe(0);
  });
});

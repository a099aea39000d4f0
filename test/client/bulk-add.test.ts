import { describe, expect, it } from "vitest";
import { createApiClient } from "../../src/client/api-client.js";
import { BulkAddInterruptedError } from "../../src/client/bulk-add.js";
import { BulkAddCompensationError, RejectedError } from "../../src/client/errors.js";
import type { HttpRequest } from "../../src/model/http.js";
import { json, type Reply, record, routeTransport } from "./stub-transport.js";

const names = ["Ada", "Grace", "Linus", "Barbara", "Ken"].map((name) => ({ name }));

/** A fake service: bulk_add creates ids from 100 up; chunk `failAt` (1-based) is refused. */
function service(
  options: {
    failAt?: number;
    failDeleteOf?: readonly string[];
    deleteStatus?: number;
    /** The tournament's state as GET answers it (default pending). */
    state?: string;
    /** Called with each bulk_add chunk's number (1-based) and each DELETE's id. */
    onChunk?: (chunk: number) => void;
    onDelete?: (id: string) => void;
    /** Answer bulk_add with the list shape ({data, meta, links}) instead of a bare array. */
    listShape?: boolean;
  } = {},
) {
  let nextId = 100;
  let chunk = 0;
  const deleted: string[] = [];
  const transport = routeTransport((request: HttpRequest): Reply => {
    if (request.method === "GET" && request.path === "/v2.1/tournaments/cup") {
      return json(200, { data: record(1, "tournament", { state: options.state ?? "pending" }) });
    }
    if (request.method === "POST" && request.path.endsWith("/bulk_add")) {
      chunk += 1;
      options.onChunk?.(chunk);
      if (chunk === options.failAt) {
        return json(422, {
          errors: [
            {
              status: 422,
              detail: "Name has already been taken",
              source: { pointer: "/data/attributes/participants/0/name" },
            },
          ],
        });
      }
      const body = JSON.parse(request.body ?? "{}");
      const created = body.data.attributes.participants.map((p: { name: string }) =>
        record(nextId++, "participant", p),
      );
      if (!options.listShape) return json(200, created);
      const count = created.length;
      return json(200, {
        data: created,
        meta: { count, page: 1, per_page: count, total_pages: 1 },
        links: { self: request.path },
      });
    }
    if (request.method === "DELETE") {
      const id = request.path.split("/").pop() ?? "";
      options.onDelete?.(id);
      if (options.failDeleteOf?.includes(id)) {
        return json(options.deleteStatus ?? 500, { errors: [{ detail: "boom" }] });
      }
      if (deleted.includes(id)) return { status: 404 };
      deleted.push(id);
      return { status: 204 };
    }
    return { status: 500 };
  });
  return { transport, deleted };
}

function bodies(requests: readonly HttpRequest[]) {
  return requests
    .filter((r) => r.method === "POST")
    .map((r) =>
      JSON.parse(r.body ?? "{}").data.attributes.participants.map((p: { name: string }) => p.name),
    );
}

describe("participants.bulkAdd", () => {
  it("sends one request for everything without a chunk size", async () => {
    const { transport } = service();
    const client = createApiClient({ transport });
    const created = await client.participants.bulkAdd("cup", names);
    expect(created.map((r) => r.id)).toEqual(["100", "101", "102", "103", "104"]);
    expect(transport.requests).toHaveLength(1);
    expect(transport.requests[0]).toMatchObject({
      method: "POST",
      path: "/v2.1/tournaments/cup/participants/bulk_add",
    });
    expect(JSON.parse(transport.requests[0]?.body ?? "")).toEqual({
      data: { type: "Participants", attributes: { participants: names } },
    });
  });

  it("reads the list shape (data, meta, links) of the embedded service as it reads a bare array (issue 15)", async () => {
    for (const listShape of [false, true]) {
      const { transport } = service({ listShape });
      const client = createApiClient({ transport, bulkChunkSize: 2 });
      const created = await client.participants.bulkAdd("cup", names);
      expect(
        created.map((r) => r.id),
        `listShape ${listShape}`,
      ).toEqual(["100", "101", "102", "103", "104"]);
      expect(created.map((r) => r.attributes.name)).toEqual(names.map((n) => n.name));
    }
  });

  it("reads randomize's answer as a list document or a bare array (issue 15)", async () => {
    const seeded = [record(7, "participant", { seed: 2 }), record(8, "participant", { seed: 1 })];
    for (const body of [
      seeded,
      {
        data: seeded,
        meta: { count: 2, page: 1, per_page: 2, total_pages: 1 },
        links: { self: "/x" },
      },
    ]) {
      const transport = routeTransport(() => json(200, body));
      const shuffled = await createApiClient({ transport }).participants.randomize("cup");
      expect(shuffled.map((r) => [r.id, r.attributes.seed])).toEqual([
        ["7", 2],
        ["8", 1],
      ]);
    }
  });

  it("sends chunks of bulkChunkSize and returns every record in order", async () => {
    const { transport } = service();
    const client = createApiClient({ transport, bulkChunkSize: 2 });
    const created = await client.participants.bulkAdd("cup", names);
    expect(created.map((r) => r.attributes.name)).toEqual(names.map((n) => n.name));
    expect(bodies(transport.requests)).toEqual([["Ada", "Grace"], ["Linus", "Barbara"], ["Ken"]]);
  });

  it("deletes what earlier chunks created when a later chunk fails, then rethrows", async () => {
    const { transport, deleted } = service({ failAt: 3 });
    const client = createApiClient({ transport, bulkChunkSize: 2 });
    const error = await client.participants.bulkAdd("cup", names).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RejectedError);
    expect((error as RejectedError).errors[0]?.detail).toBe("Name has already been taken");
    expect(deleted).toEqual(["103", "102", "101", "100"]);
    expect(transport.requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual([
      "/v2.1/tournaments/cup/participants/103",
      "/v2.1/tournaments/cup/participants/102",
      "/v2.1/tournaments/cup/participants/101",
      "/v2.1/tournaments/cup/participants/100",
    ]);
  });

  it("deletes nothing when the first chunk fails", async () => {
    const { transport } = service({ failAt: 1 });
    const client = createApiClient({ transport, bulkChunkSize: 2 });
    await expect(client.participants.bulkAdd("cup", names)).rejects.toThrow(RejectedError);
    // The GET: the roster checked against the tournament's limits (bulk-add-refusals.ts).
    expect(transport.requests.map((r) => r.method)).toEqual(["GET", "POST"]);
  });

  it("names the participants it could not remove", async () => {
    const { transport, deleted } = service({ failAt: 2, failDeleteOf: ["100"] });
    const client = createApiClient({
      transport,
      bulkChunkSize: 2,
      sleep: async () => {},
      random: () => 0,
    });
    const error = await client.participants.bulkAdd("cup", names).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkAddCompensationError);
    expect((error as BulkAddCompensationError).leftoverIds).toEqual(["100"]);
    expect((error as Error).cause).toBeInstanceOf(RejectedError);
    expect((error as Error).message).toMatch(/Name has already been taken.*: 100 "[^"]*"$/);
    expect(deleted).toEqual(["101"]);
  });

  it("sends nothing for an empty roster", async () => {
    const { transport } = service();
    const client = createApiClient({ transport, bulkChunkSize: 20 });
    expect(await client.participants.bulkAdd("cup", [])).toEqual([]);
    expect(transport.requests).toHaveLength(0);
  });

  it("retries a compensating DELETE on 502 (it is idempotent) before giving up on it", async () => {
    const { transport } = service({ failAt: 2, failDeleteOf: ["100"], deleteStatus: 502 });
    const client = createApiClient({
      transport,
      bulkChunkSize: 2,
      sleep: async () => {},
      random: () => 0,
    });
    const error = await client.participants.bulkAdd("cup", names).catch((e: unknown) => e);
    expect((error as BulkAddCompensationError).leftoverIds).toEqual(["100"]);
    const deletes = transport.requests.filter((r) => r.method === "DELETE").map((r) => r.path);
    expect(deletes).toEqual([
      "/v2.1/tournaments/cup/participants/101",
      "/v2.1/tournaments/cup/participants/100",
      "/v2.1/tournaments/cup/participants/100",
      "/v2.1/tournaments/cup/participants/100",
    ]);
  });
});

describe("participants.bulkAdd, interrupted (control.stop)", () => {
  const chunked = (transport: ReturnType<typeof service>["transport"]) =>
    createApiClient({ transport, bulkChunkSize: 2, sleep: async () => {}, random: () => 0 });
  const interrupted = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable("the bulk add completed"),
      (e: unknown) => {
        expect(e).toBeInstanceOf(BulkAddInterruptedError);
        return e as BulkAddInterruptedError;
      },
    );

  it("sends no further chunk, waits for the one in flight and removes everything this run added", async () => {
    const stop = new AbortController();
    const { transport, deleted } = service({ onChunk: (n) => n === 2 && stop.abort() });
    const error = await interrupted(
      chunked(transport).participants.bulkAdd("cup", names, { stop: stop.signal }),
    );
    expect(bodies(transport.requests)).toEqual([
      ["Ada", "Grace"],
      ["Linus", "Barbara"],
    ]);
    expect(deleted).toEqual(["103", "102", "101", "100"]);
    expect(error.added.map((r) => r.id)).toEqual(["100", "101", "102", "103"]);
    expect(error.left).toEqual([]);
    expect(error.total).toBe(5);
  });

  it("sends nothing when stopped before the first chunk", async () => {
    const stop = new AbortController();
    stop.abort();
    const { transport } = service();
    const error = await interrupted(
      chunked(transport).participants.bulkAdd("cup", names, { stop: stop.signal }),
    );
    expect(transport.requests).toHaveLength(0);
    expect(error.added).toEqual([]);
  });

  it("completes when the stop comes during the last chunk (nothing left to stop)", async () => {
    const stop = new AbortController();
    const { transport, deleted } = service({ onChunk: (n) => n === 3 && stop.abort() });
    const created = await chunked(transport).participants.bulkAdd("cup", names, {
      stop: stop.signal,
    });
    expect(created).toHaveLength(5);
    expect(deleted).toEqual([]);
  });

  it("deletes nothing once the tournament has started, and says what is left", async () => {
    const stop = new AbortController();
    const { transport } = service({ state: "underway", onChunk: () => stop.abort() });
    const error = await interrupted(
      chunked(transport).participants.bulkAdd("cup", names, { stop: stop.signal }),
    );
    expect(transport.requests.filter((r) => r.method === "DELETE")).toEqual([]);
    expect(error.left.map((r) => r.id)).toEqual(["100", "101"]);
    expect(String(error.undoFailure)).toContain("the tournament is underway now");
  });

  it("stops removing on control.abandon (a second Ctrl-C) and reports the rest", async () => {
    const stop = new AbortController();
    const abandon = new AbortController();
    const { transport, deleted } = service({
      onChunk: (n) => n === 2 && stop.abort(),
      onDelete: () => abandon.abort(),
    });
    const error = await interrupted(
      chunked(transport).participants.bulkAdd("cup", names, {
        stop: stop.signal,
        abandon: abandon.signal,
      }),
    );
    expect(deleted).toEqual(["103"]);
    expect(error.left.map((r) => r.id)).toEqual(["100", "101", "102"]);
  });

  it("stops removing at the first failed delete and reports it with what is left", async () => {
    const stop = new AbortController();
    const { transport, deleted } = service({
      failDeleteOf: ["102"],
      deleteStatus: 500,
      onChunk: (n) => n === 2 && stop.abort(),
    });
    const error = await interrupted(
      chunked(transport).participants.bulkAdd("cup", names, { stop: stop.signal }),
    );
    expect(deleted).toEqual(["103"]);
    expect(error.left.map((r) => r.id)).toEqual(["100", "101", "102"]);
    expect(String(error.undoFailure)).toContain("boom");
  });
});

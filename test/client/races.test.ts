/** The races client: its paths, a race's participants through the participants module, bulk updates in batches of 20. */
import { describe, expect, it } from "vitest";
import { type ApiClient, createApiClient } from "../../src/client/api-client.js";
import { type ElapsedTimeEntry, MAX_BULK_TIMES } from "../../src/client/races.js";
import type { Transport } from "../../src/client/transport.js";
import { json, record, routeTransport } from "./stub-transport.js";

function recording() {
  return routeTransport((request) => {
    if (request.method === "DELETE") return { status: 204 };
    if (request.path.includes("bulk")) {
      const entries = JSON.parse(request.body!).data.attributes;
      const list = (entries.elapsed_times ?? entries.participants) as { elapsedTimeId?: number }[];
      // Each batch's answer ranks its rows as they stood then ("then").
      return json(200, {
        data: list.map((e, i) => record(e.elapsedTimeId ?? i + 1, "x", { rank: "then" })),
      });
    }
    // The round's times read again: every row as it stands now.
    if (request.method === "GET" && request.path.split("?")[0]!.endsWith("/elapsed_times"))
      return json(200, {
        data: Array.from({ length: 45 }, (_, i) => record(i + 1, "x", { rank: "now" })),
        meta: { count: 45 },
      });
    return json(200, { data: record(1, "x") });
  });
}

const paths = async (call: (c: ApiClient) => Promise<unknown>) => {
  const transport = recording();
  await call(createApiClient({ transport }));
  return transport.requests.map((r) => `${r.method} ${r.path}`);
};

describe("races client", () => {
  it("addresses races, rounds, elapsed times and standings", async () => {
    expect(await paths((c) => c.races.get("spring_gp"))).toEqual(["GET /v2.1/races/spring_gp"]);
    expect(await paths((c) => c.races.standings(7))).toEqual([
      "GET /v2.1/races/7/standings?page=1&per_page=1000",
    ]);
    expect(await paths((c) => c.races.rounds(7).get(2))).toEqual(["GET /v2.1/races/7/rounds/2"]);
    expect(
      await paths((c) => c.races.elapsedTimes(7, 2).update(31, { elapsedTime: 62345 })),
    ).toEqual(["PUT /v2.1/races/7/rounds/2/elapsed_times/31"]);
  });

  it("reaches a race's participants with the participants module ({ race })", async () => {
    expect(await paths((c) => c.participants.listAll({ race: "gp" }))).toEqual([
      "GET /v2.1/races/gp/participants?page=1&per_page=1000",
    ]);
    expect(await paths((c) => c.participants.update({ race: 7 }, 3, { seed: 1 }))).toEqual([
      "PUT /v2.1/races/7/participants/3",
    ]);
    expect(await paths((c) => c.participants.clear({ race: 7 }))).toEqual([
      "DELETE /v2.1/races/7/participants/clear",
    ]);
    expect(await paths((c) => c.participants.bulkAdd({ race: 7 }, [{ name: "Ada" }]))).toEqual([
      "POST /v2.1/races/7/participants/bulk_add",
    ]);
    // A tournament stays a plain id or url.
    expect(await paths((c) => c.participants.get("cup", 3))).toEqual([
      "GET /v2.1/tournaments/cup/participants/3",
    ]);
  });

  const entries = (n: number): ElapsedTimeEntry[] =>
    Array.from({ length: n }, (_, i) => ({ elapsedTimeId: i + 1, time: 1000 + i }));

  it("bulkUpdateAll sends batches of 20 in order, reporting progress", async () => {
    const transport = recording();
    const progress: [number, number][] = [];
    const updated = await createApiClient({ transport })
      .races.elapsedTimes(7, 1)
      .bulkUpdateAll(entries(45), { onProgress: (sent, total) => progress.push([sent, total]) });
    expect(MAX_BULK_TIMES).toBe(20);
    const sizes = transport.requests
      .filter((r) => r.method === "POST")
      .map((r) => JSON.parse(r.body!).data.attributes.elapsed_times.length);
    expect(sizes).toEqual([20, 20, 5]);
    // Then the round read once more: a later batch moves the earlier rows' ranks.
    expect(transport.requests.at(-1)!.method).toBe("GET");
    expect(transport.requests.at(-1)!.path.split("?")[0]).toBe(
      "/v2.1/races/7/rounds/1/elapsed_times",
    );
    expect(JSON.parse(transport.requests[2]!.body!).data.attributes.elapsed_times[0]).toEqual({
      elapsedTimeId: 41,
      time: 1040,
    });
    expect(progress).toEqual([
      [20, 45],
      [40, 45],
      [45, 45],
    ]);
    expect(updated).toHaveLength(45);
    expect(new Set(updated.map((t) => t.attributes.rank))).toEqual(new Set(["now"]));
    expect(updated.map((t) => t.id)).toEqual(Array.from({ length: 45 }, (_, i) => String(i + 1)));
  });

  it("bulkUpdateAll runs more than one batch inside the backend's transaction", async () => {
    const inner = recording();
    let transactions = 0;
    const transport: Transport = {
      send: (request) => inner.send(request),
      close: () => inner.close(),
      async transaction(fn) {
        transactions++;
        return fn();
      },
    };
    const times = createApiClient({ transport }).races.elapsedTimes(7, 1);
    // One batch: its own answer is the round as it stands, nothing read again.
    expect((await times.bulkUpdateAll(entries(20))).map((t) => t.attributes.rank)).toContain(
      "then",
    );
    expect(transactions).toBe(0);
    await times.bulkUpdateAll(entries(21));
    expect(transactions).toBe(1);
    // 1 request, then 2 and the read again inside the transaction.
    expect(inner.requests.map((r) => r.method)).toEqual(["POST", "POST", "POST", "GET"]);
  });
});

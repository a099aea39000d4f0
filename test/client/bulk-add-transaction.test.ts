/**
 * Bulk add on the embedded backend: requests of at most 1,000 names inside the
 * in-process transport's one transaction. Progress is reported per request;
 * an interrupt or a refusal of any request leaves the tournament as it was.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBulkAdd } from "../../src/cli/commands/participants/bulk-add-run.js";
import { CancelledError } from "../../src/cli/errors.js";
import { type ApiClient, createApiClient } from "../../src/client/api-client.js";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";

let inner: Transport;
let client: ApiClient;
let bulkRequests: number[];
let onBulkRequest: (n: number) => void;

beforeEach(async () => {
  inner = createInProcessTransport({ dbPath: ":memory:" });
  bulkRequests = [];
  onBulkRequest = () => {};
  const transport: Transport = {
    send: (request) => {
      if (request.path.endsWith("/bulk_add")) {
        const size = JSON.parse(request.body!).data.attributes.participants.length;
        bulkRequests.push(size);
        onBulkRequest(bulkRequests.length);
      }
      return inner.send(request);
    },
    close: () => inner.close(),
    transaction: (fn) => inner.transaction!(fn),
  };
  client = createApiClient({ transport });
  await client.tournaments.create({ name: "Cup", url: "cup", tournament_type: "swiss" });
});
afterEach(() => client.close());

const roster = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}`, where: `line ${i + 1}` }));

describe("bulk add on the embedded backend", () => {
  it("sends 2,345 names as 1,000 + 1,000 + 345 and reports progress after each", async () => {
    const progress: string[] = [];
    const added = await client.participants.bulkAdd(
      "cup",
      roster(2345).map(({ name }) => ({ name })),
      { onProgress: (sent, total) => progress.push(`${sent}/${total}`) },
    );
    expect(added).toHaveLength(2345);
    expect(bulkRequests).toEqual([1000, 1000, 345]);
    expect(progress).toEqual(["1000/2345", "2000/2345", "2345/2345"]);
    expect((await client.tournaments.get("cup")).attributes.participants_count).toBe(2345);
  });

  it("rolls everything back on Ctrl-C between requests, and says nothing was added", async () => {
    const stop = new AbortController();
    onBulkRequest = (n) => {
      if (n === 2) stop.abort();
    };
    const notes: string[] = [];
    const failure = await runBulkAdd(
      {
        participants: client.participants,
        note: (line) => notes.push(line),
        control: { stop: stop.signal },
        skipPresent: true,
      },
      "cup",
      roster(2500),
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CancelledError);
    expect((failure as Error).message).toBe("interrupted: nothing was added");
    expect(bulkRequests).toEqual([1000, 1000]);
    expect((await client.tournaments.get("cup")).attributes.participants_count).toBe(0);
    expect(await client.participants.listAll("cup")).toEqual([]);
  });

  it("keeps working after a rolled-back add: the next add lands", async () => {
    await client.participants.bulkAdd("cup", [{ name: "P5" }]);
    const refused = await client.participants
      .bulkAdd(
        "cup",
        roster(1500).map(({ name }) => ({ name })),
      )
      .catch((e: unknown) => e);
    expect((refused as { errors: { pointer: string }[] }).errors[0]!.pointer).toBe(
      "/data/attributes/participants/4/name",
    );
    expect((await client.tournaments.get("cup")).attributes.participants_count).toBe(1);
    const later = roster(1500).filter((p) => p.name !== "P5");
    expect(
      await client.participants.bulkAdd(
        "cup",
        later.map(({ name }) => ({ name })),
      ),
    ).toHaveLength(1499);
    expect((await client.tournaments.get("cup")).attributes.participants_count).toBe(1500);
  });
});

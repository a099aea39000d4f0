/**
 * Sending a roster in chunks to a real service (in memory), as a remote profile
 * does: Ctrl-C undoes what the run added, a failed undo says exactly what is
 * left, and a re-run skips the names already present.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { runBulkAdd } from "../../src/cli/commands/participants/bulk-add-run.js";
import type { RosterEntry } from "../../src/cli/commands/participants/roster.js";
import { CancelledError } from "../../src/cli/errors.js";
import { createApiClient } from "../../src/client/api-client.js";
import { NetworkError } from "../../src/client/errors.js";
import type { Transport } from "../../src/client/transport.js";
import type { HttpRequest } from "../../src/model/http.js";
import { type ServiceHarness, startService, tournamentBody } from "../helpers/service.js";

const roster = (n: number, from = 1): RosterEntry[] =>
  Array.from({ length: n }, (_, i) => ({ name: `P${from + i}`, where: `line ${from + i}` }));

interface Hooks {
  /** Before each request reaches the service; throw to imitate a lost network. */
  before?: (request: HttpRequest) => void;
  /** After the service has answered; throw to imitate an answer lost on the way back. */
  after?: (request: HttpRequest) => void;
}

let harness: ServiceHarness;
let stop: AbortController;
let notes: string[];

beforeEach(async () => {
  harness = await startService();
  const created = await harness.request(
    "POST",
    "/v2.1/tournaments",
    tournamentBody({ name: "Cup", url: "cup", tournament_type: "single elimination" }),
  );
  expect(created.status).toBe(201);
  stop = new AbortController();
  notes = [];
});

function run(hooks: Hooks = {}, skipPresent = true) {
  const transport: Transport = {
    send: async (request) => {
      hooks.before?.(request);
      const response = await harness.service.handle(request);
      hooks.after?.(request);
      return response;
    },
    close: async () => {},
  };
  const client = createApiClient({ transport, bulkChunkSize: 20 });
  return {
    participants: client.participants,
    note: (line: string) => notes.push(line),
    control: { stop: stop.signal },
    skipPresent,
  };
}

/** Aborts `stop` when the n-th bulk_add request is sent (as Ctrl-C would during it). */
function interruptAtChunk(n: number): (request: HttpRequest) => void {
  let chunks = 0;
  return (request) => {
    if (request.path.endsWith("/bulk_add") && ++chunks === n) stop.abort();
  };
}

async function names(): Promise<string[]> {
  const list = await harness.request("GET", "/v2.1/tournaments/cup/participants?per_page=1000");
  return list.json.data.map((p: { attributes: { name: string } }) => p.attributes.name);
}

describe("runBulkAdd in chunks (a remote profile)", () => {
  it("on an interrupt sends no more chunks and removes what this run added", async () => {
    const failure = await runBulkAdd(
      run({ before: interruptAtChunk(3) }),
      "cup",
      roster(200),
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CancelledError);
    expect((failure as Error).message).toBe(
      "interrupted: this run had added 60 of 200 participants and removed them again; the tournament is as it was before",
    );
    expect(await names()).toEqual([]);
  });

  it("keeps what was there before the run when it undoes", async () => {
    await runBulkAdd(run(), "cup", roster(5));
    await runBulkAdd(run({ before: interruptAtChunk(2) }), "cup", roster(100)).catch(() => {});
    expect(await names()).toEqual(["P1", "P2", "P3", "P4", "P5"]);
  });

  it("says exactly which participants are left when the undo fails", async () => {
    let deletes = 0;
    const before = interruptAtChunk(3);
    const failure = await runBulkAdd(
      run({
        before: (request) => {
          before(request);
          if (request.method === "DELETE" && ++deletes > 10)
            throw new NetworkError("connection refused", { code: "ECONNREFUSED" });
        },
      }),
      "cup",
      roster(200),
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CancelledError);
    expect((failure as Error).message.split("\n")).toEqual([
      "interrupted: this run added 60 of 200 participants; undoing it stopped (connection refused) after removing 10, so 50 are still in the tournament:",
      '  ids 1-50 ("P1" to "P50")',
      "Run the same bulk add again to add the rest (names already present are skipped), or delete these.",
    ]);
    expect(await names()).toEqual(roster(50).map((e) => e.name));
  });

  it("takes a chunk whose answer was lost as added when its names are found, and undoes it too", async () => {
    let chunks = 0;
    const failure = await runBulkAdd(
      run({
        after: (request) => {
          if (request.path.endsWith("/bulk_add") && ++chunks === 3)
            throw new NetworkError("socket hang up", { code: "UND_ERR_SOCKET" });
        },
      }),
      "cup",
      roster(200),
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(await names()).toEqual([]);
  });

  it("resumes: a re-run skips the names already present and adds the rest once", async () => {
    // What a killed run (kill -9 after its first chunks) leaves: the first 30 are in.
    await runBulkAdd(run(), "cup", roster(30));
    const added = await runBulkAdd(run(), "cup", roster(100));
    expect(added).toHaveLength(70);
    expect(notes).toEqual([
      'Skipped 30 of 100 names already in the tournament: "P1", "P2", "P3" and 27 more',
    ]);
    expect(await names()).toEqual(roster(100).map((e) => e.name));
  });

  it("compares names as the service does: ASCII case ignored, other letters not", async () => {
    await runBulkAdd(run(), "cup", [
      { name: "Ada", where: "argument 1" },
      { name: "École", where: "argument 2" },
    ]);
    const added = await runBulkAdd(run(), "cup", [
      { name: " ada ", where: "line 1" },
      { name: "école", where: "line 2" },
    ]);
    expect(added.map((r) => r.attributes.name)).toEqual(["école"]);
    expect(notes).toEqual(['Skipped 1 of 2 names already in the tournament: "ada"']);
  });

  it("with skipPresent false sends present names and the service refuses them", async () => {
    await runBulkAdd(run(), "cup", roster(3));
    const failure = await runBulkAdd(run({}, false), "cup", roster(4)).catch((e: unknown) => e);
    expect((failure as Error).message).toMatch(/already taken|422/);
    expect(await names()).toEqual(["P1", "P2", "P3"]);
  });
});

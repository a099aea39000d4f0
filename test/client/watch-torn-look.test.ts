/**
 * A polled watch's look (client/watch-reads.ts) that a write lands in: the tournament is
 * read, then a start commits, then its participants and matches are read. Before, that
 * look made a snapshot of the pending tournament with the started tournament's matches,
 * and told the matches opening before the start (told at the next look). The look now
 * asks the tournament again after its matches and reads them again when it changed. A
 * race alike: its start landing before its participants are read told the first round's
 * start before the race's.
 * The in-process service over in-memory SQLite; the write is sent by the transport the
 * watch reads through, right before the look's participants are read.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ApiClient, createApiClient } from "../../src/client/api-client.js";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { snapshotReader } from "../../src/client/watch-reads.js";
import { diffSnapshots, type WatchSnapshot } from "../../src/model/race-watch-events.js";

let inner: Transport;
let client: ApiClient;
/** Sent (once) before the next GET of the participants, as another process's write. */
let beforeParticipants: (() => Promise<unknown>) | undefined;
/** A service that sends no ETag (every GET answered in full). */
let untagged = false;
/** GETs of the tournament itself. */
let tournamentGets = 0;

beforeEach(async () => {
  inner = createInProcessTransport({ dbPath: ":memory:" });
  [untagged, tournamentGets] = [false, 0];
  const transport: Transport = {
    send: async (request) => {
      const write = beforeParticipants;
      if (
        write !== undefined &&
        request.method === "GET" &&
        /\/participants$/.test(request.path.split("?")[0]!)
      ) {
        beforeParticipants = undefined;
        await write();
      }
      if (request.method === "GET" && request.path === "/v2.1/tournaments/cup") tournamentGets++;
      const answer = await inner.send(request);
      if (!untagged) return answer;
      const { etag: _etag, ...headers } = answer.headers;
      return { ...answer, headers };
    },
    close: () => inner.close(),
  };
  client = createApiClient({ transport });
  await client.tournaments.create({
    name: "Cup",
    url: "cup",
    tournament_type: "single elimination",
  });
  for (const name of ["Ada", "Grace", "Linus", "Margaret"])
    await client.participants.create("cup", { name });
});
afterEach(() => client.close());

const label = (e: { type: string; state?: string; match?: { identifier: string | null } }) =>
  `${e.type}:${e.match?.identifier ?? e.state}`;

describe("a polled look that a write lands in", () => {
  it("tells the start before the matches it opened, in that look", async () => {
    const look = snapshotReader(client, { kind: "tournament", ref: "cup" });
    const first = (await look("2026-01-01T00:00:00.000Z")) as WatchSnapshot;
    // A change for the look to find, then the start landing in the middle of it.
    await client.tournaments.update("cup", { description: "Friday" });
    beforeParticipants = () => client.tournaments.changeState("cup", "start");
    const next = (await look("2026-01-01T00:00:01.000Z")) as WatchSnapshot;
    expect(beforeParticipants).toBeUndefined();
    expect(diffSnapshots(first, next).map(label)).toEqual([
      "tournament.state_changed:underway",
      "match.opened:A",
      "match.opened:B",
    ]);
    // Nothing left for the next look.
    expect(await look("2026-01-01T00:00:02.000Z")).toBeUndefined();
  });

  it("asks a service without ETags once a look: asking again would read it all again", async () => {
    untagged = true;
    const look = snapshotReader(client, { kind: "tournament", ref: "cup" });
    await look("2026-01-01T00:00:00.000Z");
    await client.tournaments.changeState("cup", "start");
    tournamentGets = 0;
    const next = (await look("2026-01-01T00:00:01.000Z")) as WatchSnapshot;
    expect(next.state).toBe("underway");
    expect(tournamentGets).toBe(1);
  });

  it("a race: tells the race's start before its first round's", async () => {
    await client.races.create({ name: "GP", url: "gp", raceType: "grand prix" });
    await client.participants.create({ race: "gp" }, { name: "Ada" });
    await client.participants.create({ race: "gp" }, { name: "Hal" });
    const look = snapshotReader(client, { kind: "race", ref: "gp" });
    const first = (await look("2026-01-01T00:00:00.000Z")) as WatchSnapshot;
    await client.races.update("gp", { description: "Friday" });
    beforeParticipants = () => client.races.changeState("gp", "start");
    const next = (await look("2026-01-01T00:00:01.000Z")) as WatchSnapshot;
    expect(beforeParticipants).toBeUndefined();
    const told = diffSnapshots(first, next).map((e) => `${e.type}:${e.round ?? e.state}`);
    expect(told).toEqual(["race.state_changed:underway", "round.started:1"]);
  });
});

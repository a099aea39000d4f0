/**
 * A tournament topic tells a report from the matches it wrote (public/topic-delta.ts): their
 * records read alone, every other record as its last version held it, no snapshot of the
 * whole tournament made. Before, each change waited for a new snapshot, paced at twice the
 * last build's time: an 8,192-player single elimination's report was told 6.2 s (load 3) to
 * 18.9 s (load 21) after the PUT. The events are those a reader from nothing is told (a fresh
 * service on the same file, `since` the start); a participant written still takes a snapshot.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { WatchEvent } from "../../src/model/watch-events.js";
import { changeState, createWithPlayers, matches, reportBody } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

const opened: ServiceHarness[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const h of opened.splice(0)) h.service.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function open(dbPath: string): Promise<ServiceHarness> {
  const h = await startService({ dbPath });
  opened.push(h);
  return h;
}

function readerInto(got: WatchEvent[]) {
  return {
    subscriber: { event: (e: WatchEvent) => got.push(e), heartbeat: () => {} },
    view: "public" as const,
    allowed: () => true,
  };
}

async function until(what: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !what(); i++) await new Promise((done) => setTimeout(done, 25));
  expect(what()).toBe(true);
}

/** A started 8-player single elimination on a file, a reader of its topic, what it was told. */
async function watched() {
  const dir = mkdtempSync(join(tmpdir(), "tourney-topic-delta-"));
  dirs.push(dir);
  const dbPath = join(dir, "t.db");
  const h = await open(dbPath);
  const t = await createWithPlayers(h, { tournament_type: "single elimination" }, 8);
  expect((await changeState(h, t.id, "start")).status).toBe(200);
  const started = new Date().toISOString();
  const got: WatchEvent[] = [];
  const topics = h.service.events.tournaments;
  const reader = await topics.open(Number(t.id), readerInto(got), {});
  expect("backlog" in reader).toBe(true);
  return { h, t: t.id, got, dbPath, started, snapshots: topics.snapshots };
}

async function report(
  h: ServiceHarness,
  t: string,
  m: { id: string; player1_id: number; player2_id: number },
) {
  const put = await h.request(
    "PUT",
    `/v2.1/tournaments/${t}/matches/${m.id}`,
    reportBody(m.player1_id, m.player2_id),
  );
  expect(put.status, put.body).toBe(200);
}

describe("a topic's events after serve's own reports", () => {
  it("are made from the reported matches, with no snapshot built, and are a fresh reader's", async () => {
    const { h, t, got, dbPath, started, snapshots } = await watched();
    const builds = snapshots.builds;
    const first = await matches(h, t, "open");
    expect(first).toHaveLength(4);
    for (const [i, m] of first.entries()) {
      await report(h, t, m);
      await until(() => got.filter((e) => e.type === "match.completed").length === i + 1);
    }
    await until(() => got.filter((e) => e.type === "match.opened").length === 2);
    expect(snapshots.builds).toBe(builds);
    // What a fresh service on the same file tells a reader asking since the start.
    const other = await open(dbPath);
    const fresh = await other.service.events.tournaments.open(Number(t), readerInto([]), {
      since: started,
    });
    if (!("backlog" in fresh)) throw new Error(`refused: ${fresh.status}`);
    const told = (events: readonly WatchEvent[]) =>
      events.filter((e) => e.type.startsWith("match.")).map((e) => e.id);
    expect(told(got).sort()).toEqual(told(fresh.backlog).sort());
    fresh.close();
  });

  it("take a snapshot when a participant is written, and go on from matches after", async () => {
    const { h, t, got, snapshots } = await watched();
    const builds = snapshots.builds;
    const [a, b] = await matches(h, t, "open");
    const renamed = await h.request("PUT", `/v2.1/tournaments/${t}/participants/${a!.player1_id}`, {
      data: { type: "Participants", attributes: { name: "Renamed" } },
    });
    expect(renamed.status, renamed.body).toBe(200);
    await report(h, t, a!);
    await until(() => got.some((e) => e.type === "match.completed"));
    expect(got.find((e) => e.type === "match.completed")?.match?.winner?.name).toBe("Renamed");
    const after = snapshots.builds;
    expect(after).toBeGreaterThan(builds);
    await report(h, t, b!);
    await until(() => got.filter((e) => e.type === "match.completed").length === 2);
    expect(snapshots.builds).toBe(after);
  });
});

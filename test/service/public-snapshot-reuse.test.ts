/**
 * A new version of a tournament's shared snapshot reuses what did not change (issue 24):
 * after a report, the pages whose text is the same are taken from the version before as
 * they are, and the result is byte for byte what a service that never saw the tournament
 * makes of it (the same gzip bytes, the same JSON), with the reported match in it; the
 * event streams' diff of the two versions tells the report and nothing else.
 */
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DB_FILE_NAME } from "../../src/config/paths.js";
import { diffTournament } from "../../src/model/watch-events.js";
import { openService, type Service } from "../../src/service/index.js";
import type { Snapshot } from "../../src/service/public/tournament-snapshots.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
let dbPath: string;
let cup: { t: string };
const opened: Service[] = [];

/** 1,200 participants: two pages of them, three of matches. */
const NAMES = Array.from({ length: 1200 }, (_, i) => `Player ${i + 1}`);

/**
 * The snapshot of the tournament's current version (a reader waiting past 1 s is given the
 * last one made, builds being paced: asked again until it is the current one).
 */
async function snapshotOf(service: Service): Promise<Snapshot> {
  const snapshots = service.events.tournaments.snapshots;
  for (;;) {
    const s = await snapshots.current(Number(cup.t));
    if ("status" in s) throw new Error(`snapshot refused: ${s.status}`);
    if (s.revision === snapshots.revision(Number(cup.t))) return s;
  }
}

function freshService(): Promise<Service> {
  return openService({ dbPath, busyTimeoutMs: 250 }).then((s) => {
    opened.push(s);
    return s;
  });
}

const jsonOf = (s: Snapshot) => JSON.parse(gunzipSync(Buffer.concat(s.gzip)).toString("utf8"));

async function reportLastOpen(): Promise<string> {
  const list = ok(await sb.run(["match", "list", cup.t, "--state", "open", "--json"])).json();
  const m = list.sort((a: any, b: any) => b.suggested_play_order - a.suggested_play_order)[0];
  const args = ["match", "report", cup.t, m.identifier, "--winner", String(m.player2_id)];
  ok(await sb.run([...args, "--scores", "0-2"]));
  return String(m.id);
}

beforeAll(async () => {
  sb = createSandbox();
  cup = await createWith(sb, ["--name", "Reuse Cup", "--type", "double elimination"], NAMES);
  ok(await sb.run(["tournament", "start", cup.t]));
  dbPath = join(sb.env.TOURNEY_DATA_DIR!, DEFAULT_DB_FILE_NAME);
}, 120_000);

afterAll(() => {
  for (const s of opened) s.close();
  sb?.cleanup();
});

describe("a new version of the snapshot", () => {
  it("reuses unchanged pages, byte-identical to a fresh build, with the changed match", async () => {
    const service = await freshService();
    const first = await snapshotOf(service);
    expect(first.reused).toBe(0);
    const matchId = await reportLastOpen();

    const next = await snapshotOf(service);
    expect(next.revision).toBeGreaterThan(first.revision);
    // Pages untouched by the report were taken over (the head and standings change).
    expect(next.reused).toBeGreaterThan(3);
    expect(next.pieces.size - next.reused).toBeGreaterThan(0);

    // The same version as a fresh service builds it (revisions are each service's own numbers).
    const fresh = await snapshotOf(await freshService());
    expect(fresh.reused).toBe(0);
    expect(Buffer.concat(next.gzip).equals(Buffer.concat(fresh.gzip))).toBe(true);
    expect(next.jsonBytes).toBe(fresh.jsonBytes);

    const data = jsonOf(next);
    const reported = data.matches.find((m: any) => m.id === matchId);
    expect(reported.attributes.state).toBe("complete");
    expect(jsonOf(first).matches.find((m: any) => m.id === matchId).attributes.state).toBe("open");
    expect(data.matches).toHaveLength(fresh.matches);
  }, 120_000);

  it("keeps the unchanged matches' watch records, and its diff tells only the report", async () => {
    const service = await freshService();
    const before = await snapshotOf(service);
    const matchId = await reportLastOpen();
    const after = await snapshotOf(service);
    const fresh = await snapshotOf(await freshService());
    const kept = new Set(
      [...after.watch.matches]
        .filter(([id, m]) => before.watch.matches.get(id) === m)
        .map(([id]) => id),
    );
    // A whole page of matches (the last: 398) untouched by the report is taken over...
    expect(kept.size).toBeGreaterThanOrEqual(398);
    // ...and never a match whose record changed.
    const was = new Map(jsonOf(before).matches.map((m: any) => [m.id, JSON.stringify(m)]));
    const changed = jsonOf(after).matches.filter((m: any) => was.get(m.id) !== JSON.stringify(m));
    expect(changed.map((m: any) => m.id)).toContain(matchId);
    for (const m of changed) expect(kept.has(m.id)).toBe(false);
    const events = diffTournament(before.watch, after.watch);
    expect(events.map((e) => e.type)).toContain("match.completed");
    expect(events.find((e) => e.type === "match.completed")!.match!.id).toBe(matchId);
    // The same events as the diff against a snapshot built from nothing.
    expect(diffTournament(before.watch, fresh.watch).map((e) => e.id)).toEqual(
      events.map((e) => e.id),
    );
  }, 120_000);
});

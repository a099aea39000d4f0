/**
 * End to end: embedded `tourney watch T --json --until complete` (the database file, T by its
 * url) while other processes commit to the same file, three two-stage tournaments at once
 * (round robin groups, then single elimination), each played through by its own run of CLI
 * processes, and a loop of description changes on the watched tournaments (a write that is
 * no event) beside them: every watch tells every step, its last line is the tournament's
 * complete, and it ends once its tournament's finalize is done. Several processes at once on
 * the machine's cores is some CPU load; the loop moves the file between any two looks.
 *
 * A flake it follows up: in one CI run test/e2e/watch-replay's embedded watch did not end
 * (killed at 60 s from its start). One cause was found by reading, and is tested without
 * timing in test/service/tag-after-plain-read.test.ts: a GET by url read the row before the
 * request's look at other connections' commits, so a finalize landing between the two was
 * tagged onto the body from before it, and every later look was a 304. This test did not
 * reproduce it (the window is microseconds wide): it checks the whole path on real processes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT, binaryEnv } from "../helpers/binary.js";
import { sequence, told, tourney, type Watching, watch } from "../helpers/watch-process.js";

const home = mkdtempSync(join(tmpdir(), "tourney-watch-commits-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const env = binaryEnv(home);

/** A pending two-stage tournament of 8 players (2 groups of 4, 2 advancing from each). */
async function prepare(url: string): Promise<void> {
  await tourney(
    env,
    ...["tournament", "create", "--name", `Loop ${url}`, "--url", url],
    ...["--type", "single elimination", "--group-stage", "--stage-type", "round robin"],
    ...["--group-size", "4", "--advance-per-group", "2"],
  );
  const names = Array.from({ length: 8 }, (_, i) => `Player ${i + 1}`);
  await tourney(env, "participants", "bulk-add", url, ...names);
}

/** Reports every match open now (player 1 wins 2-1), and again until none is open. */
async function playOpen(t: string): Promise<void> {
  for (;;) {
    const listed = JSON.parse(await tourney(env, "match", "list", t, "--state", "open", "--json"));
    const rows = (Array.isArray(listed) ? listed : listed.data) as Record<string, unknown>[];
    if (rows.length === 0) return;
    for (const m of rows) {
      const winner = String(m.player1_id ?? (m.player1 as { id: string }).id);
      await tourney(env, "match", "report", t, String(m.id), "--winner", winner, "--scores", "2-1");
    }
  }
}

/** The group stage, its last match, its finalize, the final stage's start, its matches, the finalize. */
async function playTwoStages(t: string): Promise<void> {
  await tourney(env, "tournament", "start-group-stage", t);
  await playOpen(t);
  await tourney(env, "tournament", "finalize-group-stage", t);
  await tourney(env, "tournament", "start", t);
  await playOpen(t);
  await tourney(env, "tournament", "finalize", t);
}

/** Description changes of the tournaments, one after another, until `done()`. */
async function describeUntil(urls: readonly string[], done: () => boolean): Promise<number> {
  let writes = 0;
  while (!done()) {
    const url = urls[writes % urls.length]!;
    await tourney(env, "tournament", "update", url, "--description", `note ${writes}`);
    writes++;
  }
  return writes;
}

describe.runIf(BUILT)("embedded watch while other processes commit to the file", () => {
  it("three two-stage tournaments played at once: each watch tells every step and ends", async () => {
    const urls = ["loop_1", "loop_2", "loop_3"];
    for (const url of urls) await prepare(url);
    const watches: Watching[] = urls.map((url) => watch(env, url, "--json", "--until", "complete"));
    await Promise.all(watches.map((w) => w.ready));
    // No count from the watches' start while the tournaments are played: about 100 CLI
    // processes, 40 s at a load of 6 on 2 cores, past 60 s at 19 (the watches were killed
    // mid-play). Each watch is given 30 s once its tournament's finalize is done.
    for (const w of watches) w.hold();
    let playing = urls.length;
    const noise = describeUntil(urls, () => playing === 0);
    await Promise.all(
      urls.map(async (url, i) => {
        await playTwoStages(url);
        playing--;
        // From its finalize on, the watch has 30 s to end (it looks every 100-400 ms).
        watches[i]!.deadline(30_000);
      }),
    );
    expect(await noise).toBeGreaterThan(0);
    for (const [i, w] of watches.entries()) {
      const r = await w.done;
      expect(r.code, told(r)).toBe(0);
      const got = sequence(r.stdout);
      expect(
        got.filter((e) => !e.startsWith("match.")),
        told(r),
      ).toEqual([
        "tournament.state_changed:group_stages_underway",
        "group_stage.finalized:group_stages_finalized",
        "tournament.state_changed:underway",
        "tournament.state_changed:awaiting_review",
        "tournament.state_changed:complete",
      ]);
      // 12 group matches and 3 final ones, each opened and completed, all of this tournament.
      expect(got.filter((e) => e.startsWith("match.")).length).toBe(30);
      const last = JSON.parse(r.stdout.trimEnd().split("\n").at(-1)!);
      expect([last.tournament.url, last.type, last.state]).toEqual([
        urls[i],
        "tournament.state_changed",
        "complete",
      ]);
    }
  }, 180_000);
});

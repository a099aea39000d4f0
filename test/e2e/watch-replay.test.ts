/**
 * End to end: what `tourney watch T --since TIME` replays of a finished two-stage tournament
 * (round robin groups, then single elimination) is what a live `watch` printed while it was
 * played, line for line: the same ids, the same content (each match as it stood at its
 * event), the group stage's start and finalize included. On the embedded default (the
 * database file) and against `tourney serve` (its event stream, `?since=`). Before, the
 * replay left out the group stage's two steps, told the final stage's start as from
 * `pending`, and gave every match.opened the match as it ended (complete, winner, scores).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";
import { sequence, tourney, watch, watchThrough } from "../helpers/watch-process.js";

/** A pending two-stage tournament of 8 players (2 groups of 4, 2 advancing from each). */
async function prepare(env: Record<string, string>, url: string): Promise<void> {
  await tourney(
    env,
    ...["tournament", "create", "--name", `Two stage ${url}`, "--url", url],
    ...["--type", "single elimination", "--group-stage", "--stage-type", "round robin"],
    ...["--group-size", "4", "--advance-per-group", "2"],
  );
  const names = Array.from({ length: 8 }, (_, i) => `Player ${i + 1}`);
  await tourney(env, "participants", "bulk-add", url, ...names);
}

/** Reports every open match (player 1 wins 2-1) until none is open. */
async function playOpen(env: Record<string, string>, t: string): Promise<void> {
  for (;;) {
    const listed = JSON.parse(await tourney(env, "match", "list", t, "--state", "open", "--json"));
    const rows = (Array.isArray(listed) ? listed : listed.data) as Record<string, unknown>[];
    if (rows.length === 0) return;
    const m = rows[0]!;
    const winner = String(m.player1_id ?? (m.player1 as { id: string }).id);
    await tourney(env, "match", "report", t, String(m.id), "--winner", winner, "--scores", "2-1");
  }
}

/** Another process plays it through: the group stage, its finalize, the final stage, the finalize. */
async function playTwoStages(env: Record<string, string>, t: string): Promise<void> {
  await tourney(env, "tournament", "start-group-stage", t);
  await playOpen(env, t);
  await tourney(env, "tournament", "finalize-group-stage", t);
  await tourney(env, "tournament", "start", t);
  await playOpen(env, t);
  await tourney(env, "tournament", "finalize", t);
}

const lines = (stdout: string) => stdout.split("\n").filter((line) => line !== "");

describe.runIf(BUILT)("tourney watch --since replays what the live watch printed", () => {
  let sb: ServedSandbox;
  beforeAll(async () => {
    sb = await servedSandbox("watch-replay");
  });
  afterAll(() => sb.close());

  for (const c of [
    { name: "embedded (the database file)", remote: false, url: "two_embedded" },
    { name: "serve (event stream)", remote: true, url: "two_stream" },
  ]) {
    it(`${c.name}: a two-stage tournament, line for line`, async () => {
      const env = c.remote ? sb.remote : sb.local;
      const before = new Date(Date.now() - 60_000).toISOString();
      await prepare(env, c.url);
      const live = await watchThrough(env, c.url, [], () => playTwoStages(env, c.url));
      const replay = await watch(env, c.url, "--json", "--until", "complete", "--since", before)
        .done;
      expect(replay.code, replay.stderr).toBe(0);
      const got = sequence(replay.stdout);
      expect(got.filter((e) => !e.startsWith("match."))).toEqual([
        "tournament.state_changed:group_stages_underway",
        "group_stage.finalized:group_stages_finalized",
        "tournament.state_changed:underway",
        "tournament.state_changed:awaiting_review",
        "tournament.state_changed:complete",
      ]);
      // 12 group matches (2 groups of 4) and 3 final ones, each opened and completed.
      expect(got.filter((e) => e.startsWith("match.")).length).toBe(30);
      expect(lines(replay.stdout)).toEqual(lines(live.stdout));
      // A history that begins after the end has nothing to tell: it stops at once.
      const later = new Date(Date.now() + 1000).toISOString();
      const none = await watch(env, c.url, "--json", "--until", "complete", "--since", later).done;
      expect([none.code, none.stdout]).toEqual([0, ""]);
    }, 120_000);
  }
});

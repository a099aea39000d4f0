/**
 * End to end: the built binary's `tourney watch T --json --until complete` while another
 * process plays an 8-player free for all (tables of 4) to the end, on the embedded default,
 * against `tourney serve` (its event stream) and serve polled: every table's match.opened
 * and match.completed, its players named, and `--since` replays the same events (the same
 * ids). Before, a free-for-all table never opened (its player1_id and player2_id are null,
 * its players in participant_ids) and its events named no player.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";
import { backends, sequence, tourney, watchThrough } from "../helpers/watch-process.js";

const NAMES = ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"];

/** By hand: round 1 is A (seeds 1, 4, 5, 8) and B (2, 3, 6, 7); C, their first two, is the final table. */
const EXPECTED = [
  "tournament.state_changed:underway",
  "match.opened:A:P1,P4,P5,P8",
  "match.opened:B:P2,P3,P6,P7",
  "match.completed:A:P1,P4,P5,P8",
  "match.completed:B:P2,P3,P6,P7",
  "match.opened:C:P2,P8,P3,P5",
  "match.completed:C:P2,P8,P3,P5",
  "tournament.state_changed:awaiting_review",
  "tournament.state_changed:complete",
];

/** `type:identifier:players` of each match event, `type:state` of the others. */
const told = (ndjson: string) =>
  sequence(ndjson).map((s, i) => {
    const e = JSON.parse(ndjson.trim().split("\n")[i]!);
    return e.match === undefined
      ? s
      : `${s}:${(e.match.players ?? []).map((p: { name: string }) => p.name).join()}`;
  });

async function prepare(env: Record<string, string>, url: string): Promise<string> {
  await tourney(
    env,
    "tournament",
    "create",
    "--name",
    `FFA ${url}`,
    "--url",
    url,
    "--type",
    "free for all",
    "--max-participants",
    "4",
  );
  await tourney(env, "participants", "bulk-add", url, ...NAMES);
  return url;
}

async function playToEnd(env: Record<string, string>, t: string): Promise<void> {
  await tourney(env, "tournament", "start", t);
  const report = (m: string, ranks: string, advancing: string[]) =>
    tourney(env, "match", "report", t, m, "--ranks", ranks, "--advancing", advancing.join());
  await report("A", "P8=1,P5=2,P4=3,P1=4", ["P8", "P5"]);
  await report("B", "P2=1,P3=2,P6=3,P7=4", ["P2", "P3"]);
  await tourney(env, "match", "report", t, "C", "--ranks", "P2=1,P8=2,P3=3,P5=4");
  await tourney(env, "tournament", "finalize", t);
}

describe.runIf(BUILT)("tourney watch of a free for all, built, on each backend", () => {
  let sb: ServedSandbox;
  beforeAll(async () => {
    sb = await servedSandbox("watch-ffa");
  });
  afterAll(() => sb.close());

  for (const c of backends("ffa")) {
    it(`${c.name}: each table opened and completed, players named; --since the same`, async () => {
      const env = c.remote ? sb.remote : sb.local;
      const t = await prepare(env, c.url);
      const live = await watchThrough(env, t, c.flags, () => playToEnd(env, t));
      expect(told(live.stdout)).toEqual(EXPECTED);
      const replay = await tourney(
        env,
        "watch",
        t,
        "--since",
        "1h",
        "--until",
        "complete",
        "--json",
        ...c.flags,
      );
      expect(replay).toBe(live.stdout);
    }, 90_000);
  }
});

/**
 * `tourney watch` of a free for all (model/watch-events.ts on real snapshots of the in-process
 * service): its tables open, go under way and complete as other matches do, named by their
 * players. Before, a table (player1_id and player2_id null, its players in participant_ids)
 * never opened, live or in a history, and its events named no one ("? vs ?").
 */
import { describe, expect, it } from "vitest";
import { eventLine } from "../../src/cli/commands/watch/event-line.js";
import {
  diffTournament,
  type TournamentSnapshot,
  tournamentSnapshot,
  type WatchEvent,
} from "../../src/model/watch-events.js";
import { changeState, createWithPlayers } from "../helpers/play.js";
import { type ServiceHarness, startService, steppingClock } from "../helpers/service.js";

const SEEN = "2026-03-02T00:00:00.000Z";

/** Both looks: as serve answers, and as a service without serve's participant_ids would. */
interface Look {
  readonly serve: TournamentSnapshot;
  readonly contract: TournamentSnapshot;
}

async function snap(s: ServiceHarness, t: string): Promise<Look> {
  const one = await s.request("GET", `/v2.1/tournaments/${t}`);
  const people = await s.request("GET", `/v2.1/tournaments/${t}/participants?per_page=1000`);
  const all = await s.request("GET", `/v2.1/tournaments/${t}/matches?per_page=1000`);
  const bare = all.json.data.map((m: { attributes: Record<string, unknown> }) => {
    const { participant_ids, ...attributes } = m.attributes;
    expect(participant_ids).toBeInstanceOf(Array);
    return { ...m, attributes };
  });
  return {
    serve: tournamentSnapshot(one.json.data, people.json.data, all.json.data, SEEN),
    contract: tournamentSnapshot(one.json.data, people.json.data, bare, SEEN),
  };
}

/** The events of a watcher that compared these snapshots, one after another. */
function watched(looks: readonly TournamentSnapshot[]): WatchEvent[] {
  return looks.slice(1).flatMap((next, i) => diffTournament(looks[i], next));
}

/** An event as a terminal shows it, without its time. */
const line = (e: WatchEvent) =>
  eventLine(e, false, false)
    .replace(/^\S+ {2}/, "")
    .trimEnd();

/** Reports table `m` by seeds, best first; the first `advance` advance. */
async function report(
  s: ServiceHarness,
  t: string,
  m: string,
  ids: readonly number[],
  advance: number,
) {
  const match = ids.map((id, i) => ({
    participant_id: String(id),
    score_set: "",
    rank: i + 1,
    advancing: i < advance,
  }));
  const r = await s.request("PUT", `/v2.1/tournaments/${t}/matches/${m}`, {
    data: { type: "Match", attributes: { match } },
  });
  expect(r.status, r.body).toBe(200);
}

async function matchState(s: ServiceHarness, t: string, m: string, state: string) {
  const r = await s.request("PUT", `/v2.1/tournaments/${t}/matches/${m}/change_state`, {
    data: { type: "MatchState", attributes: { state } },
  });
  expect(r.status, r.body).toBe(200);
}

describe("watching a free for all", () => {
  it("its tables open, go under way and complete, players named, live and in a history alike", async () => {
    const s = await startService({ now: steppingClock() });
    const made = await createWithPlayers(
      s,
      { tournament_type: "free for all", free_for_all_options: { max_participants: 4 } },
      8,
    );
    const t = made.id;
    const seed = (n: number) => made.idOfSeed.get(n)!;
    const both = [await snap(s, t)];
    const step = async (run: () => Promise<unknown>) => {
      await run();
      both.push(await snap(s, t));
    };
    // Round 1: A is seeds 1, 4, 5, 8 and B 2, 3, 6, 7; round 2's table C their first two.
    await step(() => changeState(s, t, "start"));
    await step(() => matchState(s, t, "1", "mark_as_underway"));
    await step(() => report(s, t, "1", [8, 5, 4, 1].map(seed), 2));
    await step(() => report(s, t, "2", [2, 3, 6, 7].map(seed), 2));
    await step(() => matchState(s, t, "3", "mark_as_underway"));
    const looks = both.map((l) => l.serve);

    const live = watched(looks).map(line);
    expect(live).toEqual([
      "T: state pending -> underway",
      "T: match A (round 1) open: P1, P4, P5, P8",
      "T: match B (round 1) open: P2, P3, P6, P7",
      "T: match A (round 1) underway: P1, P4, P5, P8",
      "T: match A (round 1) complete: P8 won (P1, P4, P5, P8)",
      "T: match B (round 1) complete: P2 won (P2, P3, P6, P7)",
      "T: match C (round 2) open: P2, P8, P3, P5",
      "T: match C (round 2) underway: P2, P8, P3, P5",
    ]);
    const opened = watched(looks).find((e) => e.type === "match.opened")!;
    expect(opened.match).toMatchObject({
      identifier: "A",
      state: "open",
      player1: null,
      player2: null,
      players: [1, 4, 5, 8].map((n) => ({ id: String(seed(n)), name: `P${n}` })),
    });

    // A history read now (--since, serve's ?since=): the same events, save A's underway
    // mark, which its completion cleared from the records (as of any match).
    const history = diffTournament(undefined, looks.at(-1)!);
    const underwayA = (e: WatchEvent) => e.type === "match.underway" && e.match?.identifier === "A";
    expect(history.map((e) => e.id)).toEqual(
      watched(looks)
        .filter((e) => !underwayA(e))
        .map((e) => e.id),
    );
    expect(history.map(line)).toEqual(live.filter((l) => !l.includes("A (round 1) underway")));

    // A watcher that looked once, at the end, says the same as one that looked at each step.
    expect(watched([looks[0]!, looks.at(-1)!]).map((e) => e.id)).toEqual(history.map((e) => e.id));

    // A service without participant_ids (the contract's points_by_participant only): the same.
    expect(watched(both.map((l) => l.contract))).toEqual(watched(looks));
    expect(diffTournament(undefined, both.at(-1)!.contract)).toEqual(history);
  });
});

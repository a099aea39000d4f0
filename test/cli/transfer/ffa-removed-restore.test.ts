/**
 * export → import → export of a free for all with players removed after the start is an
 * exact restore: a report leaving a removed player out stores them placed last (their rank
 * in the entries), which the replay reports as it stands, and the final ranks (removed
 * players below every player still in) come out the same on the target. Also while the
 * event is under way, with a removed player's match still open.
 */
import { writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { runTournamentImport } from "../../../src/cli/commands/tournament/import.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import type { ApiRecord } from "../../../src/client/envelope.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { comparable, exported } from "./export-check.js";

const pair = useTransferPair();

async function roundTrip(url: string) {
  const first = await exported(pair.source, url);
  const file = `${pair.source.dir}/${url}.json`;
  writeFileSync(file, JSON.stringify(first));
  const f = pair.target.make({ globals: { json: true } });
  await runTournamentImport(f.factory, { file });
  expect(comparable(await exported(pair.target, url))).toEqual(comparable(first));
  return first;
}

/** 8 players, 4 a match, started; the ids of "Player 1".."Player 8" by number. */
async function started(c: ApiClient, url: string) {
  await c.tournaments.create({
    name: `Event ${url}`,
    url,
    tournament_type: "free for all",
    free_for_all_options: { max_participants: 4 },
  });
  const names = Array.from({ length: 8 }, (_, i) => ({ name: `Player ${i + 1}` }));
  const people = await c.participants.bulkAdd(url, names);
  await c.tournaments.changeState(url, "start");
  return (n: number) => Number(people[n - 1]!.id);
}

/** Ranks `order` 1, 2, ... (the first `advance` advancing); the others are left out. */
async function rank(c: ApiClient, url: string, m: ApiRecord, order: number[], advance = 2) {
  await c.matches.update(url, m.id, {
    match: order.map((p, i) => ({
      participant_id: p,
      score_set: String(10 - i),
      rank: i + 1,
      advancing: i < advance,
    })),
  });
}

async function byRound(c: ApiClient, url: string, round: number): Promise<ApiRecord[]> {
  const all = await c.matches.listAll(url, {});
  return all
    .filter((m) => m.attributes.round === round)
    .sort((a, b) => Number(a.id) - Number(b.id));
}

it("a complete free for all: one player removed before playing, one after advancing", async () => {
  const c = await pair.source.client();
  const p = await started(c, "ffa");
  await c.participants.delete("ffa", String(p(2)));
  const [a, b] = await byRound(c, "ffa", 1);
  await rank(c, "ffa", b!, [p(3), p(6), p(7)]);
  await rank(c, "ffa", a!, [p(1), p(4), p(5), p(8)]);
  await c.participants.delete("ffa", String(p(1)));
  const [final] = await byRound(c, "ffa", 2);
  await rank(c, "ffa", final!, [p(3), p(6), p(4)], 0);
  await c.tournaments.changeState("ffa", "finalize");
  const first = await roundTrip("ffa");
  const ranks = Object.fromEntries(
    first.participants.map((x: { name: string; final_rank: number }) => [x.name, x.final_rank]),
  );
  expect(ranks).toMatchObject({ "Player 1": 7, "Player 2": 8, "Player 3": 1, "Player 8": 6 });
  const target = await pair.target.client();
  const people = await target.participants.listAll("ffa");
  const targetRanks = Object.fromEntries(
    people.map((x) => [String(x.attributes.name), x.attributes.final_rank]),
  );
  expect(targetRanks).toEqual(ranks);
});

it("under way: a removed player's round-1 match reported, another's still open", async () => {
  const c = await pair.source.client();
  const p = await started(c, "ffa2");
  await c.participants.delete("ffa2", String(p(2)));
  await c.participants.delete("ffa2", String(p(8)));
  const [, b] = await byRound(c, "ffa2", 1);
  await rank(c, "ffa2", b!, [p(6), p(3), p(7)]);
  const first = await roundTrip("ffa2");
  expect(first.matches.map((m: { state: string }) => m.state)).toEqual(["open", "complete"]);
});

it("tables completed by removals (one player still in wins them), the final table too", async () => {
  const c = await pair.source.client();
  await c.tournaments.create({
    name: "Event ffa3",
    url: "ffa3",
    tournament_type: "free for all",
    free_for_all_options: { max_participants: 2 },
  });
  const people = await c.participants.bulkAdd(
    "ffa3",
    Array.from({ length: 4 }, (_, i) => ({ name: `Player ${i + 1}` })),
  );
  const p = (n: number) => Number(people[n - 1]!.id);
  await c.tournaments.changeState("ffa3", "start");
  const [one, two] = await byRound(c, "ffa3", 1);
  await c.matches.update("ffa3", two!.id, { match: [{ participant_id: p(2), score_set: "7" }] });
  await rank(c, "ffa3", one!, [p(1), p(4)], 1);
  await c.participants.delete("ffa3", String(p(2)));
  await c.participants.delete("ffa3", String(p(1)));
  const first = await roundTrip("ffa3");
  expect(first.matches.map((m: { state: string }) => m.state)).toEqual([
    "complete",
    "complete",
    "complete",
  ]);
  expect((await c.tournaments.get("ffa3")).attributes.state).toBe("awaiting_review");
});

/**
 * A participant removed mid-event who has no complete match (a player removed while
 * waiting on a bye: their next match still waits for its other player) is removed on the
 * target too (at the start of the replay: match-replay.ts removals), and `publish --dry-run` names the removal. Before
 * (6cfdb5a^), removals were placed by the complete matches only, so such a player came
 * back active: "6 participants added, 0 results sent", the export's active false read true.
 */
import { writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { runTournamentImport } from "../../../src/cli/commands/tournament/import.js";
import { readExport } from "../../../src/cli/transfer/export-reader.js";
import { planImport } from "../../../src/cli/transfer/import-plan.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { comparable, exported } from "./export-check.js";

const pair = useTransferPair();

/** `type` with `count` players P1.., started; the ids by name. */
async function started(c: ApiClient, url: string, type: string, count: number) {
  await c.tournaments.create({ name: `Event ${url}`, url, tournament_type: type });
  const names = Array.from({ length: count }, (_, i) => ({ name: `P${i + 1}` }));
  const people = await c.participants.bulkAdd(url, names);
  await c.tournaments.changeState(url, "start");
  return new Map(people.map((p) => [String(p.attributes.name), Number(p.id)]));
}

async function remove(c: ApiClient, url: string, ids: Map<string, number>, name: string) {
  await c.participants.delete(url, String(ids.get(name)));
}

/** The first open match won 2-0 by its first player. */
async function reportFirstOpen(c: ApiClient, url: string) {
  const [m] = await c.matches.listAll(url, { state: "open" });
  await c.matches.update(url, m!.id, {
    match: [
      { participant_id: Number(m!.attributes.player1_id), score_set: "2", advancing: true },
      { participant_id: Number(m!.attributes.player2_id), score_set: "0", advancing: false },
    ],
  });
}

/** export → (plan, import) → export: the same document; the plan's lines. */
async function roundTrip(url: string) {
  const first = await exported(pair.source, url);
  const plan = await planImport(
    await pair.target.client(),
    await readExport(await pair.source.client(), url),
  );
  const file = `${pair.source.dir}/${url}.json`;
  writeFileSync(file, JSON.stringify(first));
  await runTournamentImport(pair.target.make().factory, { file });
  const second = await exported(pair.target, url);
  expect(comparable(second)).toEqual(comparable(first));
  // A run again continues: nothing more to send, the same document.
  await runTournamentImport(pair.target.make().factory, { file });
  expect(comparable(await exported(pair.target, url))).toEqual(comparable(first));
  return { first, plan: JSON.stringify(plan) };
}

const unplayed = (doc: any, name: string) =>
  !doc.matches.some(
    (m: any) =>
      m.state === "complete" &&
      (m.players.includes(name) || m.entries.some((e: any) => e.participant === name)),
  );

it("single elimination: a player removed while waiting on a bye, no result yet", async () => {
  const c = await pair.source.client();
  const ids = await started(c, "bye", "single elimination", 6);
  await remove(c, "bye", ids, "P1");
  const { first, plan } = await roundTrip("bye");
  expect(first.participants.find((p: any) => p.name === "P1").active).toBe(false);
  expect(unplayed(first, "P1")).toBe(true);
  expect(plan).toMatch(/remove P1 mid-event/);
});

it("double elimination: two players removed on byes, results after, one never reached", async () => {
  const c = await pair.source.client();
  const ids = await started(c, "de", "double elimination", 12);
  await remove(c, "de", ids, "P1");
  await remove(c, "de", ids, "P2");
  await reportFirstOpen(c, "de");
  await reportFirstOpen(c, "de");
  const { first, plan } = await roundTrip("de");
  const removed = first.participants.filter((p: any) => !p.active).map((p: any) => p.name);
  expect(removed.sort()).toEqual(["P1", "P2"]);
  expect(removed.some((name: string) => unplayed(first, name))).toBe(true);
  expect(plan).toMatch(/remove P1, P2 mid-event/);
});

it("swiss: the player with round 1's bye removed before any match: in no match, not set aside by a check-in", async () => {
  const c = await pair.source.client();
  const ids = await started(c, "sw", "swiss", 5);
  // Round 1's bye is the lowest seed's: P5 is in no match of it.
  const round1 = await c.matches.listAll("sw", {});
  const inRound1 = round1.flatMap((m) => [m.attributes.player1_id, m.attributes.player2_id]);
  expect(inRound1).not.toContain(ids.get("P5"));
  await remove(c, "sw", ids, "P5");
  await reportFirstOpen(c, "sw");
  await reportFirstOpen(c, "sw");
  const { first, plan } = await roundTrip("sw");
  expect(first.participants.find((p: any) => p.name === "P5").active).toBe(false);
  expect(plan).toMatch(/remove P5 mid-event/);
});

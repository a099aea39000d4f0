/**
 * export → import → export on the embedded backend is an exact restore (issue 29)
 * of what a replay of results alone loses: check-in (checked in, set aside),
 * a participant removed mid-event (their forfeits), an attachment, an open
 * match's scores and underway mark, stations and their queue, also during a
 * group stage. A re-run sends nothing more.
 */
import { writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { runTournamentImport } from "../../../src/cli/commands/tournament/import.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { comparable, exported } from "./export-check.js";
import { playSome } from "./play-fixture.js";
import { eventUnderway, groupStageUnderway } from "./restore-fixture.js";

const pair = useTransferPair();

async function imported(file: string) {
  const f = pair.target.make({ globals: { json: true } });
  await runTournamentImport(f.factory, { file });
  return f.json();
}

async function roundTrip(url: string) {
  const first = await exported(pair.source, url);
  const file = `${pair.source.dir}/${url}.json`;
  writeFileSync(file, JSON.stringify(first));
  const summary = await imported(file);
  const second = await exported(pair.target, url);
  expect(comparable(second)).toEqual(comparable(first));
  const again = await imported(file);
  expect(again).toMatchObject({ created: false, added: 0, reported: 0, checked_in: 0 });
  expect(again).toMatchObject({ deactivated: 0, open: 0, stations: 0, attachments: 0 });
  expect(comparable(await exported(pair.target, url))).toEqual(comparable(first));
  return { first, summary };
}

it("a tournament with check-in, a removed player, an attachment, open scores and stations", async () => {
  await eventUnderway(await pair.source.client(), "lan");
  const { first, summary } = await roundTrip("lan");
  const states = first.participants.map((p: any) => [p.name, p.checked_in, p.active]);
  expect(states).toContainEqual(["Player 1", true, true]);
  expect(states.filter((p: any) => p[1] && !p[2])).toHaveLength(1);
  const removed = states.find((p: any) => p[1] && !p[2])[0];
  const forfeits = first.matches.filter(
    (m: any) => m.loser === removed && m.score_in_sets.length === 0,
  );
  expect(forfeits.length).toBeGreaterThan(0);
  expect(states).toContainEqual(["Player 8", false, false]);
  expect(first.attachments).toHaveLength(1);
  const open = first.matches.filter((m: any) => m.state === "open");
  expect(open.some((m: any) => m.score_in_sets.length > 0)).toBe(true);
  expect(open.some((m: any) => m.underway_at !== null)).toBe(true);
  expect(first.stations.map((s: any) => [s.name, s.queue.length])).toEqual([
    ["Table 1", 0],
    ["Table 2", 2],
  ]);
  expect(summary).toMatchObject({ checked_in: 7, deactivated: 1, attachments: 1 });
  expect(summary.open).toBe(2);
});

it("a two-stage event with its group stage under way, stations and a queue", async () => {
  await groupStageUnderway(await pair.source.client(), "groups");
  const { first, summary } = await roundTrip("groups");
  expect(first.tournament.state).toBe("group_stages_underway");
  expect(first.stations.map((s: any) => s.queue.length)).toEqual([0, 2]);
  expect(first.matches.filter((m: any) => m.station !== null)).toHaveLength(1);
  expect(summary.stations).toBeGreaterThanOrEqual(4);
});

it("without a check-in window the check-ins are not carried, and the dry run says so", async () => {
  const c = await pair.source.client();
  await c.tournaments.create({ name: "Event nowin", url: "nowin", tournament_type: "round robin" });
  await c.participants.bulkAdd("nowin", [{ name: "Ann" }, { name: "Bob" }, { name: "Cy" }]);
  await c.tournaments.changeState("nowin", "start");
  const doc = await exported(pair.source, "nowin");
  // As a service might export it: check-ins it holds, no window in the settings.
  const file = `${pair.source.dir}/nowin.json`;
  const participants = doc.participants.map((p: any) => ({ ...p, checked_in: true }));
  writeFileSync(file, JSON.stringify({ ...doc, participants }));
  const { planImport } = await import("../../../src/cli/transfer/import-plan.js");
  const plan = await planImport(await pair.target.client(), { ...doc, participants });
  expect(plan).toContain(
    "not carried: 3 check-ins (the file's tournament has no check-in window, starts_at and check_in_duration, for the target to open)",
  );
  expect(await imported(file)).toMatchObject({ created: true, checked_in: 0 });
  expect(comparable(await exported(pair.target, "nowin"))).toEqual(comparable(doc));
});

it("every result in one instant (times to the second, or a fast machine): each after those it depends on", async () => {
  // A removal forfeits a player's match and the match their loss opens in the same
  // write, and the next reports can come in the same millisecond: final F, fed by a
  // forfeit, was replayed before it (CI of 803861f, publish-restore-kill9).
  await eventUnderway(await pair.source.client(), "instant");
  const doc = await exported(pair.source, "instant");
  const at = "2026-11-27T09:00:00.000Z";
  const matches = doc.matches.map((m: any) => (m.completed_at ? { ...m, completed_at: at } : m));
  const file = `${pair.source.dir}/instant.json`;
  writeFileSync(file, JSON.stringify({ ...doc, matches }));
  const summary = await imported(file);
  expect(summary).toMatchObject({ deactivated: 1 });
  expect(comparable(await exported(pair.target, "instant"))).toEqual(comparable(doc));
});

it("a round robin's removal in one instant: the player's results before their forfeits", async () => {
  const c = await pair.source.client();
  await c.tournaments.create({ name: "Event rr", url: "rr1", tournament_type: "round robin" });
  const people = await c.participants.bulkAdd(
    "rr1",
    Array.from({ length: 5 }, (_, i) => ({ name: `Player ${i + 1}` })),
  );
  await c.tournaments.changeState("rr1", "start");
  await playSome(c, "rr1", 3);
  await c.participants.delete("rr1", String(people[0]!.id));
  await playSome(c, "rr1", 2);
  const doc = await exported(pair.source, "rr1");
  const at = "2026-11-27T09:00:00.000Z";
  const matches = doc.matches.map((m: any) => (m.completed_at ? { ...m, completed_at: at } : m));
  const file = `${pair.source.dir}/rr1.json`;
  writeFileSync(file, JSON.stringify({ ...doc, matches }));
  expect(await imported(file)).toMatchObject({ deactivated: 1 });
  expect(comparable(await exported(pair.target, "rr1"))).toEqual(comparable(doc));
});

/**
 * export → import of a swiss event where a player holding a bye (round 2) was removed during
 * that round: the target gives them the same bye, so every player's points and the later
 * rounds' pairings come out the same. Before, the file held no byes and the import removed
 * the player after their last match (round 1): round 2 was paired without them, they lost
 * the bye's point, and the standings differed. Old files (no "byes") still import.
 */
import { writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { runTournamentImport } from "../../../src/cli/commands/tournament/import.js";
import { UsageError } from "../../../src/cli/errors.js";
import { outcomeOf } from "../../../src/cli/exit-codes.js";
import { parseDocument } from "../../../src/cli/transfer/document-file.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { comparable, exported } from "./export-check.js";

const pair = useTransferPair();

/**
 * Reports every open match, round after round, as won by its player 1, or by its player 2
 * where `player2Wins` says so (ids).
 */
async function playOut(
  c: ApiClient,
  url: string,
  rounds = Number.POSITIVE_INFINITY,
  player2Wins: ReadonlySet<number> = new Set(),
) {
  for (let r = 0; r < rounds; r++) {
    const open = await c.matches.listAll(url, { state: "open" });
    if (open.length === 0) return;
    for (const m of open) {
      const [p1, p2] = [m.attributes.player1_id as number, m.attributes.player2_id as number];
      const first = !player2Wins.has(p2);
      await c.matches.update(url, m.id, {
        match: [
          { participant_id: p1, score_set: first ? "2" : "1", advancing: first },
          { participant_id: p2, score_set: first ? "1" : "2", advancing: !first },
        ],
      });
    }
  }
}

/** name -> [points, wins, losses] of every standing row. */
async function table(c: ApiClient, url: string) {
  const rows = await c.tournaments.standings(url);
  return Object.fromEntries(
    rows.map((r) => [
      String(r.attributes.name),
      [r.attributes.points, r.attributes.wins, r.attributes.losses, r.attributes.rank],
    ]),
  );
}

/** A 5-player swiss: round 1 played; the round-2 bye holder removed during round 2. */
async function byeHolderRemoved(c: ApiClient, url: string): Promise<string> {
  await c.tournaments.create({ name: `Event ${url}`, url, tournament_type: "swiss" });
  const people = await c.participants.bulkAdd(
    url,
    Array.from({ length: 5 }, (_, i) => ({ name: `Player ${i + 1}` })),
  );
  await c.tournaments.changeState(url, "start");
  // Round 1: 1-3, 2-4 (5 the bye); 1 and 4 win, so 3 (the first match's loser) takes round
  // 2's bye: removed after their last match, as the import did, 3 left before round 2.
  await playOut(c, url, 1, new Set([Number(people[3]!.id)]));
  const round2 = (await c.matches.listAll(url, {})).filter((m) => m.attributes.round === 2);
  expect(round2).toHaveLength(2);
  const paired = new Set(round2.flatMap((m) => [m.attributes.player1_id, m.attributes.player2_id]));
  const holder = people.find((p) => !paired.has(Number(p.id)))!;
  expect(holder.attributes.name).toBe("Player 3");
  await c.participants.delete(url, holder.id);
  return String(holder.attributes.name);
}

async function importFile(doc: unknown, url: string): Promise<void> {
  const file = `${pair.source.dir}/${url}.json`;
  writeFileSync(file, JSON.stringify(doc));
  const f = pair.target.make({ globals: { json: true } });
  await runTournamentImport(f.factory, { file });
}

it("the bye holder removed during the bye's round keeps the bye: same standings after import", async () => {
  const c = await pair.source.client();
  const holder = await byeHolderRemoved(c, "sw");
  await playOut(c, "sw");
  const before = await table(c, "sw");
  expect(before[holder]![0]).toBe(1); // the bye's point (round 1 lost)
  const doc = await exported(pair.source, "sw");
  expect(doc.byes).toContainEqual({ participant: holder, group: null, round: 2 });
  // With byes, version 2: a tourney from before byes refuses it whole (below).
  expect(doc.version).toBe(2);
  await importFile(doc, "sw");
  const target = await pair.target.client();
  expect(await table(target, "sw")).toEqual(before);
  expect(comparable(await exported(pair.target, "sw"))).toEqual(comparable(doc));
});

it("under way (round 2 still open): the same, and a file without byes still imports", async () => {
  const c = await pair.source.client();
  const holder = await byeHolderRemoved(c, "sw2");
  const doc = await exported(pair.source, "sw2");
  expect(doc.byes).toContainEqual({ participant: holder, group: null, round: 2 });
  await importFile(doc, "sw2");
  const target = await pair.target.client();
  expect(await table(target, "sw2")).toEqual(await table(c, "sw2"));
  const { byes: _b, ...old } = doc;
  await importFile({ ...old, version: 1, tournament: { ...old.tournament, url: "sw3" } }, "sw3");
  expect((await target.tournaments.get("sw3")).attributes.state).toBe("underway");
});

it("the file check refuses a bye that is not one (exit 2, naming the field), sending nothing", async () => {
  const c = await pair.source.client();
  const holder = await byeHolderRemoved(c, "sw4");
  const doc = await exported(pair.source, "sw4");
  const cases: [unknown, RegExp][] = [
    [{ nope: 1 }, /byes must be a list, not \{"nope":1\}/],
    [
      [{ participant: "Nobody", group: null, round: 2 }],
      /byes\[0\]\.participant names "Nobody", who is not a participant of the file/,
    ],
    [
      [{ participant: holder, group: null, round: 0 }],
      /byes\[0\]\.round must be a whole number from 1, not 0/,
    ],
    [
      [{ participant: holder, group: "1", round: 2 }],
      /byes\[0\]\.group must be a group number or null/,
    ],
    [
      [{ participant: holder, group: null, round: 1 }],
      new RegExp(`byes\\[0\\] gives ${holder} a bye in round 1, where they play match final A`),
    ],
  ];
  for (const [byes, message] of cases) {
    const file = `${pair.source.dir}/bad.json`;
    writeFileSync(file, JSON.stringify({ ...doc, byes }));
    const f = pair.target.make();
    const error = await runTournamentImport(f.factory, { file }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(outcomeOf(error).code).toBe(2);
    expect(outcomeOf(error).lines.join("\n")).toMatch(message);
  }
  const target = await pair.target.client();
  expect((await target.tournaments.list({})).data).toEqual([]);
});

it("swiss groups: each group's round-2 bye holder removed during round 2 keeps the bye", async () => {
  const c = await pair.source.client();
  await c.tournaments.create({
    name: "Event sg",
    url: "sg",
    tournament_type: "single elimination",
    group_stage_enabled: true,
    group_stage_options: {
      stage_type: "swiss",
      group_size: 5,
      participant_count_to_advance_per_group: 2,
    },
  });
  const people = await c.participants.bulkAdd(
    "sg",
    Array.from({ length: 10 }, (_, i) => ({ name: `Player ${i + 1}` })),
  );
  await c.tournaments.changeState("sg", "start_group_stage");
  // Each group's round 1: its first match won by player 1, its second by player 2, so the
  // first match's loser (the weaker) takes round 2's bye, and was removed, without the
  // file's byes, before the group's round 2 was paired.
  const round1 = (await c.matches.listAll("sg", {})).sort((a, b) => Number(a.id) - Number(b.id));
  const player2Wins = new Set(
    [1, 2].map(
      (g) => round1.filter((m) => m.attributes.group_id === g)[1]!.attributes.player2_id as number,
    ),
  );
  await playOut(c, "sg", 1, player2Wins);
  const round2 = (await c.matches.listAll("sg", {})).filter((m) => m.attributes.round === 2);
  const playing = new Set(
    round2.flatMap((m) => [m.attributes.player1_id, m.attributes.player2_id]),
  );
  const sitting = new Set(
    round1.flatMap((m) => [m.attributes.player1_id as number, m.attributes.player2_id as number]),
  );
  const holders = people.filter((p) => sitting.has(Number(p.id)) && !playing.has(Number(p.id)));
  expect(holders).toHaveLength(2);
  for (const h of holders) await c.participants.delete("sg", h.id);
  await playOut(c, "sg");
  const before = await table(c, "sg");
  const doc = await exported(pair.source, "sg");
  const round2Byes = doc.byes.filter((b: { round: number }) => b.round === 2);
  expect(round2Byes.map((b: { participant: string }) => b.participant).sort()).toEqual(
    holders.map((h) => h.attributes.name).sort(),
  );
  expect(round2Byes.map((b: { group: number }) => b.group).sort()).toEqual([1, 2]);
  await importFile(doc, "sg");
  expect(await table(await pair.target.client(), "sg")).toEqual(before);
  expect(comparable(await exported(pair.target, "sg"))).toEqual(comparable(doc));
});

it("a file without byes is version 1; one with byes is version 2, which a tourney reading only 1 refuses whole", async () => {
  const c = await pair.source.client();
  await c.tournaments.create({ name: "Event even", url: "even", tournament_type: "swiss" });
  await c.participants.bulkAdd(
    "even",
    Array.from({ length: 4 }, (_, i) => ({ name: `Player ${i + 1}` })),
  );
  await c.tournaments.changeState("even", "start");
  await playOut(c, "even", 1);
  const plain = await exported(pair.source, "even");
  expect(plain.byes).toBeUndefined();
  expect(plain.version).toBe(1);
  await byeHolderRemoved(c, "odd");
  const withByes = await exported(pair.source, "odd");
  expect(withByes.version).toBe(2);
  // What tourney import checked before byes (versions [1]): refused before anything is sent.
  const older = {
    format: "tourney.tournament",
    versions: [1],
    writer: "tourney tournament export",
    required: { tournament: "object", participants: "array", matches: "array" },
  } as const;
  expect(() => parseDocument(JSON.stringify(plain), "even.json", older)).not.toThrow();
  expect(() => parseDocument(JSON.stringify(withByes), "odd.json", older)).toThrow(
    new UsageError("odd.json: export version 2 is not one this tourney reads (1); upgrade tourney"),
  );
});

/**
 * The terminal flag an insert keeps (store/match-plan.ts): the sources the service writes
 * are read without JSON.parse (issue 27), any other spelling of the same source (keys in
 * another order, spaces, a plan key needing an escape) is parsed; the flags come out the same.
 */
import { afterEach, describe, expect, it } from "vitest";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { type Db, openDatabase } from "../../src/store/database.js";
import { MatchRepository, type NewMatch } from "../../src/store/matches-repository.js";
import { openStore } from "../../src/store/store.js";

const NOW = "2026-11-23T10:00:00.000Z";
const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

type Spell = (type: "winner" | "loser", match: string) => string;

const SPELLINGS: [string, Spell][] = [
  ["as the service writes them", (type, match) => JSON.stringify({ type, match })],
  ["keys the other way round", (type, match) => JSON.stringify({ match, type })],
  ["with spaces", (type, match) => `{ "type": "${type}", "match": ${JSON.stringify(match)} }`],
];

/** W"1 and W\2 feed F; their losers feed L; F's winner feeds nobody, nor L's. */
function plan(spell: Spell): NewMatch[] {
  const player = (participantId: number) => JSON.stringify({ type: "participant", participantId });
  const row = (key: string, order: number, p1: string, p2: string): NewMatch => ({
    stage: "final",
    groupId: null,
    key,
    side: "winners",
    round: order,
    identifier: `M${order}`,
    suggestedPlayOrder: order,
    player1Source: p1,
    player2Source: p2,
    onlyIfLoserWins: null,
    active: true,
    player1Id: null,
    player2Id: null,
    state: "pending",
  });
  return [
    row('W"1', 1, player(1), player(2)),
    row("W\\2", 2, player(3), player(4)),
    row("F", 3, spell("winner", 'W"1'), spell("winner", "W\\2")),
    row("L", 4, spell("loser", 'W"1'), spell("loser", "W\\2")),
  ];
}

describe("terminal marks", () => {
  it.each(SPELLINGS)("flag the rows whose winner no row takes: sources %s", (_, spell) => {
    const db = openDatabase(":memory:");
    open.push(db);
    const store = openStore(db, { cache: false });
    const id = store.tournaments.insert({
      settings: { ...defaultSettings(), name: "Cup", url: "cup" },
      communityId: null,
      randomSeed: 7,
      now: NOW,
    });
    const matches = new MatchRepository(db);
    matches.insertMany(id, plan(spell), NOW);
    const ref = { tournamentId: id, stage: "final", groupId: null } as const;
    expect(matches.terminalKeys(ref)).toEqual(["F", "L"]);
    expect(matches.fedBy(ref, 'W"1').map((r) => r.plan_key)).toEqual(["F", "L"]);
  });
});

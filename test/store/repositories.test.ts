/**
 * Rows the repositories build in memory for what they insert (instead of
 * reading them back) must be the rows the database holds; rows held in memory
 * must follow the writes that change them.
 */
import { afterEach, describe, expect, it } from "vitest";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { type Db, openDatabase } from "../../src/store/database.js";
import { MatchRepository, type NewMatch } from "../../src/store/matches-repository.js";
import { ParticipantRepository } from "../../src/store/participants-repository.js";
import { TournamentRepository } from "../../src/store/tournaments-repository.js";

const NOW = "2026-11-23T10:00:00.000Z";
const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

function store() {
  const db = openDatabase(":memory:");
  open.push(db);
  const tournaments = new TournamentRepository(db);
  const participants = new ParticipantRepository(db, (id) => tournaments.forget(id));
  const id = tournaments.insert({
    settings: { ...defaultSettings(), name: "Cup", url: "cup" },
    communityId: null,
    randomSeed: 7,
    now: NOW,
  });
  return { db, tournaments, participants, id };
}

function newMatch(i: number): NewMatch {
  return {
    stage: "final",
    groupId: null,
    key: `W1-${i}`,
    side: "winners",
    round: 1,
    identifier: `M${i}`,
    suggestedPlayOrder: i,
    player1Source: JSON.stringify({ type: "participant", participantId: 2 * i }),
    player2Source: JSON.stringify({ type: "participant", participantId: 2 * i + 1 }),
    onlyIfLoserWins: i % 2 === 0 ? null : "W0",
    active: i % 3 !== 0,
    player1Id: 2 * i,
    player2Id: i % 4 === 0 ? null : 2 * i + 1,
    state: i % 4 === 0 ? "pending" : "open",
  };
}

describe("rows built in memory on insert", () => {
  it("appendMany returns exactly the rows stored, over several statements", () => {
    const { participants, id } = store();
    participants.insert(id, { name: "First", misc: null, username: null, email: null }, NOW);
    const inputs = Array.from({ length: 250 }, (_, i) => ({
      name: `P${i}`,
      misc: i % 2 === 0 ? `m${i}` : null,
      username: i % 3 === 0 ? `u${i}` : null,
      email: null,
    }));
    const built = participants.appendMany(id, inputs, NOW);
    const stored = participants.list(id).slice(1);
    expect(built).toEqual(stored);
    expect(built.map((p) => p.seed)).toEqual(Array.from({ length: 250 }, (_, i) => i + 2));
  });

  it("insertMany holds exactly the rows a fresh read finds, over several statements", () => {
    const { db, id } = store();
    const matches = new MatchRepository(db);
    const planned = Array.from({ length: 150 }, (_, i) => newMatch(i + 1));
    matches.insertMany(id, planned, NOW);
    const fresh = new MatchRepository(db);
    const held = matches.list(id, {});
    expect(held.length).toBe(planned.filter((m) => m.active).length);
    expect(held).toEqual(fresh.list(id, {}));
    const ref = { tournamentId: id, stage: "final", groupId: null } as const;
    expect(matches.stageRows(ref)).toEqual(fresh.stageRows(ref));
  });

  it("names taken compare as the name column does (ASCII letters without case)", () => {
    const { participants, id } = store();
    participants.appendMany(
      id,
      ["Alice", "Émile"].map((name) => ({ name, misc: null, username: null, email: null })),
      NOW,
    );
    expect([...participants.namesTaken(id, ["ALICE", "bob", "émile", "ÉMILE"])].sort()).toEqual([
      "alice",
      "Émile",
    ]);
  });
});

describe("tournament rows held in memory", () => {
  it("follow participant counts and state changes", () => {
    const { tournaments, participants, id } = store();
    expect(tournaments.findById(id)?.participants_count).toBe(0);
    participants.appendMany(
      id,
      ["A", "B", "C"].map((name) => ({ name, misc: null, username: null, email: null })),
      NOW,
    );
    expect(tournaments.findById(id)?.participants_count).toBe(3);
    const b = participants.list(id)[1]!;
    participants.delete(id, b.id, b.seed);
    expect(tournaments.findById(id)?.participants_count).toBe(2);
    participants.clear(id);
    expect(tournaments.findById(id)?.participants_count).toBe(0);
    tournaments.setState(id, "underway", NOW, { started: NOW });
    expect(tournaments.findById(id)?.state).toBe("underway");
    expect(tournaments.findById(id)?.started_at).toBe(NOW);
    tournaments.delete(id);
    expect(tournaments.findById(id)).toBeUndefined();
  });
});

/**
 * The repositories, plain and through the cache, give the same answers: rows
 * built in memory for what they insert are the rows the database holds, and
 * rows held in memory follow the writes that change them. Every test runs
 * against both stores.
 */
import { afterEach, describe, expect, it } from "vitest";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { type Db, openDatabase } from "../../src/store/database.js";
import { MatchRepository, type NewMatch } from "../../src/store/matches-repository.js";
import { openStore } from "../../src/store/store.js";

const NOW = "2026-11-23T10:00:00.000Z";
const LATER = "2026-11-23T11:00:00.000Z";
const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

function newMatch(i: number): NewMatch {
  return {
    stage: "final",
    groupId: null,
    key: `W1-${i}`,
    side: "winners",
    round: 1 + (i % 3),
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

/** A tiny double elimination: W1-1, W1-2 -> W2-1; their losers -> L1-1; GF1, and its reset GF2. */
function linkedPlan(): NewMatch[] {
  const from = (type: string, match: string) => JSON.stringify({ type, match });
  const player = (participantId: number) => JSON.stringify({ type: "participant", participantId });
  const row = (key: string, order: number, p1: string, p2: string, reset = false): NewMatch => ({
    ...newMatch(order),
    key,
    suggestedPlayOrder: order,
    player1Source: p1,
    player2Source: p2,
    onlyIfLoserWins: reset ? "GF1" : null,
    active: !reset,
    player1Id: null,
    player2Id: null,
    state: "pending",
  });
  return [
    { ...row("W1-1", 1, player(1), player(2)), player1Id: 1, player2Id: 2, state: "open" },
    { ...row("W1-2", 2, player(3), player(4)), player1Id: 3, player2Id: 4, state: "open" },
    row("W2-1", 3, from("winner", "W1-1"), from("winner", "W1-2")),
    row("L1-1", 4, from("loser", "W1-1"), from("loser", "W1-2")),
    row("GF1", 5, from("winner", "W2-1"), from("winner", "L1-1")),
    row("GF2", 6, from("winner", "GF1"), from("loser", "GF1"), true),
  ];
}

const inGroup = (m: NewMatch): NewMatch => ({ ...m, stage: "group", groupId: 1 });

const FINAL = (tournamentId: number) => ({ tournamentId, stage: "final", groupId: null }) as const;

describe.each([
  ["plain", false],
  ["cached", true],
] as const)("%s store", (_, cache) => {
  function store() {
    const db = openDatabase(":memory:");
    open.push(db);
    const s = openStore(db, { cache });
    const id = s.tournaments.insert({
      settings: { ...defaultSettings(), name: "Cup", url: "cup" },
      communityId: null,
      randomSeed: 7,
      now: NOW,
    });
    return { db, ...s, id };
  }

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

  it("insertMany stores rows that a fresh read finds, over several statements", () => {
    const { db, matches, id } = store();
    const planned = Array.from({ length: 150 }, (_, i) => newMatch(i + 1));
    matches.insertMany(id, planned, NOW);
    const fresh = new MatchRepository(db);
    const listed = matches.list(id, {});
    expect(listed.length).toBe(planned.filter((m) => m.active).length);
    expect(listed).toEqual(fresh.list(id, {}));
    expect(matches.stageRows(FINAL(id))).toEqual(fresh.stageRows(FINAL(id)));
    expect(matches.counts([id, 999])).toEqual(
      new Map([
        [id, { total: listed.length, complete: 0 }],
        [999, { total: 0, complete: 0 }],
      ]),
    );
  });

  it("finds a free-for-all match by a participant in its entries, whatever the key order", () => {
    const { matches, id } = store();
    const ffa = (i: number): NewMatch => ({
      ...newMatch(i),
      side: "free_for_all",
      player1Id: null,
      player2Id: null,
    });
    matches.insertMany(id, [ffa(1), ffa(2)], NOW);
    const [a, b] = matches.list(id, {});
    const entry = (id: number) =>
      `{"score_set":"","rank":null,"advancing":false,"participant_id":${id}}`;
    matches.setEntries(a!.id, `[${entry(41)}]`, NOW);
    matches.setEntries(b!.id, `[${entry(410)},${entry(4)}]`, NOW);
    expect(matches.list(id, { participantId: 41 }).map((m) => m.id)).toEqual([a!.id]);
    expect(matches.list(id, { participantId: 4 }).map((m) => m.id)).toEqual([b!.id]);
    expect(matches.count(id, { participantId: 410 })).toBe(1);
  });

  it("reads follow every write of match rows, as a fresh read finds them", () => {
    const { db, matches, id } = store();
    matches.insertMany(
      id,
      Array.from({ length: 40 }, (_, i) => newMatch(i + 1)),
      NOW,
    );
    const ref = FINAL(id);
    const first = matches.list(id, { state: "open" })[0]!;
    matches.setResult(
      first.id,
      {
        state: "complete",
        winnerId: first.player1_id,
        loserId: first.player2_id,
        tie: false,
        scoreSets: "[[2,1]]",
        entries: null,
        completedAt: LATER,
      },
      LATER,
    );
    matches.setSlot(ref, "W1-4", "player2", 77, LATER, "open");
    matches.setState(ref, "W1-3", "open", true, LATER);
    matches.setUnderway(matches.findByKey(ref, "W1-5")!.id, LATER, LATER);
    matches.setEntries(matches.findByKey(ref, "W1-6")!.id, '[{"participant_id":9,"x":1}]', LATER);
    const fresh = new MatchRepository(db);
    for (const filter of [
      {},
      { state: "open" },
      { state: "complete" },
      { participantId: 9 },
      { participantId: 77 },
    ] as const) {
      expect(matches.list(id, filter), JSON.stringify(filter)).toEqual(fresh.list(id, filter));
      expect(matches.count(id, filter)).toBe(fresh.count(id, filter));
    }
    expect(matches.list(id, {}, 5, 10)).toEqual(fresh.list(id, {}, 5, 10));
    expect(matches.stageRows(ref)).toEqual(fresh.stageRows(ref));
    expect(matches.counts([id])).toEqual(fresh.counts([id]));
    expect(matches.countIncomplete(ref)).toBe(fresh.countIncomplete(ref));
    expect(matches.countIncompleteInStage(id, "final")).toBe(
      fresh.countIncompleteInStage(id, "final"),
    );
    expect(matches.maxRound(ref)).toBe(3);
    expect(matches.countStage(ref)).toBe(40);
    expect(matches.openMatchesOf(id, 77)).toEqual(fresh.openMatchesOf(id, 77));
    expect(matches.stageLookup(ref)("W1-4")).toMatchObject({ state: "open" });
    expect(matches.stageLookup(ref)(first.plan_key)).toMatchObject({ state: "complete" });
  });

  it("deletes of match rows are seen by the next read", () => {
    const { matches, id } = store();
    matches.insertMany(
      id,
      Array.from({ length: 30 }, (_, i) => newMatch(i + 1)),
      NOW,
    );
    const ref = FINAL(id);
    expect(matches.maxRound(ref)).toBe(3);
    matches.deleteRoundsAfter(ref, 1);
    expect(matches.maxRound(ref)).toBe(1);
    expect(matches.countStage(ref)).toBe(10);
    matches.addBye(ref, 1, 5);
    expect(matches.byes(ref)).toEqual([{ participantId: 5, round: 1 }]);
    matches.deleteAll(id);
    expect(matches.list(id, {})).toEqual([]);
    expect(matches.counts([id]).get(id)).toEqual({ total: 0, complete: 0 });
  });

  it("derivedFromHeld works out from the held rows in play order (plain: nothing held)", () => {
    const { matches, id } = store();
    matches.insertMany(id, [newMatch(3), newMatch(1), newMatch(2)], NOW);
    const keys = matches.derivedFromHeld(FINAL(id), (rows) => rows.map((r) => r.plan_key));
    expect(keys).toEqual(cache ? ["W1-1", "W1-2", "W1-3"] : undefined);
  });

  it("fedBy and terminalKeys read a linked stage's plan by key", () => {
    const { matches, id } = store();
    matches.insertMany(id, linkedPlan(), NOW);
    const ref = FINAL(id);
    const fed = (key: string) => matches.fedBy(ref, key).map((r) => r.plan_key);
    expect(fed("W1-1")).toEqual(["W2-1", "L1-1"]);
    expect(fed("W2-1")).toEqual(["GF1"]);
    expect(fed("GF1")).toEqual(["GF2"]);
    expect(fed("GF2")).toEqual([]);
    expect(matches.terminalKeys(ref)).toEqual(["GF2"]);
    // Stages whose rows all start from participants have no terminal rows.
    matches.insertMany(id, [newMatch(1), newMatch(2)].map(inGroup), NOW);
    expect(matches.terminalKeys({ tournamentId: id, stage: "group", groupId: 1 })).toEqual([]);
  });

  it("finds one match by id or plan key, and a stage's results by key", () => {
    const { db, matches, id } = store();
    matches.insertMany(id, linkedPlan(), NOW);
    const gf = new MatchRepository(db).findByKey(FINAL(id), "GF1")!;
    expect(matches.find(id, gf.id)?.plan_key).toBe("GF1");
    expect(matches.findByKey(FINAL(id), "L1-1")?.player1_source).toBe(
      JSON.stringify({ type: "loser", match: "W1-1" }),
    );
    expect(matches.stageLookup(FINAL(id))("W1-2")).toMatchObject({
      state: "open",
      winner_id: null,
      loser_id: null,
    });
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

  it("tournament rows follow participant counts and state changes", () => {
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

  it("whether a tournament has deactivated participants follows every change of it", () => {
    const { participants, id } = store();
    const [a] = participants.appendMany(
      id,
      ["A", "B"].map((name) => ({ name, misc: null, username: null, email: null })),
      NOW,
    );
    expect(participants.anyInactive(id)).toBe(false);
    participants.setActive(id, a!.id, false, NOW);
    expect(participants.anyInactive(id)).toBe(true);
    participants.setActive(id, a!.id, true, NOW);
    expect(participants.anyInactive(id)).toBe(false);
    expect(participants.deactivateUnchecked(id, NOW)).toBe(2);
    expect(participants.anyInactive(id)).toBe(true);
    participants.undoCheckIn(id, NOW);
    expect(participants.anyInactive(id)).toBe(false);
  });

  it("process_checkin lets whoever is checked in play, one set aside by an earlier processing too", () => {
    const { participants, id } = store();
    const [a, b, c] = participants.appendMany(
      id,
      ["A", "B", "C"].map((name) => ({ name, misc: null, username: null, email: null })),
      NOW,
    );
    const states = () =>
      participants.list(id).map((p) => [p.name, p.active, p.checked_in_at !== null]);
    participants.setCheckedIn(id, a!.id, NOW, NOW);
    expect(participants.deactivateUnchecked(id, NOW)).toBe(2);
    // As a tournament reset before reset brought them back left them: set aside, B checks in.
    participants.setCheckedIn(id, b!.id, NOW, NOW);
    expect(participants.deactivateUnchecked(id, NOW)).toBe(1);
    expect(states()).toEqual([
      ["A", 1, true],
      ["B", 1, true],
      ["C", 0, false],
    ]);
    participants.restoreSetAside(id, NOW);
    expect(states()).toEqual([
      ["A", 1, true],
      ["B", 1, true],
      ["C", 1, false],
    ]);
    // A removal is not check-in's: reset does not bring it back.
    participants.setActive(id, c!.id, false, NOW);
    participants.restoreSetAside(id, NOW);
    expect(participants.anyInactive(id)).toBe(true);
  });
});

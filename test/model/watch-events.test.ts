/**
 * The snapshot diff of `tourney watch` (model/watch-events.ts, issue 19) on real
 * snapshots: the in-process service (in-memory SQLite, a clock stepping one second
 * a call) plays a tournament, and snapshots are made from its v2.1 answers as every
 * backend makes them. Watchers are simulated by which snapshots they compare: one
 * that saw every step, one that looked seldom, one that only read the history.
 */
import { describe, expect, it } from "vitest";
import {
  diffTournament,
  notified,
  type TournamentSnapshot,
  tournamentSnapshot,
  type WatchEvent,
} from "../../src/model/watch-events.js";
import {
  changeState,
  createWithPlayers,
  type MatchAttrs,
  matches,
  reportBody,
} from "../helpers/play.js";
import { type ServiceHarness, startService, steppingClock } from "../helpers/service.js";

const SEEN = "2026-03-02T00:00:00.000Z";

async function snap(s: ServiceHarness, t: string): Promise<TournamentSnapshot> {
  const one = await s.request("GET", `/v2.1/tournaments/${t}`);
  const people = await s.request("GET", `/v2.1/tournaments/${t}/participants?per_page=1000`);
  const all = await s.request("GET", `/v2.1/tournaments/${t}/matches?per_page=1000`);
  return tournamentSnapshot(one.json.data, people.json.data, all.json.data, SEEN);
}

/** The events of a watcher that compared these snapshots, one after another. */
function watched(looks: readonly TournamentSnapshot[]): WatchEvent[] {
  return looks.slice(1).flatMap((next, i) => diffTournament(looks[i], next));
}

const label = (e: WatchEvent) =>
  `${e.type}:${e.match?.identifier ?? e.state ?? e.participant?.name}`;

async function matchState(s: ServiceHarness, t: string, m: string, state: string) {
  const r = await s.request("PUT", `/v2.1/tournaments/${t}/matches/${m}/change_state`, {
    data: { type: "MatchState", attributes: { state } },
  });
  expect(r.status, r.body).toBe(200);
}

async function report(s: ServiceHarness, t: string, m: MatchAttrs, winner = m.player1_id) {
  const loser = winner === m.player1_id ? m.player2_id : m.player1_id;
  const r = await s.request(
    "PUT",
    `/v2.1/tournaments/${t}/matches/${m.id}`,
    reportBody(winner, loser, "3,3", "1,2"),
  );
  expect(r.status, r.body).toBe(200);
}

async function byIdentifier(s: ServiceHarness, t: string, identifier: string): Promise<MatchAttrs> {
  return (await matches(s, t)).find((m) => m.identifier === identifier)!;
}

/** A started 4-player single elimination (A: 1v4, B: 2v3, C: their winners). */
async function started(): Promise<{ s: ServiceHarness; t: string; looks: TournamentSnapshot[] }> {
  const s = await startService({ now: steppingClock() });
  const { id: t } = await createWithPlayers(s, { tournament_type: "single elimination" }, 4);
  const looks = [await snap(s, t)];
  expect((await changeState(s, t, "start")).status).toBe(200);
  looks.push(await snap(s, t));
  return { s, t, looks };
}

describe("diffTournament: each event type, in order", () => {
  it("a whole 4-player single elimination, seen step by step, with underway marks", async () => {
    const { s, t, looks } = await started();
    const step = async (run: () => Promise<unknown>) => {
      await run();
      looks.push(await snap(s, t));
    };
    const a = await byIdentifier(s, t, "A");
    await step(() => matchState(s, t, a.id, "mark_as_underway"));
    await step(() => report(s, t, a));
    await step(async () => report(s, t, await byIdentifier(s, t, "B")));
    await step(async () => report(s, t, await byIdentifier(s, t, "C")));
    await step(() => changeState(s, t, "finalize"));
    const events = watched(looks);
    expect(events.map(label)).toEqual([
      "tournament.state_changed:underway",
      "match.opened:A",
      "match.opened:B",
      "match.underway:A",
      "match.completed:A",
      "match.completed:B",
      "match.opened:C",
      "match.completed:C",
      "tournament.state_changed:awaiting_review",
      "tournament.state_changed:complete",
    ]);
    const completed = events.find((e) => e.type === "match.completed")!;
    expect(completed.match).toMatchObject({ identifier: "A", state: "complete", scores: "2 - 0" });
    expect(completed.match!.winner).toEqual(completed.match!.player1);
    const final = events.at(-1)!;
    expect(final).toMatchObject({ state: "complete", previous_state: "awaiting_review" });
    // Every id once; every time from the records, in order.
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    const times = events.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(events.every((e) => e.at < SEEN)).toBe(true);
  });

  it("records without state (the published Tournament and Match): the same states worked out, the same events", async () => {
    const s = await startService({ now: steppingClock() });
    const { id: t } = await createWithPlayers(s, { tournament_type: "single elimination" }, 4);
    const strip = (r: { id: string; attributes: Record<string, unknown> }) => {
      const { state: _, ...attributes } = r.attributes;
      return { id: r.id, attributes };
    };
    const given: TournamentSnapshot[] = [];
    const hosted: TournamentSnapshot[] = [];
    const look = async () => {
      const one = await s.request("GET", `/v2.1/tournaments/${t}`);
      const people = await s.request("GET", `/v2.1/tournaments/${t}/participants?per_page=1000`);
      const all = await s.request("GET", `/v2.1/tournaments/${t}/matches?per_page=1000`);
      given.push(tournamentSnapshot(one.json.data, people.json.data, all.json.data, SEEN));
      const records = all.json.data.map(strip);
      hosted.push(tournamentSnapshot(strip(one.json.data), people.json.data, records, SEEN));
    };
    await look();
    expect((await changeState(s, t, "start")).status).toBe(200);
    await look();
    for (const id of ["A", "B", "C"]) {
      await report(s, t, await byIdentifier(s, t, id));
      await look();
    }
    expect((await changeState(s, t, "finalize")).status).toBe(200);
    await look();
    const states = (looks: TournamentSnapshot[]) => looks.map((l) => l.state);
    expect(states(hosted)).toEqual(states(given));
    expect(states(hosted)).toEqual([
      "pending",
      "underway",
      "underway",
      "underway",
      "awaiting_review",
      "complete",
    ]);
    const matchStates = (l: TournamentSnapshot) => [...l.matches.values()].map((m) => m.info.state);
    expect(hosted.map(matchStates)).toEqual(given.map(matchStates));
    expect(watched(hosted).map(label)).toEqual(watched(given).map(label));
  });

  it("the history of a finished tournament (no earlier look) is what a watcher saw step by step", async () => {
    const { s, t, looks } = await started();
    for (const id of ["A", "B", "C"]) {
      await report(s, t, await byIdentifier(s, t, id));
      looks.push(await snap(s, t));
    }
    await changeState(s, t, "finalize");
    looks.push(await snap(s, t));
    const stepwise = watched(looks);
    const history = diffTournament(undefined, looks.at(-1)!);
    const plain = (e: WatchEvent) => [e.id, e.type, e.at];
    expect(history.map(plain)).toEqual(stepwise.map(plain));
  });

  it("reopen: match.reopened, the dependent match opens again with a new id when the same winner is reported", async () => {
    const { s, t, looks } = await started();
    const a = await byIdentifier(s, t, "A");
    await report(s, t, a);
    await report(s, t, await byIdentifier(s, t, "B"));
    looks.push(await snap(s, t));
    await matchState(s, t, a.id, "reopen");
    looks.push(await snap(s, t));
    await report(s, t, await byIdentifier(s, t, "A"));
    looks.push(await snap(s, t));
    const events = watched(looks);
    expect(events.map(label)).toEqual([
      "tournament.state_changed:underway",
      "match.opened:A",
      "match.opened:B",
      "match.completed:A",
      "match.completed:B",
      "match.opened:C",
      "match.reopened:A",
      "match.completed:A",
      "match.opened:C",
    ]);
    const [first, again] = events.filter(
      (e) => e.type === "match.opened" && e.match?.identifier === "C",
    );
    expect(first!.match!.player1).toEqual(again!.match!.player1);
    expect(again!.id).not.toBe(first!.id);
    expect(Date.parse(again!.at)).toBeGreaterThan(Date.parse(first!.at));
  });

  it("underway then unmarked: one match.underway; marked again: another, with its own id", async () => {
    const { s, t, looks } = await started();
    const a = await byIdentifier(s, t, "A");
    for (const state of ["mark_as_underway", "unmark_as_underway", "mark_as_underway"]) {
      await matchState(s, t, a.id, state);
      looks.push(await snap(s, t));
    }
    const underway = watched(looks).filter((e) => e.type === "match.underway");
    expect(underway).toHaveLength(2);
    expect(underway[0]!.id).not.toBe(underway[1]!.id);
    // Unmarking told nothing, and opened nothing again.
    expect(watched(looks).filter((e) => e.type === "match.opened")).toHaveLength(2);
  });

  it("participant.checked_in and group_stage.finalized (records as a hosted service draws them)", () => {
    const tournament = (state: string, updated: string) => ({
      id: "7",
      attributes: { name: "Cup", url: "cup", state, timestamps: { updated_at: updated } },
    });
    const person = (checked: string | null) => ({
      id: "3",
      attributes: { name: "Ada", timestamps: { checked_in_at: checked } },
    });
    const before = tournamentSnapshot(
      tournament("checking_in", "2026-03-01T10:00:00Z"),
      [person(null)],
      [],
      SEEN,
    );
    const after = tournamentSnapshot(
      tournament("checking_in", "2026-03-01T10:05:00Z"),
      [person("2026-03-01T10:05:00Z")],
      [],
      SEEN,
    );
    expect(diffTournament(before, after)).toEqual([
      {
        id: "p3.checked_in.2026-03-01T10:05:00Z",
        type: "participant.checked_in",
        at: "2026-03-01T10:05:00Z",
        tournament: { id: "7", url: "cup", name: "Cup" },
        participant: { id: "3", name: "Ada" },
      },
    ]);
    const groups = tournamentSnapshot(
      tournament("group_stages_underway", "2026-03-01T11:00:00Z"),
      [],
      [],
      SEEN,
    );
    const done = tournamentSnapshot(
      tournament("group_stages_finalized", "2026-03-01T12:00:00Z"),
      [],
      [],
      SEEN,
    );
    expect(diffTournament(groups, done)).toMatchObject([
      {
        type: "group_stage.finalized",
        state: "group_stages_finalized",
        previous_state: "group_stages_underway",
      },
    ]);
  });
});

describe("diffTournament: ids and times do not depend on when a watcher looked (the bug of issue 19)", () => {
  /**
   * Match A marked underway before the second watcher's first look: the first
   * watcher saw it open, then underway; the second first saw it underway. Before
   * the fix the second dated match.opened (and made its id) by underway_at, and
   * the first by updated_at: two ids for one opening, and --since between the
   * two times kept it on one backend and not on the other.
   */
  it("match.opened keeps its id and time when the first look already shows underway_at", async () => {
    const { s, t, looks } = await started();
    const a = await byIdentifier(s, t, "A");
    await matchState(s, t, a.id, "mark_as_underway");
    const late = await snap(s, t);
    looks.push(late);
    const early = watched(looks);
    const fromHistory = diffTournament(undefined, late);
    const fromPending = diffTournament(looks[0], late);
    const opened = (events: WatchEvent[]) =>
      events.filter((e) => e.type === "match.opened").map((e) => [e.id, e.at]);
    expect(opened(fromHistory)).toEqual(opened(early));
    expect(opened(fromPending)).toEqual(opened(early));
    const ids = (events: WatchEvent[]) => events.map((e) => e.id);
    expect(ids(fromHistory)).toEqual(ids(early));
    expect(ids(fromPending)).toEqual(ids(early));
    // --since between the opening and the underway mark: the same events everywhere.
    const since = Date.parse(early.find((e) => e.type === "match.underway")!.at);
    const sinceThen = (events: WatchEvent[]) =>
      ids(events.filter((e) => Date.parse(e.at) >= since));
    expect(sinceThen(fromHistory)).toEqual(sinceThen(early));
    expect(sinceThen(fromHistory)).toEqual([
      `t${t}.m${a.id}.underway.${late.matches.get(a.id)!.underwayAt}`,
    ]);
  });

  it("unmarked before the first look: the same opening as a watcher that saw both marks", async () => {
    const { s, t, looks } = await started();
    const a = await byIdentifier(s, t, "A");
    await matchState(s, t, a.id, "mark_as_underway");
    looks.push(await snap(s, t));
    await matchState(s, t, a.id, "unmark_as_underway");
    looks.push(await snap(s, t));
    const openedIds = (events: WatchEvent[]) =>
      events.filter((e) => e.type === "match.opened").map((e) => e.id);
    expect(openedIds(diffTournament(undefined, looks.at(-1)!))).toEqual(openedIds(watched(looks)));
  });

  it("a watcher that looked seldom tells a subset of the same ids", async () => {
    const { s, t, looks } = await started();
    const plays: [string, string | undefined][] = [
      ["A", "mark_as_underway"],
      ["A", undefined],
      ["B", "mark_as_underway"],
      ["B", undefined],
      ["C", "mark_as_underway"],
      ["C", undefined],
    ];
    for (const [identifier, state] of plays) {
      const m = await byIdentifier(s, t, identifier);
      if (state === undefined) await report(s, t, m);
      else await matchState(s, t, m.id, state);
      looks.push(await snap(s, t));
    }
    const every = watched(looks);
    const seldom = watched([looks[0]!, looks[2]!, looks[5]!, looks.at(-1)!]);
    const everyIds = new Map(every.map((e) => [e.id, e]));
    for (const e of seldom) {
      expect(everyIds.has(e.id), e.id).toBe(true);
      expect([e.type, e.at]).toEqual([everyIds.get(e.id)!.type, everyIds.get(e.id)!.at]);
    }
    // What the seldom watcher missed is only underway marks that came and went between its looks.
    const missed = every.filter((e) => !seldom.some((x) => x.id === e.id)).map(label);
    expect(missed).toEqual(["match.underway:B", "match.underway:C"]);
  });

  it("a round robin's match opens at its creation, whatever its players completed meanwhile", async () => {
    const s = await startService({ now: steppingClock() });
    const { id: t } = await createWithPlayers(s, { tournament_type: "round robin" }, 4);
    await changeState(s, t, "start");
    const first = await snap(s, t);
    const all = await matches(s, t, "open");
    const one = all[0]!;
    await report(s, t, one);
    const later = await snap(s, t);
    const opened = (x: TournamentSnapshot) =>
      diffTournament(undefined, x)
        .filter((e) => e.type === "match.opened")
        .map((e) => e.id);
    expect(opened(later)).toEqual(opened(first));
    expect(opened(first)).toHaveLength(6);
  });
});

describe("a two-stage tournament (round robin groups, then single elimination)", () => {
  it("every step told in order; the history of the finished tournament tells the same ids it has", async () => {
    const s = await startService({ now: steppingClock() });
    const { id: t } = await createWithPlayers(
      s,
      {
        tournament_type: "single elimination",
        group_stage_enabled: true,
        group_stage_options: {
          stage_type: "round robin",
          group_size: 4,
          participant_count_to_advance_per_group: 2,
        },
      },
      8,
    );
    const looks = [await snap(s, t)];
    const step = async (run: () => Promise<unknown>) => {
      await run();
      looks.push(await snap(s, t));
    };
    const playOpen = async () => {
      for (
        let open = await matches(s, t, "open");
        open.length > 0;
        open = await matches(s, t, "open")
      )
        for (const m of open) await step(() => report(s, t, m));
    };
    await step(() => changeState(s, t, "start_group_stage"));
    await playOpen();
    await step(() => changeState(s, t, "finalize_group_stage"));
    await step(() => changeState(s, t, "start"));
    await playOpen();
    await step(() => changeState(s, t, "finalize"));
    const every = watched(looks);
    const states = every.filter((e) => e.match === undefined).map(label);
    expect(states).toEqual([
      "tournament.state_changed:group_stages_underway",
      "group_stage.finalized:group_stages_finalized",
      "tournament.state_changed:underway",
      "tournament.state_changed:awaiting_review",
      "tournament.state_changed:complete",
    ]);
    // 12 group matches (2 groups of 4) and 3 final ones (2 advancing from each), opened and completed.
    const count = (type: string) => every.filter((e) => e.type === type).length;
    expect([count("match.opened"), count("match.completed")]).toEqual([15, 15]);
    const times = every.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    const history = diffTournament(undefined, looks.at(-1)!);
    const byId = new Map(every.map((e) => [e.id, e]));
    for (const e of history) {
      expect(byId.has(e.id), `${label(e)} ${e.id}`).toBe(true);
      expect(e.at).toBe(byId.get(e.id)!.at);
    }
    expect(history.filter((e) => e.match !== undefined)).toHaveLength(30);
  });

  it("the history, a watcher that saw every step and one that looked seldom tell the same events", async () => {
    const s = await startService({ now: steppingClock() });
    const { id: t } = await createWithPlayers(
      s,
      {
        tournament_type: "single elimination",
        group_stage_enabled: true,
        group_stage_options: {
          stage_type: "round robin",
          group_size: 4,
          participant_count_to_advance_per_group: 2,
        },
      },
      8,
    );
    const looks = [await snap(s, t)];
    // Where the seldom watcher looked: after the group stage's start, after its last
    // report, after the final stage's first report, at the end.
    const seldom: number[] = [0];
    const step = async (run: () => Promise<unknown>) => {
      await run();
      looks.push(await snap(s, t));
    };
    const playOpen = async () => {
      for (
        let open = await matches(s, t, "open");
        open.length > 0;
        open = await matches(s, t, "open")
      )
        for (const m of open) await step(() => report(s, t, m));
    };
    await step(() => changeState(s, t, "start_group_stage"));
    seldom.push(looks.length - 1);
    await playOpen();
    seldom.push(looks.length - 1);
    await step(() => changeState(s, t, "finalize_group_stage"));
    await step(() => changeState(s, t, "start"));
    const first = (await matches(s, t, "open"))[0]!;
    await step(() => report(s, t, first));
    seldom.push(looks.length - 1);
    await playOpen();
    await step(() => changeState(s, t, "finalize"));
    seldom.push(looks.length - 1);
    const every = watched(looks);
    expect(every.filter((e) => e.match === undefined).map(label)).toEqual([
      "tournament.state_changed:group_stages_underway",
      "group_stage.finalized:group_stages_finalized",
      "tournament.state_changed:underway",
      "tournament.state_changed:awaiting_review",
      "tournament.state_changed:complete",
    ]);
    // Each match as it stood at its event: open, no winner, no scores when it opened.
    for (const e of every.filter((x) => x.type === "match.opened"))
      expect(e.match).toMatchObject({ state: "open", winner: null, loser: null, scores: "" });
    expect(watched(seldom.map((i) => looks[i]!))).toEqual(every);
    expect(diffTournament(undefined, looks.at(-1)!)).toEqual(every);
  });
});

describe("notified", () => {
  it("upon_matches_open governs match.opened, upon_tournament_ends the change to complete", async () => {
    const record = (flags: Record<string, boolean>) => ({
      id: "1",
      attributes: { name: "Cup", state: "underway", notifications: flags },
    });
    const off = tournamentSnapshot(
      record({ upon_matches_open: false, upon_tournament_ends: false }),
      [],
      [],
      SEEN,
    );
    const on = tournamentSnapshot(record({}), [], [], SEEN);
    const event = (type: WatchEvent["type"], state?: string) =>
      ({
        id: "x",
        type,
        at: SEEN,
        tournament: off.tournament,
        ...(state ? { state } : {}),
      }) as WatchEvent;
    expect(notified(off, event("match.opened"))).toBe(false);
    expect(notified(off, event("tournament.state_changed", "complete"))).toBe(false);
    expect(notified(off, event("tournament.state_changed", "awaiting_review"))).toBe(true);
    expect(notified(off, event("match.completed"))).toBe(true);
    expect(notified(on, event("match.opened"))).toBe(true);
  });
});

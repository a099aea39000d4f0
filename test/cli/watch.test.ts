/**
 * `tourney watch` in-process on the embedded default (issue 19): a race's history
 * with --since and --until complete (a finished race: its events, then exit 0),
 * readable lines at a terminal and NDJSON piped, --events, the race's notification
 * flags and --all, the lookup (a tournament first, then a race; --race), and the
 * usage errors.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox } from "../helpers/cli.js";
import { createGrandPrix } from "../helpers/cli-tournament.js";

const sandbox = createSandbox();
afterAll(() => sandbox.cleanup());

async function ok(args: string[], stdin?: string): Promise<string> {
  const r = await sandbox.run(args, stdin === undefined ? {} : { stdin });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** A 2-round grand prix of Ada and Grace, run to its end. */
async function runRace(url: string, ...set: string[]): Promise<void> {
  await createGrandPrix(
    sandbox,
    2,
    ["Ada", "Grace"],
    ["--name", `GP ${url}`, "--url", url, ...set],
  );
  await ok(["race", "start", url]);
  for (const round of [1, 2]) {
    await ok(["race", "update", url, "Ada", "--time", `1:01.${round}00`]);
    await ok(["race", "update", url, "Grace", "--time", `1:02.${round}00`]);
    await ok(["race", "end-round", url]);
  }
}

/** A finished subject's whole history as NDJSON, then exit 0. */
const HISTORY = ["--since", "1d", "--until", "complete", "--json"];

const types = (ndjson: string) =>
  ndjson
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line))
    .map((e) => {
      const what = e.match?.identifier ?? e.round ?? e.state;
      return `${e.type}:${what}${e.participant ? `:${e.participant.name}` : ""}`;
    });

/** `watch ARGS` of a finished subject's whole history, expecting exit 0; its events as `type:what`. */
async function history(...args: string[]) {
  const r = await sandbox.run(["watch", ...args, ...HISTORY]);
  expect(r.code, r.stderr).toBe(0);
  return { ...r, events: types(r.stdout) };
}

describe("tourney watch RACE (embedded)", () => {
  beforeAll(async () => {
    await runRace("gp");
    await runRace(
      "quiet",
      "--set",
      "notifications.uponMatchesOpen=false",
      "--set",
      "notifications.uponTournamentEnds=false",
    );
  });

  it("--since and --until complete: a finished race's events as NDJSON, then exit 0", async () => {
    const r = await history("gp");
    expect(r.stderr).toBe("watching race GP gp (completed); Ctrl-C stops\n");
    expect(r.events).toEqual([
      "race.state_changed:underway",
      "round.started:1",
      "elapsed_time.recorded:1:Ada",
      "elapsed_time.recorded:1:Grace",
      "round.finished:1",
      "round.started:2",
      "elapsed_time.recorded:2:Ada",
      "elapsed_time.recorded:2:Grace",
      "round.finished:2",
      "race.state_changed:completed",
    ]);
    const first = JSON.parse(r.stdout.split("\n")[0]!);
    expect(Object.keys(first).sort()).toEqual([
      "at",
      "id",
      "previous_state",
      "state",
      "tournament",
      "type",
    ]);
    expect(first.tournament).toEqual({ id: expect.any(String), url: "gp", name: "GP gp" });
  });

  it("tourney race watch RACE is tourney watch RACE --race", async () => {
    const verb = await sandbox.run(["race", "watch", "gp", ...HISTORY]);
    expect(verb.code, verb.stderr).toBe(0);
    expect(verb.stdout).toBe((await history("gp", "--race")).stdout);
    expect(types(verb.stdout)).toHaveLength(10);
  });

  it("at a terminal: one readable line an event", async () => {
    const r = await sandbox.run(["watch", "gp", "--since", "1d", "--until", "complete"], {
      tty: true,
      env: { NO_COLOR: "1" },
    });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout
      .trimEnd()
      .split("\n")
      .map((line) => line.replace(/^\S+ {2}/, ""));
    expect(lines).toEqual([
      "GP gp: state pending -> underway",
      "GP gp: round 1 started",
      "GP gp: round 1: Ada 00:01:01.100",
      "GP gp: round 1: Grace 00:01:02.100",
      "GP gp: round 1 finished",
      "GP gp: round 2 started",
      "GP gp: round 2: Ada 00:01:01.200",
      "GP gp: round 2: Grace 00:01:02.200",
      "GP gp: round 2 finished",
      "GP gp: state underway -> completed",
    ]);
  });

  it("--events keeps those types", async () => {
    const { events } = await history("gp", "--events", "round.finished,race.state_changed");
    expect(events).toEqual([
      "race.state_changed:underway",
      "round.finished:1",
      "round.finished:2",
      "race.state_changed:completed",
    ]);
  });

  it("the race's notification flags: uponMatchesOpen off drops round.started, uponTournamentEnds off the completion; --all shows them", async () => {
    const told = (await history("quiet")).events;
    expect(told.filter((t) => t.startsWith("round.started") || t.endsWith(":completed"))).toEqual(
      [],
    );
    expect(told).toHaveLength(7);
    expect((await history("quiet", "--all")).events).toHaveLength(10);
  });

  it("a tournament and a race with one url: the tournament, unless --race", async () => {
    await ok(["tournament", "create", "--name", "Cup gp", "--url", "gp"]);
    await ok(["participants", "bulk-add", "gp"], "Ann\nBob\n");
    await ok(["tournament", "start", "gp"]);
    await ok(["match", "report", "gp", "A", "--winner", "Ann", "--scores", "2-0"]);
    await ok(["tournament", "finalize", "gp"]);
    const tournament = await history("gp");
    expect(tournament.stderr).toBe("watching Cup gp (complete); Ctrl-C stops\n");
    expect(tournament.events).toEqual([
      "tournament.state_changed:underway",
      "match.opened:A",
      "match.completed:A",
      "tournament.state_changed:awaiting_review",
      "tournament.state_changed:complete",
    ]);
    expect((await history("gp", "--race")).events).toHaveLength(10);
  });

  it("--since YYYY (a bare year, ISO 8601): the events since that year's start", async () => {
    const year = String(new Date().getUTCFullYear());
    const args = ["gp", "--race", "--since", year, "--until", "complete", "--json"];
    const r = await sandbox.run(["watch", ...args]);
    expect(r.code, r.stderr).toBe(0);
    expect(types(r.stdout)).toEqual((await history("gp", "--race")).events);
    expect(types(r.stdout)).toHaveLength(10);
  });

  it("usage errors exit 2 naming the flag; an unknown target exits 3", async () => {
    const until = await sandbox.run(["watch", "gp", "--until", "finished"]);
    expect([until.code, until.stderr]).toEqual([
      2,
      expect.stringContaining('--until takes "complete"'),
    ]);
    const events = await sandbox.run(["watch", "gp", "--events", "round.begun"]);
    expect([events.code, events.stderr]).toEqual([
      2,
      expect.stringContaining('unknown event type "round.begun"'),
    ]);
    // A number without a unit is no time: Date.parse read "0" as 2000-01-01, "12" as December 2001.
    for (const since of ["0", "12", "202", "20261"]) {
      const bare = await sandbox.run(["watch", "gp", "--since", since]);
      expect([bare.code, bare.stderr]).toEqual([
        2,
        expect.stringContaining(
          `--since ${since} needs a unit (${since}s, ${since}m, ${since}h, ${since}d ago) or a date and time (2025-05-01T18:00:00Z)`,
        ),
      ]);
    }
    const none = await sandbox.run(["watch", "nowhere"]);
    expect([none.code, none.stderr]).toEqual([
      3,
      expect.stringContaining('no tournament or race "nowhere"'),
    ]);
    const race = await sandbox.run(["watch", "nowhere", "--race"]);
    expect([race.code, race.stderr]).toEqual([
      3,
      expect.stringContaining("race nowhere not found"),
    ]);
  });
});

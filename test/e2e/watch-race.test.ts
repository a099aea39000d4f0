/**
 * End to end (issue 19): the built binary's `tourney watch RACE --json --until
 * complete` while another process runs a 3-round grand prix of 4 racers to its end,
 * on the embedded default (the database file), against `tourney serve` (its event
 * stream, GET /v2.1/races/{r}/events) and against the same serve polled with
 * If-None-Match (--poll --interval 0.2): the same events every time, exit 0. The
 * embedded watch finds the race by falling back from the tournament lookup; the
 * others are told --race.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";
import {
  backends,
  idlePolledWatch,
  sequence,
  tourney,
  watch,
  watchThrough,
} from "../helpers/watch-process.js";

const RACERS = ["Ada", "Grace", "Linus", "Barbara"];

/**
 * By hand: the start (the race under way, round 1 started); in each round the four
 * times in the order they are entered, then end-round (the round finished, the next
 * started; after round 3 the race completed): 1 + 3 + 12 + 3 + 1 = 20 events.
 */
const EXPECTED = [
  "race.state_changed:underway",
  "round.started:1",
  ...[1, 2, 3].flatMap((round) => [
    ...RACERS.map((name) => `elapsed_time.recorded:${round}:${name}`),
    `round.finished:${round}`,
    round < 3 ? `round.started:${round + 1}` : "race.state_changed:completed",
  ]),
];

/** A pending 3-round grand prix of the four racers. */
async function prepare(env: Record<string, string>, url: string): Promise<void> {
  await tourney(
    env,
    "race",
    "create",
    "--name",
    `GP ${url}`,
    "--url",
    url,
    "--type",
    "grand prix",
    "--rounds",
    "3",
  );
  const added = await runBinary(
    ["race", "participants", "bulk-add", url],
    env,
    `${RACERS.join("\n")}\n`,
  );
  expect(added.code, added.stderr).toBe(0);
}

/** Another process runs it: start, each racer's time in each round, end-round after each. */
async function runToEnd(env: Record<string, string>, url: string): Promise<void> {
  await tourney(env, "race", "start", url);
  for (let round = 1; round <= 3; round++) {
    for (const [i, name] of RACERS.entries())
      await tourney(env, "race", "update", url, name, "--time", `1:0${i}.${round}00`);
    await tourney(env, "race", "end-round", url);
  }
}

describe.runIf(BUILT)("tourney watch of a race, built, on each backend", () => {
  let sb: ServedSandbox;
  beforeAll(async () => {
    sb = await servedSandbox("watch-race");
  });
  afterAll(() => sb.close());

  const ids: string[][] = [];
  for (const c of backends("gp", ["--race"])) {
    it(`${c.name}: the 20 events of a 3-round grand prix of 4 racers, then exit 0`, async () => {
      const env = c.remote ? sb.remote : sb.local;
      await prepare(env, c.url);
      const r = await watchThrough(env, c.url, c.flags, () => runToEnd(env, c.url));
      expect(r.stderr).toContain(`watching race GP ${c.url} (pending)`);
      const got = sequence(r.stdout);
      expect(got).toEqual(EXPECTED);
      const count = (type: string) => got.filter((e) => e.startsWith(`${type}:`)).length;
      expect(
        ["race.state_changed", "round.started", "round.finished", "elapsed_time.recorded"].map(
          count,
        ),
      ).toEqual([2, 3, 3, 12]);
      const events = r.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      const time = events.find((e) => e.type === "elapsed_time.recorded");
      expect(time).toMatchObject({
        tournament: { url: c.url, name: `GP ${c.url}` },
        round: 1,
        participant: { name: "Ada" },
        elapsed_time: { ms: 60_100, formatted: "00:01:00.100" },
      });
      // The same ids on every backend, but for the race's own id.
      ids.push(events.map((e) => String(e.id).replace(/^r\d+\./, "r.")));
    }, 90_000);
  }

  it("the ids are the same on the three backends, but for the race's numbers", () => {
    expect(ids).toHaveLength(3);
    const shape = (list: string[]) =>
      list.map((id) => id.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "T").replace(/time\d+/, "time"));
    expect(shape(ids[1]!)).toEqual(shape(ids[0]!));
    expect(shape(ids[2]!)).toEqual(shape(ids[0]!));
  });

  it("serve's race GETs answer an ETag and 304 to a matching If-None-Match, no body", async () => {
    const headers = { authorization: sb.served.apiKey, "authorization-type": "v1" };
    const base = `http://127.0.0.1:${sb.served.port}/v2.1/races/gp_polled`;
    for (const path of ["", "/participants", "/rounds", "/rounds/2", "/rounds/2/elapsed_times"]) {
      const first = await fetch(`${base}${path}`, { headers });
      expect(first.status, path).toBe(200);
      const etag = first.headers.get("etag")!;
      expect(etag, path).toMatch(/^"[\w.]+"$/);
      const again = await fetch(`${base}${path}`, {
        headers: { ...headers, "if-none-match": etag },
      });
      expect([again.status, await again.text()], path).toEqual([304, ""]);
    }
  });

  it("a polled race watch transfers no body while nothing changes; Ctrl-C exits 130 quietly", async () => {
    const { statuses, ...r } = await idlePolledWatch(sb.remote, 10, "gp_polled", "--race");
    expect(r.code).toBe(130);
    expect(r.stdout).toBe("");
    expect(r.stderr).not.toMatch(/Error|at .*\.js/);
    // The race read once to find it (200), its first look asks with that tag (304);
    // participants, rounds and the three completed rounds' times once each (200);
    // every later look at the race is a 304 and reads nothing else.
    expect(statuses.slice(0, 7)).toEqual(["200", "304", "200", "200", "200", "200", "200"]);
    expect(statuses.length).toBeGreaterThan(9);
    expect(new Set(statuses.slice(7))).toEqual(new Set(["304"]));
  });

  it("Ctrl-C while reading serve's race stream exits 130 with nothing printed", async () => {
    const w = watch(sb.remote, "gp_stream", "--race", "--json");
    await w.ready;
    w.child.kill("SIGINT");
    const r = await w.done;
    expect(r.code).toBe(130);
    expect(r.stdout).toBe("");
    expect(r.stderr).not.toMatch(/Error|at .*\.js/);
  });

  it("an unknown target is neither a tournament nor a race: exit 3 naming both", async () => {
    const r = await runBinary(["watch", "no_such_thing"], sb.local);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('no tournament or race "no_such_thing"');
    const race = await runBinary(["watch", "no_such_thing", "--race"], sb.local);
    expect(race.code).toBe(3);
    expect(race.stderr).toContain("race no_such_thing not found");
  });
});

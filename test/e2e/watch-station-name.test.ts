/**
 * `tourney watch` names the station a match opens at by its name ("Table 1"), as
 * `station list`, `match list` and the viewer do, not by its id: players told "station
 * 3" went to the wrong table (an outside review). The terminal line says `at Table 1` and
 * the JSON event carries `station: {id, name}` beside `station_id`, on the embedded
 * default, against a real serve on loopback (its event stream builds the events) and
 * against the same serve polled. The watch runs in-process (a terminal's lines need a
 * TTY) while the built binary plays the tournament to its end.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/run.js";
import { BUILT } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";
import { capturedIo } from "../helpers/streams.js";
import { backends, idlePolledWatch, tourney } from "../helpers/watch-process.js";

/** Each station's name by id, as `station list` tells them. */
async function stationsOf(env: Record<string, string>, url: string): Promise<Map<number, string>> {
  const listed = JSON.parse(await tourney(env, "station", "list", url, "--json"));
  const rows = (Array.isArray(listed) ? listed : listed.data) as Record<string, unknown>[];
  return new Map(rows.map((s) => [Number(s.id), String(s.name ?? (s.attributes as any)?.name)]));
}

/** Reports every open match for player 1, then finalizes. */
async function playToEnd(env: Record<string, string>, t: string): Promise<void> {
  for (const identifier of ["A", "B", "C"]) {
    const listed = JSON.parse(await tourney(env, "match", "list", t, "--json"));
    const rows = (Array.isArray(listed) ? listed : listed.data) as Record<string, unknown>[];
    const m = rows.find((r) => r.identifier === identifier)!;
    const winner = String(m.player1_id ?? (m.player1 as { id: string }).id);
    await tourney(env, "match", "report", t, identifier, "--winner", winner, "--scores", "2-1");
  }
  await tourney(env, "tournament", "finalize", t);
}

/** `watch T --since 1h --until complete ARGS` in-process while the binary plays it to the end. */
async function watchThrough(
  env: Record<string, string>,
  t: string,
  tty: boolean,
  args: readonly string[],
) {
  const io = capturedIo({ tty });
  const argv = ["watch", t, "--since", "1h", "--until", "complete", "--no-color", ...args];
  const done = run(argv, { io, env, homeDir: `${env.TOURNEY_CONFIG_DIR}-home` });
  // Its first look is done once it says what it watches (before that nothing is played).
  while (!io.stderr.text.includes("watching ")) {
    const code = await Promise.race([done, new Promise((r) => setTimeout(r, 20))]);
    if (typeof code === "number") throw new Error(`watch exited ${code}: ${io.stderr.text}`);
  }
  await playToEnd(env, t);
  expect(await done, io.stderr.text).toBe(0);
  return io.stdout.text;
}

describe.runIf(BUILT)("tourney watch names a match's station", () => {
  let sb: ServedSandbox;
  beforeAll(async () => {
    sb = await servedSandbox("station-name");
  });
  afterAll(() => sb.close());

  const start = async (env: Record<string, string>, url: string) => {
    await tourney(
      env,
      "tournament",
      "create",
      "--name",
      `Auto ${url}`,
      "--url",
      url,
      "--set",
      "station_options.auto_assign=true",
    );
    for (const name of ["Ada", "Grace", "Linus", "Margaret"]) {
      await tourney(env, "participants", "add", url, name);
    }
    await tourney(env, "station", "create", url, "Table 1");
    await tourney(env, "station", "create", url, "Table 2");
    await tourney(env, "tournament", "start", url);
    return stationsOf(env, url);
  };

  for (const c of backends("st")) {
    it(`${c.name}: the terminal line says 'at Table 1', not the station's id`, async () => {
      const env = c.remote ? sb.remote : sb.local;
      const url = `${c.url}_text`;
      await start(env, url);
      const out = await watchThrough(env, url, true, c.flags);
      const opened = out.split("\n").filter((l) => / match [AB] \(round 1\) open: /.test(l));
      expect(opened.length, out).toBe(2);
      const at = opened.map((l) => / at (.*)$/.exec(l)?.[1]).sort();
      expect(at, out).toEqual(["Table 1", "Table 2"]);
      expect(out).not.toMatch(/at station \d/);
    }, 90_000);

    it(`${c.name}: the JSON event carries station {id, name} beside station_id`, async () => {
      const env = c.remote ? sb.remote : sb.local;
      const url = `${c.url}_json`;
      const stations = await start(env, url);
      const out = await watchThrough(env, url, false, ["--json", ...c.flags]);
      const events = out
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      const opened = events.filter(
        (e) => e.type === "match.opened" && ["A", "B"].includes(e.match.identifier),
      );
      expect(opened.length, out).toBe(2);
      for (const e of opened) {
        expect(typeof e.match.station_id, out).toBe("number");
        expect(e.match.station).toEqual({
          id: e.match.station_id,
          name: stations.get(e.match.station_id),
        });
      }
      expect(opened.map((e) => e.match.station.name).sort()).toEqual(["Table 1", "Table 2"]);
      // A match on no station names none.
      const completed = events.filter((e) => e.type === "match.completed");
      expect(completed.length, out).toBe(3);
      for (const e of completed) expect(e.match.station).toBeNull();
    }, 90_000);
  }

  it("polled, a look reads the stations only when a match is on one, and only when changed", async () => {
    await start(sb.remote, "st_idle");
    const { statuses, ...r } = await idlePolledWatch(sb.remote, 9, "st_idle");
    expect(r.code).toBe(130);
    const paths = [...r.stderr.matchAll(/^> GET (\S+)/gm)].map((m) =>
      m[1]!.split("?")[0]!.replace(/\.json$/, ""),
    );
    // Found (200), the first look's tag (304), participants, matches, then its stations (200);
    // every later look one 304 of the tournament.
    expect(paths.slice(0, 5)).toEqual([
      "/v2.1/tournaments/st_idle",
      "/v2.1/tournaments/st_idle",
      "/v2.1/tournaments/st_idle/participants",
      "/v2.1/tournaments/st_idle/matches",
      "/v2.1/tournaments/st_idle/stations",
    ]);
    expect(statuses.slice(0, 5)).toEqual(["200", "304", "200", "200", "200"]);
    expect(new Set(paths.slice(5))).toEqual(new Set(["/v2.1/tournaments/st_idle"]));
    expect(new Set(statuses.slice(5))).toEqual(new Set(["304"]));
  }, 60_000);
});

/**
 * End to end: `tourney watch --json`'s match events carry the match's `group_id` and `bracket`
 * (and a placement match's `places`) as the v2.1 match records name them, on every backend:
 * the embedded default (the database file), serve's event stream (serve builds the events)
 * and serve polled with If-None-Match. A two-stage tournament played by `tourney demo --keep`
 * (round robin groups of 4, then single elimination with a third-place match), its history
 * watched (`--since`): each event's group and bracket are its match's in `match list --json`.
 * Before, the events had neither. test/e2e/watch-replay checks that a live watch prints the
 * same lines as the history.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";
import { backends, told, tourney, watch } from "../helpers/watch-process.js";

/** A match's group and bracket, as an event or the match list tells them. */
const where = (m: { group_id: unknown; bracket: unknown }) => `${m.group_id}/${m.bracket}`;

describe.runIf(BUILT)("tourney watch --json: a match's group_id and bracket", () => {
  let sb: ServedSandbox;
  beforeAll(async () => {
    sb = await servedSandbox("watch-json-bracket");
    await tourney(sb.local, "demo", "--keep", "--seed", "7");
    await tourney(sb.remote, "demo", "--keep", "--seed", "7");
  });
  afterAll(() => sb.close());

  // The url backends() names is not used: each store holds its one demo tournament.
  for (const c of backends("demo")) {
    it(`${c.name}: every match event says its match's group and bracket`, async () => {
      const env = c.remote ? sb.remote : sb.local;
      const [demo] = JSON.parse(await tourney(env, "tournament", "list", "--json"));
      const list = JSON.parse(await tourney(env, "match", "list", demo.url, "--json")) as {
        id: number;
        group_id: number | null;
        bracket: string;
      }[];
      const listed = new Map(list.map((m) => [String(m.id), where(m)]));
      const args = ["--json", "--since", "1d", "--until", "complete", ...c.flags];
      const r = await watch(env, demo.url, ...args).done;
      expect(r.code, told(r)).toBe(0);
      const events = r.stdout
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line))
        .filter((e) => e.match !== undefined);
      // Every match opened and completed (a bye-free 8-player demo).
      expect(events.length).toBe(2 * list.length);
      for (const e of events) expect(where(e.match)).toBe(listed.get(e.match.id));
      const seen = new Set(events.map((e) => where(e.match)));
      const groups = new Set(list.filter((m) => m.group_id !== null).map((m) => m.group_id));
      expect(groups.size).toBe(2);
      expect([...seen].sort()).toEqual(
        [...[...groups].map((g) => `${g}/round_robin`), "null/winners", "null/third_place"].sort(),
      );
    }, 60_000);
  }
});

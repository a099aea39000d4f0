/**
 * End to end (an outside review): a racer's time corrected back to a value it had before
 * (1:01 -> 1:02 -> 1:01, and 61 s -> DNF -> 61 s) is a new event with a new id on serve's
 * race stream (GET /v2.1/races/{r}/events, its bytes read with fetch), each id later than
 * the last, and `tourney watch --race` through serve's stream tells every correction, as
 * the embedded watch does. Before, the id was `...time<id>.<ms>`: the correction back had
 * the id of the first time, and the remote watch (which skips ids it has) dropped it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { openStream } from "../helpers/event-stream.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";
import { captured, tourney, watch } from "../helpers/watch-process.js";

const CORRECTIONS = ["1:01.000", "1:02.000", "1:01.000", "--dnf", "1:01.000"];
/** What each correction's event carries (ms), in order. */
const VALUES = [61_000, 62_000, 61_000, null, 61_000];

const AT = /\.(\d{4}-\d\d-\d\dT[\d:.]+Z)$/;

async function prepare(env: Record<string, string>, url: string): Promise<void> {
  await tourney(env, "race", "create", "--name", `TT ${url}`, "--url", url);
  const added = await runBinary(["race", "participants", "bulk-add", url], env, "Ada\nBea\n");
  expect(added.code, added.stderr).toBe(0);
  await tourney(env, "race", "start", url);
}

/** Each correction made once the one before was told (`told(n)`: n told), not two at once. */
async function correct(
  env: Record<string, string>,
  url: string,
  told: (n: number) => Promise<unknown>,
): Promise<void> {
  for (const [i, c] of CORRECTIONS.entries()) {
    await tourney(env, "race", "update", url, "Ada", ...(c === "--dnf" ? [c] : ["--time", c]));
    await told(i + 1);
  }
}

/** The elapsed_time.recorded events of a watch's NDJSON output (its whole lines): their ms. */
const toldIn = (stdout: string) =>
  stdout
    .split("\n")
    .slice(0, -1)
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line))
    .filter((e) => e.type === "elapsed_time.recorded")
    .map((e) => e.elapsed_time.ms);

describe.runIf(BUILT)("a race time corrected back to an earlier value", () => {
  let sb: ServedSandbox;
  beforeAll(async () => {
    sb = await servedSandbox("race-time-corrected");
  });
  afterAll(() => sb.close());

  it("serve's stream: one event a correction, each id its own and later than the last", async () => {
    await prepare(sb.remote, "tt_stream");
    const headers = { authorization: sb.served.apiKey, "authorization-type": "v1" };
    const stream = await openStream(
      `http://127.0.0.1:${sb.served.port}/v2.1/races/tt_stream/events?since=2000-01-01T00:00:00Z`,
      headers,
    );
    await stream.until((ids) => ids.some((id) => /\.round1\.started\./.test(id)));
    const times = () => stream.events().filter((e) => e.type === "elapsed_time.recorded");
    await correct(sb.remote, "tt_stream", (n) => stream.until(() => times().length >= n));
    const events = times();
    stream.close();
    expect(events.map((e) => (e.elapsed_time as { ms: number | null }).ms)).toEqual(VALUES);
    const ids = events.map((e) => String(e.id));
    expect(new Set(ids).size).toBe(ids.length);
    // Each ends with its at; in the order sent, never earlier than the one before.
    const ats = ids.map((id) => AT.exec(id)?.[1]);
    expect(ats).toEqual(events.map((e) => e.at));
    expect(ats.map((at) => Date.parse(at!))).toEqual(ats.map((at) => Date.parse(at!)).sort());
  }, 90_000);

  for (const remote of [false, true])
    it(`tourney watch ${remote ? "through serve's stream" : "embedded"} tells all five`, async () => {
      const env = remote ? sb.remote : sb.local;
      const url = remote ? "tt_watch_remote" : "tt_watch_embedded";
      await prepare(env, url);
      const w = watch(env, url, "--race", "--json", "--until", "complete");
      const out = captured(w.child);
      await w.ready;
      await correct(env, url, async (n) => {
        while (toldIn(out.stdout()).length < n) {
          if (w.child.exitCode !== null) throw new Error(`watch exited: ${out.stderr()}`);
          await new Promise((r) => setTimeout(r, 20));
        }
      });
      await tourney(env, "race", "end-round", url);
      const r = await w.done;
      expect(r.code, r.stderr).toBe(0);
      expect(toldIn(r.stdout)).toEqual(VALUES);
    }, 90_000);
});

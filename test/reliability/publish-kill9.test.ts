/**
 * A publish killed with SIGKILL at a seeded random moment, then run again, ends
 * with the same tournament on serve as a publish that was never interrupted: one
 * tournament, no participant twice, every match's players, scores and winner and the
 * final ranks as in the embedded original (issue 29). Ten seeded runs, each on its
 * own tournament, through the built binary against a real serve on loopback; each
 * run is cut at its seeded n-th write request.
 */
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seededRandom } from "../../src/model/seeded-random.js";
import { comparable } from "../cli/transfer/export-check.js";
import { FORMATS, playedTournament } from "../cli/transfer/play-fixture.js";
import { runBinary } from "../helpers/binary.js";
import { makeTestFactory } from "../helpers/factory.js";
import { publishKilledAt, targetOf } from "../helpers/publish-kill.js";
import { exportedFrom, type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

const RUNS = 10;
const random = seededRandom(2029);
let sandbox: ServedSandbox;
beforeAll(async () => {
  sandbox = await servedSandbox("publish-kill");
}, 60_000);
afterAll(async () => sandbox.close());

it(`${RUNS} publishes killed at seeded moments, then re-run, end as one uninterrupted publish`, async () => {
  const format = { ...FORMATS[1]!, players: 24 };
  const local = makeTestFactory({ env: sandbox.local, homeDir: join(sandbox.dir, "home") });
  const client = await local.factory.client();
  const ends: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    const url = `kill${run}`;
    await playedTournament(client, url, format, 10_000, run % 2 === 0);
    const nth = 1 + Math.floor(random() * 50);
    ends.push(await publishKilledAt(sandbox.local, url, nth, targetOf(sandbox)));
    const again = await runBinary(["tournament", "publish", url, "--to", "lan"], sandbox.local);
    expect(again.code, again.stderr).toBe(0);
    const here = await exportedFrom(sandbox, false, url);
    const there = await exportedFrom(sandbox, true, url);
    expect(comparable(there)).toEqual(comparable(here));
    expect(there.participants.map((p: { name: string }) => p.name).sort()).toEqual(
      here.participants.map((p: { name: string }) => p.name).sort(),
    );
  }
  await local.factory.close();
  const remote = makeTestFactory({ env: sandbox.remote, homeDir: join(sandbox.dir, "home") });
  const all = await (await remote.factory.client()).tournaments.listAll();
  const names = all.map((t) => String(t.attributes.name)).sort();
  expect(names).toEqual(Array.from({ length: RUNS }, (_, i) => `Event kill${i}`).sort());
  await remote.factory.close();
  // A 24-player double elimination takes more than 50 writes: every run was cut.
  expect(ends).toEqual(Array.from({ length: RUNS }, () => "SIGKILL"));
}, 300_000);

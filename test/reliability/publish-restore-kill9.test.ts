/**
 * A publish of a tournament holding check-ins, a participant removed mid-event,
 * an attachment, open scores, stations and a queue (restore-fixture.ts), killed
 * with SIGKILL at a seeded write request, then run again, ends as one publish
 * never interrupted (issue 29): the same document on serve (no attachment, station,
 * queued match or check-in twice), and a third run sends nothing.
 */
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seededRandom } from "../../src/model/seeded-random.js";
import { comparable } from "../cli/transfer/export-check.js";
import { eventUnderway } from "../cli/transfer/restore-fixture.js";
import { runBinary } from "../helpers/binary.js";
import { makeTestFactory } from "../helpers/factory.js";
import { publishKilledAt, targetOf } from "../helpers/publish-kill.js";
import { exportedFrom, type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

const RUNS = 6;
const random = seededRandom(2930);
let sandbox: ServedSandbox;
beforeAll(async () => {
  sandbox = await servedSandbox("restore-kill");
}, 60_000);
afterAll(async () => sandbox.close());

it(`${RUNS} publishes of a tournament with check-ins, stations and an attachment, killed and re-run`, async () => {
  const local = makeTestFactory({ env: sandbox.local, homeDir: join(sandbox.dir, "home") });
  const client = await local.factory.client();
  const ends: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    const url = `restore${run}`;
    await eventUnderway(client, url);
    // About 25 writes in all: create, add, 7 check-ins, process, start, reports, a
    // removal, scores, a mark, 2 stations, 2 queued, an attachment.
    const nth = 1 + Math.floor(random() * 24);
    ends.push(await publishKilledAt(sandbox.local, url, nth, targetOf(sandbox)));
    const again = await runBinary(["tournament", "publish", url, "--to", "lan"], sandbox.local);
    expect(again.code, again.stderr).toBe(0);
    const here = await exportedFrom(sandbox, false, url);
    expect(comparable(await exportedFrom(sandbox, true, url))).toEqual(comparable(here));
    const third = await runBinary(
      ["tournament", "publish", url, "--to", "lan", "--json"],
      sandbox.local,
    );
    expect(JSON.parse(third.stdout)).toMatchObject({
      created: false,
      added: 0,
      reported: 0,
      checked_in: 0,
      deactivated: 0,
      open: 0,
      stations: 0,
      attachments: 0,
    });
  }
  await local.factory.close();
  expect(ends).toEqual(Array.from({ length: RUNS }, () => "SIGKILL"));
}, 300_000);

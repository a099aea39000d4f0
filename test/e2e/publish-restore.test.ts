/**
 * `tourney tournament publish` to a real `serve` on loopback carries what the
 * v2.1 interface can carry beyond the results (issue 29): check-ins, a
 * participant removed mid-event, open matches' scores and underway marks,
 * stations and their queues (also mid group stage), attachments' url and
 * description. The dry run lists these steps first; a re-run sends nothing.
 */
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runTournamentExport } from "../../src/cli/commands/tournament/export.js";
import { runTournamentPublish } from "../../src/cli/commands/tournament/publish.js";
import { comparable } from "../cli/transfer/export-check.js";
import { eventUnderway, groupStageUnderway } from "../cli/transfer/restore-fixture.js";
import { makeTestFactory, type TestFactory } from "../helpers/factory.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

let sandbox: ServedSandbox;
beforeAll(async () => {
  sandbox = await servedSandbox("restore");
}, 60_000);
afterAll(async () => sandbox.close());

function factory(remote: boolean, json: boolean): TestFactory {
  return makeTestFactory(
    { env: remote ? sandbox.remote : sandbox.local, homeDir: join(sandbox.dir, "home") },
    { globals: { json } },
  );
}

async function run<T>(remote: boolean, json: boolean, verb: (f: TestFactory) => Promise<T>) {
  const f = factory(remote, json);
  try {
    await verb(f);
    return json ? f.json() : f.stdout();
  } finally {
    await f.factory.close();
  }
}

const exported = (remote: boolean, url: string) =>
  run(remote, true, (f) => runTournamentExport(f.factory, { tournament: url }));
const publish = (url: string, dryRun: boolean, json = true) =>
  run(false, json, (f) => runTournamentPublish(f.factory, { tournament: url, to: "lan", dryRun }));

it("check-ins, a removal, open scores, stations and an attachment reach serve", async () => {
  const f = factory(false, false);
  await eventUnderway(await f.factory.client(), "lan_event");
  await f.factory.close();
  const plan: string = await publish("lan_event", true, false);
  expect(plan).toMatch(
    /^check in 7 participants, then process the check-in \(tourney's check_in verb/m,
  );
  expect(plan).toMatch(/^remove Player \d mid-event, as the file's event did/m);
  expect(plan).toMatch(/^create 2 stations/m);
  expect(plan).toMatch(/^create up to 1 attachment \(/m);
  const first = await publish("lan_event", false);
  expect(first).toMatchObject({ created: true, checked_in: 7, deactivated: 1, attachments: 1 });
  const here = await exported(false, "lan_event");
  expect(comparable(await exported(true, "lan_event"))).toEqual(comparable(here));
  const again = await publish("lan_event", false);
  expect(again).toMatchObject({ reported: 0, checked_in: 0, deactivated: 0, open: 0 });
  expect(again).toMatchObject({ stations: 0, attachments: 0 });
  expect(comparable(await exported(true, "lan_event"))).toEqual(comparable(here));
});

it("a group stage under way, its stations and queue, reach serve", async () => {
  const f = factory(false, false);
  await groupStageUnderway(await f.factory.client(), "lan_groups");
  await f.factory.close();
  const line: string = await publish("lan_groups", false, false);
  expect(line).toMatch(
    /^lan_groups: created, 8 participants added, 3 results sent, 0 already there; also sent: .*stations and queued matches/,
  );
  expect(comparable(await exported(true, "lan_groups"))).toEqual(
    comparable(await exported(false, "lan_groups")),
  );
});

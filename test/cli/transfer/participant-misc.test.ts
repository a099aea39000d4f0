/**
 * A participant's misc changed in the file's tournament after the target got them: sent
 * again by the next import or publish, and listed by the dry run. Before, a publish again
 * mid-event said "found, 0 participants added, 0 results sent, 0 already there" and exited
 * 0, the target keeping misc null (a reviewer found it).
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readExport } from "../../../src/cli/transfer/export-reader.js";
import { planImport } from "../../../src/cli/transfer/import-plan.js";
import { importExport, summaryLine } from "../../../src/cli/transfer/importer.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import { runBinary } from "../../helpers/binary.js";
import { makeTestFactory } from "../../helpers/factory.js";
import { exportedFrom, type ServedSandbox, servedSandbox } from "../../helpers/remote-profile.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { comparable } from "./export-check.js";

async function cup(c: ApiClient) {
  await c.tournaments.create({ name: "Misc", url: "misc", tournament_type: "single elimination" });
  await c.participants.bulkAdd("misc", [
    { name: "Ada" },
    { name: "Bea", misc: "team red" },
    { name: "Cyd" },
    { name: "Dot" },
  ]);
  await c.tournaments.changeState("misc", "start");
}

/** Ada's misc set, Bea's cleared, at the source. */
async function changeMisc(c: ApiClient) {
  const people = await c.participants.listAll("misc");
  const id = (name: string) => people.find((p) => p.attributes.name === name)!.id;
  await c.participants.update("misc", id("Ada"), { misc: "paid" });
  await c.participants.update("misc", id("Bea"), { misc: null });
}

const miscs = async (c: ApiClient) =>
  (await c.participants.listAll("misc")).map((p) => [p.attributes.name, p.attributes.misc ?? null]);

describe("embedded", () => {
  const pair = useTransferPair();

  it("mid-event: the changed misc sent again, the same export, a run again sends nothing", async () => {
    const source = await pair.source.client();
    const target = await pair.target.client();
    await cup(source);
    await importExport(target, await readExport(source, "misc"));
    await changeMisc(source);
    const doc = await readExport(source, "misc");
    expect(await planImport(target, doc)).toEqual([
      "tournament misc is there (underway): continue it",
      "send the misc of 2 participants: Ada, Bea",
      "report 0 results (0 already there)",
      "dry run: nothing was sent",
    ]);
    const summary = await importExport(target, doc);
    expect(summaryLine(summary)).toBe(
      "misc: found, 0 participants added, 0 results sent, 0 already there; also sent: 2 participants' misc\n",
    );
    expect(await miscs(target)).toEqual([
      ["Ada", "paid"],
      ["Bea", null],
      ["Cyd", null],
      ["Dot", null],
    ]);
    expect(comparable(await readExport(target, "misc"))).toEqual(comparable(doc));
    expect((await importExport(target, doc)).misc).toBe(0);
  });
});

describe("to a tourney serve", () => {
  let sandbox: ServedSandbox;
  beforeAll(async () => {
    sandbox = await servedSandbox("misc");
  }, 60_000);
  afterAll(async () => sandbox.close());

  it("publish again after participants update --misc: sent, exit 0, the same export", async () => {
    const local = makeTestFactory({ env: sandbox.local, homeDir: join(sandbox.dir, "home") });
    const c = await local.factory.client();
    await cup(c);
    const publish = () =>
      runBinary(["tournament", "publish", "misc", "--to", "lan"], sandbox.local);
    expect((await publish()).code).toBe(0);
    await changeMisc(c);
    await local.factory.close();
    const again = await publish();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(
      "misc: found, 0 participants added, 0 results sent, 0 already there; also sent: 2 participants' misc\n",
    );
    const here = await exportedFrom(sandbox, false, "misc");
    expect(comparable(await exportedFrom(sandbox, true, "misc"))).toEqual(comparable(here));
  }, 120_000);
});

describe("miscChanges", () => {
  it("takes none, null and an empty misc alike (the published default is an empty string)", async () => {
    const { miscChanges } = await import("../../../src/cli/transfer/participant-details.js");
    const doc = {
      participants: [
        { name: "Ada", misc: null },
        { name: "Bea", misc: "paid" },
      ],
    } as unknown as Parameters<typeof miscChanges>[0];
    const record = (id: string, name: string, misc: unknown) => ({
      id,
      type: "participant",
      attributes: { name, misc },
    });
    expect(miscChanges(doc, [record("1", "Ada", ""), record("2", "Bea", "paid")])).toEqual([]);
    expect(miscChanges(doc, [record("1", "Ada", "x"), record("2", "Bea", "")])).toEqual([
      { id: 1, name: "Ada", misc: null },
      { id: 2, name: "Bea", misc: "paid" },
    ]);
  });
});

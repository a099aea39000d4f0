/**
 * A participant renamed in the file's tournament after the target's started (publish again
 * after `participants update --name`): the import renames them on the target, found by their
 * seed and their matches, and goes on; the dry run says so. Before, every later publish
 * stopped: "the target's tournament pub_cup has started without Deb: nothing more was sent"
 * (exit 5; a reviewer found it). Where the seed and the matches do not tell who it is, the
 * stop stays, naming the target's participants the file does not have and the way out.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcomeOf } from "../../../src/cli/exit-codes.js";
import { readExport } from "../../../src/cli/transfer/export-reader.js";
import { planImport } from "../../../src/cli/transfer/import-plan.js";
import { importExport, summaryLine } from "../../../src/cli/transfer/importer.js";
import { sendRenames } from "../../../src/cli/transfer/participant-renames.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import { runBinary } from "../../helpers/binary.js";
import { makeTestFactory } from "../../helpers/factory.js";
import { exportedFrom, type ServedSandbox, servedSandbox } from "../../helpers/remote-profile.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { comparable } from "./export-check.js";

const pair = useTransferPair();

async function pubCup(c: ApiClient, names: readonly string[]) {
  await c.tournaments.create({
    name: "Pub Cup",
    url: "pub_cup",
    tournament_type: "single elimination",
  });
  await c.participants.bulkAdd(
    "pub_cup",
    names.map((name) => ({ name })),
  );
  await c.tournaments.changeState("pub_cup", "start");
}

async function rename(c: ApiClient, from: string, to: string) {
  const p = (await c.participants.listAll("pub_cup")).find((r) => r.attributes.name === from)!;
  await c.participants.update("pub_cup", p.id, { name: to });
}

/** Match A reported, won by its player 1 (`winner` 0) or 2 (1). */
async function reportA(c: ApiClient, winner = 0) {
  const a = (await c.matches.listAll("pub_cup")).find((m) => m.attributes.identifier === "A")!;
  const [p1, p2] = [Number(a.attributes.player1_id), Number(a.attributes.player2_id)];
  const [w, l] = winner === 0 ? [p1, p2] : [p2, p1];
  await c.matches.update("pub_cup", a.id, {
    match: [
      { participant_id: w, score_set: "2", advancing: true },
      { participant_id: l, score_set: "0", advancing: false },
    ],
  });
}

it("renamed mid-event: renamed on the target too, the results follow, a re-run sends nothing", async () => {
  const source = await pair.source.client();
  const target = await pair.target.client();
  await pubCup(source, ["Ann", "Bob", "Cy", "Dee"]);
  await importExport(target, await readExport(source, "pub_cup"));
  await rename(source, "Dee", "Deb");
  await reportA(source);
  const doc = await readExport(source, "pub_cup");
  expect(await planImport(target, doc)).toEqual([
    "tournament pub_cup is there (underway): continue it",
    "rename 1 participant: Dee to Deb",
    "report 1 result (0 already there)",
    "dry run: nothing was sent",
  ]);
  const summary = await importExport(target, doc);
  expect(summaryLine(summary)).toBe(
    "pub_cup: found, 0 participants added, 1 result sent, 0 already there; also sent: 1 participant renamed\n",
  );
  expect(comparable(await readExport(target, "pub_cup"))).toEqual(comparable(doc));
  expect((await importExport(target, doc)).renamed).toBe(0);
});

it("a target whose seed and matches do not tell: stopped, naming who the file lacks", async () => {
  const source = await pair.source.client();
  const target = await pair.target.client();
  await pubCup(source, ["Ann", "Bob", "Cy", "Deb"]);
  await reportA(source);
  // The target's own event: its seed 4, Dee, won match A, where the file's seed 4 lost it.
  await pubCup(target, ["Ann", "Bob", "Cy", "Dee"]);
  await reportA(target, 1);
  const doc = await readExport(source, "pub_cup");
  const error = await importExport(target, doc).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(outcomeOf(error).code).toBe(5);
  expect(outcomeOf(error).lines.join("\n")).toBe(
    "error: the target's tournament pub_cup has started without Deb: nothing more was sent; the target has Dee, whom the file does not: if one of them was renamed, and their seed and matches did not tell who, give them the file's name there (tourney participants update pub_cup NAME --name NEW; a name another participant there still has is theirs to give up first, under a spare name) and import again",
  );
  expect((await target.participants.listAll("pub_cup")).map((p) => p.attributes.name)).toEqual([
    "Ann",
    "Bob",
    "Cy",
    "Dee",
  ]);
});

/** Imports `doc` again into the target after the renames: the same document, nothing more. */
async function importedAgain(target: ApiClient, doc: Awaited<ReturnType<typeof readExport>>) {
  const summary = await importExport(target, doc);
  expect(comparable(await readExport(target, "pub_cup"))).toEqual(comparable(doc));
  expect((await importExport(target, doc)).renamed).toBe(0);
  return summary;
}

it("two names swapped mid-event: both renamed there (through a spare name), the import goes on", async () => {
  const source = await pair.source.client();
  const target = await pair.target.client();
  await pubCup(source, ["Ann", "Bob", "Cy", "Dee"]);
  await reportA(source);
  await importExport(target, await readExport(source, "pub_cup"));
  await rename(source, "Ann", "tmp");
  await rename(source, "Bob", "Ann");
  await rename(source, "tmp", "Bob");
  const b = (await source.matches.listAll("pub_cup")).find((m) => m.attributes.identifier === "B")!;
  await source.matches.update("pub_cup", b.id, {
    match: [
      { participant_id: Number(b.attributes.player1_id), score_set: "2", advancing: true },
      { participant_id: Number(b.attributes.player2_id), score_set: "1", advancing: false },
    ],
  });
  const doc = await readExport(source, "pub_cup");
  expect(await planImport(target, doc)).toEqual([
    "tournament pub_cup is there (underway): continue it",
    "rename 2 participants: Ann to Bob, Bob to Ann",
    "report 1 result (1 already there)",
    "dry run: nothing was sent",
  ]);
  const summary = await importedAgain(target, doc);
  expect(summaryLine(summary)).toBe(
    "pub_cup: found, 0 participants added, 1 result sent, 1 already there; also sent: 2 participants renamed\n",
  );
});

it("names moved along a chain (S1 to Sam One, S2 to S1): renamed in order there", async () => {
  const source = await pair.source.client();
  const target = await pair.target.client();
  await pubCup(source, ["S1", "S2", "S3", "S4"]);
  await importExport(target, await readExport(source, "pub_cup"));
  await rename(source, "S1", "Sam One");
  await rename(source, "S2", "S1");
  await reportA(source);
  const doc = await readExport(source, "pub_cup");
  const plan = await planImport(target, doc);
  expect(plan, plan.join("\n")).toContain("rename 2 participants: S1 to Sam One, S2 to S1");
  const summary = await importedAgain(target, doc);
  expect(summary).toMatchObject({ renamed: 2, reported: 1, added: 0 });
});

it("renames sent all or none: one refused, those sent before it are undone", async () => {
  const target = await pair.target.client();
  await pubCup(target, ["Ann", "Bob", "Cy", "Dee"]);
  const people = await target.participants.listAll("pub_cup");
  const [ann, bob] = [Number(people[0]!.id), Number(people[1]!.id)];
  const rename = (id: number, name: string) => target.participants.update("pub_cup", id, { name });
  // The second step asks for a name Cy has: the service refuses it.
  const error = await sendRenames(rename, [
    { id: ann, from: "Ann", to: "Ann 2" },
    { id: bob, from: "Bob", to: "Cy" },
  ]).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(String(error)).toMatch(/already taken/);
  expect((await target.participants.listAll("pub_cup")).map((p) => p.attributes.name)).toEqual([
    "Ann",
    "Bob",
    "Cy",
    "Dee",
  ]);
});

it("names swapped before any result there: stopped with commands that work, then imported", async () => {
  const source = await pair.source.client();
  const target = await pair.target.client();
  await pubCup(source, ["Ann", "Bob", "Cy", "Dee"]);
  await importExport(target, await readExport(source, "pub_cup"));
  await rename(source, "Ann", "tmp");
  await rename(source, "Bob", "Ann");
  await rename(source, "tmp", "Bob");
  await reportA(source);
  const doc = await readExport(source, "pub_cup");
  const plan = await planImport(target, doc);
  expect(plan[1]).toBe(
    "stop: the target's tournament pub_cup has the file's names at other seeds, by seed and matches (Ann (seed 1) is the file's Bob, Bob (seed 2) is the file's Ann), and no result there tells whether they were swapped in the file's tournament or the target was seeded otherwise; the publish would send nothing (exit 5)",
  );
  const error = await importExport(target, doc).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(outcomeOf(error).code).toBe(5);
  const lines = outcomeOf(error).lines.join("\n").split("\n");
  const commands = lines.filter((l) => l.startsWith("  tourney participants update"));
  expect(commands).toEqual([
    "  tourney participants update pub_cup Ann --name 'Ann (renaming)'",
    "  tourney participants update pub_cup Bob --name Ann",
    "  tourney participants update pub_cup 'Ann (renaming)' --name Bob",
  ]);
  expect(await target.matches.listAll("pub_cup", { state: "complete" })).toEqual([]);
  // The commands, as a shell splits them, are taken by the target in that order.
  for (const command of commands) {
    const [, from, to] = /update pub_cup ('[^']*'|\S+) --name ('[^']*'|\S+)$/.exec(command)!;
    await rename(target, from!.replace(/^'|'$/g, ""), to!.replace(/^'|'$/g, ""));
  }
  expect((await importExport(target, doc)).reported).toBe(1);
  expect(comparable(await readExport(target, "pub_cup"))).toEqual(comparable(doc));
});

describe("to a tourney serve", () => {
  let sandbox: ServedSandbox;
  beforeAll(async () => {
    sandbox = await servedSandbox("renamed");
  }, 60_000);
  afterAll(async () => sandbox.close());

  it("publish again after two names were swapped: renamed there, exit 0, the same export", async () => {
    const local = makeTestFactory({ env: sandbox.local, homeDir: join(sandbox.dir, "home") });
    const c = await local.factory.client();
    await pubCup(c, ["Ann", "Bob", "Cy", "Dee"]);
    await reportA(c);
    const publish = () =>
      runBinary(["tournament", "publish", "pub_cup", "--to", "lan"], sandbox.local);
    expect((await publish()).code).toBe(0);
    await rename(c, "Ann", "tmp");
    await rename(c, "Bob", "Ann");
    await rename(c, "tmp", "Bob");
    await local.factory.close();
    const again = await publish();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(
      "pub_cup: found, 0 participants added, 0 results sent, 1 already there; also sent: 2 participants renamed\n",
    );
    const here = await exportedFrom(sandbox, false, "pub_cup");
    expect(comparable(await exportedFrom(sandbox, true, "pub_cup"))).toEqual(comparable(here));
  }, 120_000);
});

/**
 * A participant renamed in the file's tournament after the target's started (publish again
 * after `participants update --name`): the import renames them on the target, found by their
 * seed and their matches, and goes on; the dry run says so. Before, every later publish
 * stopped: "the target's tournament pub_cup has started without Deb: nothing more was sent"
 * (exit 5; a reviewer found it). Where the seed and the matches do not tell who it is, the
 * stop stays, naming the target's participants the file does not have and the way out.
 */
import { expect, it } from "vitest";
import { outcomeOf } from "../../../src/cli/exit-codes.js";
import { readExport } from "../../../src/cli/transfer/export-reader.js";
import { planImport } from "../../../src/cli/transfer/import-plan.js";
import { importExport, summaryLine } from "../../../src/cli/transfer/importer.js";
import type { ApiClient } from "../../../src/client/api-client.js";
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

async function reportA(c: ApiClient) {
  const a = (await c.matches.listAll("pub_cup")).find((m) => m.attributes.identifier === "A")!;
  const [p1, p2] = [Number(a.attributes.player1_id), Number(a.attributes.player2_id)];
  await c.matches.update("pub_cup", a.id, {
    match: [
      { participant_id: p1, score_set: "2", advancing: true },
      { participant_id: p2, score_set: "0", advancing: false },
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
  // The target's own event, seeded otherwise: Dee is its seed 3, where the file's is Cy.
  await pubCup(target, ["Ann", "Bob", "Dee", "Cy"]);
  const doc = await readExport(source, "pub_cup");
  const error = await importExport(target, doc).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(outcomeOf(error).code).toBe(5);
  expect(outcomeOf(error).lines.join("\n")).toBe(
    "error: the target's tournament pub_cup has started without Deb: nothing more was sent; the target has Dee, whom the file does not: if one of them was renamed, and their seed and matches did not tell who, give them the file's name there (tourney participants update pub_cup NAME --name NEW) and import again",
  );
  expect((await target.participants.listAll("pub_cup")).map((p) => p.attributes.name)).toEqual([
    "Ann",
    "Bob",
    "Dee",
    "Cy",
  ]);
});

/**
 * An import into a started target holding results that are not the file's checks every one
 * before sending anything (result-conflicts.ts): refused, exit 5, nothing sent, the first five
 * matches named in replay order and the rest counted, with the ways on; the dry run ends on
 * the same stop. Before, the import sent the results played before the first such match, then
 * stopped there ("import stopped at match final A: its results differ"), and a refusal named
 * one match however many differed.
 */
import { expect, it } from "vitest";
import { outcomeOf } from "../../../src/cli/exit-codes.js";
import { readExport } from "../../../src/cli/transfer/export-reader.js";
import { importExport } from "../../../src/cli/transfer/importer.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { planThenImport } from "./plan-then-import.js";

const pair = useTransferPair();

/** Ties `identifiers` of rr on `c`, `score` to each player, in that order. */
async function tie(c: ApiClient, identifiers: readonly string[], score: string) {
  const matches = await c.matches.listAll("rr");
  for (const identifier of identifiers) {
    const m = matches.find((x) => x.attributes.identifier === identifier)!;
    await c.matches.update("rr", m.id, {
      match: [
        { participant_id: Number(m.attributes.player1_id), score_set: score },
        { participant_id: Number(m.attributes.player2_id), score_set: score },
      ],
      tie: true,
    });
  }
}

it("seven results there that are not the file's: five named, two counted, nothing sent", async () => {
  const [source, target] = [await pair.source.client(), await pair.target.client()];
  await source.tournaments.create({ name: "RR", url: "rr", tournament_type: "round robin" });
  await source.participants.bulkAdd(
    "rr",
    ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"].map((name) => ({ name })),
  );
  await source.tournaments.changeState("rr", "start");
  await importExport(target, await readExport(source, "rr"));
  const differing = ["A", "B", "C", "D", "E", "F", "G"];
  // Played first in the file: sent before the first difference, before.
  await tie(source, ["H", "I"], "3");
  await tie(source, differing, "1");
  await tie(target, differing, "0");
  const r = await planThenImport(pair, await readExport(source, "rr"));
  const at =
    "at matches final A (its results differ: target a tie, 0-0; file a tie, 1-1), final B (its results differ: target a tie, 0-0; file a tie, 1-1), final C (its results differ: target a tie, 0-0; file a tie, 1-1), final D (its results differ: target a tie, 0-0; file a tie, 1-1), final E (its results differ: target a tie, 0-0; file a tie, 1-1) and 2 more";
  expect(r.plan.at(-2)).toBe(
    `stop: the target's tournament rr holds results that are not the file's, ${at}; the publish would send nothing (exit 5)`,
  );
  const { code, lines } = outcomeOf(r.error);
  expect(code).toBe(5);
  expect(lines.join("\n")).toBe(
    `error: the target's tournament rr holds results that are not the file's, ${at}; nothing was sent\n` +
      `if the file's are right, reopen each there (tourney match reopen rr A; --cascade reopens the matches after it too) and import again; if the target's are, the file is behind it: carry the target's the other way instead (tourney tournament pull, or export there and import here); or delete it there (tourney tournament delete rr) and import again, or import the file under another url (change "url" in its "tournament")`,
  );
  expect(r.writes).toEqual([]);
  const complete = await target.matches.listAll("rr", { state: "complete" });
  expect(complete.map((m) => m.attributes.identifier).sort()).toEqual(differing);
});

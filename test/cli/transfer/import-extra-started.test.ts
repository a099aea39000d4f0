/**
 * `tournament import` (and `publish --dry-run`) into a started target tournament that has a
 * participant the file does not have: its bracket was drawn with them, so it is another
 * tournament than the file's. Refused before anything is sent (exit 5, naming the extra
 * participant and the way out), and the dry run ends on the stop. Before, a file without
 * results imported into it with exit 0 ("found, 0 participants added, 0 results sent"), and
 * a file with results stopped at its first one ("its players differ").
 */
import { expect, it } from "vitest";
import { outcomeOf } from "../../../src/cli/exit-codes.js";
import { readExport } from "../../../src/cli/transfer/export-reader.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { planThenImport } from "./plan-then-import.js";

const pair = useTransferPair();
const NAMES = ["P1", "P2", "P3", "P4"];

/** A started single elimination cup of `names` (seeds in this order). */
async function startedCup(c: ApiClient, names: readonly string[]): Promise<void> {
  await c.tournaments.create({ name: "Cup", url: "cup", tournament_type: "single elimination" });
  await c.participants.bulkAdd(
    "cup",
    names.map((name) => ({ name })),
  );
  await c.tournaments.changeState("cup", "start");
}

async function reportA(c: ApiClient): Promise<void> {
  const a = (await c.matches.listAll("cup")).find((m) => m.attributes.identifier === "A")!;
  await c.matches.update("cup", a.id, {
    match: [
      { participant_id: a.attributes.player1_id as number, score_set: "2", advancing: true },
      { participant_id: a.attributes.player2_id as number, score_set: "1" },
    ],
  });
}

const STOP =
  "stop: the target's tournament cup has started with Extra, whom the file does not have; the publish would send nothing (exit 5)";

for (const results of [false, true]) {
  it(`a started target with Extra, the file ${results ? "with a result" : "without results"}: refused, nothing sent`, async () => {
    const source = await pair.source.client();
    await startedCup(source, NAMES);
    if (results) await reportA(source);
    const doc = await readExport(source, "cup");
    const target = await pair.target.client();
    await startedCup(target, [...NAMES, "Extra"]);
    const before = await target.matches.listAll("cup");

    const r = await planThenImport(pair, doc);
    expect(r.plan.at(-2)).toBe(STOP);
    expect(outcomeOf(r.error)).toEqual({
      code: 5,
      lines: [
        "error: the target's tournament cup has started with Extra, whom the file does not have: its bracket is not the file's; nothing was sent\n" +
          'delete the tournament there (tourney tournament delete cup) and import again, or import the file under another url (change "url" in its "tournament")',
      ],
    });
    expect(r.writes).toEqual([]);
    expect(await target.matches.listAll("cup")).toEqual(before);
    expect((await target.participants.listAll("cup")).map((p) => p.attributes.name)).toEqual([
      ...NAMES,
      "Extra",
    ]);
  });
}

it("the same participants there: the import goes on (no stop)", async () => {
  const source = await pair.source.client();
  await startedCup(source, NAMES);
  await reportA(source);
  const target = await pair.target.client();
  await startedCup(target, NAMES);
  const r = await planThenImport(pair, await readExport(source, "cup"));
  expect(r.plan.filter((l) => l.startsWith("stop"))).toEqual([]);
  expect(r.error).toBeUndefined();
  expect(r.writes).toHaveLength(1);
});

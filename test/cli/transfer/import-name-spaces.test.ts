/**
 * `tournament import` of a file whose participant names have stray white space ("  Eve ", as
 * a hand edit or another tool may write them): the names are read as the service stores
 * them (NFC, trimmed: model/participant-name.ts), in the participants and wherever the file
 * names them (players, entries, winner, loser, byes, final ranks), so the import sends "Eve"
 * and a re-run of the same import finds her there and sends nothing. Before, the first run
 * went through (the service trimmed), and every re-run failed: the bulk add of "  Eve " was
 * refused, "already taken" (exit 5), for a file not started, and a started one stopped, "has
 * started without   Eve " (exit 5). Two names the service holds for one (" eve" beside
 * "Eve") are refused before anything is sent (exit 2), as any name twice is.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { runTournamentImport } from "../../../src/cli/commands/tournament/import.js";
import { outcomeOf } from "../../../src/cli/exit-codes.js";
import { readExport } from "../../../src/cli/transfer/export-reader.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";

const pair = useTransferPair();

/** The source's cup of four (Eve in match A), started and A reported when `started`, as a file. */
async function cupFile(started: boolean): Promise<string> {
  const c = await pair.source.client();
  await c.tournaments.create({ name: "Cup", url: "cup", tournament_type: "single elimination" });
  await c.participants.bulkAdd(
    "cup",
    ["Ann", "Bob", "Cy", "Eve"].map((name) => ({ name })),
  );
  if (started) {
    await c.tournaments.changeState("cup", "start");
    const a = (await c.matches.listAll("cup")).find((m) => m.attributes.identifier === "A")!;
    await c.matches.update("cup", a.id, {
      match: [
        { participant_id: Number(a.attributes.player1_id), score_set: "2", advancing: true },
        { participant_id: Number(a.attributes.player2_id), score_set: "0", advancing: false },
      ],
    });
  }
  const text = JSON.stringify(await readExport(c, "cup"));
  expect(text).toContain('"Eve"');
  const file = join(pair.target.dir, "cup.json");
  writeFileSync(file, text.replaceAll('"Eve"', '"  Eve "'));
  return file;
}

async function importFile(file: string) {
  const t = pair.target.make();
  const error = await runTournamentImport(t.factory, { file, force: false }).then(
    () => undefined,
    (e: unknown) => outcomeOf(e),
  );
  return { error, stdout: t.stdout() };
}

const names = async () =>
  (await (await pair.target.client()).participants.listAll("cup")).map((p) => p.attributes.name);

it("a file not started: imported as Eve, then a re-run finds her there", async () => {
  const file = await cupFile(false);
  expect(await importFile(file)).toEqual({
    error: undefined,
    stdout: "cup: created, 4 participants added, 0 results sent, 0 already there\n",
  });
  expect(await importFile(file)).toEqual({
    error: undefined,
    stdout: "cup: found, 0 participants added, 0 results sent, 0 already there\n",
  });
  expect(await names()).toEqual(["Ann", "Bob", "Cy", "Eve"]);
});

it("a started file: Eve's result replayed, then a re-run sends nothing", async () => {
  const file = await cupFile(true);
  expect(await importFile(file)).toEqual({
    error: undefined,
    stdout: "cup: created, 4 participants added, 1 result sent, 0 already there\n",
  });
  expect(await importFile(file)).toEqual({
    error: undefined,
    stdout: "cup: found, 0 participants added, 0 results sent, 1 already there\n",
  });
  expect(await names()).toEqual(["Ann", "Bob", "Cy", "Eve"]);
});

it("' eve' beside 'Eve': one name to the service, refused before anything is sent", async () => {
  const file = await cupFile(false);
  writeFileSync(file, readFileSync(file, "utf8").replaceAll('"Cy"', '" eve"'));
  const r = await importFile(file);
  expect(r.error?.code).toBe(2);
  expect(r.error?.lines.join("\n")).toContain(
    'participants[3].name "Eve" is participants[2]\'s name too, as the service compares names',
  );
  await expect((await pair.target.client()).tournaments.get("cup")).rejects.toThrow();
});

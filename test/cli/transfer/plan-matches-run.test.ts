/**
 * `publish --dry-run` lists the state changes the publish then sends, no more, no fewer
 * (an outside review): the plan is checked against the change_state requests the import of
 * the same document into the same target (embedded, in memory) sends. Before, the plan
 * had its own rules: for a file whose check-in was still open it listed "then process the
 * check-in" and "start", which the import rightly did not send; for a target whose group
 * stage was under way it left out the finalize_group_stage and start the import sent.
 */
import { expect, it } from "vitest";
import { readExport } from "../../../src/cli/transfer/export-reader.js";
import { planImport } from "../../../src/cli/transfer/import-plan.js";
import { importExport } from "../../../src/cli/transfer/importer.js";
import type { Transport } from "../../../src/client/transport.js";
import type { TournamentExport } from "../../../src/model/tournament-export.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { playSome } from "./play-fixture.js";
import { groupStageUnderway } from "./restore-fixture.js";

const pair = useTransferPair();

/** The plan, then the import, with the states the import asked the target to change to. */
async function planThenRun(doc: TournamentExport) {
  const changes: string[] = [];
  const t = pair.target.make({
    transport: (shared): Transport => ({
      send: (request) => {
        if (request.path.endsWith("/change_state")) {
          const body = JSON.parse(String(request.body)) as {
            data: { attributes: { state: string } };
          };
          changes.push(body.data.attributes.state);
        }
        return shared.send(request);
      },
      close: () => shared.close(),
    }),
  });
  const client = await t.factory.client();
  const plan = await planImport(client, doc);
  await importExport(client, doc);
  const state = String((await client.tournaments.get(doc.tournament.url)).attributes.state);
  return { plan, changes, state };
}

it("a check-in still open in the file: the check-ins only, no processing, no start", async () => {
  const c = await pair.source.client();
  await c.tournaments.create({
    name: "Early",
    url: "early",
    tournament_type: "single elimination",
    starts_at: new Date(Date.now() + 30 * 60_000).toISOString(),
    registration_options: { check_in_duration: 60 },
  });
  const people = await c.participants.bulkAdd("early", [
    { name: "Ann" },
    { name: "Bob" },
    { name: "Cy" },
  ]);
  for (const p of people.slice(0, 2)) await c.participants.checkIn("early", p.id);
  const doc = await readExport(c, "early");
  expect(doc.tournament.state).toBe("checking_in");
  const r = await planThenRun(doc);
  expect(r.plan).toEqual([
    "create tournament early (Early, single elimination)",
    "add 3 participants: Ann, Bob, Cy",
    "check in 2 participants (the check-in left open, as the file's is) (tourney's check_in verb, not in the published v2.1 description: a service without it refuses)",
    "report 0 results (0 already there)",
    "dry run: nothing was sent",
  ]);
  expect(r.changes).toEqual([]);
  expect(r.state).toBe("checking_in");
});

it("a target whose group stage is under way: its finalize and the final stage's start listed", async () => {
  const c = await pair.source.client();
  await groupStageUnderway(c, "duo");
  await importExport(await pair.target.client(), await readExport(c, "duo"));
  await playSome(c, "duo", 100);
  await c.tournaments.changeState("duo", "finalize_group_stage");
  await c.tournaments.changeState("duo", "start");
  await playSome(c, "duo", 2);
  const doc = await readExport(c, "duo");
  const r = await planThenRun(doc);
  const groupResults = doc.matches.filter((m) => m.group !== null && m.state === "complete");
  expect(r.plan.slice(0, 5)).toEqual([
    "tournament duo is there (group_stages_underway): continue it",
    `report ${groupResults.length - 3} group stage results (3 already there)`,
    "finalize the group stage",
    "start",
    "report 2 results (0 already there)",
  ]);
  expect(r.changes).toEqual(["finalize_group_stage", "start"]);
  expect(r.state).toBe("underway");
});

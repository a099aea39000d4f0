/**
 * `publish --dry-run` after an interrupted publish: the target's tournament is there
 * with its check-in processed but not started (Ctrl-C between the check-in and the
 * start). The plan must still say it will start it, as the import then does; it
 * said so only for a target still "pending".
 */
import { expect, it } from "vitest";
import { runTournamentExport } from "../../../src/cli/commands/tournament/export.js";
import { planImport } from "../../../src/cli/transfer/import-plan.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { eventUnderway } from "./restore-fixture.js";

const pair = useTransferPair();

it("lists the start for a target whose check-in was processed and that is not started", async () => {
  await eventUnderway(await pair.source.client(), "lan");
  const f = pair.source.make();
  await runTournamentExport(f.factory, { tournament: "lan" });
  const doc = f.json();
  const c = await pair.target.client();
  await c.tournaments.create({
    name: doc.tournament.name,
    url: "lan",
    tournament_type: doc.tournament.tournament_type,
    starts_at: doc.tournament.settings.starts_at,
    registration_options: { check_in_duration: 60 },
    // The file has an attachment: a target refusing them is a stop (attachment-replay.ts).
    match_options: { accept_attachments: true },
  });
  const people = await c.participants.bulkAdd(
    "lan",
    doc.participants.map((p: { name: string; seed: number }) => ({ name: p.name, seed: p.seed })),
  );
  for (const p of people.slice(0, 7)) await c.participants.checkIn("lan", p.id);
  await c.tournaments.changeState("lan", "process_checkin");
  const lines = await planImport(c, doc);
  expect(lines[0]).toBe("tournament lan is there (checked_in): continue it");
  expect(lines).toContain("start");
});

it("lists the steps in the order the import takes them, counted in the singular for one", async () => {
  await eventUnderway(await pair.source.client(), "lan");
  const f = pair.source.make();
  await runTournamentExport(f.factory, { tournament: "lan" });
  const doc = f.json();
  doc.stations = doc.stations.slice(0, 1);
  const lines = await planImport(await pair.target.client(), doc);
  const at = (start: string) => lines.findIndex((l) => l.startsWith(start));
  // Check-ins go before the start, the start before the results, the rest after them.
  expect(at("check in 7 participants")).toBeGreaterThan(at("add 8 participants"));
  expect(at("start")).toBeGreaterThan(at("check in"));
  expect(at("report")).toBeGreaterThan(at("start"));
  expect(at("remove")).toBeGreaterThan(at("report"));
  expect(lines).toContain("create 1 station (with the match each holds)");
  expect(lines).toContain("create up to 1 attachment (url and description)");
});

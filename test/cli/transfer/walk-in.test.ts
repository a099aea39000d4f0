/**
 * A walk-in: a participant added once the check-in was processed (active, not checked in).
 * The import adds them after it has processed the check-in on the target, so the target
 * starts the file's bracket. Before, they were added with the others and set aside by the
 * replayed process_checkin: without results the import exited 0 with another bracket (A: Ada
 * vs Bea, the walk-in inactive, where the file has A: Bea vs Dot); with one, it stopped at it
 * (exit 5, "its players differ") after creating and starting the wrong tournament there, on
 * the embedded backend and to a `tourney serve` (a reviewer found it).
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

/** Ada and Bea check in, Cyd does not; the check-in processed, then Dot walks in; started. */
async function walkin(c: ApiClient, report: boolean) {
  const startsAt = new Date(Date.now() + 20 * 60_000).toISOString();
  await c.tournaments.create({
    name: "Walkin",
    url: "walkin",
    tournament_type: "single elimination",
    starts_at: startsAt,
    registration_options: { check_in_duration: 60 },
  });
  const people = await c.participants.bulkAdd(
    "walkin",
    ["Ada", "Bea", "Cyd"].map((name) => ({ name })),
  );
  for (const p of people.slice(0, 2)) await c.participants.checkIn("walkin", p.id);
  await c.tournaments.changeState("walkin", "process_checkin");
  await c.participants.create("walkin", { name: "Dot" });
  await c.tournaments.changeState("walkin", "start");
  if (!report) return;
  const a = (await c.matches.listAll("walkin")).find((m) => m.attributes.identifier === "A")!;
  const winner = Number(a.attributes.player2_id);
  await c.matches.update("walkin", a.id, {
    match: [
      { participant_id: Number(a.attributes.player1_id), score_set: "1", advancing: false },
      { participant_id: winner, score_set: "2", advancing: true },
    ],
  });
}

/** Match A's players and Dot's state, as the export has them. */
const shape = (doc: Awaited<ReturnType<typeof readExport>>) => ({
  a: doc.matches.find((m) => m.identifier === "A")?.players,
  dot: doc.participants.find((p) => p.name === "Dot"),
});

describe("embedded", () => {
  const pair = useTransferPair();

  it("without results: the walk-in added after the check-in, the file's bracket, the same export", async () => {
    const source = await pair.source.client();
    const target = await pair.target.client();
    await walkin(source, false);
    const doc = await readExport(source, "walkin");
    expect(shape(doc)).toMatchObject({ a: ["Bea", "Dot"], dot: { active: true } });
    const plan = await planImport(target, doc);
    const at = (start: string) => plan.findIndex((l) => l.startsWith(start));
    expect(plan).toContain("add 3 participants: Ada, Bea, Cyd");
    expect(plan).toContain("add 1 participant who came after the check-in: Dot");
    expect(at("add 1 participant who came")).toBeGreaterThan(at("check in 2 participants"));
    expect(at("start")).toBeGreaterThan(at("add 1 participant who came"));
    const summary = await importExport(target, doc);
    expect(summaryLine(summary)).toBe(
      "walkin: created, 4 participants added, 0 results sent, 0 already there; also sent: 2 check-ins\n",
    );
    expect(comparable(await readExport(target, "walkin"))).toEqual(comparable(doc));
    expect((await importExport(target, doc)).added).toBe(0);
  });

  it("with a result: every result sent, the same export", async () => {
    const source = await pair.source.client();
    const target = await pair.target.client();
    await walkin(source, true);
    const doc = await readExport(source, "walkin");
    const summary = await importExport(target, doc);
    expect(summary).toMatchObject({ created: true, added: 4, reported: 1 });
    expect(comparable(await readExport(target, "walkin"))).toEqual(comparable(doc));
  });
});

describe("to a tourney serve", () => {
  let sandbox: ServedSandbox;
  beforeAll(async () => {
    sandbox = await servedSandbox("walk-in");
  }, 60_000);
  afterAll(async () => sandbox.close());

  it("publish with a walk-in and a result: the file's bracket there, exit 0", async () => {
    const local = makeTestFactory({ env: sandbox.local, homeDir: join(sandbox.dir, "home") });
    await walkin(await local.factory.client(), true);
    await local.factory.close();
    const run = await runBinary(["tournament", "publish", "walkin", "--to", "lan"], sandbox.local);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      "walkin: created, 4 participants added, 1 result sent, 0 already there; also sent: 2 check-ins\n",
    );
    const here = await exportedFrom(sandbox, false, "walkin");
    expect(comparable(await exportedFrom(sandbox, true, "walkin"))).toEqual(comparable(here));
  }, 120_000);
});

/**
 * `tournament import` (and `publish --dry-run`) into a target tournament not started yet
 * whose participants would make another bracket than the file's: other seeds, or a
 * participant the file does not have. Refused before anything is sent (exit 5, both sides
 * named), and the dry run ends on the stop. Before, the import added the missing ones,
 * started the target's tournament, then stopped at the first result ("import stopped at
 * match final A: its players differ", exit 5), and the dry run promised success.
 */
import { expect, it } from "vitest";
import { outcomeOf } from "../../../src/cli/exit-codes.js";
import { readExport } from "../../../src/cli/transfer/export-reader.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { planThenImport as sharedPlanThenImport } from "./plan-then-import.js";

const pair = useTransferPair();
const NAMES = ["P1", "P2", "P3", "P4"];

/** The source's cup of four, started, its match A reported, as exported. */
async function exportedCup() {
  const c = await pair.source.client();
  await c.tournaments.create({ name: "Cup", url: "cup", tournament_type: "single elimination" });
  await c.participants.bulkAdd(
    "cup",
    NAMES.map((name) => ({ name })),
  );
  await c.tournaments.changeState("cup", "start");
  const a = (await c.matches.listAll("cup")).find((m) => m.attributes.identifier === "A")!;
  await c.matches.update("cup", a.id, {
    match: [
      { participant_id: a.attributes.player1_id as number, score_set: "2", advancing: true },
      { participant_id: a.attributes.player2_id as number, score_set: "1" },
    ],
  });
  return readExport(c, "cup");
}

/** The target's cup, pending, with these participants in this order (seeds 1, 2, ...). */
async function targetCup(names: readonly string[]) {
  const c = await pair.target.client();
  await c.tournaments.create({ name: "Cup", url: "cup", tournament_type: "single elimination" });
  if (names.length > 0)
    await c.participants.bulkAdd(
      "cup",
      names.map((name) => ({ name })),
    );
  return c;
}

/** The plan, then the import, and the requests other than reads it sent (plan-then-import.ts). */
const planThenImport = (doc: Awaited<ReturnType<typeof exportedCup>>) =>
  sharedPlanThenImport(pair, doc);

it("other seeds there: refused before the start, both sides named, the dry run stops", async () => {
  const doc = await exportedCup();
  const c = await targetCup(["P2", "P1", "P3", "P4"]);
  const r = await planThenImport(doc);
  expect(r.plan.at(-2)).toBe(
    "stop: the target's tournament cup has not started and would start with another bracket than the file's: its participants or seeds differ (target: seed 1 P2, seed 2 P1; file: seed 1 P1, seed 2 P2); the publish would send nothing (exit 5)",
  );
  const outcome = outcomeOf(r.error);
  expect(outcome.code).toBe(5);
  const text = outcome.lines.join("\n");
  expect(text).toContain("target: seed 1 P2, seed 2 P1");
  expect(text).toContain("file:   seed 1 P1, seed 2 P2");
  expect(text).toContain("nothing was sent");
  expect(r.writes).toEqual([]);
  expect((await c.tournaments.get("cup")).attributes.state).toBe("pending");
});

it("a participant the file does not have: refused before anything is added", async () => {
  const doc = await exportedCup();
  const c = await targetCup(["P1", "Extra"]);
  const r = await planThenImport(doc);
  // The file's P2, P3, P4 added at their seeds move Extra down to seed 5.
  expect(r.plan.at(-2)).toMatch(
    /^stop: .*\(target: seed 5 Extra; file: seed 5 \(none\)\); the publish would send nothing \(exit 5\)$/,
  );
  const outcome = outcomeOf(r.error);
  expect(outcome.code).toBe(5);
  expect(outcome.lines.join("\n")).toContain("target: seed 5 Extra");
  expect(r.writes).toEqual([]);
  expect(await c.participants.listAll("cup")).toHaveLength(2);
});

it("some of the file's participants there in its order: the others added at their seeds, imported", async () => {
  const doc = await exportedCup();
  const c = await targetCup(["P2", "P4"]);
  const r = await planThenImport(doc);
  expect(r.plan.filter((l) => l.startsWith("stop"))).toEqual([]);
  expect(r.error).toBeUndefined();
  const seeds = (await c.participants.listAll("cup")).map((p) => [
    p.attributes.seed,
    p.attributes.name,
  ]);
  expect(seeds.sort()).toEqual([
    [1, "P1"],
    [2, "P2"],
    [3, "P3"],
    [4, "P4"],
  ]);
  expect((await c.tournaments.get("cup")).attributes.state).toBe("underway");
});

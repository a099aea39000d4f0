/**
 * `publish --dry-run` names the refusal the publish stops at before sending anything
 * (exit 5): a tournament of another name or type at the url, or one that has started
 * without some of the file's participants. Before, the plan listed the steps of an import
 * that then sent nothing ("add 1 participant: P5", "report ..."). Each plan is checked
 * against the import of the same document into the same target (embedded, in memory).
 */
import { expect, it } from "vitest";
import { outcomeOf } from "../../../src/cli/exit-codes.js";
import { readExport } from "../../../src/cli/transfer/export-reader.js";
import { planImport } from "../../../src/cli/transfer/import-plan.js";
import { importExport } from "../../../src/cli/transfer/importer.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { planThenImport as sharedPlanThenImport } from "./plan-then-import.js";

const pair = useTransferPair();
const NAMES = ["P1", "P2", "P3", "P4", "P5"];

/** The source's cup of five, pending, as exported. */
async function exportedCup() {
  const c = await pair.source.client();
  await c.tournaments.create({ name: "Cup", url: "cup", tournament_type: "single elimination" });
  await c.participants.bulkAdd(
    "cup",
    NAMES.map((name) => ({ name })),
  );
  return readExport(c, "cup");
}

/** The plan, then the import's refusal, and the requests other than reads it sent. */
async function planThenImport(doc: Awaited<ReturnType<typeof exportedCup>>) {
  const { plan, error, writes } = await sharedPlanThenImport(pair, doc);
  return { plan, ...outcomeOf(error), writes };
}

it("a tournament started there without one of the file's participants", async () => {
  const doc = await exportedCup();
  const c = await pair.target.client();
  await c.tournaments.create({ name: "Cup", url: "cup", tournament_type: "single elimination" });
  await c.participants.bulkAdd(
    "cup",
    NAMES.slice(0, 4).map((name) => ({ name })),
  );
  await c.tournaments.changeState("cup", "start");
  const r = await planThenImport(doc);
  expect(r.plan).toEqual([
    "tournament cup is there (underway): continue it",
    "stop: the target's tournament cup has started without P5; the publish would send nothing (exit 5)",
    "dry run: nothing was sent",
  ]);
  expect(r.code).toBe(5);
  expect(r.lines.join("\n")).toContain("has started without P5");
  expect(r.writes).toEqual([]);
});

it("another tournament at the url", async () => {
  const doc = await exportedCup();
  const c = await pair.target.client();
  await c.tournaments.create({ name: "Other", url: "cup", tournament_type: "round robin" });
  const r = await planThenImport(doc);
  expect(r.plan).toEqual([
    "tournament cup is there (pending): continue it",
    "stop: the target already has a tournament at url cup that is not this one (target: Other (round robin), file: Cup (single elimination)); the publish would send nothing (exit 5)",
    "dry run: nothing was sent",
  ]);
  expect(r.code).toBe(5);
  expect(r.lines.join("\n")).toContain("that is not this one");
  expect(r.writes).toEqual([]);
});

it("the same tournament there, not started: no stop, the participant added", async () => {
  const doc = await exportedCup();
  const c = await pair.target.client();
  await c.tournaments.create({ name: "Cup", url: "cup", tournament_type: "single elimination" });
  const plan = await planImport(c, doc);
  expect(plan.filter((l) => l.startsWith("stop"))).toEqual([]);
  expect(plan).toContain("add 5 participants: P1, P2, P3, P4, P5");
  expect(await importExport(c, doc)).toMatchObject({ added: 5 });
});

it("a tournament at the url with other settings (a third-place match): named, nothing sent", async () => {
  const doc = await exportedCup();
  const c = await pair.target.client();
  await c.tournaments.create({
    name: "Cup",
    url: "cup",
    tournament_type: "single elimination",
    match_options: { consolation_matches_target_rank: 3 },
  });
  const r = await planThenImport(doc);
  expect(r.plan).toEqual([
    "tournament cup is there (pending): continue it",
    "stop: the target's tournament cup has other settings than the file's (match_options.consolation_matches_target_rank: file null, target 3); the publish would send nothing (exit 5)",
    "dry run: nothing was sent",
  ]);
  expect(r.code).toBe(5);
  expect(r.lines.join("\n")).toContain(
    "match_options.consolation_matches_target_rank: file null, target 3",
  );
  expect(r.writes).toEqual([]);
});

/** Checks of export documents: valid against the JSON Schema (ajv), compared up to ids and times. */
import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import formats from "ajv-formats";
import { expect } from "vitest";
import { runTournamentExport } from "../../../src/cli/commands/tournament/export.js";
import type { FactoryHarness } from "../../helpers/factory.js";

const schema = JSON.parse(readFileSync("schema/tournament-export.schema.json", "utf8"));
const ajv = new Ajv({ allErrors: true });
(formats as unknown as { default: (a: Ajv) => void }).default(ajv);
const validate = ajv.compile(schema);

/** Asserts `doc` is valid against schema/tournament-export.schema.json. */
export function expectValidExport(doc: unknown): void {
  expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
}

/** Tournament `url` exported from `h` (`tourney tournament export`), checked valid. */
export async function exported(h: FactoryHarness, url: string) {
  const f = h.make();
  await runTournamentExport(f.factory, { tournament: url });
  const doc = f.json();
  expectValidExport(doc);
  return doc;
}

/**
 * The document without what a replay cannot carry: the export's own time and the
 * clocks (a match not complete keeps whether it is marked underway).
 */
export function comparable(doc: any) {
  const { exported_at: _e, ...rest } = doc;
  return {
    ...rest,
    tournament: { ...rest.tournament, timestamps: undefined },
    matches: rest.matches.map((m: any) => ({
      ...m,
      completed_at: undefined,
      underway_at: m.state === "complete" ? undefined : m.underway_at !== null,
    })),
  };
}

/**
 * The attributes the CLI's `--set` lets through (model/settable-attributes.ts) are the
 * ones the service's schemas read: one added to a schema and not to the list (or dropped
 * from one) fails here. A race's pointsTable is read beside its schema.
 */
import { describe, expect, it } from "vitest";
import type { SettableAttributes } from "../../src/model/settable-attributes.js";
import { RACE_SETTABLE, TOURNAMENT_SETTABLE } from "../../src/model/settable-attributes.js";
import type { AttributeSchema } from "../../src/service/validation/attribute-merge.js";
import { SCHEMA as RACE_SCHEMA } from "../../src/service/validation/race-settings.js";
import { SCHEMA as TOURNAMENT_SCHEMA } from "../../src/service/validation/tournament-settings.js";

function settable(schema: AttributeSchema): Record<string, string[] | null> {
  const top = Object.keys(schema.topLevel).map((name) => [name, null]);
  const groups = Object.entries(schema.groups).map(([name, keys]) => [name, Object.keys(keys)]);
  return Object.fromEntries([...top, ...groups]);
}

const sortedGroups = (s: SettableAttributes) =>
  Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v === null ? null : [...v].sort()]));

describe("settable attributes", () => {
  it("are the tournament schema's", () => {
    expect(sortedGroups(TOURNAMENT_SETTABLE)).toEqual(sortedGroups(settable(TOURNAMENT_SCHEMA)));
  });

  it("are the race schema's, and pointsTable", () => {
    const race = { ...settable(RACE_SCHEMA), pointsTable: null };
    expect(sortedGroups(RACE_SETTABLE)).toEqual(sortedGroups(race));
  });
});

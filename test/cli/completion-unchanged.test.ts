/**
 * The completion cache (cli/completion/names.ts): a list seen again is told unchanged without
 * copying the cache (issue 27: the copies made `tournament list --json` of 1,000 collect its
 * young heap), and only when recording it would indeed change nothing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_NAMES,
  type NameCache,
  recordInto,
  type Seen,
  unchangedBy,
} from "../../src/cli/completion/names.js";

/** What rememberNames compared before: the cache's text with `seen` recorded and without. */
function changesNothing(cache: NameCache, seen: Seen): boolean {
  const copy = structuredClone(cache);
  recordInto(copy, seen);
  return JSON.stringify(copy) === JSON.stringify(cache);
}

const seenOf = (names: string[], extra: Partial<Seen> = {}): Seen => ({
  profile: "local",
  active: true,
  kind: "tournament",
  names,
  ...extra,
});

describe("a list seen again", () => {
  it("is unchanged when the cache holds the same names, in order, as unique() keeps them", () => {
    const cache: NameCache = { active: "local", byProfile: { local: { tournaments: ["a", "b"] } } };
    expect(unchangedBy(cache, seenOf(["a", "b"]))).toBe(true);
    expect(unchangedBy(cache, seenOf(["b", "a"]))).toBe(false);
    expect(unchangedBy(cache, seenOf(["a", "b"], { active: false, profile: "lan" }))).toBe(false);
    expect(unchangedBy(cache, seenOf(["a", "b"], { kind: "race" }))).toBe(false);
    // A cache edited by hand: the full path writes it again, without the duplicate or the "".
    const twice: NameCache = { active: "local", byProfile: { local: { tournaments: ["a", "a"] } } };
    expect(unchangedBy(twice, seenOf(["a", "a"]))).toBe(false);
    const empty: NameCache = { active: "local", byProfile: { local: { tournaments: ["", "a"] } } };
    expect(unchangedBy(empty, seenOf(["", "a"]))).toBe(false);
    const many = Array.from({ length: MAX_NAMES + 1 }, (_, i) => `t${i}`);
    const full: NameCache = { active: "local", byProfile: { local: { tournaments: many } } };
    expect(unchangedBy(full, seenOf(many))).toBe(false);
  });

  it("is told unchanged exactly when recording it would change nothing", () => {
    const name = fc.constantFrom("", "a", "b", "c", "1");
    const list = fc.array(name, { maxLength: 5 });
    const kind = fc.constantFrom("tournament", "race", "profile", "participant", "match");
    const profileNames = fc.record(
      { tournaments: list, races: list, participants: fc.dictionary(name, list) },
      { requiredKeys: [] },
    );
    const cache = fc.record(
      {
        active: fc.constantFrom("local", "lan"),
        profiles: list,
        byProfile: fc.dictionary(fc.constantFrom("local", "lan"), profileNames),
      },
      { requiredKeys: [] },
    );
    const seen = fc.record({
      profile: fc.constantFrom("local", "lan"),
      active: fc.boolean(),
      kind,
      names: list,
      scope: fc.array(name, { maxLength: 2 }),
    });
    fc.assert(
      fc.property(cache, seen, (c, s) => {
        const before = JSON.stringify(c);
        const told = unchangedBy(c as NameCache, s as Seen);
        expect(JSON.stringify(c)).toBe(before);
        if (told) expect(changesNothing(c as NameCache, s as Seen)).toBe(true);
      }),
      { numRuns: 2000 },
    );
    // And the usual case is told: the list just recorded, seen again.
    fc.assert(
      fc.property(cache, seen, (c, s) => {
        const recorded = structuredClone(c) as NameCache;
        recordInto(recorded, s as Seen);
        const again = { ...(s as Seen), names: listOfRecorded(recorded, s as Seen) };
        if (again.names !== undefined && s.kind !== "participant" && s.kind !== "match")
          expect(unchangedBy(recorded, again as Seen)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

function listOfRecorded(cache: NameCache, seen: Seen): string[] | undefined {
  if (seen.kind === "profile") return cache.profiles;
  if (seen.kind === "race") return cache.byProfile?.[seen.profile]?.races;
  return cache.byProfile?.[seen.profile]?.tournaments;
}

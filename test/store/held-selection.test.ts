/**
 * The held rows' list of every active row kept through writes that leave the written
 * row's activity as it was (issue 24): serve's snapshot asks that list after each report,
 * and a write cleared it, so the 99,998 rows of a 50,000-player bracket were filtered
 * again in one unit (30-60 ms). Filtered lists (by state, by participant) are still
 * dropped by any write; every list equals a fresh filter of the rows.
 */
import { describe, expect, it } from "vitest";
import { HeldMatches } from "../../src/store/cache/held-matches.js";
import type { MatchRow } from "../../src/store/match-rows.js";

const NOW = "2026-11-26T10:00:00.000Z";

function row(id: number, active: 0 | 1): MatchRow {
  return {
    id,
    tournament_id: 1,
    stage: "final",
    group_id: null,
    plan_key: `K${id}`,
    suggested_play_order: 100 - id,
    state: "open",
    active,
    player1_id: id,
    player2_id: id + 1,
  } as unknown as MatchRow;
}

/** What `selected` must answer: the rows filtered afresh. */
function fresh(held: HeldMatches, state?: "open" | "complete"): number[] {
  return held
    .all()
    .filter((r) => r.active === 1 && (state === undefined || r.state === state))
    .map((r) => r.id);
}

describe("HeldMatches.selected through writes", () => {
  it("keeps the list of every active row through a write that keeps the row's activity", () => {
    const held = new HeldMatches(Array.from({ length: 30 }, (_, i) => row(i + 1, i % 4 ? 1 : 0)));
    const all = held.selected({});
    const open = held.selected({ state: "open" });
    held.apply(3, ["state", "winner_id"], ["complete", 3], NOW);
    // The same list (its rows written in place), not a new filter of every row.
    expect(held.selected({})).toBe(all);
    expect(all.map((r) => r.id)).toEqual(fresh(held));
    expect(all.find((r) => r.id === 3)?.state).toBe("complete");
    // A list by state is made again: its rows changed.
    expect(held.selected({ state: "open" })).not.toBe(open);
    expect(held.selected({ state: "open" }).map((r) => r.id)).toEqual(fresh(held, "open"));
  });

  it("makes the list again when a write changes whether its row is active", () => {
    const held = new HeldMatches(Array.from({ length: 30 }, (_, i) => row(i + 1, i % 4 ? 1 : 0)));
    const all = held.selected({});
    held.apply(5, ["state", "active"], ["pending", 1], NOW); // an inactive row made active
    expect(held.selected({})).not.toBe(all);
    expect(held.selected({}).map((r) => r.id)).toEqual(fresh(held));
    const again = held.selected({});
    held.apply(6, ["state", "active"], ["pending", 0], NOW);
    expect(held.selected({}).map((r) => r.id)).toEqual(fresh(held));
    expect(held.selected({})).not.toBe(again);
    held.put(row(31, 1));
    expect(held.selected({}).map((r) => r.id)).toEqual(fresh(held));
  });
});

/**
 * A stage's entrants are found among the tournament's participants by place, not by a
 * pass over all of them (issue 27): a 3,000-player group stage's standings passed over the
 * 3,000 for each of its 750 groups. Counted here as the reads of the shared list's entries
 * (a proxy over it), for many small stages sharing one list as a request's stages do; the
 * entrants are the same as a filter of the list gives, in seed order.
 */
import { describe, expect, it } from "vitest";
import { stageEntrants } from "../../src/service/bracket/ranks.js";
import { type StageParticipant, stageState } from "../../src/service/bracket/stage-state.js";
import { REF, settingsFor } from "../helpers/stage.js";

describe("stage entrants", () => {
  it("read each participant once for every stage of a request, and come in seed order", () => {
    const people: StageParticipant[] = Array.from({ length: 1000 }, (_, i) => ({
      id: 5000 - 3 * i,
      seed: i + 1,
      active: true,
    }));
    let reads = 0;
    const counted = new Proxy(people, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const tournament = {
      url: "cup",
      state: "underway" as const,
      settings: settingsFor("round robin"),
    };
    for (let group = 0; group < 250; group++) {
      const state = stageState({ ref: REF, tournament, rows: [], participants: counted });
      const ids = new Set([
        people[4 * group + 3]!.id,
        people[4 * group]!.id,
        1,
        people[4 * group + 2]!.id,
      ]);
      const expected = people.filter((p) => ids.has(p.id)).map((p) => ({ id: p.id, seed: p.seed }));
      expect(stageEntrants(state, ids)).toEqual(expected);
    }
    expect(reads).toBeLessThan(2 * people.length + 250 * 8);
  });
});

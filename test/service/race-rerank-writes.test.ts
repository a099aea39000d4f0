/**
 * A time entered writes the times whose rank or points it moves, not the whole round:
 * each entry re-ranked the round and rewrote every row, so every time's `updatedAt` moved
 * at every entry, and an entry cost O(racers) writes (8,000 racers: 44 ms a PUT on serve).
 */
import { describe, expect, it } from "vitest";
import { raceBody, raceState, timeBody, timeIds } from "../helpers/race-service.js";
import { participantsBody, startService, steppingClock } from "../helpers/service.js";

interface TimeRecord {
  attributes: { rank: number | null; timestamps: { updatedAt: string } };
}

describe("a time entered writes only the times it moves", () => {
  it("a slower time leaves the others' records as they were; a faster one moves them", async () => {
    const s = await startService({ now: steppingClock() });
    const made = await s.request(
      "POST",
      "/v2.1/races",
      raceBody({ name: "Dash", raceType: "time trial" }),
    );
    expect(made.status, made.body).toBe(201);
    const names = ["A", "B", "C", "D"];
    expect(
      (await s.request("POST", "/v2.1/races/1/participants/bulk_add", participantsBody(names)))
        .status,
    ).toBe(200);
    expect((await s.request("PUT", "/v2.1/races/1/change_state", raceState("start"))).status).toBe(
      200,
    );
    const ids = await timeIds(s, 1);
    const enter = async (name: string, ms: number) => {
      const r = await s.request(
        "PUT",
        `/v2.1/races/1/rounds/1/elapsed_times/${ids.get(name)}`,
        timeBody({ elapsedTime: ms }),
      );
      expect(r.status, r.body).toBe(200);
    };
    const records = async () => {
      const out = new Map<string, TimeRecord["attributes"]>();
      for (const name of names) {
        const r = await s.request("GET", `/v2.1/races/1/rounds/1/elapsed_times/${ids.get(name)}`);
        out.set(name, (r.json.data as TimeRecord).attributes);
      }
      return out;
    };
    await enter("A", 60_000);
    await enter("B", 70_000);
    const before = await records();
    await enter("C", 80_000);
    const slower = await records();
    expect([...slower].map(([n, t]) => [n, t.rank])).toEqual([
      ["A", 1],
      ["B", 2],
      ["C", 3],
      ["D", null],
    ]);
    expect(slower.get("A")).toEqual(before.get("A"));
    expect(slower.get("B")).toEqual(before.get("B"));
    expect(slower.get("D")).toEqual(before.get("D"));
    await enter("D", 50_000);
    const faster = await records();
    expect([...faster].map(([n, t]) => [n, t.rank])).toEqual([
      ["A", 2],
      ["B", 3],
      ["C", 4],
      ["D", 1],
    ]);
    for (const name of ["A", "B", "C"])
      expect(faster.get(name)!.timestamps.updatedAt > slower.get(name)!.timestamps.updatedAt).toBe(
        true,
      );
  });
});

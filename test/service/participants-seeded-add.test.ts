/**
 * A batch with seeds (add.ts insertSeeded): where every participant ends, and which rows
 * the add touched, as the row-by-row insert-and-shift did (the expected lists below were
 * taken from that implementation, 6957f3e, on these same rosters); and the batch is placed
 * in one pass, not one seed-shifting statement a seeded row.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../src/store/database.js";
import { ParticipantRepository } from "../../src/store/participants-repository.js";
import { type ServiceHarness, startService, steppingClock } from "../helpers/service.js";

interface Entry {
  name: string;
  seed?: number;
}

const body = (participants: readonly Entry[]) => ({
  data: { type: "Participants", attributes: { participants } },
});

async function cup(): Promise<ServiceHarness> {
  const s = await startService({ now: steppingClock() });
  const r = await s.request("POST", "/v2.1/tournaments", {
    data: {
      type: "tournament",
      attributes: { name: "Cup", tournament_type: "single elimination" },
    },
  });
  expect(r.status).toBe(201);
  return s;
}

type Row = {
  id: string;
  attributes: { name: string; seed: number; timestamps: { updated_at: string } };
};

async function listed(s: ServiceHarness): Promise<Row[]> {
  const r = await s.request("GET", "/v2.1/tournaments/cup/participants?per_page=1000");
  expect(r.status).toBe(200);
  return r.json.data as Row[];
}

/**
 * Adds `existing` (unseeded), then `batch` in one bulk_add; returns the list in seed
 * order as `name id` with ` *` on rows the batch wrote (new, or an existing one's seed
 * moved: its updated_at changed), and the batch's answer as `name seed`, in batch order.
 */
async function outcome(existing: readonly string[], batch: readonly Entry[]) {
  const s = await cup();
  if (existing.length > 0) {
    const r = await s.request(
      "POST",
      "/v2.1/tournaments/cup/participants/bulk_add",
      body(existing.map((name) => ({ name }))),
    );
    expect(r.status).toBe(200);
  }
  const before = new Map((await listed(s)).map((p) => [p.id, p.attributes.timestamps.updated_at]));
  const added = await s.request("POST", "/v2.1/tournaments/cup/participants/bulk_add", body(batch));
  expect(added.status).toBe(200);
  const after = await listed(s);
  expect(after.map((p) => p.attributes.seed)).toEqual(after.map((_, i) => i + 1));
  return {
    list: after.map(
      (p) =>
        `${p.attributes.name} ${p.id}${before.get(p.id) === p.attributes.timestamps.updated_at ? "" : " *"}`,
    ),
    answer: (added.json.data as Row[]).map((p) => `${p.attributes.name} ${p.attributes.seed}`),
  };
}

const CASES: { name: string; existing: string[]; batch: Entry[] }[] = [
  {
    name: "seeds in any order and names without, into an empty tournament",
    existing: [],
    batch: [{ name: "A", seed: 3 }, { name: "B" }, { name: "C", seed: 1 }, { name: "D" }],
  },
  {
    name: "seeds among existing players, one past their count",
    existing: ["E1", "E2", "E3", "E4", "E5"],
    batch: [{ name: "X", seed: 1 }, { name: "Y" }, { name: "Z", seed: 7 }, { name: "W", seed: 3 }],
  },
  {
    name: "seeds past the existing players only (gaps filled by nobody new)",
    existing: ["E1", "E2", "E3", "E4"],
    batch: [
      { name: "X", seed: 6 },
      { name: "Y", seed: 5 },
    ],
  },
  {
    name: "a seed equal to the next free one",
    existing: ["E1", "E2", "E3"],
    batch: [{ name: "X", seed: 4 }],
  },
  {
    name: "all seeded, descending, over existing players",
    existing: ["E1", "E2", "E3"],
    batch: [
      { name: "X", seed: 3 },
      { name: "Y", seed: 2 },
      { name: "Z", seed: 1 },
    ],
  },
  {
    name: "gaps between seeds filled by the unseeded and the existing",
    existing: ["E1", "E2"],
    batch: [{ name: "X", seed: 5 }, { name: "Y" }, { name: "Z" }, { name: "W", seed: 2 }],
  },
  {
    name: "the last seed and the first",
    existing: ["E1", "E2", "E3"],
    batch: [{ name: "X", seed: 6 }, { name: "Y" }, { name: "Z", seed: 1 }],
  },
];

const EXPECTED: Record<string, { list: string[]; answer: string[] }> = {
  "seeds in any order and names without, into an empty tournament": {
    list: ["C 3 *", "B 1 *", "A 4 *", "D 2 *"],
    answer: ["A 3", "B 2", "C 1", "D 4"],
  },
  "seeds among existing players, one past their count": {
    list: ["X 7 *", "E1 1 *", "W 8 *", "E2 2 *", "E3 3 *", "E4 4 *", "Z 9 *", "E5 5 *", "Y 6 *"],
    answer: ["X 1", "Y 9", "Z 7", "W 3"],
  },
  "seeds past the existing players only (gaps filled by nobody new)": {
    list: ["E1 1", "E2 2", "E3 3", "E4 4", "Y 5 *", "X 6 *"],
    answer: ["X 6", "Y 5"],
  },
  "a seed equal to the next free one": {
    list: ["E1 1", "E2 2", "E3 3", "X 4 *"],
    answer: ["X 4"],
  },
  "all seeded, descending, over existing players": {
    list: ["Z 4 *", "Y 5 *", "X 6 *", "E1 1 *", "E2 2 *", "E3 3 *"],
    answer: ["X 3", "Y 2", "Z 1"],
  },
  "gaps between seeds filled by the unseeded and the existing": {
    // E1 stays at seed 1 and is not written (its updated_at stays), as the row-by-row shifts
    // left it: the one reseed skips a seed that stays (participants-repository reseed).
    list: ["E1 1", "W 5 *", "E2 2 *", "Y 3 *", "X 6 *", "Z 4 *"],
    answer: ["X 5", "Y 4", "Z 6", "W 2"],
  },
  "the last seed and the first": {
    list: ["Z 5 *", "E1 1 *", "E2 2 *", "E3 3 *", "Y 4 *", "X 6 *"],
    answer: ["X 6", "Y 5", "Z 1"],
  },
};

describe("bulk add with seeds", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  for (const c of CASES) {
    it(`places ${c.name} as before`, async () => {
      const got = await outcome(c.existing, c.batch);
      expect(got).toEqual(EXPECTED[c.name]);
    });
  }

  it("places 3,000 names, a quarter of each request seeded at the top, with no seed-shifting statement", async () => {
    const s = await cup();
    const moves = vi.spyOn(ParticipantRepository.prototype, "moveSeed");
    // Every UPDATE that shifts a range of seeds (seed = seed + 1 / - 1), however it is issued:
    // statements of a store's connection (openDatabase loads the addon the service uses).
    const db = openDatabase(":memory:");
    const probe = db.prepare("SELECT 1");
    db.close();
    const statement = Object.getPrototypeOf(probe) as { run: (...a: unknown[]) => unknown };
    const run = statement.run;
    let shifts = 0;
    vi.spyOn(statement, "run").mockImplementation(function (this: { source: string }, ...a) {
      if (/seed = seed [+-]/.test(this.source)) shifts++;
      return run.apply(this, a);
    });
    for (let k = 0; k < 3; k++) {
      const batch: Entry[] = [
        ...Array.from({ length: 750 }, (_, i) => ({ name: `U${k}-${i + 1}` })),
        ...Array.from({ length: 250 }, (_, i) => ({
          name: `S${250 * k + i + 1}`,
          seed: 250 * k + i + 1,
        })),
      ];
      const r = await s.request("POST", "/v2.1/tournaments/cup/participants/bulk_add", body(batch));
      expect(r.status).toBe(200);
    }
    expect(moves).not.toHaveBeenCalled();
    expect(shifts).toBe(0);
    const all: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const r = await s.request(
        "GET",
        `/v2.1/tournaments/cup/participants?per_page=1000&page=${page}`,
      );
      all.push(...(r.json.data as Row[]).map((p) => `${p.attributes.seed} ${p.attributes.name}`));
    }
    expect(all).toEqual([
      ...Array.from({ length: 750 }, (_, i) => `${i + 1} S${i + 1}`),
      ...[0, 1, 2].flatMap((k) =>
        Array.from({ length: 750 }, (_, i) => `${751 + 750 * k + i} U${k}-${i + 1}`),
      ),
    ]);
  });
});

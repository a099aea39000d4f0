/**
 * `race times bulk-update` matches its rows against the race's participants and the
 * round's times (bulk-update.ts entriesOf): the same references and refusals as one
 * reference at a time (participant-ref.ts), with each participant's name and each time's
 * participant read once, not once a row (8,000 rows took ~27 s of CLI CPU).
 */
import { describe, expect, it } from "vitest";
import { entriesOf } from "../../src/cli/commands/race/times/bulk-update.js";
import type { RoundTimes } from "../../src/cli/commands/race/times/round-times.js";
import type { TimeRow } from "../../src/cli/commands/race/times/times-csv.js";
import type { ResourceObject } from "../../src/model/resource.js";

const reads = { names: 0, relationships: 0 };

function participant(id: number, name: string, seed: number): ResourceObject {
  const attributes = { seed };
  Object.defineProperty(attributes, "name", {
    enumerable: true,
    get: () => {
      reads.names++;
      return name;
    },
  });
  return { id: String(id), type: "participant", attributes } as unknown as ResourceObject;
}

function time(id: number, participantId: number): ResourceObject {
  const relationships = {
    participant: { data: { id: String(participantId), type: "participant" } },
  };
  const record = { id: String(id), type: "elapsed_time", attributes: {} };
  Object.defineProperty(record, "relationships", {
    enumerable: true,
    get: () => {
      reads.relationships++;
      return relationships;
    },
  });
  return record as unknown as ResourceObject;
}

function round(participants: ResourceObject[], times: ResourceObject[]): RoundTimes {
  return { race: participants[0]!, raceId: "1", round: 1, participants, times };
}

const row = (participant: string, line: number): TimeRow => ({
  participant,
  time: 60_000 + line,
  where: `line ${line}`,
});

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (error) {
    return String((error as Error).message);
  }
  return "not refused";
}

describe("race times bulk-update rows", () => {
  // Ids 10.., seeds 1..; "42", "#2" and "id:77" are names too; "Ada" and "ADA" are one name key.
  const people = [
    participant(10, "Ada", 1),
    participant(11, "#2", 3),
    participant(42, "Bob", 2),
    participant(12, "42", 4),
    participant(13, "Cy Young", 5),
    participant(14, "id:77", 6),
  ];
  const times = people.map((p, i) => time(100 + i, Number(p.id)));

  it("finds ids, seeds and names in every form", () => {
    const rows = ["id:10", "seed:2", "name:#2", "cy young", "id:12"].map((r, i) => row(r, i + 2));
    const entries = entriesOf({ rows, problems: [] }, round(people, times));
    expect(entries.map((e) => e.elapsedTimeId)).toEqual([100, 102, 101, 104, 103]);
    expect(entries.map((e) => e.time)).toEqual([60_002, 60_003, 60_004, 60_005, 60_006]);
  });

  it("refuses ambiguous, unknown, repeated rows and a participant without a time, as before", () => {
    const rows = ["42", "#2", "99", "seed:9", "ADA", "Ada", "Nobody", "id:77"].map((r, i) =>
      row(r, i + 2),
    );
    const withoutCy = times.filter((_, i) => i !== 4);
    const message = refusal(() =>
      entriesOf(
        { rows: [...rows, row("Cy Young", 10)], problems: ["line 11: a time file's own problem"] },
        round(people, withoutCy),
      ),
    );
    expect(message.split("\n")).toEqual([
      "the times file has problems; nothing was sent:",
      '  line 2: participant 42 is ambiguous: "Bob" (seed 2) has id 42 and "42" (id 12) has that name; write id:42 for "Bob" or name:42 for "42"',
      '  line 3: participant #2 is ambiguous: "Bob" (id 42) has seed 2 and "#2" (id 11) has that name; write seed:2 for "Bob" or name:#2 for "#2"',
      '  line 4: no participant "99" in the race',
      '  line 5: no participant "seed:9" in the race',
      '  line 7: "Ada" already has a time (line 6)',
      '  line 8: no participant "Nobody" in the race',
      '  line 9: no participant "id:77" in the race; a participant is named "id:77": write name:id:77',
      '  line 10: "Cy Young" has no time to update in round 1',
      "  line 11: a time file's own problem",
    ]);
  });

  it("reads each participant's name and each time's participant a bounded number of times", () => {
    const n = 3000;
    const many = Array.from({ length: n }, (_, i) => participant(i + 1, `R${i + 1}`, i + 1));
    const manyTimes = many.map((p, i) => time(5000 + i, Number(p.id))).reverse();
    const rows = many.map((p, i) => row(String(p.attributes.name), i + 2));
    reads.names = 0;
    reads.relationships = 0;
    const entries = entriesOf({ rows, problems: [] }, round(many, manyTimes));
    expect(entries).toHaveLength(n);
    expect(entries[0]!.elapsedTimeId).toBe(5000);
    expect(entries[n - 1]!.elapsedTimeId).toBe(5000 + n - 1);
    // A row's name compared with every participant's was n reads a row (9,000,000 here).
    expect(reads.names).toBeLessThanOrEqual(4 * n);
    expect(reads.relationships).toBeLessThanOrEqual(2 * n);
  });
});

/**
 * The match verbs called as functions: a parsed report is plain data a test can
 * write by hand, and runMatchX acts on the in-process service without commander.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseMatchList, runMatchList } from "../../../src/cli/commands/match/list.js";
import { runMatchReopen } from "../../../src/cli/commands/match/reopen.js";
import { parseMatchReport, runMatchReport } from "../../../src/cli/commands/match/report.js";
import { HintedError, UsageError } from "../../../src/cli/errors.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import { createFactoryHarness, type FactoryHarness } from "../../helpers/factory.js";

let h: FactoryHarness;
let client: ApiClient;
beforeEach(async () => {
  h = createFactoryHarness();
  client = await h.client();
});
afterEach(() => h.cleanup());

/** Single elimination "cup", 4 players: A = P1 v P4, B = P2 v P3, C = the final. */
async function cup(): Promise<void> {
  await client.tournaments.create({ name: "Cup", tournament_type: "single elimination" });
  for (const name of ["P1", "P2", "P3", "P4"]) await client.participants.create("cup", { name });
  await client.tournaments.changeState("cup", "start");
}

async function match(identifier: string) {
  const all = await client.matches.listAll("cup");
  return all.find((m) => m.attributes.identifier === identifier)!.attributes;
}

describe("parseMatchReport (no I/O)", () => {
  it("reads scores from player 1's side and keeps the winner as typed", () => {
    expect(parseMatchReport("cup", "A", { winner: "P4", scores: "1-3, 3-2" })).toEqual({
      tournament: "cup",
      match: "A",
      result: {
        kind: "one-on-one",
        winner: "P4",
        tie: false,
        force: false,
        scores: {
          text: "1-3, 3-2",
          sets: [
            [1, 3],
            [3, 2],
          ],
        },
      },
    });
  });

  it("reads free-for-all ranks and the advancing players", () => {
    const o = parseMatchReport("race", "F1-1", { ranks: ["Ada=1,Grace=2"], advancing: ["Ada"] });
    expect(o.result).toEqual({
      kind: "free-for-all",
      ranks: [
        ["Ada", 1],
        ["Grace", 2],
      ],
      advancing: ["Ada"],
    });
  });

  it("refuses flags that do not go together, and malformed scores", () => {
    // No result flag: left for the prompt (without a terminal, runMatchReport refuses).
    expect(parseMatchReport("cup", "A", {})).toEqual({ tournament: "cup", match: "A" });
    expect(() => parseMatchReport("cup", "A", { tie: true, winner: "P1" })).toThrow(
      /exclude each other/,
    );
    expect(() => parseMatchReport("cup", "A", { ranks: ["A=1"], winner: "A" })).toThrow(UsageError);
    expect(() => parseMatchReport("cup", "A", { scores: "3:1" })).toThrow(/sets like 3-1/);
  });
});

describe("run functions on the in-process service", () => {
  it("runMatchReport sends each player's score_set and completes the match", async () => {
    await cup();
    const t = h.make({ globals: { json: true } });
    await runMatchReport(
      t.factory,
      parseMatchReport("cup", "A", { winner: "P4", scores: "1-3,3-2,0-3" }),
    );
    const p4 = (await client.participants.listAll("cup")).find((p) => p.attributes.name === "P4")!;
    expect(t.json()).toMatchObject({
      identifier: "A",
      state: "complete",
      winner_id: Number(p4.id),
      score_in_sets: [
        [1, 3],
        [3, 2],
        [0, 3],
      ],
      points_by_participant: [
        { participant_id: 1, scores: [1, 3, 0] },
        { participant_id: Number(p4.id), scores: [3, 2, 3] },
      ],
    });
    const final = await match("C");
    expect([final.player1_id, final.player2_id]).toContain(Number(p4.id));
  });

  it("runMatchReport with scores only keeps the match open and says so", async () => {
    await cup();
    const t = h.make();
    await runMatchReport(t.factory, {
      tournament: "cup",
      match: "B",
      result: {
        kind: "one-on-one",
        tie: false,
        force: false,
        scores: { text: "2-1", sets: [[2, 1]] },
      },
    });
    expect(t.stderr()).toContain("Scores recorded; match B stays open");
    expect((await match("B")).state).toBe("open");
  });

  it("runMatchReopen: dependents complete are refused with a hint, then reset with cascade", async () => {
    await cup();
    const report = (m: string, winner: string) =>
      runMatchReport(h.make().factory, parseMatchReport("cup", m, { winner }));
    await report("A", "P1");
    await report("B", "P2");
    await report("C", "P1");
    const refused = runMatchReopen(h.make().factory, {
      tournament: "cup",
      match: "A",
      cascade: false,
    });
    await expect(refused).rejects.toThrow(HintedError);
    await expect(refused).rejects.toMatchObject({ hint: "--cascade resets those matches too" });
    expect((await match("C")).state).toBe("complete");
    await runMatchReopen(h.make().factory, { tournament: "cup", match: "A", cascade: true });
    expect((await match("A")).state).toBe("open");
    expect((await match("C")).state).toBe("pending");
  });

  it("runMatchList filters by round on the client side", async () => {
    await cup();
    const t = h.make({ globals: { json: true } });
    await runMatchList(t.factory, parseMatchList("cup", { state: "all", round: "2" }));
    expect(t.json().map((m: { identifier: string }) => m.identifier)).toEqual(["C"]);
    expect(() => parseMatchList("cup", { state: "all", round: "last" })).toThrow(/whole number/);
  });
});

/**
 * Size limits (issue 9, defect 2; docs/tournaments.md "Size limits"): a start past them is a 422
 * naming the limit that changes nothing; the largest allowed round robin starts,
 * and the store holds exactly the matches of the plan.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { planDoubleElimination } from "../../src/engine/index.js";
import {
  MAX_PARTICIPANTS,
  MAX_ROUND_ROBIN_PARTICIPANTS,
  MAX_STAGE_MATCHES,
  MAX_SWISS_PARTICIPANTS,
  maxRoundRobinParticipants,
  roundRobinMatchCount,
  withSeparators,
} from "../../src/model/limits.js";
import { changeState } from "../helpers/play.js";
import {
  participantsBody,
  type ServiceHarness,
  startService,
  tournamentBody,
} from "../helpers/service.js";

/** A tournament of `count` participants (bulk adds of 1,000), as `attributes` say. */
async function tournamentOf(
  s: ServiceHarness,
  attributes: Record<string, unknown>,
  count: number,
): Promise<string> {
  const t = await s.request(
    "POST",
    "/v2.1/tournaments",
    tournamentBody({ name: "T", ...attributes }),
  );
  expect(t.status, t.body).toBe(201);
  const id = t.json.data.id as string;
  for (let from = 0; from < count; from += 1000) {
    const names = Array.from(
      { length: Math.min(1000, count - from) },
      (_, i) => `P${from + i + 1}`,
    );
    const added = await s.request(
      "POST",
      `/v2.1/tournaments/${id}/participants/bulk_add`,
      participantsBody(names),
    );
    expect(added.status, added.body).toBe(200);
  }
  return id;
}

async function setType(s: ServiceHarness, id: string, attributes: Record<string, unknown>) {
  const r = await s.request("PUT", `/v2.1/tournaments/${id}`, tournamentBody(attributes));
  expect(r.status, r.body).toBe(200);
}

/** State, participant count and stored matches (with group ids) of a tournament. */
async function snapshot(s: ServiceHarness, id: string) {
  const t = await s.request("GET", `/v2.1/tournaments/${id}`);
  const m = await s.request("GET", `/v2.1/tournaments/${id}/matches?per_page=1`);
  const p = await s.request("GET", `/v2.1/tournaments/${id}/participants?per_page=1000`);
  return {
    state: t.json.data.attributes.state,
    participants: t.json.data.attributes.participants_count,
    matches: m.json.meta?.count ?? m.json.data.length,
    groups: p.json.data.filter(
      (x: { attributes: { group_id: unknown } }) => x.attributes.group_id !== null,
    ).length,
  };
}

function expectLimitError(
  r: { status: number; body: string; json: any },
  pattern: RegExp,
  pointer: string,
) {
  expect(r.status, r.body).toBe(422);
  expect(r.json.errors).toHaveLength(1);
  expect(r.json.errors[0].status).toBe(422);
  expect(r.json.errors[0].detail).toMatch(pattern);
  expect(r.json.errors[0].source).toEqual({ pointer });
}

describe("the limits themselves", () => {
  it("round robin is held to the matches of a stage: 512 players, fewer with more iterations", () => {
    expect(MAX_ROUND_ROBIN_PARTICIPANTS).toBe(512);
    expect(roundRobinMatchCount(512, 1)).toBeLessThanOrEqual(MAX_STAGE_MATCHES);
    expect(roundRobinMatchCount(513, 1)).toBeGreaterThan(MAX_STAGE_MATCHES);
    for (const iterations of [2, 3, 10]) {
      const n = maxRoundRobinParticipants(iterations);
      expect(roundRobinMatchCount(n, iterations)).toBeLessThanOrEqual(MAX_STAGE_MATCHES);
      expect(roundRobinMatchCount(n + 1, iterations)).toBeGreaterThan(MAX_STAGE_MATCHES);
    }
    expect(maxRoundRobinParticipants(2)).toBe(362);
  });

  it("the largest double elimination (65,536 players, with a reset) fits a stage", () => {
    const field = Array.from({ length: MAX_PARTICIPANTS }, (_, i) => ({ id: i + 1, seed: i + 1 }));
    const plan = planDoubleElimination(field, { grandFinalsModifier: "" });
    expect(plan.length).toBe(2 * MAX_PARTICIPANTS - 1);
    expect(plan.length).toBeLessThanOrEqual(MAX_STAGE_MATCHES);
    // The reset is stored inactive: the start shows 2n-2 matches (review J #8), as the docs say.
    const shown = plan.filter((m) => m.onlyIfLoserWins === undefined).length;
    expect(shown).toBe(2 * MAX_PARTICIPANTS - 2);
    const docs = readFileSync(new URL("../../docs/tournaments.md", import.meta.url), "utf8");
    const row = docs.split("\n").find((line) => line.startsWith("| matches one start stores"));
    expect(row).toContain(`stores ${withSeparators(plan.length)} rows`);
    expect(row).toContain(`the ${withSeparators(shown)} matches (2n − 2)`);
  });
});

describe("a start past the limits", () => {
  it("round robin of 513: 422 naming the limit of 512, and nothing changes", async () => {
    const s = await startService();
    // Added as an elimination (which takes them), then switched to round robin.
    const id = await tournamentOf(s, { tournament_type: "double elimination" }, 513);
    await setType(s, id, { tournament_type: "round robin" });
    const r = await changeState(s, id, "start");
    expectLimitError(
      r,
      /round robin takes at most 512 participants.*131,072 matches \(131,328 at 513\).*has 513 active/,
      "/data/attributes/state",
    );
    expect(await snapshot(s, id)).toEqual({
      state: "pending",
      participants: 513,
      matches: 0,
      groups: 0,
    });
  });

  it("round robin with 2 iterations: the limit falls to 362", async () => {
    const s = await startService();
    const id = await tournamentOf(s, { tournament_type: "double elimination" }, 363);
    await setType(s, id, {
      tournament_type: "round robin",
      round_robin_options: { iterations: 2 },
    });
    const r = await changeState(s, id, "start");
    expectLimitError(r, /at most 362 participants.*2 iterations/, "/data/attributes/state");
    expect((await snapshot(s, id)).matches).toBe(0);
  });

  it(`swiss of ${MAX_SWISS_PARTICIPANTS + 1}: 422 naming the limit, nothing changes`, async () => {
    const s = await startService();
    const count = MAX_SWISS_PARTICIPANTS + 1;
    const id = await tournamentOf(s, { tournament_type: "single elimination" }, count);
    await setType(s, id, { tournament_type: "swiss" });
    const r = await changeState(s, id, "start");
    expectLimitError(
      r,
      /swiss takes at most 8,192 participants.*has 8,193 active/,
      "/data/attributes/state",
    );
    expect(await snapshot(s, id)).toMatchObject({ state: "pending", matches: 0 });
  });

  it("a group stage whose groups would store too many matches: 422, no groups dealt", async () => {
    const s = await startService();
    const options = {
      tournament_type: "single elimination",
      group_stage_enabled: true,
      group_stage_options: {
        stage_type: "round robin",
        group_size: 64,
        participant_count_to_advance_per_group: 2,
        rr_iterations: 10,
      },
    };
    // 7 groups of 64, 10 iterations: 7 x 20,160 = 141,120 matches.
    const id = await tournamentOf(s, options, 448);
    const r = await changeState(s, id, "start_group_stage");
    expectLimitError(
      r,
      /group stage stores at most 131,072 matches; 7 round robin groups of 64 would store 141,120/,
      "/data/attributes/state",
    );
    expect(await snapshot(s, id)).toEqual({
      state: "pending",
      participants: 448,
      matches: 0,
      groups: 0,
    });
  });

  it("a group stage that would send more players to a round-robin final than it takes: 422", async () => {
    const s = await startService();
    const options = {
      tournament_type: "round robin",
      group_stage_enabled: true,
      group_stage_options: {
        stage_type: "single elimination",
        group_size: 4,
        participant_count_to_advance_per_group: 3,
      },
    };
    // 200 groups of 4, 3 advancing each: 600 finalists, past round robin's 512.
    const id = await tournamentOf(s, options, 800);
    const r = await changeState(s, id, "start_group_stage");
    expectLimitError(
      r,
      /200 groups would send 600 participants to the final stage, and a round robin takes at most 512/,
      "/data/attributes/state",
    );
    expect(await snapshot(s, id)).toEqual({
      state: "pending",
      participants: 800,
      matches: 0,
      groups: 0,
    });
  });
});

describe("adding participants past what the format takes", () => {
  it("a bulk add that would take a round robin past 512 is refused whole", async () => {
    const s = await startService();
    const id = await tournamentOf(s, { tournament_type: "round robin" }, 510);
    const r = await s.request(
      "POST",
      `/v2.1/tournaments/${id}/participants/bulk_add`,
      participantsBody(["X1", "X2", "X3"]),
    );
    expectLimitError(
      r,
      /round robin takes at most 512 participants.*has 510 participants and cannot take 3 more/,
      "/data/attributes/participants",
    );
    expect((await snapshot(s, id)).participants).toBe(510);
    // Up to the limit is fine, one by one too; the next one is refused.
    const two = await s.request(
      "POST",
      `/v2.1/tournaments/${id}/participants/bulk_add`,
      participantsBody(["X1", "X2"]),
    );
    expect(two.status, two.body).toBe(200);
    const one = await s.request("POST", `/v2.1/tournaments/${id}/participants`, {
      data: { type: "Participants", attributes: { name: "X3" } },
    });
    expectLimitError(one, /at most 512 participants/, "/data/attributes");
    expect((await snapshot(s, id)).participants).toBe(512);
  });

  it(`with a group stage, only the tournament limit (${MAX_PARTICIPANTS}) applies when adding`, async () => {
    const s = await startService();
    const options = {
      tournament_type: "round robin",
      group_stage_enabled: true,
      group_stage_options: { stage_type: "round robin", group_size: 4 },
    };
    const id = await tournamentOf(s, options, 600);
    expect((await snapshot(s, id)).participants).toBe(600);
  });
});

describe("starts within the limits", () => {
  it("the largest round robin (512) starts and stores n(n-1)/2 matches, one row each", async () => {
    const s = await startService();
    const id = await tournamentOf(s, { tournament_type: "round robin" }, 512);
    const r = await changeState(s, id, "start");
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.attributes.state).toBe("underway");
    const after = await snapshot(s, id);
    expect(after.matches).toBe(roundRobinMatchCount(512, 1));
    // Every pair meets once: the last page holds the last match of the last round.
    const last = await s.request(
      "GET",
      `/v2.1/tournaments/${id}/matches?per_page=1000&page=${Math.ceil(after.matches / 1000)}`,
    );
    const tail = last.json.data.at(-1).attributes;
    expect(tail.round).toBe(511);
    expect(tail.suggested_play_order).toBe(130_816);
  });

  it("the store grows with the matches: n(n-1)/2 for round robin, iterations times over", async () => {
    const s = await startService();
    for (const [n, iterations] of [
      [2, 1],
      [7, 1],
      [40, 1],
      [41, 3],
    ] as const) {
      const id = await tournamentOf(
        s,
        { tournament_type: "round robin", round_robin_options: { iterations } },
        n,
      );
      expect((await changeState(s, id, "start")).status).toBe(200);
      expect((await snapshot(s, id)).matches).toBe(roundRobinMatchCount(n, iterations));
    }
  });

  it("a round robin restarts after a reset with the same matches, none left over", async () => {
    const s = await startService();
    const options = { tournament_type: "round robin", round_robin_options: { iterations: 3 } };
    const id = await tournamentOf(s, options, 64);
    expect((await changeState(s, id, "start")).status).toBe(200);
    expect((await changeState(s, id, "reset")).status).toBe(200);
    expect((await snapshot(s, id)).matches).toBe(0);
    expect((await changeState(s, id, "start")).status).toBe(200);
    expect((await snapshot(s, id)).matches).toBe(roundRobinMatchCount(64, 3));
  });
});

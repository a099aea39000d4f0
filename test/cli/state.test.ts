import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import type { ResolvedProfile } from "../../src/config/resolve.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import {
  createWith,
  matchesJson,
  ok,
  playOut,
  tournamentState,
} from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

async function finalRanks(t: string): Promise<Record<string, number | null>> {
  const participants = ok(await sb.run(["participants", "list", t, "--json"])).json();
  return Object.fromEntries(
    participants.map((p: { name: string; final_rank: number | null }) => [p.name, p.final_rank]),
  );
}

describe("tourney tournament start / finalize / reset", () => {
  it("runs a single elimination from pending to complete and back to pending", async () => {
    const { t, ids } = await createWith(sb, ["--name", "Cup"], ["P1", "P2", "P3", "P4"]);
    const early = await sb.run(["tournament", "finalize", t]);
    expect(early.code).toBe(5);
    expect(early.stderr).toContain("cannot finalize a tournament that is pending");

    const started = ok(await sb.run(["tournament", "start", t, "--json"])).json();
    expect(started).toMatchObject({ state: "underway", matches_count: 3, matches_complete: 0 });
    const again = await sb.run(["tournament", "start", t]);
    expect(again.code).toBe(5);
    expect(again.stderr).toContain("cannot start a tournament that is underway");

    const seed = (id: number) => [...ids.values()].indexOf(id);
    const reported = await playOut(sb, t, (m) =>
      seed(m.player1_id) < seed(m.player2_id) ? m.player1_id : m.player2_id,
    );
    expect(reported).toBe(3);
    expect(await tournamentState(sb, t)).toBe("awaiting_review");
    expect(await finalRanks(t)).toEqual({ P1: null, P2: null, P3: null, P4: null });

    const done = ok(await sb.run(["tournament", "finalize", t]));
    expect(done.stdout).toContain("state\tcomplete\n");
    expect(done.stdout).toContain("progress\t3/3 matches complete\n");
    expect(await finalRanks(t)).toEqual({ P1: 1, P2: 2, P3: 3, P4: 3 });

    const unconfirmed = await sb.run(["tournament", "reset", t]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain("pass --yes to confirm");
    expect(await tournamentState(sb, t)).toBe("complete");
    const noInput = await sb.run(["tournament", "reset", t, "--no-input"]);
    expect(noInput.code).toBe(2);

    ok(await sb.run(["tournament", "reset", t, "--yes"]));
    expect(await tournamentState(sb, t)).toBe("pending");
    expect(await matchesJson(sb, t)).toEqual([]);
    expect(await finalRanks(t)).toEqual({ P1: null, P2: null, P3: null, P4: null });
  });

  it("refuses to start with fewer than 2 participants (exit 5)", async () => {
    const { t } = await createWith(sb, ["--name", "Solo"], ["Only"]);
    const r = await sb.run(["tournament", "start", t]);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain("needs at least 2 active participants to start; it has 1");
    expect(await tournamentState(sb, t)).toBe("pending");
  });

  it("change-state sends any change value, dashes accepted; unknown values are usage errors", async () => {
    const { t } = await createWith(sb, ["--name", "Cup"], ["A", "B"]);
    const bad = await sb.run(["tournament", "change-state", t, "begin"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("state must be one of process_checkin, abort_checkin");
    ok(await sb.run(["tournament", "change-state", t, "start"]));
    expect(await tournamentState(sb, t)).toBe("underway");
    expect((await sb.run(["tournament", "change-state", t, "reset"])).code).toBe(2);
    ok(await sb.run(["tournament", "change-state", t, "RESET", "--yes"]));
    expect(await tournamentState(sb, t)).toBe("pending");
    ok(await sb.run(["tournament", "change-state", t, "open-predictions"]));
    expect(await tournamentState(sb, t)).toBe("accepting_predictions");
  });
});

/**
 * Round robin of four, ranked by match wins with the default tie-breaks (match
 * wins vs tied, game wins, points scored). Ada wins everything; Grace beat
 * Linus, Linus beat Alan, Alan beat Grace: a circular tie on one win each, which
 * head-to-head cannot split (one win each among the tied), so game wins decide:
 * Linus 4, Grace 3, Alan 2.
 */
const RESULTS: readonly [string, string, string][] = [
  // [player, opponent, sets from the player's side]; the player wins.
  ["Ada", "Grace", "3-0,3-0"],
  ["Ada", "Linus", "3-1,1-3,3-2"],
  ["Ada", "Alan", "3-1,3-2"],
  ["Grace", "Linus", "3-0,2-3,3-1"],
  ["Linus", "Alan", "3-2,3-2"],
  ["Alan", "Grace", "3-1,0-3,3-2"],
];

function flip(sets: string): string {
  return sets
    .split(",")
    .map((s) => s.split("-").reverse().join("-"))
    .join(",");
}

async function playLeague(): Promise<{ t: string; ids: ReadonlyMap<string, number> }> {
  const setup = await createWith(
    sb,
    ["--name", "League", "--type", "round robin"],
    ["Ada", "Grace", "Linus", "Alan"],
  );
  ok(await sb.run(["tournament", "start", setup.t]));
  const matches = await matchesJson(sb, setup.t);
  for (const [winner, loser, sets] of RESULTS) {
    const [w, l] = [setup.ids.get(winner), setup.ids.get(loser)];
    const m = matches.find(
      (x) => [x.player1_id, x.player2_id].includes(w) && [x.player1_id, x.player2_id].includes(l),
    );
    const fromPlayer1 = m.player1_id === w ? sets : flip(sets);
    ok(
      await sb.run([
        "match",
        "report",
        setup.t,
        String(m.id),
        "--winner",
        winner,
        "--scores",
        fromPlayer1,
      ]),
    );
  }
  return setup;
}

describe("tourney tournament standings", () => {
  it("prints round-robin standings with every tie-break value", async () => {
    const { t, ids } = await playLeague();
    expect(await tournamentState(sb, t)).toBe("awaiting_review");
    const tsv = ok(await sb.run(["tournament", "standings", t])).stdout;
    const id = (name: string) => ids.get(name);
    // stage, group, rank, id, name, W, L, T, games won, games lost, points scored,
    // points difference, points, then match wins vs tied, game wins, points scored.
    expect(tsv.trimEnd().split("\n")).toEqual([
      "stage\tgroup_id\trank\tparticipant_id\tname\twins\tlosses\tties\tgames_won\tgames_lost\tpoints_scored\tpoints_difference\tpoints\tmatch wins vs tied\tgame wins\tpoints scored",
      `final\t-\t1\t${id("Ada")}\tAda\t3\t0\t0\t6\t1\t19\t10\t3\t0\t6\t19`,
      `final\t-\t2\t${id("Linus")}\tLinus\t1\t2\t0\t4\t4\t16\t-3\t1\t1\t4\t16`,
      `final\t-\t3\t${id("Grace")}\tGrace\t1\t2\t0\t3\t5\t14\t-2\t1\t1\t3\t14`,
      `final\t-\t4\t${id("Alan")}\tAlan\t1\t2\t0\t2\t5\t13\t-5\t1\t1\t2\t13`,
    ]);

    const table = ok(
      // A terminal wide enough for every column (at 80, the widest are cut with "…").
      await sb.run(["tournament", "standings", t], {
        tty: true,
        env: { NO_COLOR: "1", COLUMNS: "200" },
      }),
    ).stdout;
    expect(table.split("\n")[0]).toBe("Standings");
    for (const header of ["RANK", "GAMES", "MATCH WINS VS TIED", "GAME WINS", "POINTS SCORED"])
      expect(table).toContain(header);
    // Points scored is a tie-break here: its figure is shown once, under POINTS SCORED, not
    // also as SCORED (before, 16 twice in Linus's row).
    const header = table.split("\n")[1]!;
    expect(header.trim().split(/ {2,}/)).toEqual([
      "RANK",
      "ID",
      "NAME",
      "W",
      "L",
      "T",
      "GAMES",
      "DIFF",
      "POINTS",
      "MATCH WINS VS TIED",
      "GAME WINS",
      "POINTS SCORED",
    ]);
    expect(table).toMatch(/^2 +\d+ +Linus +1 +2 +0 +4-4 +-3 +1 +1 +4 +16$/m);

    const json = ok(await sb.run(["tournament", "standings", t, "--json"])).json();
    expect(json[1]).toMatchObject({
      participant_id: id("Linus"),
      name: "Linus",
      stage: "final",
      group_id: null,
      rank: 2,
      tie_breaks: { "match wins vs tied": 1, "game wins": 4, "points scored": 16 },
    });
  });

  it("falls back to final_rank when the service has no standings (404)", async () => {
    const { t } = await createWith(sb, ["--name", "Cup"], ["P1", "P2", "P3"]);
    ok(await sb.run(["tournament", "start", t]));
    await playOut(sb, t, (m) => Math.min(m.player1_id, m.player2_id));
    ok(await sb.run(["tournament", "finalize", t]));
    const withoutStandings = async (profile: ResolvedProfile): Promise<Transport> => {
      const inner = createInProcessTransport({ dbPath: profile.dbPath });
      return {
        send: async (request) =>
          /\/standings(\?|$)/.test(request.path)
            ? {
                status: 404,
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ errors: [{ status: 404, detail: "no such path" }] }),
              }
            : inner.send(request),
        close: () => inner.close(),
      };
    };
    const r = ok(await sb.run(["tournament", "standings", t], { makeTransport: withoutStandings }));
    expect(r.stderr).toContain("showing final_rank from the participants");
    expect(r.stdout).toBe(
      "stage\tgroup_id\trank\tparticipant_id\tname\nfinal\t-\t1\t1\tP1\nfinal\t-\t2\t2\tP2\nfinal\t-\t3\t3\tP3\n",
    );
    const json = ok(
      await sb.run(["tournament", "standings", t, "--json"], { makeTransport: withoutStandings }),
    ).json();
    expect(json[0]).toEqual({
      id: "final:0:1",
      participant_id: 1,
      name: "P1",
      stage: "final",
      group_id: null,
      rank: 1,
    });
    const missing = await sb.run(["tournament", "standings", "nope"], {
      makeTransport: withoutStandings,
    });
    expect(missing.code).toBe(3);
  });
});

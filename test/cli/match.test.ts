import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import type { ResolvedProfile } from "../../src/config/resolve.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import {
  createWith,
  matchesJson,
  ok,
  type Setup,
  tournamentState,
  viewMatch,
} from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

/** Single elimination, 4 players: A = P1 v P4, B = P2 v P3, C = the final (pending). */
async function fourPlayerBracket(): Promise<Setup & { id: (name: string) => number }> {
  const setup = await createWith(sb, ["--name", "Cup"], ["P1", "P2", "P3", "P4"]);
  ok(await sb.run(["tournament", "start", setup.t]));
  return { ...setup, id: (name) => setup.ids.get(name)! };
}

describe("tourney match report", () => {
  it("turns --scores from player 1's side into each player's score_set; the winner advances", async () => {
    const { t, id } = await fourPlayerBracket();
    const a = await viewMatch(sb, t, "A");
    expect([a.player1_id, a.player2_id]).toEqual([id("P1"), id("P4")]);

    const r = ok(
      await sb.run(["match", "report", t, "A", "--winner", "P4", "--scores", "1-3,3-2,0-3"]),
    );
    expect(r.stdout).toContain("scores\t1-3,3-2,0-3\n");
    expect(r.stdout).toContain("winner\tP4\n");

    const after = await viewMatch(sb, t, "A");
    expect(after).toMatchObject({
      state: "complete",
      winner_id: id("P4"),
      loser_id: id("P1"),
      scores: "1 - 2",
      score_in_sets: [
        [1, 3],
        [3, 2],
        [0, 3],
      ],
      points_by_participant: [
        { participant_id: id("P1"), scores: [1, 3, 0] },
        { participant_id: id("P4"), scores: [3, 2, 3] },
      ],
    });
    const final = await viewMatch(sb, t, "C");
    expect([final.player1_id, final.player2_id]).toContain(id("P4"));

    const listed = ok(await sb.run(["match", "list", t, "--state", "complete"]));
    expect(listed.stdout).toBe(`${after.id}\tA\t1\t-\tcomplete\tP1\tP4\t1-3,3-2,0-3\tP4\t-\n`);
  });

  it("records --scores alone and leaves the match open; a winner with fewer sets needs --force", async () => {
    const { t, id } = await fourPlayerBracket();
    const scoresOnly = ok(await sb.run(["match", "report", t, "B", "--scores", "2-1"]));
    expect(scoresOnly.stderr).toContain("match B stays open");
    expect(await viewMatch(sb, t, "B")).toMatchObject({
      state: "open",
      winner_id: null,
      score_in_sets: [[2, 1]],
    });

    const slip = await sb.run(["match", "report", t, "B", "--winner", "P3", "--scores", "2-0"]);
    expect(slip.code).toBe(2);
    expect(slip.stderr).toContain("from player 1's side: P2 1 set, P3 0 sets");
    expect((await viewMatch(sb, t, "B")).state).toBe("open");

    ok(await sb.run(["match", "report", t, "B", "--winner", "P3", "--scores", "2-0", "--force"]));
    expect(await viewMatch(sb, t, "B")).toMatchObject({ state: "complete", winner_id: id("P3") });
  });

  it("refuses --tie in elimination with exit 5 and the service's detail, changing nothing", async () => {
    const { t } = await fourPlayerBracket();
    const r = await sb.run(["match", "report", t, "A", "--tie", "--scores", "1-1"]);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain(
      "error: match A is an elimination match: it cannot end in a tie (/data/attributes/tie)",
    );
    expect(await viewMatch(sb, t, "A")).toMatchObject({
      state: "open",
      winner_id: null,
      score_in_sets: [],
    });
  });

  it("records a tie in round robin: no winner, WINNER column 'tie'", async () => {
    const { t, ids } = await createWith(
      sb,
      ["--name", "League", "--type", "round robin"],
      ["Ada", "Grace", "Linus"],
    );
    ok(await sb.run(["tournament", "start", t]));
    const first = (await matchesJson(sb, t, "open"))[0];
    ok(await sb.run(["match", "report", t, String(first.id), "--tie", "--scores", "2-2,1-1"]));
    const m = await viewMatch(sb, t, String(first.id));
    expect(m).toMatchObject({ state: "complete", tie: true, winner_id: null });
    expect([...ids.values()]).toContain(m.player1_id);
    const row = ok(await sb.run(["match", "list", t, "--state", "complete"])).stdout.split("\t");
    expect(row.slice(7, 9)).toEqual(["2-2,1-1", "tie"]);
  });

  it("rejects contradictory or empty flags with exit 2", async () => {
    const { t } = await fourPlayerBracket();
    const both = await sb.run(["match", "report", t, "A", "--tie", "--winner", "P1"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--tie and --winner exclude each other");
    const nothing = await sb.run(["match", "report", t, "A"]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain("nothing to report");
    const bad = await sb.run(["match", "report", t, "A", "--winner", "P1", "--scores", "3:1"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--scores takes sets like 3-1,2-3,3-0");
    // An empty set is named, not dropped (before: 3-1,2-0 was recorded, exit 0).
    for (const scores of ["3-1,,2-0", "3-1,"]) {
      const empty = await sb.run(["match", "report", t, "A", "--scores", scores]);
      expect(empty.code, scores).toBe(2);
      expect(empty.stderr, scores).toContain("set 2 of --scores is empty");
    }
    expect(await viewMatch(sb, t, "A")).toMatchObject({ state: "open", score_in_sets: [] });
  });
});

describe("references to matches and participants", () => {
  it("names participants by id, #seed or name, and matches by id or identifier", async () => {
    const { t, id } = await fourPlayerBracket();
    const a = await viewMatch(sb, t, "a");
    expect(a.identifier).toBe("A");
    expect((await viewMatch(sb, t, String(a.id))).identifier).toBe("A");

    ok(await sb.run(["match", "report", t, "a", "--winner", "#4"]));
    expect((await viewMatch(sb, t, "A")).winner_id).toBe(id("P4"));
    ok(await sb.run(["match", "report", t, "B", "--winner", "p2"]));
    expect((await viewMatch(sb, t, "B")).winner_id).toBe(id("P2"));
    ok(await sb.run(["match", "report", t, "C", "--winner", String(id("P2"))]));
    expect((await viewMatch(sb, t, "C")).winner_id).toBe(id("P2"));
  });

  it("exits 3 for unknown references and 2 for a winner who is not in the match", async () => {
    const { t } = await fourPlayerBracket();
    const noMatch = await sb.run(["match", "view", t, "ZZ"]);
    expect(noMatch.code).toBe(3);
    expect(noMatch.stderr).toContain('no match "ZZ"');
    const noId = await sb.run(["match", "view", t, "999"]);
    expect(noId.code).toBe(3);
    const nobody = await sb.run(["match", "report", t, "A", "--winner", "Nobody"]);
    expect(nobody.code).toBe(3);
    expect(nobody.stderr).toContain('no participant named "Nobody"');
    const stranger = await sb.run(["match", "report", t, "A", "--winner", "P2"]);
    expect(stranger.code).toBe(2);
    expect(stranger.stderr).toContain("--winner P2 is not a player of match A (P1 vs P4)");
    expect((await viewMatch(sb, t, "A")).state).toBe("open");
  });

  it("asks for the id when an identifier names matches in several groups, else takes the open one", async () => {
    const { t } = await createWith(
      sb,
      ["--name", "Groups", "--group-stage", "--stage-type", "round robin", "--group-size", "3"],
      ["G1", "G2", "G3", "G4", "G5", "G6"],
    );
    ok(await sb.run(["tournament", "start-group-stage", t]));
    const named = (await matchesJson(sb, t)).filter((m) => m.identifier === "A");
    expect(named.map((m) => m.group_id)).toEqual([1, 2]);
    const ambiguous = await sb.run(["match", "view", t, "A"]);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain(
      `match A in tournament ${t} is ambiguous: it names matches ${named[0].id} (group 1, open), ${named[1].id} (group 2, open); name the match by its id, or its group with --group (--group 1 names group 1's)`,
    );
    const [first, second] = named;
    ok(
      await sb.run(["match", "report", t, String(first.id), "--winner", String(first.player1_id)]),
    );
    expect((await viewMatch(sb, t, "A")).id).toBe(second.id);
  });
});

/** A service drawing match players only as relationships (as the contract's MatchOutput does). */
async function playersAsRelationshipsOnly(profile: ResolvedProfile): Promise<Transport> {
  const inner = createInProcessTransport({ dbPath: profile.dbPath });
  const strip = (resource: { attributes: Record<string, unknown> }) => {
    delete resource.attributes.player1_id;
    delete resource.attributes.player2_id;
  };
  return {
    async send(request) {
      const response = await inner.send(request);
      if (!/\/matches/.test(request.path) || response.status !== 200) return response;
      const doc = structuredClone(response.json ?? JSON.parse(response.body)) as {
        data: { attributes: Record<string, unknown> } | { attributes: Record<string, unknown> }[];
      };
      for (const resource of Array.isArray(doc.data) ? doc.data : [doc.data]) strip(resource);
      return { status: 200, headers: response.headers, body: JSON.stringify(doc) };
    },
    close: () => inner.close(),
  };
}

describe("tourney match list", () => {
  it("reads players from relationships when the attributes lack player ids", async () => {
    const { t, id } = await fourPlayerBracket();
    const options = { makeTransport: playersAsRelationshipsOnly };
    const listed = ok(await sb.run(["match", "list", t, "--state", "open"], options));
    expect(listed.stdout.split("\n")[0]!.split("\t").slice(1, 7)).toEqual([
      "A",
      "1",
      "-",
      "open",
      "P1",
      "P4",
    ]);
    ok(await sb.run(["match", "report", t, "A", "--winner", "P4", "--scores", "0-2"], options));
    const a = await viewMatch(sb, t, "A");
    expect(a.winner_id).toBe(id("P4"));
    expect(a.score_in_sets).toEqual([[0, 2]]);
  });

  it("filters by state, participant, round and group; lists names in tables", async () => {
    const { t, id } = await fourPlayerBracket();
    const all = await matchesJson(sb, t);
    expect(all.map((m) => [m.identifier, m.state])).toEqual([
      ["A", "open"],
      ["B", "open"],
      ["C", "pending"],
    ]);
    const mine = ok(await sb.run(["match", "list", t, "--participant", "#3", "--json"])).json();
    expect(mine.map((m: { identifier: string }) => m.identifier)).toEqual(["B"]);
    expect(mine[0].player2_id).toBe(id("P3"));
    const round2 = ok(await sb.run(["match", "list", t, "--round", "2", "--json"])).json();
    expect(round2.map((m: { identifier: string }) => m.identifier)).toEqual(["C"]);
    // A group it does not have is refused, as a typo (match-list-filters.test.ts).
    const group = await sb.run(["match", "list", t, "--group", "1", "--json"]);
    expect([group.code, group.stdout]).toEqual([2, ""]);
    expect(group.stderr).toContain(`tournament ${t} has no group 1; it has no groups`);
    const pending = ok(await sb.run(["match", "list", t, "--state", "pending"]));
    expect(pending.stdout).toBe(`${all[2].id}\tC\t2\t-\tpending\t-\t-\t-\t-\t-\n`);

    const table = ok(await sb.run(["match", "list", t], { tty: true, env: { NO_COLOR: "1" } }));
    expect(table.stdout).toContain("PLAYER 1");
    expect(table.stdout).toMatch(/^\d+ +A +1 +open +P1 +P4/m);

    const bad = await sb.run(["match", "list", t, "--state", "done"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Allowed values: "open", "pending", "complete", "all"');
    expect((await sb.run(["match", "list", t, "--round", "two"])).code).toBe(2);
  });
});

describe("tourney match reopen", () => {
  it("is refused while a dependent match is complete; --cascade resets the dependents", async () => {
    const { t, id } = await fourPlayerBracket();
    for (const [m, w] of [
      ["A", "P1"],
      ["B", "P2"],
      ["C", "P1"],
    ])
      ok(await sb.run(["match", "report", t, m!, "--winner", w!, "--scores", "2-0"]));
    expect(await tournamentState(sb, t)).toBe("awaiting_review");
    const c = await viewMatch(sb, t, "C");

    const refused = await sb.run(["match", "reopen", t, "A"]);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain(`matches that depend on A are complete: C (${c.id})`);
    expect(refused.stderr).toContain("hint: --cascade resets those matches too");
    expect((await viewMatch(sb, t, "A")).state).toBe("complete");

    const reopened = ok(await sb.run(["match", "reopen", t, "A", "--cascade", "--json"])).json();
    expect(reopened).toMatchObject({ identifier: "A", state: "open", winner_id: null });
    const final = await viewMatch(sb, t, "C");
    expect(final).toMatchObject({ state: "pending", winner_id: null });
    expect([final.player1_id, final.player2_id]).toContain(id("P2"));
    expect([final.player1_id, final.player2_id]).not.toContain(id("P1"));
    expect((await viewMatch(sb, t, "B")).state).toBe("complete");
    expect(await tournamentState(sb, t)).toBe("underway");
  });
});

describe("tourney match mark-underway / unmark-underway", () => {
  it("sets and clears underway_at on an open match; a pending match is refused", async () => {
    const { t } = await fourPlayerBracket();
    const marked = ok(await sb.run(["match", "mark-underway", t, "A", "--json"])).json();
    expect(marked.underway_at).toEqual(expect.any(String));
    const open = ok(await sb.run(["match", "list", t, "--state", "open"])).stdout.split("\n");
    expect(open[0]!.split("\t").at(-1)).toBe("yes");
    expect(open[1]!.split("\t").at(-1)).toBe("-");

    ok(await sb.run(["match", "unmark-underway", t, "A"]));
    expect((await viewMatch(sb, t, "A")).underway_at).toBeNull();

    const pending = await sb.run(["match", "mark-underway", t, "C"]);
    expect(pending.code).toBe(5);
    expect(pending.stderr).toContain("only an open match can be marked or unmarked as underway");
  });
});

describe("free-for-all reports", () => {
  it("sends --ranks and --advancing; the advancers meet in the next round", async () => {
    const { t, ids } = await createWith(
      sb,
      ["--name", "Race", "--type", "free for all", "--max-participants", "4"],
      ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"],
    );
    ok(await sb.run(["tournament", "start", t]));
    const round1 = await matchesJson(sb, t, "open");
    expect(round1).toHaveLength(2);
    const name = new Map([...ids].map(([n, i]) => [i, n]));
    const names = (m: { participant_ids: number[] }) => m.participant_ids.map((i) => name.get(i)!);

    const [a, b] = round1.map(names);
    const cut = await sb.run([
      "match",
      "report",
      t,
      "A",
      "--ranks",
      a!.map((n, i) => `${n}=${i < 2 ? 1 : i + 1}`).join(","),
      "--advancing",
      a![0]!,
    ]);
    expect(cut.code).toBe(5);
    expect(cut.stderr).toContain("shared across the advancing cut");

    for (const [identifier, players] of [
      ["A", a!],
      ["B", b!],
    ] as const) {
      const ranks = players.map((n, i) => `${n}=${i + 1}`).join(",");
      ok(
        await sb.run([
          "match",
          "report",
          t,
          identifier,
          "--ranks",
          ranks,
          "--advancing",
          `${players[0]},${players[1]}`,
        ]),
      );
    }
    const reported = await viewMatch(sb, t, "A");
    expect(reported.points_by_participant.map((p: { rank: number }) => p.rank)).toEqual([
      1, 2, 3, 4,
    ]);
    const [final] = await matchesJson(sb, t, "open");
    expect(names(final).sort()).toEqual([a![0], a![1], b![0], b![1]].sort());
    const places = names(final)
      .map((n, i) => `${n}=${i + 1}`)
      .join(",");
    ok(await sb.run(["match", "report", t, String(final.id), "--ranks", places]));
    expect(await tournamentState(sb, t)).toBe("awaiting_review");
  });

  it("checks --ranks and --advancing against the match's players, as --winner (exit 2, naming who)", async () => {
    const { t, ids } = await createWith(
      sb,
      ["--name", "Heat", "--type", "free for all", "--max-participants", "4"],
      ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"],
    );
    ok(await sb.run(["tournament", "start", t]));
    const name = new Map([...ids].map(([n, i]) => [i, n]));
    const [a, b] = (await matchesJson(sb, t, "open")).map((m: { participant_ids: number[] }) =>
      m.participant_ids.map((i) => name.get(i)!),
    );
    const [p1, p2, p3, p4] = a!;
    const label = `match A (${a!.join(", ")})`;
    const all = a!.map((n, i) => `${n}=${i + 1}`).join(",");
    const refused = async (flags: string[], message: string) => {
      const r = await sb.run(["match", "report", t, "A", ...flags]);
      expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
        code: 2,
        stdout: "",
        stderr: `error: ${message}\n`,
      });
    };
    // Before: "participant 2 is not in this match (/data/attributes/match)", exit 5.
    await refused(
      ["--ranks", `${p1}=1,${b![0]}=2`],
      `--ranks ${b![0]} is not a player of ${label}`,
    );
    // Before: "a participant is reported twice", naming no one.
    await refused(
      ["--ranks", `${p1}=1,${p1}=2`],
      `--ranks names ${p1} twice (${p1}=1, ${p1}=2): give each player of ${label} one rank`,
    );
    await refused(
      ["--ranks", `${p1}=1,${p2}=2`],
      `--ranks gives no rank to ${p3}, ${p4}: rank every player of ${label} (1 = best)`,
    );
    // Before: an --advancing player outside the match was dropped silently.
    await refused(
      ["--ranks", all, "--advancing", `${p1},${b![0]}`],
      `--advancing ${b![0]} is not a player of ${label}`,
    );
    expect((await viewMatch(sb, t, "A")).state).toBe("open");
    ok(await sb.run(["match", "report", t, "A", "--ranks", all, "--advancing", `${p1},${p2}`]));
    expect((await viewMatch(sb, t, "A")).state).toBe("complete");
  });
});

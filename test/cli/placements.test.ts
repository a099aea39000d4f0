/**
 * Placement matches below third place through the CLI (embedded service): `--consolation-rank`
 * (and `--set match_options.consolation_matches_target_rank`) on create and update, the
 * tournament played to its end with `match report`, finalized, every decided place its own
 * final rank; `tourney bracket` draws each range of places; the refusals name what is taken.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, matchesJson, ok, playOut } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const NAMES = ["Ada", "Bea", "Cyd", "Dot", "Eli", "Fay", "Gus", "Hal", "Ian", "Jo", "Kim"];

async function finalRanks(t: string): Promise<Record<string, number>> {
  const list = ok(await sb.run(["participants", "list", t, "--json"])).json();
  return Object.fromEntries(
    list.map((p: { name: string; final_rank: number }) => [p.name, p.final_rank]),
  );
}

describe("tournament create --consolation-rank", () => {
  it("7 players to rank 5: played out, finalized, ranks 1 to 7; the bracket shows each placement", async () => {
    const { t, ids } = await createWith(
      sb,
      ["--name", "Cup", "--type", "single elimination", "--consolation-rank", "5"],
      NAMES.slice(0, 7),
    );
    const view = ok(await sb.run(["tournament", "view", t])).stdout;
    expect(view).toContain("consolation rank\t5\n");
    ok(await sb.run(["tournament", "start", t]));
    const planned = await matchesJson(sb, t);
    expect(planned.map((m) => `${m.identifier} ${m.round} ${m.bracket}`)).toEqual([
      "A 1 winners",
      "B 1 winners",
      "C 1 winners",
      "D 2 placement",
      "E 2 winners",
      "F 2 winners",
      "G 3 placement",
      "H 3 third_place",
      "I 3 winners",
    ]);
    const seed = new Map([...ids].map(([name, id]) => [id, NAMES.indexOf(name)]));
    const better = (m: { player1_id: number; player2_id: number }) =>
      seed.get(m.player1_id)! < seed.get(m.player2_id)! ? m.player1_id : m.player2_id;
    expect(await playOut(sb, t, better)).toBe(9);
    ok(await sb.run(["tournament", "finalize", t]));
    expect(await finalRanks(t)).toEqual({
      Ada: 1,
      Bea: 2,
      Cyd: 3,
      Dot: 4,
      Eli: 5,
      Fay: 6,
      Gus: 7,
    });
    const drawn = ok(await sb.run(["bracket", t])).stdout;
    for (const title of ["Third place match", "Places 5-8", "5th place match"])
      expect(drawn).toContain(title);
    expect(drawn).not.toContain("7th place match");
    const json = (await matchesJson(sb, t)).find((m) => m.identifier === "G");
    expect(json).toMatchObject({ bracket: "placement", places: [5, 6], state: "complete" });
  });

  it("--set and update reach it; --third-place with it, a value between levels, double elimination: refused", async () => {
    const set = ["--set", "match_options.consolation_matches_target_rank=9"];
    const created = ok(await sb.run(["tournament", "create", "--name", "S9", ...set, "--json"]));
    expect(created.json().match_options.consolation_matches_target_rank).toBe(9);
    const updated = ok(
      await sb.run(["tournament", "update", "s9", "--consolation-rank", "5", "--json"]),
    ).json();
    expect(updated.match_options.consolation_matches_target_rank).toBe(5);
    const cleared = ok(
      await sb.run(["tournament", "update", "s9", "--consolation-rank", "0", "--json"]),
    );
    expect(cleared.json().match_options.consolation_matches_target_rank).toBeNull();

    const both = await sb.run([
      "tournament",
      "create",
      "--name",
      "B",
      "--third-place",
      "--consolation-rank",
      "5",
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain(
      "--third-place and --consolation-rank both set the placements: give one",
    );
    const between = await sb.run(["tournament", "update", "s9", "--consolation-rank", "6"]);
    expect(between.code).toBe(5);
    expect(between.stderr).toContain(
      "consolation_matches_target_rank must be 3 (a third-place match), 5 (also 5th-8th), 9 (also 9th-16th), 17, 33, ... (a power of two plus one, up to 32769), or null or 0 for none, not 6",
    );
    const double = await sb.run([
      "tournament",
      "create",
      "--name",
      "D",
      "--type",
      "double elimination",
      "--consolation-rank",
      "5",
    ]);
    expect(double.code).toBe(2);
    expect(double.stderr).toContain(
      "--consolation-rank does not apply to double elimination: the losers bracket already decides third place, and ranks the others by the losers round they leave in; placement matches are single elimination's",
    );
    expect(ok(await sb.run(["tournament", "list", "--json"])).json()).toHaveLength(1);
  });

  it("match list's table marks each placement match in ROUND as bracket titles it; piped and --json as before", async () => {
    const { t } = await createWith(
      sb,
      ["--name", "Cup", "--type", "single elimination", "--consolation-rank", "5"],
      NAMES.slice(0, 8),
    );
    ok(await sb.run(["tournament", "start", t]));
    const env = { NO_COLOR: "1", COLUMNS: "200" };
    const table = ok(await sb.run(["match", "list", t], { tty: true, env })).stdout;
    const [head, ...rows] = table.trimEnd().split("\n");
    expect(head!.split(/ {2,}/).slice(0, 3)).toEqual(["ID", "MATCH", "ROUND"]);
    const rounds = Object.fromEntries(
      rows.map((row) => {
        const [, match, round] = row.trim().split(/ {2,}/);
        return [match, round];
      }),
    );
    expect(rounds).toEqual({
      A: "1",
      B: "1",
      C: "1",
      D: "1",
      E: "2 (5-8)",
      F: "2 (5-8)",
      G: "2",
      H: "2",
      I: "3 (7th)",
      J: "3 (5th)",
      K: "3 (3rd)",
      L: "3",
    });
    // The titles `tourney bracket` gives the same matches' parts.
    const drawn = ok(await sb.run(["bracket", t])).stdout;
    for (const title of ["Places 5-8", "7th place match", "5th place match", "Third place match"])
      expect(drawn).toContain(title);
    // Piped rows keep the round's number (scripts read it); --json the service's record.
    const piped = ok(await sb.run(["match", "list", t]))
      .stdout.trimEnd()
      .split("\n");
    expect(piped.map((line) => line.split("\t").slice(1, 3).join(" "))).toEqual(
      rows.map((row) =>
        row
          .trim()
          .split(/ {2,}/)
          .slice(1, 3)
          .join(" ")
          .replace(/ \(.*\)$/, ""),
      ),
    );
    const json = (await matchesJson(sb, t)).find((m) => m.identifier === "K");
    expect(json).toMatchObject({ round: 3, bracket: "third_place" });
  });

  it("a change of type drops the placements and says so", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Cup", "--consolation-rank", "9"]));
    const changed = ok(await sb.run(["tournament", "update", "cup", "--type", "round robin"]));
    expect(changed.stderr).toBe(
      `note: tournament cup's placement matches (consolation rank 9) are dropped: only a single elimination has them; --consolation-rank 9 with --type "single elimination" brings them back\n`,
    );
  });
});

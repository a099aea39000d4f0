/**
 * `tourney bracket`'s flags and modes through the CLI harness: --round and
 * --from-round, colour and characters by terminal, NO_COLOR, --no-color and
 * TERM=dumb, --json, a tournament not started, one that does not exist; and
 * parseBracket on its own.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseBracket } from "../../src/cli/commands/bracket/bracket.js";
import { UsageError } from "../../src/cli/errors.js";
import {
  doubleEliminationEight,
  EIGHT,
  playAll,
  resetResults,
  singleEliminationEight,
  springCupResults,
} from "../helpers/bracket-fixtures.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

describe("parseBracket (no I/O)", () => {
  it("reads round numbers, negative ones for the losers bracket", () => {
    expect(parseBracket("cup", {})).toEqual({ tournament: "cup" });
    expect(parseBracket("cup", { round: "-2" })).toEqual({ tournament: "cup", round: -2 });
    expect(parseBracket("cup", { fromRound: "3" })).toEqual({ tournament: "cup", fromRound: 3 });
  });

  it("refuses 0, words, a negative --from-round and both flags at once", () => {
    for (const flags of [{ round: "0" }, { round: "two" }, { fromRound: "-1" }]) {
      expect(() => parseBracket("cup", flags)).toThrow(UsageError);
    }
    expect(() => parseBracket("cup", { round: "1", fromRound: "2" })).toThrow(/together/);
  });
});

describe("tourney bracket", () => {
  it("draws only the rounds asked for", async () => {
    const s = await singleEliminationEight(sb);
    await playAll(sb, s, springCupResults);
    const semis = ok(await sb.run(["bracket", s.t, "--round", "2"])).stdout;
    expect(semis).toContain("Semifinals");
    expect(semis).not.toContain("Round 1");
    expect(semis).not.toMatch(/^ *Final$/m);
    const later = ok(await sb.run(["bracket", s.t, "--from-round", "2"])).stdout;
    expect(later).toMatch(/Semifinals +Final/);
    expect(later).not.toContain("Round 1");
    const none = await sb.run(["bracket", s.t, "--round", "9"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("no round 9");
    expect(none.stdout).toBe("");
  });

  it("--round N draws the winners bracket's round N of a double elimination, -N the losers'", async () => {
    // An outside review: `--round 1` drew winners round 1 and losers round 1, while the
    // help says "only this round (negative: the losers bracket's)".
    const s = await doubleEliminationEight(sb);
    await playAll(sb, s, resetResults);
    const titles = (out: string) =>
      out.match(/^ *(Losers round \d|Round \d)\b/gm)?.map((t) => t.trim());
    const winners = ok(await sb.run(["bracket", s.t, "--round", "1"])).stdout;
    expect(titles(winners)).toEqual(["Round 1"]);
    expect(winners).not.toContain("Losers");
    const losers = ok(await sb.run(["bracket", s.t, "--round", "-1"])).stdout;
    expect(titles(losers)).toEqual(["Losers round 1"]);
    expect(losers).not.toMatch(/^ *Round 1/m);
  });

  it("colours at a terminal, not under NO_COLOR or --no-color; ASCII under TERM=dumb", async () => {
    const s = await singleEliminationEight(sb);
    await playAll(sb, s, springCupResults);
    const tty = ok(await sb.run(["bracket", s.t], { tty: true })).stdout;
    // The winners are bold: Bea won the final.
    expect(tty).toContain("\u001b[1mBea");
    expect(tty).toContain("┐");
    for (const run of [
      sb.run(["bracket", s.t], { tty: true, env: { NO_COLOR: "1" } }),
      sb.run(["bracket", s.t, "--no-color"], { tty: true }),
    ]) {
      const plain = ok(await run).stdout;
      expect(plain).not.toContain("\u001b");
      expect(plain).toContain("┐");
    }
    const dumb = ok(await sb.run(["bracket", s.t], { tty: true, env: { TERM: "dumb" } })).stdout;
    expect(dumb).not.toContain("\u001b");
    expect(dumb).not.toContain("┐");
    expect(dumb).toContain("-+");
    // A terminal whose locale is not UTF-8 gets ASCII too (its `…` would show as mojibake).
    const c = ok(await sb.run(["bracket", s.t], { tty: true, env: { LANG: "C" } })).stdout;
    expect(c).not.toMatch(/[^\p{ASCII}]/u);
  });

  it("prints the records it draws from with --json", async () => {
    const s = await singleEliminationEight(sb);
    const json = ok(await sb.run(["bracket", s.t, "--json"])).json();
    expect(json.tournament.name).toBe("Spring Cup");
    expect(json.participants.map((p: { name: string }) => p.name)).toEqual(EIGHT);
    expect(json.matches).toHaveLength(8);
    expect(json.standings).toEqual(expect.any(Array));
  });

  it("says when the tournament has not started, and exits 3 for an unknown one", async () => {
    const s = await createWith(sb, ["--name", "Later"], ["Ada", "Bea"]);
    const r = ok(await sb.run(["bracket", s.t]));
    // Piped: plain ASCII, the title's separators too (an outside review, I #18: "·").
    expect(r.stdout).toContain("Later - single elimination - pending");
    expect(r.stdout).toMatch(/^[\x20-\x7e\n]*$/);
    expect(r.stderr).toContain("no matches yet");
    const missing = await sb.run(["bracket", "nope"]);
    expect(missing.code).toBe(3);
  });
});

describe("tourney bracket: swiss, free for all and byes", () => {
  it("draws swiss as a standings table and its rounds, open pairings marked", async () => {
    const s = await createWith(sb, ["--name", "Swiss", "--type", "swiss"], EIGHT.slice(0, 6));
    ok(await sb.run(["tournament", "start", s.t]));
    const ada = String(s.ids.get("Ada"));
    ok(await sb.run(["match", "report", s.t, "A", "--winner", ada, "--scores", "2-1"]));
    const drawn = ok(await sb.run(["bracket", s.t])).stdout;
    expect(drawn).toMatch(/\| 1 \| Ada +\| 1-0-0 \| +1 \|/);
    expect(drawn).toContain("Rounds");
    expect(drawn).toMatch(/\+ A -+\+\n\| Ada +2 \|/);
    expect(drawn.match(/> open/g)).toHaveLength(2);
  });

  it("draws a free for all as rounds of matches with every player", async () => {
    const s = await createWith(sb, ["--name", "Race", "--type", "free for all"], EIGHT);
    ok(await sb.run(["tournament", "start", s.t]));
    const drawn = ok(await sb.run(["bracket", s.t])).stdout;
    expect(drawn).toContain("Round 1");
    for (const name of EIGHT) expect(drawn).toContain(`|   ${name}`);
  });

  it("gives every round's name room in a double elimination of 6 (byes)", async () => {
    const s = await createWith(
      sb,
      ["--name", "Six", "--type", "double elimination"],
      EIGHT.slice(0, 6),
    );
    ok(await sb.run(["tournament", "start", s.t]));
    const drawn = ok(await sb.run(["bracket", s.t])).stdout;
    expect(drawn).toMatch(/Losers round 1 +Losers round 2 +Losers final/);
    // Ada and Bea wait in round 2 (byes) for the winners of A and B.
    expect(drawn).toMatch(/^ {2,}Ada\b/m);
    expect(drawn).toMatch(/^ {2,}Bea\b/m);
  });
});

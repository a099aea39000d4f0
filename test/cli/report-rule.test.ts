/**
 * Issue 26, items 4 and 7: one rule for a result and its scores on every path (flags,
 * prompts, the service): a tie needs level scores, a winner the majority of the sets
 * (--force lets a winner through); scores are read from player 1's side. At a prompt a
 * result the scores contradict is asked again with the reason; Ctrl-C still exits 130.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok, viewMatch } from "../helpers/cli-tournament.js";
import { DOWN, typing } from "../helpers/typing.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

/** A started round robin of two: match A, its player 1 and player 2 by name. */
async function league(): Promise<{ t: string; one: string; two: string }> {
  const s = await createWith(sb, ["--name", "League", "--type", "round robin"], ["Ada", "Bob"]);
  ok(await sb.run(["tournament", "start", s.t]));
  const match = await viewMatch(sb, s.t, "A");
  const name = (id: number) => [...s.ids].find(([, v]) => v === id)![0];
  return { t: s.t, one: name(match.player1_id), two: name(match.player2_id) };
}

const report = (t: string, ...flags: string[]) => sb.run(["match", "report", t, "A", ...flags]);

describe("flags", () => {
  it("a tie with scores that are not level is refused (exit 2), never forced", async () => {
    const { t } = await league();
    for (const flags of [
      ["--tie", "--scores", "2-1"],
      ["--tie", "--scores", "2-1", "--force"],
    ]) {
      const r = await report(t, ...flags);
      expect(r.code, flags.join(" ")).toBe(2);
      expect(r.stderr).toContain("a tie needs level scores");
    }
    expect((await viewMatch(sb, t, "A")).state).toBe("open");
    const tie = ok(await report(t, "--tie", "--scores", "3-1,1-3", "--json")).json();
    expect(tie).toMatchObject({ state: "complete", tie: true, winner_id: null });
  });

  it("a winner needs the majority of sets: level sets are refused, --force lets it through", async () => {
    const { t, one } = await league();
    const level = await report(t, "--winner", one, "--scores", "2-2");
    expect(level.code).toBe(2);
    expect(level.stderr).toContain("give neither player the majority");
    const forced = ok(await report(t, "--winner", one, "--scores", "2-2", "--force", "--json"));
    expect(forced.json().state).toBe("complete");
  });

  it("scores from the winner's side are refused with player 1's side spelt out", async () => {
    const { t, two } = await league();
    const r = await report(t, "--winner", two, "--scores", "3-1");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`not ${two}; if ${two} won, from player 1's side that is 1-3`);
    const right = ok(await report(t, "--winner", two, "--scores", "1-3", "--json")).json();
    expect(right).toMatchObject({ state: "complete", score_in_sets: [[1, 3]] });
  });
});

describe("the service", () => {
  it("refuses a tie whose score sets are not level (422, exit 5)", async () => {
    const { t } = await league();
    const match = await viewMatch(sb, t, "A");
    const entry = (id: number, sets: string) =>
      JSON.stringify({ participant_id: id, score_set: sets, advancing: false });
    const r = await sb.run(
      ["api", "-X", "PUT", `tournaments/${t}/matches/${match.id}`, "--input", "-"],
      {
        stdin: `{"data":{"type":"Match","attributes":{"tie":true,"match":[${entry(match.player1_id, "2")},${entry(match.player2_id, "1")}]}}}`,
      },
    );
    expect(r.code).toBe(5);
    expect(r.stdout + r.stderr).toContain("a tie needs level scores");
    expect((await viewMatch(sb, t, "A")).state).toBe("open");
  });
});

const ERASE = "\u0015"; // Ctrl-U: the line typed so far goes

describe("prompts", () => {
  it("scores that contradict the winner are asked again with the reason", async () => {
    const { t, two } = await league();
    const { prompter, screen } = typing([
      [/Winner/, `${DOWN}\r`],
      [/Scores from/, "3-1\r"],
      [/give the match to/, `${ERASE}1-3\r`],
    ]);
    const r = ok(await sb.run(["match", "report", t, "A", "--json"], { tty: true, prompter }));
    expect(r.json()).toMatchObject({ state: "complete", score_in_sets: [[1, 3]] });
    // The reason is shown under the question (wrapped at the terminal's 80 columns).
    expect(screen().replaceAll("\n", "")).toContain(`not ${two}; if ${two} won`);
  });

  it("Ctrl-C at the re-asked question still exits 130 and reports nothing", async () => {
    const { t } = await league();
    const { prompter } = typing([
      [/Winner/, `${DOWN}${DOWN}\r`],
      [/Scores from/, "2-1\r"],
      [/a tie needs level scores/, "\u0003"],
    ]);
    const r = await sb.run(["match", "report", t, "A"], { tty: true, prompter });
    expect(r.code).toBe(130);
    expect((await viewMatch(sb, t, "A")).state).toBe("open");
  });
});

describe("the tie at the prompt", () => {
  it("is not offered in an elimination match, whose third choice records scores only", async () => {
    const { t } = await createWith(sb, ["--name", "Cup"], ["Ada", "Bob"]);
    ok(await sb.run(["tournament", "start", t]));
    // Before, the third choice was the tie: every question answered, then exit 5 (the
    // service refuses a tie in elimination).
    const { prompter, screen } = typing([
      [/Winner/, `${DOWN}${DOWN}\r`],
      [/Scores from/, "1-1\r"],
    ]);
    const r = ok(await sb.run(["match", "report", t, "A", "--json"], { tty: true, prompter }));
    expect(r.json()).toMatchObject({ state: "open", tie: false, score_in_sets: [[1, 1]] });
    expect(screen()).toContain("no winner yet");
    expect(screen()).not.toContain("a tie");
  });

  it("is offered in a round robin match, and completes it level", async () => {
    const { t } = await league();
    const { prompter, screen } = typing([
      [/Winner/, `${DOWN}${DOWN}\r`],
      [/Scores from/, "1-1\r"],
    ]);
    const r = ok(await sb.run(["match", "report", t, "A", "--json"], { tty: true, prompter }));
    expect(r.json()).toMatchObject({ state: "complete", tie: true, winner_id: null });
    expect(screen()).toContain("a tie (round robin and swiss)");
  });
});

describe("tournament create prompts", () => {
  it("a number the service would refuse is asked again with the reason", async () => {
    const { prompter, screen } = typing([
      [/Tournament name/, "Pile\r"],
      [/Type/, `${DOWN}${DOWN}${DOWN}${DOWN}\r`],
      [/Participants per match/, "9\r"],
      [/a whole number from 2 to 8/, `${ERASE}4\r`],
    ]);
    const r = ok(await sb.run(["tournament", "create", "--json"], { tty: true, prompter }));
    expect(r.json()).toMatchObject({ tournament_type: "free for all" });
    expect(r.json().free_for_all_options.max_participants).toBe(4);
    // 9 and more were taken, and made matches no report of 8 entries at most completes.
    expect(screen()).toContain("a whole number from 2 to 8, or empty");
  });
});

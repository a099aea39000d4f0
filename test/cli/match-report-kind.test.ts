/**
 * `match report` flags of the wrong kind for the match are refused before anything is sent
 * (exit 2, naming the flags to use): --winner, --tie or --scores on a free-for-all match,
 * --ranks on a one-on-one match. Before (an outside review), the first answered "match A
 * (1) is open: its players are not both known yet" (exit 5) though all four were, or "is
 * complete: ..." once reported; the second said "Scores recorded" (exit 0) and recorded
 * nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok, viewMatch } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const FFA_REFUSAL = (flags: string) =>
  `error: match A (1) is a free-for-all match: report it with --ranks (every player's place, 1 = best) and --advancing (who moves on), not ${flags}\n`;

describe("match report: the result's kind against the match's", () => {
  it("refuses --winner, --tie and --scores on a free-for-all match, open or complete", async () => {
    const { t } = await createWith(
      sb,
      ["--name", "FFA", "--type", "free for all"],
      ["Ada", "Cy", "Dee", "Hal"],
    );
    ok(await sb.run(["tournament", "start", t]));
    const tries: [string[], string][] = [
      [["--winner", "Ada"], "--winner"],
      [["--tie"], "--tie"],
      [["--scores", "3-1"], "--scores"],
      [["--winner", "Ada", "--scores", "3-1"], "--winner or --scores"],
      [["--tie", "--scores", "1-1"], "--tie or --scores"],
    ];
    for (const [flags, named] of tries) {
      const r = await sb.run(["match", "report", t, "A", ...flags]);
      expect({ code: r.code, stderr: r.stderr, stdout: r.stdout }).toEqual({
        code: 2,
        stderr: FFA_REFUSAL(named),
        stdout: "",
      });
    }
    expect((await viewMatch(sb, t, "A")).state).toBe("open");
    ok(await sb.run(["match", "report", t, "A", "--ranks", "Ada=1,Cy=2,Dee=3,Hal=4"]));
    const after = await sb.run(["match", "report", t, "A", "--winner", "Ada"]);
    expect({ code: after.code, stderr: after.stderr }).toEqual({
      code: 2,
      stderr: FFA_REFUSAL("--winner"),
    });
  });

  it("refuses --ranks on a one-on-one match, recording nothing", async () => {
    const { t } = await createWith(sb, ["--name", "Duel", "--type", "swiss"], ["Bo", "Eve"]);
    ok(await sb.run(["tournament", "start", t]));
    for (const flags of [
      ["--ranks", "Bo=1,Eve=2"],
      ["--ranks", "Bo=1,Eve=2", "--advancing", "Bo"],
    ]) {
      const r = await sb.run(["match", "report", t, "A", ...flags]);
      const named = flags.length > 2 ? "--ranks or --advancing" : "--ranks";
      expect({ code: r.code, stderr: r.stderr, stdout: r.stdout }).toEqual({
        code: 2,
        stderr: `error: match A (1) is a one-on-one match: report it with --winner (or --tie) and --scores, not ${named}\n`,
        stdout: "",
      });
    }
    const match = await viewMatch(sb, t, "A");
    expect({ state: match.state, scores: match.score_in_sets }).toEqual({
      state: "open",
      scores: [],
    });
    ok(await sb.run(["match", "report", t, "A", "--winner", "Bo", "--scores", "2-0"]));
  });
});

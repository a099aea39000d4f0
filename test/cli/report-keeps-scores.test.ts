/**
 * Scores recorded with `match report --scores` stand when the match is completed with
 * `--winner` or `--tie` alone: the CLI checks the result against them and sends them again,
 * and the service keeps a match's scores for a report whose entries carry no score_set (a
 * review found `--winner` wiped them, and `--tie` then skipped the level-scores rule).
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok, viewMatch } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

it("--scores, then --winner: complete with the scores recorded", async () => {
  const { t, ids } = await createWith(sb, ["--name", "Cup"], ["Ada", "Grace", "Linus", "Mo"]);
  ok(await sb.run(["tournament", "start", t]));
  ok(await sb.run(["match", "report", t, "A", "--scores", "3-1,3-2"]));
  ok(await sb.run(["match", "report", t, "A", "--winner", "Ada"]));
  expect(await viewMatch(sb, t, "A")).toMatchObject({
    state: "complete",
    winner_id: ids.get("Ada"),
    score_in_sets: [
      [3, 1],
      [3, 2],
    ],
  });
  // The winner the recorded scores do not give: refused as --scores would be, nothing sent.
  ok(await sb.run(["match", "report", t, "B", "--scores", "0-2"]));
  const wrong = await sb.run(["match", "report", t, "B", "--winner", "Grace"]);
  expect(wrong.code).toBe(2);
  expect(wrong.stderr).toContain("the scores recorded (0-2)");
  expect(wrong.stderr).toContain("--force");
  expect(await viewMatch(sb, t, "B")).toMatchObject({ state: "open", score_in_sets: [[0, 2]] });
});

it("round robin: --scores 2-1, then --tie is refused (not level); 1-1 then --tie keeps them", async () => {
  const { t } = await createWith(
    sb,
    ["--name", "League", "--type", "round robin"],
    ["A", "B", "C"],
  );
  ok(await sb.run(["tournament", "start", t]));
  ok(await sb.run(["match", "report", t, "A", "--scores", "2-1"]));
  const tie = await sb.run(["match", "report", t, "A", "--tie"]);
  expect(tie.code).toBe(2);
  expect(tie.stderr).toContain("a tie needs level scores");
  expect(await viewMatch(sb, t, "A")).toMatchObject({ state: "open", score_in_sets: [[2, 1]] });
  ok(await sb.run(["match", "report", t, "A", "--scores", "1-1"]));
  ok(await sb.run(["match", "report", t, "A", "--tie"]));
  expect(await viewMatch(sb, t, "A")).toMatchObject({ state: "complete", score_in_sets: [[1, 1]] });
});

it("the service: entries without score_set keep the scores, and the tie rule reads them", async () => {
  const { t, ids } = await createWith(sb, ["--name", "Api", "--type", "round robin"], ["A", "B"]);
  ok(await sb.run(["tournament", "start", t]));
  ok(await sb.run(["match", "report", t, "A", "--scores", "2-1"]));
  const m = await viewMatch(sb, t, "A");
  const [p1, p2] = [m.player1_id, m.player2_id];
  const put = (body: object) =>
    sb.run(["api", `tournaments/${t}/matches/${m.id}`, "-X", "PUT", "--input", "-"], {
      stdin: JSON.stringify(body),
    });
  const tie = await put({
    data: {
      type: "Match",
      attributes: { match: [{ participant_id: p1 }, { participant_id: p2 }], tie: true },
    },
  });
  expect(tie.code).not.toBe(0);
  expect(tie.stderr).toContain("a tie needs level scores");
  ok(
    await put({
      data: {
        type: "Match",
        attributes: {
          match: [
            { participant_id: p1, advancing: true },
            { participant_id: p2, advancing: false },
          ],
        },
      },
    }),
  );
  expect(await viewMatch(sb, t, "A")).toMatchObject({
    state: "complete",
    winner_id: p1,
    score_in_sets: [[2, 1]],
  });
  expect(ids.size).toBe(2);
});

it("free for all: scores recorded through the API stand when --ranks completes the match", async () => {
  const { t, ids } = await createWith(
    sb,
    ["--name", "Race", "--type", "free for all"],
    ["A", "B", "C"],
  );
  ok(await sb.run(["tournament", "start", t]));
  const m = await viewMatch(sb, t, "A");
  const match = [...ids.values()].map((id, i) => ({
    participant_id: id,
    score_set: `${30 - i},5`,
  }));
  ok(
    await sb.run(["api", `tournaments/${t}/matches/${m.id}`, "-X", "PUT", "--input", "-"], {
      stdin: JSON.stringify({ data: { type: "Match", attributes: { match } } }),
    }),
  );
  ok(await sb.run(["match", "report", t, "A", "--ranks", "A=1,B=2,C=3"]));
  const after = await viewMatch(sb, t, "A");
  expect(after.state).toBe("complete");
  expect(after.points_by_participant.map((p: any) => [p.participant_id, p.scores, p.rank])).toEqual(
    [
      [ids.get("A"), [30, 5], 1],
      [ids.get("B"), [29, 5], 2],
      [ids.get("C"), [28, 5], 3],
    ],
  );
});

it("a complete match is refused as already complete (exit 5), before its scores are checked", async () => {
  const { t, ids } = await createWith(sb, ["--name", "Cup"], ["Ada", "Bob", "Cy", "Dee"]);
  ok(await sb.run(["tournament", "start", t]));
  ok(await sb.run(["match", "report", t, "A", "--winner", "Dee", "--scores", "1-3"]));
  const before = await viewMatch(sb, t, "A");
  // Sent twice, or a winner the scores recorded do not give: the state decides, not the scores.
  for (const args of [
    ["--winner", "Dee"],
    ["--winner", "Ada"],
    ["--winner", "Ada", "--force"],
    ["--winner", "Ada", "--scores", "3-1"],
  ]) {
    const again = await sb.run(["match", "report", t, "A", ...args]);
    expect(again.code, args.join(" ")).toBe(5);
    expect(again.stderr).toContain(`match A (${before.id}) is already complete; reopen it first`);
    expect(again.stderr).not.toContain("--force");
  }
  expect(await viewMatch(sb, t, "A")).toEqual(before);
  // An open match still has its winner checked against the scores recorded.
  ok(await sb.run(["match", "report", t, "B", "--scores", "0-2"]));
  const wrong = await sb.run(["match", "report", t, "B", "--winner", "Bob"]);
  expect(wrong.code).toBe(2);
  expect(wrong.stderr).toContain("the scores recorded (0-2)");
  expect(ids.get("Dee")).toBe(before.winner_id);
});

/**
 * `--group` reads the same everywhere it appears (match-ref.ts parseGroupRef): a group's
 * number, as `match list` shows it, or its letter (A = the first group). Before (an outside
 * review), `match list --group B` was refused ("--group needs a whole number, not "B"",
 * exit 2) while `match report --group B` took it; text that is neither is a usage error
 * (exit 2) for every command, before anything is read.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, matchesJson, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

async function twoGroups(): Promise<string> {
  const { t } = await createWith(
    sb,
    ["--name", "Two", "--group-stage", "--stage-type", "round robin", "--group-size", "3"],
    ["G1", "G2", "G3", "G4", "G5", "G6"],
  );
  ok(await sb.run(["tournament", "start-group-stage", t]));
  return t;
}

const ids = (list: { id: number }[]) => list.map((m) => m.id);

describe("--group: a number or a letter, read alike", () => {
  it("match list takes a group's letter, in either case, as its number", async () => {
    const t = await twoGroups();
    const all = await matchesJson(sb, t);
    const second = all.filter((m) => m.group_id === 2);
    expect(second.length).toBeGreaterThan(0);
    for (const group of ["B", "b", " B ", "2"]) {
      const listed = ok(await sb.run(["match", "list", t, "--group", group, "--json"])).json();
      expect(ids(listed), group).toEqual(ids(second));
    }
    const open = ok(
      await sb.run(["match", "list", t, "--group", "A", "--state", "open", "--json"]),
    ).json();
    expect(ids(open)).toEqual(ids(all.filter((m) => m.group_id === 1 && m.state === "open")));
    // The letter picks the same group for match report: B's match A.
    const reported = await sb.run([
      "match",
      "report",
      t,
      "A",
      "--group",
      "b",
      "--winner",
      String(second[0].player1_id),
      "--json",
    ]);
    expect(ok(reported).json().id).toBe(second[0].id);

    // match list refuses a letter naming no group as a number naming none: a filter's typo,
    // exit 2 (docs/scripting.md; before, 3 for a letter, 2 for a number).
    const none = await sb.run(["match", "list", t, "--group", "C"]);
    expect({ code: none.code, stderr: none.stderr }).toEqual({
      code: 2,
      stderr: `error: --group C: tournament ${t} has no group C; it has groups 1-2 (or A, B, ... in that order; final: the final stage)\n`,
    });
  });

  it("refuses text that is neither a number nor a letter, in every command, as a usage error", async () => {
    const t = await twoGroups();
    ok(await sb.run(["station", "create", t, "Table 1"]));
    const refusal = `error: --group takes a group's number, as \`match list\` shows it, its letter (A = the first group), or final (the final stage), not "B2"\n`;
    for (const line of [
      ["match", "list", t],
      ["match", "view", t, "A"],
      ["match", "view", t, "1"],
      ["match", "report", t, "A", "--winner", "G1"],
      ["match", "reopen", t, "A"],
      ["match", "mark-underway", t, "A"],
      ["station", "assign", t, "Table 1", "A"],
      ["station", "queue", "add", t, "Table 1", "A"],
      ["attachment", "add", t, "A", "--description", "VOD"],
      ["attachment", "list", t, "A"],
      ["attachment", "delete", t, "A", "1", "--yes"],
    ]) {
      const r = await sb.run([...line, "--group", "B2"]);
      expect({ code: r.code, stderr: r.stderr }, line.join(" ")).toEqual({
        code: 2,
        stderr: refusal,
      });
    }
    expect((await matchesJson(sb, t)).every((m) => m.underway_at === null)).toBe(true);
  });
});

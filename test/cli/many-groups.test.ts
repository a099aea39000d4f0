/**
 * Refusals that name groups, matches or stations name the first five and count the rest (an
 * outside review): in a group stage of 4,000 players, `match report gs A --tie` was a message
 * of 24 KB on one line naming match A of all 1,000 groups, and `--group 1001` listed groups
 * 1 to 1000 (`station assign` likewise). Here 7 groups: five named, "and 2 more".
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, matchesJson, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const PLAYERS = Array.from({ length: 28 }, (_, i) => `G${i + 1}`);

async function sevenGroups(): Promise<string> {
  const { t } = await createWith(
    sb,
    ["--name", "GS", "--group-stage", "--group-size", "4", "--advance-per-group", "2"],
    PLAYERS,
  );
  ok(await sb.run(["tournament", "start-group-stage", t]));
  return t;
}

describe("refusals naming many groups or matches", () => {
  it("an ambiguous match names five of its matches and counts the rest; nothing is reported", async () => {
    const t = await sevenGroups();
    const named = (await matchesJson(sb, t)).filter(
      (m: { identifier: string }) => m.identifier === "A",
    );
    expect(named).toHaveLength(7);
    const where = named
      .slice(0, 5)
      .map((m: { id: number; group_id: number }) => `${m.id} (group ${m.group_id}, open)`)
      .join(", ");
    const expected = `error: match A in tournament ${t} is ambiguous: it names matches ${where} and 2 more; name the match by its id, or its group with --group (--group 1 names group 1's)\n`;
    for (const line of [
      ["match", "report", t, "A", "--tie"],
      ["station", "assign", t, "T1", "A"],
    ]) {
      if (line[0] === "station") ok(await sb.run(["station", "create", t, "T1"]));
      const r = await sb.run(line);
      expect({ code: r.code, stderr: r.stderr }, line.join(" ")).toEqual({
        code: 2,
        stderr: expected,
      });
    }
    const after = await matchesJson(sb, t);
    expect(after.filter((m: { state: string }) => m.state === "complete")).toEqual([]);
  });

  it("a group that is not there names five groups, how many more and the last", async () => {
    const t = await sevenGroups();
    ok(await sb.run(["station", "create", t, "T1"]));
    const expected = `error: no group "8" in tournament ${t}: its groups are 1, 2, 3, 4, 5 and 2 more, up to 7 (or A, B, ... in that order; final: the final stage)\n`;
    for (const line of [
      ["match", "report", t, "A", "--group", "8", "--tie"],
      ["station", "assign", t, "T1", "A", "--group", "8"],
    ]) {
      const r = await sb.run(line);
      expect({ code: r.code, stderr: r.stderr }, line.join(" ")).toEqual({
        code: 3,
        stderr: expected,
      });
    }
  });

  it("a station that is not there names five stations and counts the rest", async () => {
    const { t } = await createWith(sb, ["--name", "Cup"], ["Ada", "Grace"]);
    for (let i = 1; i <= 7; i++) ok(await sb.run(["station", "create", t, `Table ${i}`]));
    const r = await sb.run(["station", "assign", t, "Table 9", "A"]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({
      code: 3,
      stderr: `error: no station "Table 9" in tournament ${t}: its stations are "Table 1", "Table 2", "Table 3", "Table 4", "Table 5" and 2 more; \`tourney station create ${t} NAME\` adds one\n`,
    });
  });
});

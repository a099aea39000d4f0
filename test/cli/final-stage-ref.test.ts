/**
 * Naming a final-stage match by its identifier (an outside review): in a two-stage
 * tournament every group has its matches A, B, ... and so does the final stage. Before,
 * once the final stage had started, `match view t C` (C pending in the final stage,
 * complete in both groups) was refused as ambiguous, exit 2, the final-stage match one of
 * the candidates, and no --group named it (`--group final`: exit 2; `--group 0`: exit 3);
 * `station assign`, the queue and attachments alike. Now `--group final` (any case) names
 * the final stage's match in every command that takes a match, and a bare identifier names
 * it once that stage has started: the group stage's matches are final then (report, reopen
 * and mark-underway refuse them), `--group N` still names one.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { betterSeed, EIGHT, playAll } from "../helpers/bracket-fixtures.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, matchesJson, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const TWO_STAGE = [
  "--name",
  "Cup",
  "--url",
  "cup",
  "--type",
  "double elimination",
  "--group-stage",
  "--group-size",
  "4",
  "--advance-per-group",
  "2",
];

/** 8 players in 2 groups of 4, played, then a double elimination of 4, started. */
async function finalStageStarted(): Promise<{ final: (id: string) => any; all: any[] }> {
  const s = await createWith(sb, TWO_STAGE, EIGHT);
  ok(await sb.run(["tournament", "start-group-stage", s.t]));
  await playAll(sb, s, betterSeed);
  ok(await sb.run(["tournament", "finalize-group-stage", s.t]));
  ok(await sb.run(["tournament", "start", s.t]));
  const all = await matchesJson(sb, s.t);
  const final = (identifier: string) =>
    all.find((m) => m.identifier === identifier && m.group_id === null);
  return { final, all };
}

const json = async (line: string[]) => ok(await sb.run([...line, "--json"])).json();

describe("a final-stage match named by its identifier", () => {
  it("a bare identifier names the final stage's match once that stage has started", async () => {
    const { final, all } = await finalStageStarted();
    const c = final("C");
    expect(c.state).toBe("pending");
    expect(all.filter((m) => m.identifier === "C").map((m) => m.group_id)).toEqual([1, 2, null]);
    const viewed = await sb.run(["match", "view", "cup", "C", "--json", "id,group_id"]);
    expect({ code: viewed.code, stderr: viewed.stderr }).toEqual({ code: 0, stderr: "" });
    expect(viewed.json()).toEqual({ id: c.id, group_id: null });
    // A group's match is still named with --group, by its number or its letter.
    const second = all.find((m) => m.identifier === "C" && m.group_id === 2);
    expect((await json(["match", "view", "cup", "C", "--group", "2"])).id).toBe(second.id);
    expect((await json(["match", "view", "cup", "c", "--group", "b"])).id).toBe(second.id);
    // A report names the final stage's match too: its winner plays there.
    const a = final("A");
    const reported = await json(["match", "report", "cup", "A", "--winner", String(a.player1_id)]);
    expect({ id: reported.id, state: reported.state }).toEqual({ id: a.id, state: "complete" });
    // An attachment or a station alike (C: complete in both groups, pending here).
    ok(await sb.run(["tournament", "update", "cup", "--accept-attachments"]));
    const note = await json(["attachment", "add", "cup", "C", "--description", "VOD"]);
    const notes = await json(["attachment", "list", "cup", "C", "--group", "final"]);
    expect(notes.map((n: any) => n.id)).toEqual([note.id]);
    ok(await sb.run(["station", "create", "cup", "T1"]));
    expect((await json(["station", "assign", "cup", "T1", "B"])).match_id).toBe(final("B").id);
  });

  it("--group final names it in every command that takes a match", async () => {
    const { final } = await finalStageStarted();
    const [a, c] = [final("A"), final("C")];
    for (const group of ["final", "FINAL", " Final "]) {
      expect((await json(["match", "view", "cup", "C", "--group", group])).id, group).toBe(c.id);
    }
    const listed = await json(["match", "list", "cup", "--group", "final"]);
    expect(listed.map((m: any) => m.group_id)).toEqual(listed.map(() => null));
    expect(listed.map((m: any) => m.identifier).slice(0, 3)).toEqual(["A", "B", "C"]);
    const f = ["--group", "final"];
    const marked = await json(["match", "mark-underway", "cup", "A", ...f]);
    expect([marked.id, marked.underway_at === null]).toEqual([a.id, false]);
    const unmarked = await json(["match", "unmark-underway", "cup", "A", ...f]);
    expect([unmarked.id, unmarked.underway_at]).toEqual([a.id, null]);

    ok(await sb.run(["station", "create", "cup", "T1"]));
    expect((await json(["station", "assign", "cup", "T1", "A", ...f])).match_id).toBe(a.id);
    ok(await sb.run(["station", "queue", "add", "cup", "T1", "C", ...f]));
    ok(await sb.run(["station", "queue", "add", "cup", "T1", "D", ...f]));
    ok(await sb.run(["station", "queue", "move", "cup", "T1", "D", "1", ...f]));
    ok(await sb.run(["station", "queue", "remove", "cup", "T1", "C", ...f]));
    const queue = await json(["station", "queue", "list", "cup", "T1"]);
    expect(queue.map((q: any) => Number(q.match_id))).toEqual([Number(final("D").id)]);

    ok(await sb.run(["tournament", "update", "cup", "--accept-attachments"]));
    const note = await json(["attachment", "add", "cup", "C", ...f, "--description", "VOD"]);
    const notes = await json(["attachment", "list", "cup", "C", ...f]);
    expect(notes.map((n: any) => n.id)).toEqual([note.id]);
    ok(await sb.run(["attachment", "delete", "cup", "C", String(note.id), ...f, "--yes"]));
    expect(await json(["attachment", "list", "cup", "C"])).toEqual([]);

    const won = await json(["match", "report", "cup", "A", ...f, "--winner", String(a.player2_id)]);
    expect([won.id, won.winner_id]).toEqual([a.id, a.player2_id]);
    const reopened = await json(["match", "reopen", "cup", "A", ...f]);
    expect([reopened.id, reopened.state]).toEqual([a.id, "open"]);
  });

  it("refusals say final is a --group, and how to name each group's match", async () => {
    const s = await createWith(sb, TWO_STAGE, EIGHT);
    ok(await sb.run(["tournament", "start-group-stage", s.t]));
    const named = (await matchesJson(sb, s.t)).filter((m) => m.identifier === "C");
    const ambiguous = await sb.run(["match", "view", "cup", "C"]);
    expect({ code: ambiguous.code, stderr: ambiguous.stderr }).toEqual({
      code: 2,
      stderr: `error: match C in tournament cup is ambiguous: it names matches ${named[0].id} (group 1, open), ${named[1].id} (group 2, open); name the match by its id, or its group with --group (--group 1 names group 1's)\n`,
    });
    // Before the final stage starts, it has no matches: none named.
    const none = await sb.run(["match", "view", "cup", "C", "--group", "final"]);
    expect({ code: none.code, stderr: none.stderr }).toEqual({
      code: 3,
      stderr:
        'error: no match "C" in the final stage in tournament cup; `tourney match list cup` shows them\n',
    });
    const noGroup = await sb.run(["match", "view", "cup", "C", "--group", "0"]);
    expect({ code: noGroup.code, stderr: noGroup.stderr }).toEqual({
      code: 3,
      stderr:
        'error: no group "0" in tournament cup: its groups are 1, 2 (or A, B, ... in that order; final: the final stage)\n',
    });
  });
});

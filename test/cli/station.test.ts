/**
 * tourney station and station queue through the CLI harness on the embedded
 * service: every verb, what it prints and stores, and the bad input of issue 15
 * (another tournament's match, a complete or pending match, two stations on one
 * match, a queue position out of range), each refused with nothing written.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok, viewMatch } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

/** Single elimination "cup", 4 players, started: A and B open, C (the final) pending; 2 stations. */
async function cupWithStations(): Promise<{ t: string; ids: ReadonlyMap<string, number> }> {
  const setup = await createWith(sb, ["--name", "Cup"], ["P1", "P2", "P3", "P4"]);
  ok(await sb.run(["tournament", "start", "cup"]));
  ok(await sb.run(["station", "create", "cup", "Table 1", "--stream-url", "https://tv.example/1"]));
  ok(await sb.run(["station", "create", "cup", "Table 2", "--details", "by the door"]));
  return setup;
}

async function stations(): Promise<any[]> {
  return ok(await sb.run(["station", "list", "cup", "--json"])).json();
}

async function matchId(identifier: string): Promise<number> {
  return (await viewMatch(sb, "cup", identifier)).id;
}

describe("tourney station", () => {
  it("creates, lists, views, updates, assigns, unassigns and deletes stations", async () => {
    await cupWithStations();
    const [one, two] = await stations();
    expect(one).toMatchObject({
      name: "Table 1",
      stream_url: "https://tv.example/1",
      match_id: null,
    });
    expect(two).toMatchObject({ name: "Table 2", details: "by the door", match_id: null });

    const a = await matchId("A");
    const assigned = ok(await sb.run(["station", "assign", "cup", "Table 1", "A"]));
    expect(assigned.stdout).toContain(`match id\t${a}\nmatch\tA\n`);
    expect((await viewMatch(sb, "cup", "A")).station_id).toBe(one.id);

    const listed = ok(await sb.run(["station", "list", "cup"]));
    expect(listed.stdout).toBe(
      `${one.id}\tTable 1\t${a}\tA\thttps://tv.example/1\t-\n${two.id}\tTable 2\t-\t-\t-\tby the door\n`,
    );
    const viewed = ok(await sb.run(["station", "view", "cup", String(one.id), "--json"])).json();
    expect(viewed).toMatchObject({ id: one.id, name: "Table 1", match_id: a });

    ok(await sb.run(["station", "update", "cup", "table 2", "--name", "Court 2", "--details", ""]));
    expect((await stations())[1]).toMatchObject({ name: "Court 2", details: null });

    const freed = ok(await sb.run(["station", "unassign", "cup", "Table 1", "--json"])).json();
    expect(freed.match_id).toBeNull();
    expect((await viewMatch(sb, "cup", "A")).station_id).toBeNull();

    const refused = await sb.run(["station", "delete", "cup", "Court 2"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("pass --yes");
    expect(await stations()).toHaveLength(2);
    const deleted = ok(await sb.run(["station", "delete", "cup", "Court 2", "--yes", "--json"]));
    expect(deleted.json()).toEqual({ id: two.id, deleted: true });
    expect((await stations()).map((s) => s.name)).toEqual(["Table 1"]);
  });

  it("match list shows a STATION column only when the tournament has stations", async () => {
    await createWith(sb, ["--name", "Cup"], ["P1", "P2", "P3", "P4"]);
    ok(await sb.run(["tournament", "start", "cup"]));
    const before = ok(await sb.run(["match", "list", "cup", "--state", "open"])).stdout;
    expect(before.split("\n")[0]!.split("\t")).toHaveLength(10);
    ok(await sb.run(["station", "create", "cup", "Table 1"]));
    ok(await sb.run(["station", "assign", "cup", "Table 1", "B"]));
    const rows = ok(await sb.run(["match", "list", "cup"]))
      .stdout.trim()
      .split("\n");
    expect(rows.map((r) => [r.split("\t")[1], r.split("\t")[10]])).toEqual([
      ["A", "-"],
      ["B", "Table 1"],
      ["C", "-"],
    ]);
    // Wide enough for every column (at 80, the widest headers are cut with "…").
    const wide = { tty: true, env: { COLUMNS: "200" } };
    const table = ok(await sb.run(["match", "list", "cup"], wide)).stdout;
    expect(table).toContain("STATION");
  });

  it("refuses another tournament's match, a pending or complete match, and two stations on one match", async () => {
    await cupWithStations();
    await createWith(sb, ["--name", "Other"], ["Q1", "Q2"]);
    ok(await sb.run(["tournament", "start", "other"]));
    const foreign = (await viewMatch(sb, "other", "A")).id;
    const before = await stations();

    const other = await sb.run(["station", "assign", "cup", "Table 1", String(foreign)]);
    expect(other.code).toBe(5);
    expect(other.stderr).toContain(`match ${foreign} is not a match of tournament cup`);

    const pending = await sb.run(["station", "assign", "cup", "Table 1", "C"]);
    expect(pending.code).toBe(5);
    expect(pending.stderr).toContain("is pending; only an open match takes a station");

    ok(await sb.run(["station", "assign", "cup", "Table 1", "A"]));
    const twice = await sb.run(["station", "assign", "cup", "Table 2", "A"]);
    expect(twice.code).toBe(5);
    expect(twice.stderr).toContain("is already at station Table 1");
    expect((await stations())[1]).toEqual(before[1]);

    // Table 1 is freed when its match completes; a complete match takes no station.
    ok(await sb.run(["match", "report", "cup", "A", "--winner", "P1", "--scores", "2-0"]));
    expect((await stations())[0].match_id).toBeNull();
    const complete = await sb.run(["station", "assign", "cup", "Table 2", "A"]);
    expect(complete.code).toBe(5);
    expect(complete.stderr).toMatch(/complete/);
    expect(await stations()).toEqual([{ ...before[0], timestamps: expect.anything() }, before[1]]);

    const unknown = await sb.run(["station", "assign", "cup", "Table 9", "B"]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain(
      'no station "Table 9" in tournament cup: its stations are "Table 1", "Table 2"',
    );
    const noMatch = await sb.run(["station", "assign", "cup", "Table 2", "Z"]);
    expect(noMatch.code).toBe(3);
    expect(noMatch.stderr).toContain('no match "Z" in tournament cup');
  });
});

describe("tourney station queue", () => {
  it("adds, lists in order, moves and removes queued matches", async () => {
    await cupWithStations();
    const [b, c] = [await matchId("B"), await matchId("C")];
    const added = ok(await sb.run(["station", "queue", "add", "cup", "Table 2", "C"]));
    expect(added.stdout).toContain(`position\t1\nmatch id\t${c}\nmatch\tC\n`);
    const first = ok(
      await sb.run(["station", "queue", "add", "cup", "Table 2", "B", "--position", "1", "--json"]),
    ).json();
    expect(first).toMatchObject({ match_id: b, position: 1 });

    const list = async () =>
      ok(await sb.run(["station", "queue", "list", "cup", "Table 2"]))
        .stdout.trim()
        .split("\n");
    expect((await list()).map((r) => r.split("\t").slice(0, 3))).toEqual([
      ["1", String(b), "B"],
      ["2", String(c), "C"],
    ]);

    const moved = ok(
      await sb.run(["station", "queue", "move", "cup", "Table 2", "C", "1", "--json"]),
    );
    expect(moved.json()).toMatchObject({ match_id: c, position: 1 });
    expect((await list()).map((r) => r.split("\t")[2])).toEqual(["C", "B"]);

    const out = await sb.run(["station", "queue", "move", "cup", "Table 2", "B", "3"]);
    expect(out.code).toBe(5);
    expect(out.stderr).toContain("position 3 is out of range: the queue has places 1 to 2");
    const zero = await sb.run(["station", "queue", "move", "cup", "Table 2", "B", "0"]);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain("<position> is a position in the queue from 1");
    expect((await list()).map((r) => r.split("\t")[2])).toEqual(["C", "B"]);

    const again = await sb.run(["station", "queue", "add", "cup", "Table 1", "B"]);
    expect(again.code).toBe(5);
    expect(again.stderr).toContain("already queued");

    ok(await sb.run(["station", "queue", "remove", "cup", "Table 2", "C"]));
    expect((await list()).map((r) => r.split("\t").slice(0, 3))).toEqual([["1", String(b), "B"]]);
    const gone = await sb.run(["station", "queue", "remove", "cup", "Table 2", "C"]);
    expect(gone.code).toBe(3);
    expect(gone.stderr).toContain("match C is not in the queue of station Table 2");
    const empty = await sb.run(["station", "queue", "list", "cup", "Table 1"], { tty: true });
    expect(empty.stderr).toContain("the queue of station Table 1 is empty");
  });
});

/**
 * `-L N` on `station list` and `station queue list`, on the embedded service: at most N
 * records in a table, piped and as JSON, as the other list verbs print them
 * (docs/scripting.md). Before, --json printed every station and every queue entry.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

/** An 8-player cup, started; three stations, the queue of "Table 1" holding matches C, B, A. */
async function cupWithQueue(): Promise<void> {
  await createWith(sb, ["--name", "Cup"], ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"]);
  ok(await sb.run(["tournament", "start", "cup"]));
  for (const name of ["Table 1", "Table 2", "Table 3"])
    ok(await sb.run(["station", "create", "cup", name]));
  for (const match of ["A", "B", "C"])
    ok(await sb.run(["station", "queue", "add", "cup", "Table 1", match, "--position", "1"]));
}

const lines = (text: string) => text.split("\n").filter((line) => line !== "");

describe("-L on the station lists", () => {
  it("station list: at most N stations, as JSON, piped and in a table", async () => {
    await cupWithQueue();
    const all = ok(await sb.run(["station", "list", "cup", "--json", "name"])).json();
    expect(all.map((s: { name: string }) => s.name)).toEqual(["Table 1", "Table 2", "Table 3"]);

    const json = ok(await sb.run(["station", "list", "cup", "-L", "2", "--json", "name"]));
    expect(json.json()).toEqual([{ name: "Table 1" }, { name: "Table 2" }]);
    const whole = ok(await sb.run(["station", "list", "cup", "--limit", "1", "--json"])).json();
    expect(whole).toHaveLength(1);
    expect(whole[0]).toMatchObject({ name: "Table 1" });
    const jq = ok(await sb.run(["station", "list", "cup", "-L", "2", "--jq", "length"]));
    expect(jq.stdout).toBe("2\n");

    const piped = ok(await sb.run(["station", "list", "cup", "-L", "2"]));
    expect(lines(piped.stdout).map((line) => line.split("\t")[1])).toEqual(["Table 1", "Table 2"]);
    const table = ok(await sb.run(["station", "list", "cup", "-L", "1"], { tty: true }));
    expect(lines(table.stdout)).toHaveLength(2);
    expect(table.stdout).toContain("Table 1");
    expect(table.stdout).not.toContain("Table 2");
  });

  it("station queue list: the first N in line, as JSON, piped and in a table", async () => {
    await cupWithQueue();
    const queue = ["station", "queue", "list", "cup", "Table 1"];
    const all = ok(await sb.run([...queue, "--json", "position"])).json();
    expect(all).toEqual([{ position: 1 }, { position: 2 }, { position: 3 }]);

    const json = ok(await sb.run([...queue, "-L", "2", "--json", "position"]));
    expect(json.json()).toEqual([{ position: 1 }, { position: 2 }]);
    const jq = ok(await sb.run([...queue, "--limit", "1", "--jq", ".[].position"]));
    expect(jq.stdout).toBe("1\n");

    const piped = ok(await sb.run([...queue, "-L", "2"]));
    expect(lines(piped.stdout).map((line) => line.split("\t")[0])).toEqual(["1", "2"]);
    const table = ok(await sb.run([...queue, "-L", "1"], { tty: true }));
    // The header, then the first in line (position 1, match C).
    expect(lines(table.stdout)).toHaveLength(2);
    expect(lines(table.stdout)[1]).toMatch(/^1 +\d+ +C /);
  });
});

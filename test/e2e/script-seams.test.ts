/**
 * Issue 26's seams as a shell script meets them, through the built binary (the unit-level
 * tests in test/cli/ run the same commands in process): `--jq` with no result, checks made
 * before a write, exit 8 after a write whose printing failed, the one result rule, options
 * of another type, roster content errors, `demo --json`, piped standings, race times.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BinaryResult, BUILT, runBinary } from "../helpers/binary.js";

describe.runIf(BUILT)("the command line's seams, through the built binary", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-seams-"));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  const run = (args: string[], stdin = ""): Promise<BinaryResult> => runBinary(args, env, stdin);
  const ok = async (args: string[], stdin = ""): Promise<string> => {
    const r = await run(args, stdin);
    expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
    return r.stdout;
  };
  const urls = async () => (await ok(["tournament", "list", "-q", ".[].url"])).split("\n");
  const matchState = async (t: string, m: string) =>
    (await ok(["match", "view", t, m, "-q", ".state"])).trim();

  beforeAll(async () => {
    await ok(["tournament", "create", "--name", "Seams"]);
    await ok(["participants", "bulk-add", "seams"], "Ada\nBob\nCy\nDee\n");
    await ok(["tournament", "start", "seams"]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("item 1: --jq with no result prints nothing and exits 0; -q is its short form", async () => {
    const none = await run(["tournament", "list", "--jq", '.[] | select(.state=="nope") | .url']);
    expect(none).toMatchObject({ code: 0, stdout: "" });
    expect(await ok(["tournament", "list", "-q", ".[] | .url, .name"])).toBe("seams\nSeams\n");
  });

  it("item 2: what can be checked is checked before the write; a late failure exits 8", async () => {
    const field = await run(["tournament", "create", "--name", "Retry Cup", "--json", "idd"]);
    expect(field.code).toBe(2);
    const program = await run(["match", "report", "seams", "A", "--winner", "Ada", "--jq", ".["]);
    expect(program.code).toBe(2);
    expect(await matchState("seams", "A")).toBe("open");
    expect(await urls()).not.toContain("retry_cup");
    const late = await run(["tournament", "create", "--name", "Late", "--jq", ".name | tonumber"]);
    expect(late.code).toBe(8);
    expect(late.stderr).toMatch(/^done: the change was made/);
    expect(await urls()).toContain("late");
  });

  it("item 4: a tie needs level scores, a winner the majority", async () => {
    const tie = await run(["match", "report", "seams", "A", "--tie", "--scores", "2-1"]);
    expect(tie.code).toBe(2);
    const level = await run([
      "match",
      "report",
      "seams",
      "A",
      "--winner",
      "Ada",
      "--scores",
      "2-2",
    ]);
    expect(level.code).toBe(2);
    expect(await matchState("seams", "A")).toBe("open");
  });

  it("item 5: another type's option exits 2 naming the type, and stores nothing", async () => {
    const r = await run(["tournament", "create", "--name", "Typed", "--iterations", "3"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("single elimination");
    expect(await urls()).not.toContain("typed");
  });

  it("item 6: roster content errors exit 2, one per line, nothing added", async () => {
    await ok(["tournament", "create", "--name", "Roster"]);
    const r = await run(["participants", "bulk-add", "roster"], 'Ada\n"Bo\tb"\nada\n');
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split("\n").length).toBeGreaterThanOrEqual(3);
    expect(r.stderr).not.toContain("name is required");
    expect(await ok(["participants", "list", "roster", "-q", ".[].name"])).toBe("");
  });

  it("a lone - reads the roster from stdin (it added a participant named -)", async () => {
    await ok(["tournament", "create", "--name", "Dash Roster"]);
    await ok(["participants", "bulk-add", "dash_roster", "-"], "Ada\nBob\n");
    expect(await ok(["participants", "list", "dash_roster", "-q", ".[].name"])).toBe("Ada\nBob\n");
  });

  it("item 10: demo --json prints NDJSON", async () => {
    const lines = (await ok(["demo", "--json"])).trimEnd().split("\n");
    const events = lines.map((line) => JSON.parse(line) as { event?: string; type?: string });
    expect(events.length).toBeGreaterThan(1);
  });

  it("item 12: piped standings carry a header and one width of row", async () => {
    const rows = (await ok(["tournament", "standings", "seams"])).trimEnd().split("\n");
    expect(rows[0]).toMatch(/^stage\tgroup_id\trank\t/);
    const widths = new Set(rows.map((row) => row.split("\t").length));
    expect(widths.size).toBe(1);
  });

  it("item 13: a bare race time is refused with the forms that say it", async () => {
    await ok(["race", "create", "--name", "Dash"]);
    const r = await run(["race", "update", "dash", "Ada", "--time", "59"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("59s, 0:59.000 or 59000ms");
  });
});

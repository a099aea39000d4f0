/**
 * The built CLI exits as soon as a command is done and nothing is left to run (cli/main.ts
 * exitWhenIdle, issue 27): Node's natural end (its `beforeExit`, the heap torn down) is
 * skipped, with the exit code and all of stdout kept.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT } from "../helpers/binary.js";
import { makeTestFactory } from "../helpers/factory.js";

describe.runIf(BUILT)("the built CLI's end", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-early-exit-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // Preloaded: says so on stderr when the process reaches Node's natural end.
  const probe = join(dir, "probe.cjs");
  writeFileSync(probe, 'process.on("beforeExit", () => process.stderr.write("natural end\\n"));\n');
  const env = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
    NODE_OPTIONS: `--require ${probe}`,
  };
  const tourney = (args: readonly string[]) =>
    spawnSync(process.execPath, [BIN, ...args], { env, encoding: "utf8", maxBuffer: 1 << 26 });

  it("exits once idle, with the command's exit code and all of its output", async () => {
    // The 30 tournaments made in this process (30 processes took 49 s on a loaded machine,
    // past the test's time), then listed by the built CLI, whose end is what is tested.
    const made = makeTestFactory({ env, homeDir: dir });
    const client = await made.factory.client();
    for (let i = 0; i < 30; i++)
      await client.tournaments.create({ name: `Cup ${i}`, tournament_type: "single elimination" });
    await made.factory.close();
    const listed = tourney(["tournament", "list", "--json"]);
    expect(listed.status).toBe(0);
    expect(listed.stderr).toBe("");
    expect(JSON.parse(listed.stdout).map((t: { name: string }) => t.name)).toEqual(
      Array.from({ length: 30 }, (_, i) => `Cup ${i}`),
    );
    const table = tourney(["tournament", "list"]);
    expect(table.status).toBe(0);
    expect(table.stdout.split("\n").length).toBeGreaterThan(30);
    const missing = tourney(["tournament", "show", "no_such_cup"]);
    // Its message went through process.stderr (a stream, whose handle keeps the natural end).
    expect(missing.status).toBe(3);
    expect(missing.stderr).toMatch(/no_such_cup not found/);
  });

  it("exits before the event loop turns again: what V8 posted meanwhile (a scavenge) never runs", () => {
    // An unreferenced timer, due at once, fires only if the loop turns after the command.
    const turn = join(dir, "turn.cjs");
    writeFileSync(
      turn,
      "let fired = false; setTimeout(() => { fired = true; }, 0).unref();\n" +
        'process.on("exit", () => process.stderr.write(fired ? "turned\\n" : "no turn\\n"));\n',
    );
    const listed = spawnSync(
      process.execPath,
      ["--require", turn, BIN, "tournament", "list", "--json"],
      {
        env: { ...env, NODE_OPTIONS: "" },
        encoding: "utf8",
        maxBuffer: 1 << 26,
      },
    );
    expect(listed.status).toBe(0);
    expect(JSON.parse(listed.stdout).length).toBe(30);
    expect(listed.stderr).toBe("no turn\n");
  });
});

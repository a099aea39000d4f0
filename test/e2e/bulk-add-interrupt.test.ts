/**
 * End to end: a large bulk add through a remote profile against `tourney serve`
 * on a loopback port, interrupted in the middle. Ctrl-C (SIGINT) undoes what the
 * run added (or says exactly what is left); after kill -9 a re-run completes the
 * roster without duplicates. The moment to signal is found by polling the
 * service until the first chunk is in, never by sleeping a fixed time.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUILT, runBinary, spawnBinary } from "../helpers/binary.js";
import { useServeWithProfile } from "../helpers/served-sandbox.js";

const roster = (n: number) => Array.from({ length: n }, (_, i) => `Player ${i + 1}`);

describe.runIf(BUILT)("participants bulk-add through a remote profile, interrupted", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-bulk-"));
  const env = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  const served = useServeWithProfile(dir, env);

  const api = async (path: string, init: RequestInit = {}): Promise<any> => {
    const response = await fetch(`http://127.0.0.1:${served().port}/v2.1${path}`, {
      ...init,
      headers: { authorization: served().apiKey, "content-type": "application/vnd.api+json" },
    });
    expect(response.status).toBeLessThan(300);
    return response.json();
  };

  async function createTournament(name: string): Promise<string> {
    const body = {
      data: { type: "tournament", attributes: { name, tournament_type: "single elimination" } },
    };
    return (await api("/tournaments", { method: "POST", body: JSON.stringify(body) })).data.id;
  }

  const countOf = async (t: string): Promise<number> =>
    (await api(`/tournaments/${t}`)).data.attributes.participants_count;

  async function namesIn(t: string): Promise<string[]> {
    const names: string[] = [];
    for (let page = 1; page <= 100; page++) {
      const list = await api(`/tournaments/${t}/participants?per_page=1000&page=${page}`);
      names.push(...list.data.map((p: any) => p.attributes.name));
      if (page >= list.meta.total_pages) break;
    }
    return names;
  }

  /** Starts the bulk add; resolves once the service holds the first chunk. */
  async function startBulkAdd(t: string, names: readonly string[]) {
    const { child, closed, stdout, stderr } = spawnBinary(
      ["--profile", "lan", "participants", "bulk-add", t, "--json"],
      env,
      names.join("\n"),
    );
    let seen = 0;
    for (let poll = 0; poll < 3000 && seen === 0; poll++) {
      seen = await countOf(t);
      if (seen === 0) await new Promise((r) => setTimeout(r, 10));
    }
    expect(seen, `the first chunk never arrived: ${stderr()}`).toBeGreaterThan(0);
    return { child, closed, output: () => ({ stdout: stdout(), stderr: stderr() }) };
  }

  it("Ctrl-C in the middle of 20,000 names leaves the tournament as it was, exit 130", async () => {
    const names = roster(20_000);
    const t = await createTournament("Interrupted Cup");
    const run = await startBulkAdd(t, names);
    run.child.kill("SIGINT");
    const { code } = await run.closed;
    const { stderr } = run.output();
    expect(code, stderr).toBe(130);
    const after = await namesIn(t);
    const undone =
      /interrupted: this run had added (\d+) of 20000 participants and removed them again/.exec(
        stderr,
      );
    if (undone !== null) {
      expect(Number(undone[1])).toBeGreaterThan(0);
      expect(Number(undone[1])).toBeLessThan(20_000);
      expect(after).toEqual([]);
      return;
    }
    // The undo could not finish: stderr names exactly what is left.
    const left =
      /so (\d+) are still in the tournament:\n {2}ids [\d, -]+ \("(.*)" to "(.*)"\)/.exec(stderr);
    expect(left, stderr).not.toBeNull();
    expect(after).toHaveLength(Number(left![1]));
    expect(after[0]).toBe(left![2]);
    expect(after.at(-1)).toBe(left![3]);
  });

  it("after kill -9 in the middle, re-running the same bulk add completes the roster once", async () => {
    const names = roster(10_000);
    const t = await createTournament("Resumed Cup");
    const run = await startBulkAdd(t, names);
    run.child.kill("SIGKILL");
    expect((await run.closed).signal).toBe("SIGKILL");
    const partial = await countOf(t);
    expect(partial, "the kill came after the whole roster was in").toBeLessThan(names.length);

    const again = await runBinary(
      ["--profile", "lan", "participants", "bulk-add", t, "--json"],
      env,
      names.join("\n"),
    );
    expect(again.code, again.stderr).toBe(0);
    const skipped = /^Skipped (\d+) of 10000 names already in the tournament: "Player 1", /m.exec(
      again.stderr,
    );
    expect(skipped, again.stderr).not.toBeNull();
    const added = JSON.parse(again.stdout).length;
    expect(Number(skipped![1])).toBeGreaterThanOrEqual(partial);
    expect(Number(skipped![1]) + added).toBe(names.length);
    const after = await namesIn(t);
    expect(after).toEqual(names);
  });
});

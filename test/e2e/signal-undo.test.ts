/**
 * End to end: SIGTERM and SIGHUP take the path Ctrl-C takes in the commands that undo or stop
 * cleanly on it (interrupts.ts STOP_SIGNALS), exiting 143 and 129. The signal is sent while a
 * loopback relay holds one of the command's writes to a real serve (holding-relay.ts), and
 * that write passed on once the command said it saw the signal:
 * - a remote bulk add sends no further chunk and deletes what it added: the tournament is as
 *   it was;
 * - an import stops after the request in flight, says after which step and to run it again;
 *   the target holds exactly what was sent, and a re-run completes it.
 * Before, main.ts ended both at once: the bulk add's 40 names stayed, said only as
 * "interrupted after the change was made (...)".
 */
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, BUILT, binaryEnv, runBinary, type Served, startServe } from "../helpers/binary.js";
import { holdingRelay } from "../helpers/holding-relay.js";

const SIGNALS = [
  ["SIGTERM", 143],
  ["SIGHUP", 129],
] as const;

describe.runIf(BUILT)("SIGTERM and SIGHUP undo as Ctrl-C does", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-signal-undo-"));
  const env = binaryEnv(dir);
  const source = binaryEnv(join(dir, "source"));
  const file = join(dir, "cup.json");
  let served: Served;
  let profiles = 0;

  const ok = async (args: string[], e: Record<string, string>, stdin = "") => {
    const r = await runBinary(args, e, stdin);
    expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
    return r;
  };
  /** A profile of its own on `base`, signed in with serve's key. */
  const profileOn = async (base: string): Promise<string> => {
    const name = `p${++profiles}`;
    await ok(["profile", "add", name, "--base-url", base], env);
    await ok(["auth", "login", "--api-key", "--profile", name], env, `${served.apiKey}\n`);
    return name;
  };

  beforeAll(async () => {
    served = await startServe(["--db", join(dir, "served.db")], binaryEnv(join(dir, "serve")));
    await ok(["tournament", "create", "--name", "Cup", "--url", "cup"], source);
    await ok(["participants", "bulk-add", "cup", "Ann", "Bob", "Cy", "Dee", "Eve", "Fay"], source);
    await ok(["participants", "bulk-add", "cup", "Gus", "Hal"], source);
    await ok(["tournament", "start", "cup"], source);
    const rows = (await ok(["match", "list", "cup"], source)).stdout.trim().split("\n");
    for (const [, match, round, , , winner] of rows.map((row) => row.split("\t")))
      if (round === "1")
        await ok(
          ["match", "report", "cup", match!, "--winner", winner!, "--scores", "2-1"],
          source,
        );
    await ok(["tournament", "export", "cup", "--output", file], source);
  });
  afterAll(async () => {
    if (served !== undefined) expect(await served.stop()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Runs `args` through a relay holding its `nth` write; at it, sends `signal`, waits for
   * stderr to show `seen`, then passes the write on. Resolves with the command's end.
   */
  async function signalledAt(
    args: string[],
    nth: number,
    signal: string,
    seen: string,
    stdin = "",
  ) {
    const relay = await holdingRelay(`http://127.0.0.1:${served.port}`, nth);
    try {
      const profile = await profileOn(relay.url);
      const child: ChildProcess = spawn(process.execPath, [BIN, "--profile", profile, ...args], {
        env,
        stdio: ["pipe", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr!.on("data", (d) => {
        stderr += d;
      });
      child.stdout!.resume();
      const closed = new Promise<number | null>((done) => child.on("close", (code) => done(code)));
      child.stdin!.end(stdin);
      await Promise.race([relay.held, closed]);
      child.kill(signal as NodeJS.Signals);
      let over = false;
      void closed.then(() => {
        over = true;
      });
      while (!over && !stderr.includes(seen)) await new Promise((r) => setTimeout(r, 5));
      relay.pass();
      return { code: await closed, stderr };
    } finally {
      await relay.close();
    }
  }

  for (const [signal, code] of SIGNALS) {
    it(`${signal}: a remote bulk add deletes what it added, exit ${code}`, async () => {
      const direct = await profileOn(`http://127.0.0.1:${served.port}`);
      const url = `bulk_${signal.toLowerCase()}`;
      await ok(["--profile", direct, "tournament", "create", "--name", url], env);
      const names = Array.from({ length: 60 }, (_, i) => `Player ${i + 1}`).join("\n");
      // Writes: the chunks of 20; the second held.
      const r = await signalledAt(
        ["participants", "bulk-add", url],
        2,
        signal,
        "Interrupted: sending no more; undoing what this run added",
        names,
      );
      expect(r.code, r.stderr).toBe(code);
      expect(r.stderr).toContain(
        "interrupted: this run had added 40 of 60 participants and removed them again; the tournament is as it was before",
      );
      const list = await ok(
        ["--profile", direct, "participants", "list", url, "--json", "id"],
        env,
      );
      expect(JSON.parse(list.stdout)).toEqual([]);
    });

    it(`${signal}: an import stops after the request in flight, exit ${code}; a re-run completes it`, async () => {
      // Writes: the tournament, its participants, the start, then the 4 results: the second held.
      const r = await signalledAt(
        ["tournament", "import", file],
        5,
        signal,
        "Interrupted: stopping after the request in flight",
      );
      expect(r.code, r.stderr).toBe(code);
      expect(r.stderr).toMatch(
        /^interrupted: stopped between two requests, after ".*"; run the same command again to continue/m,
      );
      const direct = await profileOn(`http://127.0.0.1:${served.port}`);
      const matches = await ok(
        ["--profile", direct, "match", "list", "cup", "--json", "state"],
        env,
      );
      const complete = JSON.parse(matches.stdout).filter(
        (m: { state: string }) => m.state === "complete",
      );
      expect(complete).toHaveLength(2);
      const again = await ok(["--profile", direct, "tournament", "import", file], env);
      expect(again.stdout).toBe(
        "cup: found, 0 participants added, 2 results sent, 2 already there\n",
      );
      await ok(["--profile", direct, "tournament", "delete", "cup", "--yes"], env);
    });
  }
});

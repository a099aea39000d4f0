/**
 * A write serve's write worker makes (a bulk add of 4 KiB or more, a start) meets a full
 * disk: serve's terminal says so in one line, as for a write on the main thread. Before,
 * the worker handed over its error's stack as the message and the line quoted it: a
 * JavaScript stack trace on serve's terminal without TOURNEY_DEBUG (an outside review,
 * finding E). Under TOURNEY_DEBUG the stack is printed too. The files are held to a size
 * with `ulimit -f` (serve-limited.ts), as in disk-full.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT, runBinary, startServe } from "../helpers/binary.js";
import { serveLimited } from "../helpers/serve-limited.js";

describe.runIf(BUILT)("serve's write worker on a full disk", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-disk-full-worker-"));
  const running: ReturnType<typeof serveLimited>[] = [];
  afterAll(() => {
    for (const limited of running) limited.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  /** A database with a key and a tournament; serve on it held to 32 KiB more; a bulk add of 1,000 long names. */
  async function bulkAddOnFullDisk(name: string, extra: Record<string, string>): Promise<string> {
    const db = join(dir, `${name}.db`);
    const env = {
      PATH: process.env.PATH ?? "",
      HOME: join(dir, name),
      TOURNEY_CONFIG_DIR: join(dir, name, "config"),
      TOURNEY_DATA_DIR: join(dir, name, "data"),
    };
    mkdirSync(env.HOME, { recursive: true });
    const first = await startServe(["--db", db], env);
    await first.stop();
    const key = await runBinary(["serve", "key", "create", "--db", db], env);
    expect(key.code, key.stderr).toBe(0);
    const limited = serveLimited(db, Math.ceil(statSync(db).size / 1024) + 32, {
      ...env,
      ...extra,
    });
    running.push(limited);
    const base = `http://127.0.0.1:${await limited.port}/v2.1`;
    const headers = {
      Authorization: key.stdout.trim(),
      "Authorization-Type": "v1",
      "Content-Type": "application/vnd.api+json",
    };
    const post = (path: string, attributes: object, type: string) =>
      fetch(`${base}/${path}`, {
        method: "POST",
        headers,
        body: JSON.stringify({ data: { type, attributes } }),
      });
    const made = await post(
      "tournaments.json",
      { name: "Cup", tournament_type: "swiss" },
      "tournaments",
    );
    expect(made.status).toBe(201);
    const participants = Array.from({ length: 1000 }, (_, i) => ({
      name: `Player ${i} ${"x".repeat(120)}`,
    }));
    const added = await post(
      "tournaments/cup/participants/bulk_add",
      { participants },
      "Participants",
    );
    expect(added.status).toBe(503);
    const refused = (await added.json()) as { errors: { detail: string }[] };
    expect(refused.errors[0]!.detail).toContain("could not be saved");
    // The line is written as the worker's error arrives, at most a moment after the answer.
    for (let i = 0; i < 100 && !limited.stderr().includes("until this is fixed"); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return limited.stderr();
  }

  it("says so in one line, with no stack trace", async () => {
    const stderr = await bulkAddOnFullDisk("plain", {});
    const lines = stderr.split("\n").filter((l) => l.startsWith("serve: a write was refused"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^serve: a write was refused and nothing of it saved: .*\[SQLITE_(FULL|IOERR\w*): [^\]\n]*\]; writes answer 503 until this is fixed$/,
    );
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stderr).not.toContain("write-worker.cjs");
  });

  it("under TOURNEY_DEBUG, prints the worker's stack as well", async () => {
    const stderr = await bulkAddOnFullDisk("debug", { TOURNEY_DEBUG: "1" });
    expect(stderr).toMatch(/^serve: a write was refused .*until this is fixed$/m);
    expect(stderr).toMatch(/^\s+at .*write-worker\.cjs/m);
  });
});

/**
 * Issue 24, item 9, as the person running `serve` meets it: the disk fills up.
 * The built `serve` runs under `ulimit -f` (the kernel refuses to let its files
 * grow past the limit: EFBIG, which SQLite reports as SQLITE_FULL, as it does
 * ENOSPC). Writes then answer 503 saying nothing was saved, as before, and now
 * serve's terminal says what happened and what to do, once, not once a write.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT, runBinary, startServe } from "../helpers/binary.js";
import { serveLimited } from "../helpers/serve-limited.js";

describe.runIf(BUILT)("serve on a full disk", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-disk-full-"));
  const db = join(dir, "served.db");
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: join(dir, "home"),
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  let limited: ReturnType<typeof serveLimited> | undefined;
  afterAll(() => {
    limited?.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers 503 and says on its terminal that the disk is full, once", async () => {
    mkdirSync(env.HOME, { recursive: true });
    // A first start makes the database; a key for the limited run.
    const first = await startServe(["--db", db], env);
    await first.stop();
    const key = await runBinary(["serve", "key", "create", "--db", db], env);
    expect(key.code, key.stderr).toBe(0);
    const size = Math.ceil(statSync(db).size / 1024);
    limited = serveLimited(db, size + 256, env);
    const base = `http://127.0.0.1:${await limited.port}`;
    const statuses: number[] = [];
    let refused: any;
    for (let i = 0; i < 400 && refused === undefined; i++) {
      const answer = await fetch(`${base}/v2.1/tournaments.json`, {
        method: "POST",
        headers: {
          Authorization: key.stdout.trim(),
          "Authorization-Type": "v1",
          "Content-Type": "application/vnd.api+json",
        },
        body: JSON.stringify({
          data: {
            type: "tournaments",
            attributes: {
              name: `Cup ${i}`,
              tournament_type: "swiss",
              description: "x".repeat(9000),
            },
          },
        }),
      });
      statuses.push(answer.status);
      if (answer.status !== 201) refused = await answer.json();
      else await answer.text();
    }
    expect(statuses.at(-1)).toBe(503);
    expect(refused.errors[0].detail).toContain("could not be saved");
    // Once more: still 503, and the terminal said it once.
    const again = await fetch(`${base}/v2.1/tournaments.json`, {
      method: "POST",
      headers: {
        Authorization: key.stdout.trim(),
        "Authorization-Type": "v1",
        "Content-Type": "application/vnd.api+json",
      },
      body: JSON.stringify({
        data: {
          type: "tournaments",
          attributes: { name: "One more", tournament_type: "swiss", description: "y".repeat(9000) },
        },
      }),
    });
    expect(again.status).toBe(503);
    const lines = limited
      .stderr()
      .split("\n")
      .filter((l) => l.startsWith("serve: a write was refused"));
    // EFBIG (this limit) comes back from SQLite as SQLITE_IOERR_WRITE, ENOSPC as SQLITE_FULL.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^serve: a write was refused and nothing of it saved: (the disk holding|writing) \S+served\.db (is full|failed \(is the disk full, or failing\?\)).* \[SQLITE_(FULL|IOERR\w*): .*\]; writes answer 503 until this is fixed$/,
    );
  });
});

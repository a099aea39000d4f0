/**
 * A database file replaced under a running `tourney serve` and an embedded `tourney watch`
 * (a backup moved over it, its -wal and -shm removed), on real processes: serve says so on
 * its stderr once, naming the path and to restart it, and refuses writes 503 from then on
 * (reads go on, from the file it opened); the watch ends, exit 1, saying why. Before, serve
 * answered writes 200 into the old, unlinked file (`tourney.db (deleted)` in its fds), said
 * nothing, and the watch never saw a later report (an outside review).
 */
import { copyFileSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT, binaryEnv, type Served, startServe } from "../helpers/binary.js";
import { captured, stopAll, tourney, until, watch } from "../helpers/watch-process.js";

const home = mkdtempSync(join(tmpdir(), "tourney-db-replaced-"));
const env = binaryEnv(home);
const db = join(env.TOURNEY_DATA_DIR!, "tourney.db");
let served: Served | undefined;

afterAll(async () => {
  await stopAll([served?.child]);
  rmSync(home, { recursive: true, force: true });
});

const describeBuilt = BUILT ? describe : describe.skip;

describeBuilt("serve and an embedded watch whose database file is replaced", () => {
  it("serve says so once and refuses writes 503; the watch ends with exit 1", async () => {
    await tourney(env, "tournament", "create", "--name", "Cup", "--url", "cup");
    const names = Array.from({ length: 8 }, (_, i) => `P${i + 1}`);
    await tourney(env, "participants", "bulk-add", "cup", ...names);
    await tourney(env, "tournament", "start", "cup");
    const backup = join(home, "backup.db");
    copyFileSync(db, backup);
    served = await startServe(["--db", db], env);
    const serveErr = captured(served.child);
    const watching = watch(env, "cup", "--json");
    await watching.ready;
    const put = (description: string) =>
      fetch(`http://127.0.0.1:${served!.port}/v2.1/tournaments/cup.json`, {
        method: "PUT",
        headers: { authorization: served!.apiKey, "content-type": "application/vnd.api+json" },
        body: JSON.stringify({ data: { type: "tournament", attributes: { description } } }),
      });
    expect((await put("before")).status).toBe(200);

    renameSync(backup, db);
    rmSync(`${db}-wal`, { force: true });
    rmSync(`${db}-shm`, { force: true });

    await until(serveErr.stderr, "was replaced", served.child);
    const line = serveErr
      .stderr()
      .split("\n")
      .find((l) => l.includes("was replaced"))!;
    expect(line).toContain(db);
    expect(line).toContain("start it again");
    const refused = await put("after");
    expect(refused.status).toBe(503);
    const body = (await refused.json()) as { errors: { status: number; detail: string }[] };
    expect(body.errors[0]!.status).toBe(503);
    expect(body.errors[0]!.detail).toContain("restart tourney serve");
    // OAuth's endpoints in their own shape (RFC 6749), as for a full disk.
    const token = await fetch(`http://127.0.0.1:${served.port}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=refresh_token&refresh_token=x&client_id=tourney-cli",
    });
    expect(token.status).toBe(503);
    expect(((await token.json()) as { error: string }).error).toBe("temporarily_unavailable");
    // Said once, however many writes are refused.
    expect((await put("again")).status).toBe(503);
    expect(serveErr.stderr().split("was replaced").length - 1).toBe(1);
    // Reads go on, from the file serve opened.
    const read = await fetch(`http://127.0.0.1:${served.port}/v2.1/tournaments/cup.json`, {
      headers: { authorization: served.apiKey },
    });
    expect(read.status).toBe(200);
    // Nothing refused reached the file now at the path.
    const shown = JSON.parse(await tourney(env, "tournament", "show", "cup", "--json"));
    expect(JSON.stringify(shown)).not.toContain("after");

    const ended = await watching.done;
    expect(ended.code, ended.stderr).toBe(1);
    expect(ended.stderr).toContain(`error: the database file ${db} was replaced`);
    expect(ended.stderr).toContain("hint: run `tourney watch` again");
  });
});

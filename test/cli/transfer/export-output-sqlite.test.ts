/**
 * `export --output FILE` where FILE is an SQLite database that is no profile's (a `tourney serve
 * --db FILE`'s, another program's): refused (exit 2) naming the file, which is left as it was;
 * so is a file with a -wal or -shm beside it (a database in use). Before, `tournament export rr
 * --output srv.db` replaced the database with the document: exit 0, "exported to srv.db".
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../../helpers/cli.js";
import { ok } from "../../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(async () => {
  sb = createSandbox();
  ok(await sb.run(["tournament", "create", "--name", "RR", "--url", "rr"]));
  ok(await sb.run(["race", "create", "--name", "GP"]));
});
afterEach(() => sb.cleanup());

const tail =
  ", such as a tourney serve --db's; writing the document there would destroy it. Name another file, such as --output export.json\n";

it("an SQLite database (closed): both exports refused, exit 2, the file untouched", async () => {
  const file = join(sb.dir, "srv.db");
  const db = new Database(file);
  db.exec("CREATE TABLE t (x); INSERT INTO t VALUES (1)");
  db.close();
  const before = readFileSync(file);
  for (const [noun, name] of [
    ["tournament", "rr"],
    ["race", "gp"],
  ] as const) {
    const r = await sb.run([noun, "export", name, "--output", file]);
    expect([r.code, r.stdout, r.stderr]).toEqual([
      2,
      "",
      `error: --output ${file}: it is an SQLite database (it starts with "SQLite format 3")${tail}`,
    ]);
  }
  expect(readFileSync(file).equals(before)).toBe(true);
});

it("a database in use (its -wal and -shm beside it): refused by its companions too", async () => {
  const file = join(sb.dir, "live.db");
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    db.exec("CREATE TABLE t (x); INSERT INTO t VALUES (1)");
    const r = await sb.run(["tournament", "export", "rr", "--output", file]);
    expect([r.code, r.stderr]).toEqual([
      2,
      `error: --output ${file}: it has ${file}-wal beside it, as an SQLite database in use has${tail}`,
    ]);
    expect(db.prepare("SELECT x FROM t").get()).toEqual({ x: 1 });
  } finally {
    db.close();
  }
});

it("a JSON file, even a former export, is still replaced", async () => {
  const file = join(sb.dir, "rr.json");
  writeFileSync(file, "{}\n");
  ok(await sb.run(["tournament", "export", "rr", "--output", file]));
  expect(JSON.parse(readFileSync(file, "utf8")).format).toBe("tourney.tournament");
});

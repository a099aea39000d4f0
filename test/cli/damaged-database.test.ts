/**
 * A database file that is not an SQLite database (junk), or a damaged one (a truncated copy,
 * a page overwritten): the command says which file and what to do, exit 1 (docs/scripting.md).
 * Before: "error: file is not a database" or "error: database disk image is malformed",
 * naming no file and no way out; a page damaged after the open gave "internal error: the
 * request could not be completed". The list goes through the read-only path first
 * (service/reader.ts), which leaves such a file to the store.
 */
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
let db: string;
beforeEach(() => {
  sb = createSandbox();
  db = join(sb.dir, "data", "tourney.db");
});
afterEach(() => sb.cleanup());

const HINT =
  "hint: move the file aside, then put back a copy of it, or let tourney make a new one and " +
  "bring the tournaments back from their exports (`tourney tournament import FILE`); another " +
  "database file: TOURNEY_DATA_DIR=FOLDER (the data folder), `tourney config set db_path FILE`, " +
  "or `tourney serve --db FILE`";

const damaged = (path: string, cause: string) =>
  `error: the database ${path} is damaged or is not a tourney database (${cause})\n${HINT}\n`;

async function outcome(args: string[]) {
  const r = await sb.run(args);
  return { code: r.code, stdout: r.stdout, stderr: r.stderr };
}

/** A real database of the sandbox's profile, with two tournaments; its bytes. */
async function realDatabase(): Promise<Buffer> {
  ok(await sb.run(["tournament", "create", "--name", "Cup"]));
  ok(await sb.run(["tournament", "create", "--name", "Plate"]));
  return readFileSync(db);
}

describe("a database file that is not one, or is damaged", () => {
  it("junk: tournament list (the read-only path first) and create name the file, exit 1", async () => {
    mkdirSync(join(sb.dir, "data"), { recursive: true });
    writeFileSync(db, "junk\n");
    for (const args of [
      ["tournament", "list"],
      ["tournament", "list", "--json", "id"],
      ["tournament", "create", "--name", "Cup"],
    ])
      expect(await outcome(args)).toEqual({
        code: 1,
        stdout: "",
        stderr: damaged(db, "file is not a database"),
      });
    expect(readFileSync(db, "utf8")).toBe("junk\n");
  });

  it("a truncated copy: 'database disk image is malformed', naming the file", async () => {
    const bytes = await realDatabase();
    writeFileSync(db, bytes.subarray(0, 4096));
    expect(await outcome(["tournament", "list"])).toEqual({
      code: 1,
      stdout: "",
      stderr: damaged(db, "database disk image is malformed"),
    });
  });

  it("serve --db and the serve verbs name the file given", async () => {
    writeFileSync(sb.servedDb, "junk\n");
    for (const args of [
      ["serve", "--db", sb.servedDb, "--port", "0"],
      ["serve", "key", "list", "--db", sb.servedDb],
      ["serve", "user", "list", "--db", sb.servedDb],
    ])
      expect(await outcome(args)).toEqual({
        code: 1,
        stdout: "",
        stderr: damaged(sb.servedDb, "file is not a database"),
      });
  });

  it("a page damaged after the open: the service says the database is damaged, exit 1", async () => {
    await realDatabase();
    const look = new Database(db, { readonly: true });
    const page = look.pragma("page_size", { simple: true }) as number;
    const root = look.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'tournaments'");
    const at = (root.get() as { rootpage: number }).rootpage;
    look.close();
    // The tournaments table's first page overwritten: the open reads none of it.
    const fd = openSync(db, "r+");
    writeSync(fd, Buffer.alloc(page, 0xff), 0, page, (at - 1) * page);
    closeSync(fd);
    expect(await outcome(["tournament", "list"])).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "error: the database is damaged (database disk image is malformed): the request could not be completed; restore the database from a copy, or the tournaments from their exports\n",
    });
  });
});

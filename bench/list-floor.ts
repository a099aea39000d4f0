// The floor under `tourney tournament list --json` (issue 27), timed by bench/startup.mjs beside
// the command: a bare Node script that does only what the list cannot do without. It loads
// better-sqlite3's compiled addon with process.dlopen (not the package's JavaScript), opens the
// store's file as the read-only path does (store/read-only.ts: the same pragmas), runs the list's
// own chunk statements (store/tournament-records-json.ts chunkStatement) in one read transaction,
// closes the file and writes the same bytes in one writev. No CLI, no option parsing, no
// configuration, no service, no completion cache, no code cache to read. startup.mjs checks that
// its bytes are the command's, byte for byte, before it times anything.
// Bundled by startup.mjs with esbuild (the statements from src/, nothing else of the project).
// Usage (after bundling): node list-floor.cjs ADDON DATABASE [open|read|write]
//   open: the addon loaded and the file opened and closed; read: the statements too, nothing
//   written; write (the default): everything.
import { writevSync } from "node:fs";
import {
  chunkStatement,
  lastIdInOrder,
  RECORDS_PER_CHUNK,
} from "../src/store/tournament-records-json.js";

interface Chunk {
  json: Buffer;
  ids: string;
  count: number;
  whole: number;
  clear: number;
}

interface NativeStatement {
  get(...params: unknown[]): Chunk;
}

interface NativeDatabase {
  exec(sql: string): void;
  prepare(sql: string, owner: object, pragma: boolean): NativeStatement;
  close(): void;
}

const [addonFile, dbFile, mode = "write"] = process.argv.slice(2);
if (addonFile === undefined || dbFile === undefined)
  throw new Error("usage: ADDON DATABASE [mode]");
const addon = { exports: {} as Record<string, unknown> };
process.dlopen(addon, addonFile);
const native = addon.exports as {
  setErrorConstructor(error: ErrorConstructor): void;
  Database: new (...args: unknown[]) => NativeDatabase;
};
native.setErrorConstructor(Error);
// (filename, given name, anonymous, readonly, fileMustExist, timeout, verbose, buffer): what
// better-sqlite3's lib/database.js hands the addon for `new Database(file, { fileMustExist })`.
const db = new native.Database(dbFile, dbFile, false, false, true, 50, null, null);
db.exec("PRAGMA query_only = 1; PRAGMA mmap_size = 268435456");
const parts: Buffer[] = [];
if (mode !== "open") {
  const next = db.prepare(chunkStatement("", false), {}, false);
  db.exec("BEGIN");
  for (let after = 0; ; ) {
    const chunk = next.get(after);
    if (chunk.whole !== 1 || chunk.clear !== 1) throw new Error("the list would step aside");
    if (chunk.count === 0) break;
    parts.push(parts.length === 0 ? Buffer.from("[") : Buffer.from(","), chunk.json);
    const last = lastIdInOrder(chunk.ids, after);
    if (last === undefined) throw new Error("a chunk out of id order");
    after = last;
    if (chunk.count < RECORDS_PER_CHUNK) break;
  }
  db.exec("COMMIT");
  parts.push(Buffer.from(parts.length === 0 ? "[]\n" : "]\n"));
}
db.close();
if (mode === "write") writevSync(1, parts);

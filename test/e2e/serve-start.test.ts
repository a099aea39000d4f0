/**
 * `tourney serve` on a busy port: it fails before it makes the owner's key, so
 * the next start on a free port still prints one (issue 10, item 20).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT, runBinary, startServe } from "../helpers/binary.js";

function occupy(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address ? address.port : 0 });
    });
  });
}

describe.runIf(BUILT)("tourney serve on a busy port", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-serve-start-"));
  const env = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("exits 2 without making a key, and the next start prints the owner's key", async () => {
    const db = join(dir, "event.db");
    const busy = await occupy();
    try {
      const failed = await runBinary(["serve", "--port", String(busy.port), "--db", db], env);
      expect(failed.code).toBe(2);
      expect(failed.stderr).toMatch(/port \d+ is already in use/);
      expect(failed.stderr).not.toMatch(/tk_/);
    } finally {
      busy.server.close();
    }
    const keys = new Database(db, { readonly: true });
    expect(keys.prepare("SELECT COUNT(*) AS n FROM api_keys").get()).toEqual({ n: 0 });
    keys.close();
    const served = await startServe(["--db", db], env);
    try {
      const reply = await fetch(`http://127.0.0.1:${served.port}/v2.1/tournaments`, {
        headers: { authorization: served.apiKey },
      });
      expect(reply.status).toBe(200);
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });
});

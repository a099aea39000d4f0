/**
 * A read (GET, HEAD) that meets the database's lock, over serve's HTTP adapter: a read
 * writes when it must (a check-in window that fell due opens on the first look), and
 * that write waits for another process's lock like any. It is answered 503 with
 * `Retry-After: 1`, saying the data could not be read and why; before, "the database is
 * busy: another process is writing to it", which said nothing of the read. Reads that
 * need no write are answered meanwhile (WAL).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { useLoopbackService } from "../helpers/loopback-service.js";

const scratch = mkdtempSync(join(tmpdir(), "tourney-read-failures-"));
const dbPath = join(scratch, "t.db");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const served = useLoopbackService({ dbPath, busyTimeoutMs: 100 });

async function create(url: string, attributes: Record<string, unknown>): Promise<void> {
  const made = await fetch(`${served.base}/v2.1/tournaments.json`, {
    method: "POST",
    headers: { "content-type": "application/vnd.api+json" },
    body: JSON.stringify({
      data: {
        type: "tournaments",
        attributes: { name: url, url, tournament_type: "single elimination", ...attributes },
      },
    }),
  });
  expect(made.status, await made.text()).toBe(201);
}

describe("a read that meets the lock", () => {
  it("503 with Retry-After: 1, saying the data could not be read and why", async () => {
    await create("plain_cup", {});
    await create("due_cup", {
      starts_at: "2030-01-01T10:00:00.000Z",
      registration_options: { check_in_duration: 30 },
    });
    const other = new Database(dbPath);
    try {
      // The window opened while nobody looked: the next read opens it, a write.
      other
        .prepare("UPDATE tournaments SET check_in_opens_at = ? WHERE url = ?")
        .run("2020-01-01T00:00:00.000Z", "due_cup");
      other.exec("BEGIN IMMEDIATE");
      const plain = await fetch(`${served.base}/v2.1/tournaments/plain_cup.json`);
      expect(plain.status).toBe(200);
      for (const method of ["GET", "HEAD"]) {
        const due = await fetch(`${served.base}/v2.1/tournaments/due_cup.json`, { method });
        expect(due.status).toBe(503);
        expect(due.headers.get("retry-after")).toBe("1");
        if (method === "HEAD") continue;
        const body = (await due.json()) as { errors: { status: number; detail: string }[] };
        expect(body.errors).toEqual([
          {
            status: 503,
            detail:
              "the data could not be read: another process holds the database's write lock (a write this read had to make waited for it: a check-in window that fell due) [SQLITE_BUSY: database is locked]; nothing was changed; retry in a moment",
          },
        ]);
      }
      // A write is still told the database is busy.
      const write = await fetch(`${served.base}/v2.1/tournaments/plain_cup.json`, {
        method: "PUT",
        headers: { "content-type": "application/vnd.api+json" },
        body: JSON.stringify({ data: { type: "tournaments", attributes: { name: "Plain" } } }),
      });
      expect(write.status).toBe(503);
      expect(((await write.json()) as { errors: { detail: string }[] }).errors[0]!.detail).toBe(
        "the database is busy: another process is writing to it; retry in a moment",
      );
      other.exec("ROLLBACK");
      // The lock let go: the same read answers, the check-in opened.
      const again = await fetch(`${served.base}/v2.1/tournaments/due_cup.json`);
      expect(again.status).toBe(200);
      const data = ((await again.json()) as { data: { attributes: { state: string } } }).data;
      expect(data.attributes.state).toBe("checking_in");
    } finally {
      if (other.inTransaction) other.exec("ROLLBACK");
      other.close();
    }
  });
});

/**
 * The bracket viewer (page, data.json, event stream) when the database fails it, over serve's
 * HTTP adapter on a file: another connection holding the write lock while a read must write
 * (a check-in window that fell due opens on the first look), and a table gone (another
 * program's doing, or a damaged file: SQLite's "no such table"). Each is answered as the v2.1
 * routes answer it: 503 with Retry-After for the lock, 500 otherwise, with a body saying what
 * failed (text for the page, JSON for data.json and the stream). Before, the page answered a
 * bare 500 `{"errors": [{"status": 500, "detail": "internal error"}]}`, data.json and the
 * stream dropped the connection without an answer, and a damaged snapshot read was "no
 * bracket here" (404); data.json under the lock never answered (its 503 was sent without its
 * body), and a stream whose look the lock refused took the change as seen: its events were
 * never sent.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { useLoopbackService } from "../helpers/loopback-service.js";

const scratch = mkdtempSync(join(tmpdir(), "tourney-viewer-read-failures-"));
const dbPath = join(scratch, "t.db");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const served = useLoopbackService({ dbPath, busyTimeoutMs: 100 });

interface Got {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A GET whose answer may also be a dropped connection ("dropped"). */
function get(path: string): Promise<Got | "dropped"> {
  return new Promise((resolve) => {
    const req = httpRequest(`${served.base}${path}`, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => {
        body += d;
        // An event stream: its head and first lines are enough.
        if (res.headers["content-type"]?.startsWith("text/event-stream")) res.destroy();
      });
      res.on("close", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", () => resolve("dropped"));
    // No answer at all (data.json before) is a dropped connection, not a hung test.
    req.setTimeout(5000, () => req.destroy());
    req.end();
  });
}

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

const READ_LOCKED =
  "the data could not be read: another process holds the database's write lock (a write this read had to make waited for it: a check-in window that fell due) [SQLITE_BUSY: database is locked]; nothing was changed; retry in a moment";
const INTERNAL = "internal error: the request could not be completed";

function answered(got: Got | "dropped"): Got {
  expect(got).not.toBe("dropped");
  return got as Got;
}

/** Reads a stream until its text says `text` (or the guard's 10 s pass: the test fails). */
function streamUntil(path: string, opened: () => void, text: string): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    const req = httpRequest(`${served.base}${path}`, (res) => {
      expect(res.statusCode).toBe(200);
      opened();
      res.setEncoding("utf8");
      res.on("data", (d) => {
        body += d;
        if (body.includes(text)) {
          res.destroy();
          resolve(body);
        }
      });
    });
    req.setTimeout(10_000, () => {
      req.destroy();
      resolve(body);
    });
    req.end();
  });
}

describe("the bracket viewer when the database fails", () => {
  it("the lock held while a read must write: 503 with Retry-After: 1, saying what failed", async () => {
    await create("due_cup", {
      starts_at: "2030-01-01T10:00:00.000Z",
      registration_options: { check_in_duration: 30 },
    });
    const other = new Database(dbPath);
    try {
      other
        .prepare("UPDATE tournaments SET check_in_opens_at = ? WHERE url = ?")
        .run("2020-01-01T00:00:00.000Z", "due_cup");
      other.exec("BEGIN IMMEDIATE");
      // The page reads without writing: shown.
      expect(answered(await get("/tournaments/due_cup/bracket")).status).toBe(200);
      for (const path of ["/data.json", "/events"]) {
        const got = answered(await get(`/tournaments/due_cup/bracket${path}`));
        expect(got.status, path).toBe(503);
        expect(got.headers["retry-after"]).toBe("1");
        expect(JSON.parse(got.body)).toEqual({ errors: [{ status: 503, detail: READ_LOCKED }] });
      }
    } finally {
      if (other.inTransaction) other.exec("ROLLBACK");
      other.close();
    }
    const data = answered(await get("/tournaments/due_cup/bracket/data.json"));
    expect(data.status).toBe(200);
  });

  it("a stream whose look met the lock sends the change once it can be read", async () => {
    await create("live_cup", {
      starts_at: "2030-01-01T10:00:00.000Z",
      registration_options: { check_in_duration: 30 },
    });
    const snapshots = served.service.events.tournaments.snapshots;
    const other = new Database(dbPath);
    try {
      let open = () => {};
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      const seen = streamUntil("/tournaments/live_cup/bracket/events", open, "checking_in");
      await opened;
      const builds = snapshots.builds;
      other
        .prepare("UPDATE tournaments SET check_in_opens_at = ? WHERE url = ?")
        .run("2020-01-01T00:00:00.000Z", "live_cup");
      other.exec("BEGIN IMMEDIATE");
      // The topic looks again (its timer): the build's read must open the check-in, and waits.
      while (snapshots.builds === builds) await new Promise((r) => setTimeout(r, 20));
      other.exec("ROLLBACK");
      expect(await seen).toContain("checking_in");
    } finally {
      if (other.inTransaction) other.exec("ROLLBACK");
      other.close();
    }
  });

  it("a table gone: 500 saying what failed, as text for the page and JSON for the others", async () => {
    await create("open_cup", {});
    const other = new Database(dbPath);
    other.exec("DROP TABLE share_links");
    other.close();
    const token = "tv_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    const page = answered(await get(`/tournaments/open_cup/bracket?share=${token}`));
    expect(page.status).toBe(500);
    expect(page.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(page.body).toBe(`The bracket could not be shown: ${INTERNAL}.\n`);
    for (const path of ["/data.json", "/events"]) {
      const got = answered(await get(`/tournaments/open_cup/bracket${path}?share=${token}`));
      expect(got.status, path).toBe(500);
      expect(got.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(JSON.parse(got.body)).toEqual({ errors: [{ status: 500, detail: INTERNAL }] });
    }
  });

  it("the API's event stream whose opening throws: 500 with the API's words, as the page's", async () => {
    await create("api_cup", {});
    const other = new Database(dbPath);
    other.exec("DROP TABLE tournament_revisions"); // what the stream's topic reads first
    other.close();
    const got = answered(await get("/v2.1/tournaments/api_cup/events"));
    expect(got.status).toBe(500);
    expect(got.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(got.headers["cache-control"]).toBe("no-store");
    // Before: {"errors":[{"status":500,"detail":"internal error"}]}.
    expect(JSON.parse(got.body)).toEqual({ errors: [{ status: 500, detail: INTERNAL }] });
  });
});

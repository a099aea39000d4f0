/**
 * Group commit in serve's HTTP adapter (service/commit-group.ts): the writes that
 * arrive together share one transaction, each its own savepoint. Checked on a real
 * server over a database file, through fetch on loopback, with plain SQL from
 * another connection: every acknowledged write is committed before its reply is
 * sent, a refused request undoes only itself, and a commit that fails leaves every
 * reply of the group a 503.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpRequest, HttpResponse } from "../../src/model/http.js";
import { CommitGroup } from "../../src/service/commit-group.js";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";
import { notSavedReply } from "../../src/service/storage-failure.js";

const require = createRequire(import.meta.url);
const dir = mkdtempSync(join(tmpdir(), "tourney-group-commit-"));
const dbPath = join(dir, "group.db");
let service: Service;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  service = await openService({ dbPath });
  server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${server.port}/v2.1`;
});

afterAll(async () => {
  await server.close();
  service.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Plain SQL on the file, on a connection of its own (sees only what is committed). */
function committed<T>(query: string, ...params: unknown[]): T[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}

async function send(method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { "content-type": "application/vnd.api+json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === "" ? undefined : JSON.parse(text) };
}

async function newTournament(name: string): Promise<string> {
  const created = await send("POST", "/tournaments", {
    data: { type: "tournament", attributes: { name, tournament_type: "single elimination" } },
  });
  expect(created.status).toBe(201);
  return created.json.data.id as string;
}

const addOne = (t: string, name: unknown) =>
  send("POST", `/tournaments/${t}/participants`, {
    data: { type: "Participant", attributes: { name } },
  });

describe("writes that arrive together", () => {
  it("are all committed, each before its reply is sent", async () => {
    const t = await newTournament("Burst");
    const seenCommitted: boolean[] = [];
    await Promise.all(
      Array.from({ length: 48 }, async (_, i) => {
        const added = await addOne(t, `Player ${i + 1}`);
        expect(added.status).toBe(201);
        const id = Number(added.json.data.id);
        // The reply is out: another connection must already see the row.
        seenCommitted.push(committed("SELECT id FROM participants WHERE id = ?", id).length === 1);
      }),
    );
    expect(seenCommitted).toHaveLength(48);
    expect(seenCommitted.every(Boolean)).toBe(true);
    const rows = committed<{ name: string }>(
      "SELECT name FROM participants WHERE tournament_id = ? ORDER BY name",
      Number(t),
    );
    expect(rows.map((r) => r.name).sort()).toEqual(
      Array.from({ length: 48 }, (_, i) => `Player ${i + 1}`).sort(),
    );
  });

  it("a refused request undoes only itself", async () => {
    const t = await newTournament("Mixed");
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        // Every third request has no name: 422, and nothing of it is stored.
        addOne(t, i % 3 === 0 ? "" : `Good ${i}`),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    expect(results.filter((r) => r.status === 422)).toHaveLength(10);
    const names = committed<{ name: string }>(
      "SELECT name FROM participants WHERE tournament_id = ?",
      Number(t),
    ).map((r) => r.name);
    expect(names).toHaveLength(20);
    expect(names.every((n) => n.startsWith("Good "))).toBe(true);
  });

  it("reads answered in the same turn see the group's writes, and are sent after its commit", async () => {
    const t = await newTournament("Reads");
    const [add, list] = await Promise.all([
      addOne(t, "Early"),
      send("GET", `/tournaments/${t}/participants`),
    ]);
    expect(add.status).toBe(201);
    expect(list.status).toBe(200);
    const listed = (list.json.data as { attributes: { name: string } }[]).map(
      (p) => p.attributes.name,
    );
    // Whichever came first, what the read saw is committed now.
    const stored = committed<{ name: string }>(
      "SELECT name FROM participants WHERE tournament_id = ?",
      Number(t),
    ).map((r) => r.name);
    for (const name of listed) expect(stored).toContain(name);
  });
});

describe("a write lock held a moment by another connection", () => {
  it("is waited for (serve's busy timeout), not refused at once", async () => {
    const t = await newTournament("Waits");
    // Another thread holds the write lock for 100 ms (serve waits up to 250 ms); it has
    // its own event loop, so it lets go while this one is blocked in SQLite's wait.
    const { Worker } = await import("node:worker_threads");
    const holder = new Worker(
      `const { parentPort, workerData } = require("node:worker_threads");
       const Database = require(workerData.module);
       const db = new Database(workerData.path);
       db.exec("BEGIN IMMEDIATE");
       parentPort.postMessage("locked");
       setTimeout(() => { db.exec("ROLLBACK"); db.close(); parentPort.postMessage("released"); }, 100);`,
      { eval: true, workerData: { module: require.resolve("better-sqlite3"), path: dbPath } },
    );
    const messages: string[] = [];
    const released = new Promise<void>((done) =>
      holder.on("message", (m: string) => {
        messages.push(m);
        if (m === "released") done();
      }),
    );
    while (!messages.includes("locked")) await new Promise((r) => setTimeout(r, 5));
    const added = await addOne(t, "Patient");
    await released;
    await holder.terminate();
    expect(added.status).toBe(201);
  });
});

describe("an API key used only by writes", () => {
  it("has its last use recorded, with the group's commit", async () => {
    const keyed = await openService({ dbPath: join(dir, "keyed.db"), requireAuth: true });
    const key = keyed.createApiKey("burst");
    const keyedServer = await startHttpServer(keyed, { host: "127.0.0.1", port: 0 });
    try {
      const url = `http://127.0.0.1:${keyedServer.port}/v2.1/tournaments`;
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          fetch(url, {
            method: "POST",
            headers: { "content-type": "application/vnd.api+json", authorization: key },
            body: JSON.stringify({
              data: {
                type: "tournament",
                attributes: { name: `Keyed ${i}`, tournament_type: "swiss" },
              },
            }),
          }),
        ),
      );
      expect(replies.map((r) => r.status)).toEqual(Array(8).fill(201));
      const db = new Database(join(dir, "keyed.db"), { readonly: true });
      try {
        const row = db.prepare("SELECT last_used_at FROM api_keys WHERE label = 'burst'").get() as {
          last_used_at: string | null;
        };
        expect(row.last_used_at).not.toBeNull();
      } finally {
        db.close();
      }
    } finally {
      await keyedServer.close();
      keyed.close();
    }
  });
});

describe("a commit that fails", () => {
  it("answers 503 to every request of the group, saying nothing was saved", async () => {
    // The service's side is stubbed at its edge: a commit refused by the disk cannot
    // be caused on demand. The adapter's part (holding and replacing replies) is real.
    let groups = 0;
    const reply = (request: HttpRequest): HttpResponse => ({
      status: request.method === "GET" ? 200 : 201,
      headers: { "content-type": "application/json" },
      body: '{"data":null}',
    });
    // Spelled out: handle and handleSync are methods of the service's class, which a
    // spread of the service would not copy.
    const failing: Service = {
      ...service,
      handle: async (request: HttpRequest) => reply(request),
      handleSync: reply,
      openGroup: () => {
        groups++;
        return true;
      },
      closeGroup: () => new Error("database or disk is full"),
    };
    const failingServer = await startHttpServer(failing, { host: "127.0.0.1", port: 0 });
    try {
      const url = `http://127.0.0.1:${failingServer.port}/v2.1/tournaments`;
      const replies = await Promise.all(
        Array.from({ length: 6 }, () =>
          fetch(url, { method: "POST", body: "{}" }).then(async (r) => ({
            status: r.status,
            body: await r.text(),
          })),
        ),
      );
      expect(groups).toBeGreaterThanOrEqual(1);
      for (const reply of replies) {
        expect(reply.status).toBe(503);
        expect(JSON.parse(reply.body).errors[0].detail).toMatch(/could not be saved/);
      }
      // Outside a group (a read alone), replies go out as they are.
      expect((await fetch(url)).status).toBe(200);
    } finally {
      await failingServer.close();
    }
  });

  it("answers a read held for the group that the data could not be read, not that nothing was saved", async () => {
    // The group itself, its service stubbed at its edge as above; each request here is a
    // read answered in a turn whose write opened the group (http-server.ts: group.before).
    const group = new CommitGroup({
      openGroup: () => true,
      closeGroup: () => new Error("database or disk is full"),
    } as unknown as Service);
    const plain = createServer((_req, res) => {
      group.before("POST");
      group.reply(res, () => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
    });
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/v2.1/tournaments/1`;
      for (const method of ["GET", "HEAD"]) {
        const read = await fetch(url, { method });
        expect(read.status).toBe(503);
        expect(read.headers.get("retry-after")).toBe("30");
        if (method === "HEAD") continue;
        expect(await read.json()).toEqual({
          errors: [
            {
              status: 503,
              detail:
                "the data could not be read: it was read along with other requests' changes, which the database then refused to commit (is its disk full?); nothing was changed; try again",
            },
          ],
        });
      }
    } finally {
      await new Promise((resolve) => plain.close(resolve));
    }
  });

  it("answers a write whose group's commit met a full disk as a single write's full disk is answered", async () => {
    // The commit's own error, as better-sqlite3 throws it on a full disk (SQLITE_FULL).
    const full = new Database.SqliteError("database or disk is full", "SQLITE_FULL");
    const group = new CommitGroup({
      openGroup: () => true,
      closeGroup: () => full,
    } as unknown as Service);
    const plain = createServer((_req, res) => {
      group.before("POST");
      group.reply(res, () => res.writeHead(201, { "content-type": "application/json" }).end("{}"));
    });
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/v2.1/tournaments`;
      const single = notSavedReply(full);
      const write = await fetch(url, { method: "POST", body: "{}" });
      expect(write.status).toBe(503);
      // No Retry-After: a full disk waits for a person (the CLI retried a PUT for 60 s on 30).
      expect(write.headers.get("retry-after")).toBeNull();
      expect(single.headers?.["retry-after"]).toBeUndefined();
      expect(await write.json()).toEqual(single.body);
      expect(single.body).toEqual({
        errors: [
          {
            status: 503,
            detail:
              "the change could not be saved: the disk holding the database is full [SQLITE_FULL: database or disk is full]; nothing of it was saved; make room on it, then send the change again",
          },
        ],
      });
    } finally {
      await new Promise((resolve) => plain.close(resolve));
    }
  });
});

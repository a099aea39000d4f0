/**
 * The reads of one turn answered after one look at other connections' commits
 * (service/read-batch.ts), on a real loopback socket over a WAL file:
 *
 * - GETs that arrive together take one look (PRAGMA data_version) between them, not
 *   one each;
 * - the rule the look keeps: a commit by another connection that finished before a
 *   request was sent is seen by that request, even when the request is read in the
 *   same turn of the event loop as requests answered before the commit (libuv reads a
 *   socket again in the same phase when a read filled its buffer: 80 KB pipelined).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createServeAdmin } from "../../src/service/accounts.js";
import { openService, type Service, startHttpServer } from "../../src/service/index.js";

const scratch = mkdtempSync(join(tmpdir(), "tourney-read-batch-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every `PRAGMA data_version` read by any connection opened after this (the service's look). */
let looks = 0;
const prepare = Database.prototype.prepare;
Database.prototype.prepare = function (this: Database.Database, sql: string) {
  const statement = prepare.call(this, sql);
  if (sql !== "PRAGMA data_version") return statement;
  const get = statement.get.bind(statement) as () => unknown;
  return Object.assign(statement, {
    get: () => {
      looks++;
      return get();
    },
  });
} as typeof prepare;
afterAll(() => {
  Database.prototype.prepare = prepare;
});

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function served(name: string, wrap: (service: Service) => Service = (s) => s) {
  const dbPath = join(scratch, `${name}.db`);
  const service = await openService({ dbPath, requireAuth: true });
  const server = await startHttpServer(wrap(service), { host: "127.0.0.1", port: 0 });
  closers.push(
    () => service.close(),
    () => server.close(),
  );
  return { dbPath, service, port: server.port };
}

const get = (path: string, key: string, pad = "") =>
  `GET /v2.1${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: ${key}\r\n` +
  `${pad === "" ? "" : `x-pad: ${pad}\r\n`}\r\n`;

/** Reads `count` answers from `socket` (each with a Content-Length); resolves their statuses and bodies. */
function answers(socket: Socket, count: number): Promise<{ status: number; body: string }[]> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const got: { status: number; body: string }[] = [];
    socket.on("error", reject);
    socket.on("data", (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        const end = buffered.indexOf("\r\n\r\n");
        if (end === -1) break;
        const head = buffered.subarray(0, end).toString("latin1");
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length < end + 4 + length) break;
        const body = buffered.subarray(end + 4, end + 4 + length).toString("utf8");
        got.push({ status: Number(head.slice(9, 12)), body });
        buffered = buffered.subarray(end + 4 + length);
      }
      if (got.length >= count) resolve(got);
    });
  });
}

function opened(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.on("error", reject);
    closers.push(() => void socket.destroy());
  });
}

describe("serve's reads of one turn", () => {
  it("take one look at other connections' commits between them, not one each", async () => {
    const { service, port } = await served("one-look");
    const key = service.createApiKey("owner");
    const socket = await opened(port);
    // The key verified and its use recorded: the GETs below only read.
    let replies = answers(socket, 1);
    socket.write(get("/tournaments.json", key));
    expect((await replies)[0]!.status).toBe(200);
    socket.removeAllListeners("data");
    looks = 0;
    replies = answers(socket, 10);
    // Ten GETs in one write: Node parses them in one read of the socket.
    socket.write(get("/tournaments.json", key).repeat(10));
    const got = await replies;
    expect(got.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(looks).toBe(1);
  });

  it("answers pipelined requests in order: a GET before a PUT, the PUT, a GET after it", async () => {
    const { service, port } = await served("order");
    const key = service.createApiKey("owner");
    const made = await service.handle({
      method: "POST",
      path: "/v2.1/tournaments.json",
      headers: { authorization: key, "content-type": "application/vnd.api+json" },
      body: JSON.stringify({
        data: { type: "tournament", attributes: { name: "before", tournament_type: "swiss" } },
      }),
    });
    const id = (JSON.parse(made.body) as { data: { id: string } }).data.id;
    const rename = JSON.stringify({ data: { type: "tournament", attributes: { name: "after" } } });
    const put =
      `PUT /v2.1/tournaments/${id}.json HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: ${key}\r\n` +
      `content-type: application/vnd.api+json\r\ncontent-length: ${Buffer.byteLength(rename)}\r\n\r\n${rename}`;
    const socket = await opened(port);
    const nameOf = (r: { body: string }) =>
      (JSON.parse(r.body) as { data: { attributes: { name: string } } }).data.attributes.name;
    const replies = answers(socket, 3);
    socket.write(get(`/tournaments/${id}.json`, key) + put + get(`/tournaments/${id}.json`, key));
    // The GET behind the PUT waits for the PUT's body (pipeline-order.ts), then sees it.
    expect((await replies).map(nameOf)).toEqual(["before", "after", "after"]);
  });

  it("answers two pipelined PUTs with bodies and the GETs between and after them in order", async () => {
    const { service, port } = await served("order-two");
    const key = service.createApiKey("owner");
    const made = await service.handle({
      method: "POST",
      path: "/v2.1/tournaments.json",
      headers: { authorization: key, "content-type": "application/vnd.api+json" },
      body: JSON.stringify({
        data: { type: "tournament", attributes: { name: "zero", tournament_type: "swiss" } },
      }),
    });
    const id = (JSON.parse(made.body) as { data: { id: string } }).data.id;
    const put = (name: string) => {
      const body = JSON.stringify({ data: { type: "tournament", attributes: { name } } });
      return (
        `PUT /v2.1/tournaments/${id}.json HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: ${key}\r\n` +
        `content-type: application/vnd.api+json\r\ncontent-length: ${body.length}\r\n\r\n${body}`
      );
    };
    const read = get(`/tournaments/${id}.json`, key);
    const socket = await opened(port);
    const replies = answers(socket, 5);
    socket.write(put("one") + read + put("two") + read + read);
    const names = (await replies).map(
      (r) =>
        (JSON.parse(r.body) as { data: { attributes: { name: string } } }).data.attributes.name,
    );
    expect(names).toEqual(["one", "one", "two", "two", "two"]);
  });

  it("sees a commit another connection finished before the request was sent, read in the same turn", async () => {
    let revoke: (() => void) | undefined;
    const { dbPath, service, port } = await served("same-turn", (inner) => ({
      ...inner,
      // After the first GET is answered: another connection revokes the key, then the
      // client sends one more GET behind the pipeline still being read.
      handleSync: (request) => {
        const response = inner.handleSync(request);
        const then = revoke;
        revoke = undefined;
        then?.();
        return response;
      },
    }));
    const key = service.createApiKey("guest");
    const admin = createServeAdmin(dbPath);
    closers.push(() => admin.close());
    const socket = await opened(port);
    let replies = answers(socket, 1);
    socket.write(get("/tournaments.json", key));
    expect((await replies)[0]!.status).toBe(200);
    socket.removeAllListeners("data");
    const id = admin.listKeys().find((k) => k.label === "guest")!.id;
    revoke = () => {
      expect(admin.revokeKey(id)).toBe(true);
      socket.write(get("/tournaments/999.json", key));
    };
    // 40 GETs of 2 KB each (80 KB: more than one 64 KB read), answered 404 (small: Node
    // does not pause the socket for their replies).
    const pipelined = 40;
    replies = answers(socket, pipelined + 1);
    socket.write(get("/tournaments/999.json", key, "x".repeat(1900)).repeat(pipelined));
    const got = await replies;
    // Those sent before the revocation may pass; the one sent after it never does.
    expect(got.slice(0, pipelined).every((r) => r.status === 404 || r.status === 401)).toBe(true);
    expect(got[pipelined]!.status).toBe(401);
  });
});

describe("serve's pipelined requests behind a write answered later (write worker)", () => {
  /** A tournament of `players` made through the service; its id. */
  async function tournament(service: Service, key: string, players: number): Promise<string> {
    const headers = { authorization: key, "content-type": "application/vnd.api+json" };
    const made = await service.handle({
      method: "POST",
      path: "/v2.1/tournaments.json",
      headers,
      body: JSON.stringify({
        data: {
          type: "tournament",
          attributes: { name: "cup", tournament_type: "single elimination" },
        },
      }),
    });
    const id = (JSON.parse(made.body) as { data: { id: string } }).data.id;
    const participants = Array.from({ length: players }, (_, i) => ({ name: `Player ${i}` }));
    const added = await service.handle({
      method: "POST",
      path: `/v2.1/tournaments/${id}/participants/bulk_add.json`,
      headers,
      body: JSON.stringify({ data: { type: "Participants", attributes: { participants } } }),
    });
    expect(added.status).toBe(200);
    return id;
  }

  const stateOf = (r: { body: string }) =>
    (JSON.parse(r.body) as { data: { attributes: { state: string } } }).data.attributes.state;

  it("a GET behind a PUT change_state start sees the started tournament", async () => {
    const { service, port } = await served("pipelined-start");
    expect(service.offload).toBeDefined();
    const key = service.createApiKey("owner");
    const id = await tournament(service, key, 300);
    const start = JSON.stringify({
      data: { type: "TournamentState", attributes: { state: "start" } },
    });
    const put =
      `PUT /v2.1/tournaments/${id}/change_state.json HTTP/1.1\r\nhost: 127.0.0.1\r\n` +
      `authorization: ${key}\r\ncontent-type: application/vnd.api+json\r\n` +
      `content-length: ${Buffer.byteLength(start)}\r\n\r\n${start}`;
    const socket = await opened(port);
    const replies = answers(socket, 3);
    const read = get(`/tournaments/${id}.json`, key);
    socket.write(put + read + read);
    const got = await replies;
    expect(got.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(got.map(stateOf)).toEqual(["underway", "underway", "underway"]);
  });

  it("keeps the order of 150 pipelined PUTs with bodies, each followed by a GET", async () => {
    const { service, port } = await served("pipelined-many");
    const key = service.createApiKey("owner");
    const id = await tournament(service, key, 2);
    const put = (name: string) => {
      const body = JSON.stringify({ data: { type: "tournament", attributes: { name } } });
      return (
        `PUT /v2.1/tournaments/${id}.json HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: ${key}\r\n` +
        `content-type: application/vnd.api+json\r\ncontent-length: ${body.length}\r\n\r\n${body}`
      );
    };
    const read = get(`/tournaments/${id}.json`, key);
    const names = Array.from({ length: 150 }, (_, i) => `name ${i}`);
    const socket = await opened(port);
    const replies = answers(socket, 2 * names.length);
    socket.write(names.map((name) => put(name) + read).join(""));
    const got = (await replies).map(
      (r) =>
        (JSON.parse(r.body) as { data: { attributes: { name: string } } }).data.attributes.name,
    );
    expect(got).toEqual(names.flatMap((name) => [name, name]));
  });

  it("a GET behind a DELETE (no body) of a tournament is answered 404", async () => {
    const { service, port } = await served("pipelined-delete");
    expect(service.offload).toBeDefined();
    const key = service.createApiKey("owner");
    const id = await tournament(service, key, 20);
    const socket = await opened(port);
    const replies = answers(socket, 3);
    const remove = `DELETE /v2.1/tournaments/${id}.json HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: ${key}\r\n\r\n`;
    const read = get(`/tournaments/${id}.json`, key);
    socket.write(read + remove + read);
    const got = await replies;
    expect(got.map((r) => r.status)).toEqual([200, 204, 404]);
  });
});

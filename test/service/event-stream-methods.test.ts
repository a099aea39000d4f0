/**
 * The methods of the v2.1 event-stream paths over serve's HTTP adapter, as docs/serve.md
 * promises of every path: OPTIONS lists them (204, `Allow: GET, HEAD, OPTIONS`), others
 * get 405 with Allow, HEAD answers as GET without a body (the same 401/403/404 first, and
 * no stream held open), and each path works with `.json` too. Before, each answered 404
 * "no such path" but GET, as the viewer's `/tournaments/{t}/bracket/events` did not.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCommunityAdmin } from "../../src/service/index.js";
import { sendExactly, useLoopbackService } from "../helpers/loopback-service.js";
import { raceBody } from "../helpers/race-service.js";
import { tournamentBody } from "../helpers/service.js";

const scratch = mkdtempSync(join(tmpdir(), "tourney-event-methods-"));
const dbPath = join(scratch, "t.db");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

beforeAll(async () => {
  const admin = await openCommunityAdmin(dbPath);
  try {
    admin.add({ identifier: "lan", name: "LAN party" });
    admin.addMember("lan", "ada");
  } finally {
    admin.close();
  }
});
const served = useLoopbackService({ dbPath, requireAuth: true });

const keys: Record<string, string> = {};
const paths: string[] = [];
let privateCup = "";

function key(label: string, user: string, scopes?: string[]): string {
  const made = served.service.admin.createKey({
    label,
    user,
    ...(scopes === undefined ? {} : { scopes }),
  });
  if (!made.ok) throw new Error(made.reason);
  return made.value.key;
}

async function create(path: string, body: unknown): Promise<string> {
  const reply = await fetch(`${served.base}/v2.1${path}`, {
    method: "POST",
    headers: { authorization: keys.ada!, "content-type": "application/vnd.api+json" },
    body: JSON.stringify(body),
  });
  const text = await reply.text();
  if (reply.status !== 201) throw new Error(`POST ${path}: ${reply.status} ${text}`);
  return String(JSON.parse(text).data.id);
}

beforeAll(async () => {
  for (const username of ["ada", "bob"]) served.service.admin.addUser({ username });
  keys.ada = key("ada", "ada");
  keys.bob = key("bob", "bob");
  keys.narrow = key("narrow", "ada", ["tournaments:read"]);
  const attributes = { name: "Hidden", tournament_type: "swiss", private: true };
  privateCup = await create("/tournaments", tournamentBody(attributes));
  const lan = await create(
    "/communities/lan/tournaments",
    tournamentBody({ name: "LAN cup", tournament_type: "swiss" }),
  );
  const race = await create("/races", raceBody({ name: "GP", raceType: "grand prix" }));
  paths.push(
    `/v2.1/tournaments/${privateCup}/events`,
    `/v2.1/communities/lan/tournaments/${lan}/events`,
    `/v2.1/races/${race}/events`,
  );
});

const ask = (method: string, path: string, authorization?: string) =>
  sendExactly(
    served.base,
    method,
    path,
    undefined,
    authorization === undefined ? {} : { authorization },
  );

/** A HEAD's answer: its status and headers, and what came after them on the connection. */
function head(path: string, authorization?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
    (resolve, reject) => {
      const req = httpRequest(
        `${served.base}${path}`,
        {
          method: "HEAD",
          agent: false,
          headers: authorization === undefined ? {} : { authorization },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (d: string) => {
            text += d;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        },
      );
      req.on("error", reject);
      req.end();
    },
  );
}

describe("event-stream paths", () => {
  it("answer OPTIONS with the methods of the path, with or without .json", async () => {
    for (const path of paths)
      for (const spelling of [path, `${path}.json`, `${path}/`]) {
        const reply = await ask("OPTIONS", spelling, keys.ada);
        expect(reply.status, spelling).toBe(204);
        expect(reply.headers.allow, spelling).toBe("GET, HEAD, OPTIONS");
        expect(reply.text).toBe("");
      }
  });

  it("refuse other methods 405 with Allow, in v2.1's error shape", async () => {
    for (const path of paths)
      for (const method of ["PUT", "POST", "DELETE", "PATCH", "PROPFIND"]) {
        const reply = await ask(method, `${path}.json`, keys.ada);
        expect(reply.status, `${method} ${path}`).toBe(405);
        expect(reply.headers.allow).toBe("GET, HEAD, OPTIONS");
        expect(reply.headers["content-type"]).toBe("application/json; charset=utf-8");
        const errors = JSON.parse(reply.text).errors;
        expect(errors[0].status).toBe(405);
        expect(errors[0].detail).toBe(
          `${method} is not allowed on ${path}.json; use GET, HEAD, OPTIONS`,
        );
      }
  });

  it("check the credential before 405, as every v2.1 path does; OPTIONS needs none (a CORS preflight)", async () => {
    const reply = await ask("PUT", paths[0]!);
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.text).errors[0].status).toBe(401);
    const options = await ask("OPTIONS", paths[0]!);
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe("GET, HEAD, OPTIONS");
  });

  it("stream on GET with .json as without", async () => {
    for (const path of paths) {
      const reply = await ask("GET", `${path}.json`, keys.ada);
      expect(reply.status, path).toBe(200);
      expect(reply.stream).toBe(true);
    }
  });

  it("answer HEAD as GET without a body, refusing what GET refuses", async () => {
    for (const path of paths)
      for (const spelling of [path, `${path}.json`]) {
        const reply = await head(spelling, keys.ada);
        expect(reply.status, spelling).toBe(200);
        expect(reply.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
        expect(reply.headers["cache-control"]).toBe("no-cache");
        expect(reply.text).toBe("");
      }
    const refused: [string | undefined, number][] = [
      [undefined, 401],
      ["tk_not_a_key", 401],
      [keys.bob, 404],
      [keys.narrow, 403],
    ];
    for (const [credential, status] of refused) {
      const got = await ask("GET", paths[0]!, credential);
      expect(got.status, `GET as ${credential}`).toBe(status);
      const reply = await head(paths[0]!, credential);
      expect(reply.status, `HEAD as ${credential}`).toBe(status);
      expect(reply.headers["content-type"]).toBe(got.headers["content-type"]);
      expect(reply.headers["content-length"]).toBe(got.headers["content-length"]);
      expect(reply.text).toBe("");
    }
    // A bad `since` as GET: 400.
    expect((await ask("GET", `${paths[0]}?since=yesterday`, keys.ada)).status).toBe(400);
    expect((await head(`${paths[0]}?since=yesterday`, keys.ada)).status).toBe(400);
  });

  it("hold no stream open after a HEAD: the connection's next request is answered", async () => {
    const { port } = served.server;
    const one = (method: string, path: string) =>
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${keys.ada}\r\n\r\n`;
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(one("HEAD", paths[0]!) + one("GET", `/v2.1/tournaments/${privateCup}.json`));
      });
      let got = "";
      socket.setEncoding("utf8");
      socket.on("data", (d: string) => {
        got += d;
        // The second answer's body, whole: the tournament's JSON ends the connection's bytes.
        if (/"Hidden"[\s\S]*\}$/.test(got)) {
          socket.destroy();
          resolve(got);
        }
      });
      socket.on("error", reject);
    });
    const statuses = text.match(/^HTTP\/1\.1 \d+/gm);
    expect(statuses).toEqual(["HTTP/1.1 200", "HTTP/1.1 200"]);
    expect(text).toMatch(/^content-type: text\/event-stream/im);
    expect(text).not.toMatch(/retry: 1000/);
  });
});

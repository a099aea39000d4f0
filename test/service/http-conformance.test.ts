/**
 * What RFC 9112 and 9110 ask of serve's HTTP adapter, over a raw loopback socket: an
 * absolute-form request target is accepted (§3.2.2: a server MUST), its authority standing
 * for Host; a request with two Host header lines is refused 400 (§3.2: MUST); an
 * Expect other than 100-continue is refused 417 (RFC 9110 §10.1.1) with an error body.
 * Each refusal in the shape of the surface asked: v2.1's, v1's, OAuth's (RFC 6749).
 * Before: 404 "no such path: GET http://...", 200, and Node's bare 417 with no body.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useLoopbackService } from "../helpers/loopback-service.js";
import { tournamentBody } from "../helpers/service.js";

const scratch = mkdtempSync(join(tmpdir(), "tourney-http-conformance-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const served = useLoopbackService({ dbPath: join(scratch, "t.db"), requireAuth: true });
let key = "";
beforeAll(() => {
  key = served.service.createApiKey("owner");
});

interface Raw {
  readonly status: number;
  readonly head: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Sends `text` as it is on a connection of its own; the first answer, once whole (or the connection closed). */
function raw(text: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect(served.server.port, "127.0.0.1", () => socket.write(text));
    let got = "";
    const finish = () => {
      socket.destroy();
      const at = got.indexOf("\r\n\r\n");
      const head = got.slice(0, at);
      const headers: Record<string, string> = {};
      for (const line of head.split("\r\n").slice(1)) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(head.split(" ")[1]), head, headers, body: got.slice(at + 4) });
    };
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      got += chunk;
      // One answer, whole: its head and Content-Length bytes of body (a 204's head alone).
      const at = got.indexOf("\r\n\r\n");
      if (at === -1) return;
      const length = /\r\ncontent-length: (\d+)\r\n/i.exec(got.slice(0, at + 2));
      const bodyless = got.startsWith("HTTP/1.1 204 ");
      if (
        bodyless ||
        (length !== null && Buffer.byteLength(got.slice(at + 4)) >= Number(length[1]))
      )
        finish();
    });
    socket.on("close", finish);
    socket.on("error", reject);
  });
}

const host = () => `127.0.0.1:${served.server.port}`;

function request(line: string, headers: string[], body = ""): string {
  return `${line} HTTP/1.1\r\n${headers.map((h) => `${h}\r\n`).join("")}\r\n${body}`;
}

describe("absolute-form request targets (RFC 9112 §3.2.2)", () => {
  it("are answered as their origin form, on every surface", async () => {
    const base = `http://${host()}`;
    const list = await raw(
      request(`GET ${base}/v2.1/tournaments.json`, [`Host: ${host()}`, `Authorization: ${key}`]),
    );
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body).data).toEqual([]);
    const body = JSON.stringify(tournamentBody({ name: "Absolute", tournament_type: "swiss" }));
    const made = await raw(
      request(
        `POST ${base}/v2.1/tournaments.json?x=1`,
        [
          `Host: ${host()}`,
          `Authorization: ${key}`,
          "Content-Type: application/vnd.api+json",
          `Content-Length: ${Buffer.byteLength(body)}`,
        ],
        body,
      ),
    );
    expect(made.status).toBe(201);
    expect(JSON.parse(made.body).data.attributes.name).toBe("Absolute");
    const v1 = await raw(request(`GET ${base}/v1/tournaments.json?api_key=${key}`, [`Host: x`]));
    expect(v1.status).toBe(200);
    expect(JSON.parse(v1.body)[0].tournament.name).toBe("Absolute");
    const page = await raw(request(`GET ${base}/oauth/device`, [`Host: ${host()}`]));
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    const id = JSON.parse(made.body).data.id;
    const events = await raw(
      request(`OPTIONS ${base}/v2.1/tournaments/${id}/events`, [
        `Host: ${host()}`,
        `Authorization: ${key}`,
        "Content-Length: 0",
      ]),
    );
    expect(events.status).toBe(204);
    expect(events.headers.allow).toBe("GET, HEAD, OPTIONS");
  });

  it("take the target's authority for Host (RFC 9112 §3.2.2: the Host field is ignored)", async () => {
    const got = await raw(
      request(`GET HTTP://tourney.example:8080/v2.1/tournaments.json`, [
        "Host: elsewhere.example",
        `Authorization: ${key}`,
      ]),
    );
    expect(got.status).toBe(200);
    expect(got.body).toContain("http://tourney.example:8080/v2.1/tournaments/");
    expect(got.body).not.toContain("elsewhere.example");
  });

  it("still need a Host header line (RFC 9112 §3.2)", async () => {
    const got = await raw(
      request(`GET http://${host()}/v2.1/tournaments.json`, [`Authorization: ${key}`]),
    );
    expect(got.status).toBe(400);
    expect(JSON.parse(got.body).errors[0].detail).toContain("needs a Host header");
    // In the shape of the surface asked: OAuth's.
    const oauth = await raw(request(`POST http://${host()}/oauth/token`, ["Content-Length: 0"]));
    expect(oauth.status).toBe(400);
    expect(JSON.parse(oauth.body).error_description).toContain("needs a Host header");
  });
});

describe("two Host header lines (RFC 9112 §3.2: MUST respond 400)", () => {
  const two = ["Host: a.example", "Host: b.example"];

  it("are refused 400 in the shape of the surface asked, and the connection closed", async () => {
    const v21 = await raw(request("GET /v2.1/tournaments.json", [...two, `Authorization: ${key}`]));
    expect(v21.status).toBe(400);
    expect(v21.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(v21.headers.connection).toBe("close");
    const [error] = JSON.parse(v21.body).errors;
    expect(error.status).toBe(400);
    expect(error.detail).toBe(
      "the request has 2 Host header lines; send one Host: the server's address",
    );
    const v1 = await raw(request(`GET /v1/tournaments.json?api_key=${key}`, two));
    expect(v1.status).toBe(400);
    expect(JSON.parse(v1.body)).toEqual({
      errors: ["The request has 2 Host header lines; send one Host: the server's address"],
    });
    const oauth = await raw(request("POST /oauth/token", [...two, "Content-Length: 0"]));
    expect(oauth.status).toBe(400);
    expect(JSON.parse(oauth.body)).toEqual({
      error: "invalid_request",
      error_description: "the request has 2 Host header lines; send one Host: the server's address",
    });
    const same = await raw(
      request("GET /v2.1/tournaments.json", ["Host: a", "host: a", `Authorization: ${key}`]),
    );
    expect(same.status).toBe(400);
  });
});

describe("two Authorization or Authorization-Type lines (RFC 9110 §5.3: no list syntax)", () => {
  it("are refused 400 naming the field, whichever comes first; one of each is answered", async () => {
    served.service.admin.addUser({ username: "ada" });
    const made = served.service.admin.createKey({ label: "ada", user: "ada" });
    if (!made.ok) throw new Error(made.reason);
    const ada = made.value.key;
    const at = `Host: ${host()}`;
    for (const pair of [
      [ada, key],
      [key, ada],
      [key, key],
    ]) {
      const lines = [at, ...pair.map((k) => `Authorization: ${k}`)];
      for (const path of ["/v2.1/me", "/v2.1/tournaments/1/events"]) {
        const reply = await raw(request(`GET ${path}`, lines));
        expect(reply.status, path).toBe(400);
        expect(reply.headers.connection).toBe("close");
        expect(JSON.parse(reply.body).errors[0].detail).toBe(
          "the request has 2 Authorization header lines; send one Authorization: one credential",
        );
      }
    }
    const v1 = await raw(
      request("GET /v1/tournaments.json", [at, `Authorization: ${ada}`, `Authorization: ${key}`]),
    );
    expect(v1.status).toBe(400);
    expect(JSON.parse(v1.body).errors[0]).toContain("2 Authorization header lines");
    const types = ["Authorization-Type: v1", "Authorization-Type: v2", `Authorization: ${key}`];
    const typed = await raw(request("GET /v2.1/me", [at, ...types]));
    expect(typed.status).toBe(400);
    expect(JSON.parse(typed.body).errors[0].detail).toBe(
      "the request has 2 Authorization-Type header lines; send one Authorization-Type: one credential",
    );
    const one = await raw(request("GET /v2.1/me", [at, types[0]!, `Authorization: ${ada}`]));
    expect(one.status, one.body).toBe(200);
    expect(JSON.parse(one.body).data.attributes.username).toBe("ada");
  });
});

describe("Expect other than 100-continue (RFC 9110 §10.1.1)", () => {
  const body = JSON.stringify(tournamentBody({ name: "Expected", tournament_type: "swiss" }));
  const post = (path: string) =>
    request(
      `POST ${path}`,
      [
        `Host: ${host()}`,
        `Authorization: ${key}`,
        "Content-Type: application/vnd.api+json",
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Expect: foo",
      ],
      body,
    );
  const detail =
    "the request expects foo, which this server does not do; send it without Expect (or with Expect: 100-continue)";

  it("is refused 417 with an error body in the shape of the surface asked", async () => {
    const v21 = await raw(post("/v2.1/tournaments.json"));
    expect(v21.status).toBe(417);
    expect(v21.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(v21.headers.connection).toBe("close");
    expect(JSON.parse(v21.body)).toEqual({ errors: [{ status: 417, detail }] });
    const v1 = await raw(post(`/v1/tournaments.json?api_key=${key}`));
    expect(v1.status).toBe(417);
    expect(JSON.parse(v1.body)).toEqual({ errors: [detail[0]!.toUpperCase() + detail.slice(1)] });
    const oauth = await raw(post("/oauth/token"));
    expect(oauth.status).toBe(417);
    expect(JSON.parse(oauth.body)).toEqual({
      error: "invalid_request",
      error_description: detail,
    });
    // Nothing was made.
    const list = await raw(
      request("GET /v2.1/tournaments.json", [`Host: ${host()}`, `Authorization: ${key}`]),
    );
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body).data.map((t: any) => t.attributes.name)).toEqual(["Absolute"]);
  });
});

/** Sends `text` on a connection of its own; everything that comes back until it closes. */
function allAnswers(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(served.server.port, "127.0.0.1", () => socket.write(text));
    let got = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      got += chunk;
    });
    socket.on("close", () => resolve(got));
    socket.on("error", reject);
  });
}

describe("bytes that are no request, after one being answered (RFC 9112 §9.3.2: in order)", () => {
  it("the request's answer goes out first, then the 400, then the connection closes", async () => {
    const body = JSON.stringify(
      tournamentBody({ name: "Pipelined", url: "pipelined", tournament_type: "swiss" }),
    );
    // A body sent without framing (Node's client did so for a DELETE's) is such bytes.
    const answers = await allAnswers(
      request(
        "POST /v2.1/tournaments.json",
        [
          `Host: ${host()}`,
          `Authorization: ${key}`,
          "Content-Type: application/vnd.api+json",
          `Content-Length: ${Buffer.byteLength(body)}`,
        ],
        body,
      ) + '{"data":{}}\n',
    );
    // Before: the 400 alone, and the tournament made all the same.
    const statuses = [...answers.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
    expect(statuses, answers).toEqual([201, 400]);
    expect(answers).toContain('"url":"pipelined"');
    expect(
      answers.endsWith('{"errors":[{"status":400,"detail":"the request is not valid HTTP/1.1"}]}'),
    ).toBe(true);
    const created = await raw(
      request("GET /v2.1/tournaments/pipelined.json", [`Host: ${host()}`, `Authorization: ${key}`]),
    );
    expect(created.status).toBe(200);
  });
});

/**
 * The v1 writes and the client-alias writes, over serve's HTTP adapter on loopback: a write to
 * an unknown tournament (or participant, match, attachment), or to another account's private
 * one, is 404 in the surface's own shape whatever the body, as a v2.1 write is
 * (report-lookup-first.test.ts). Before, every v1 request read its body first: a body that is no
 * JSON, bad bracket notation or a type v1 does not read was 422 or 415 to a tournament that does
 * not exist. The aliases answer through the v2.1 handlers and were 404 already. A body still
 * arrives in full before anything is looked up, on every surface (v2.1 too): a half-sent body
 * is answered 408 at the request timeout, alike for a missing tournament and a found one.
 */
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { sendExactly, useLoopbackService } from "../helpers/loopback-service.js";

// A short request timeout (30 s in serve) for the slow bodies at the end.
const served = useLoopbackService(
  { dbPath: ":memory:", requireAuth: true },
  { requestTimeoutMs: 1000 },
);
const keys: Record<string, string> = {};
const ids = { tournament: "", match: "", participant: "" };

async function v21(method: string, path: string, key: string, body?: unknown) {
  const text = body === undefined || typeof body === "string" ? body : JSON.stringify(body);
  const headers = { authorization: key, "content-type": "application/vnd.api+json" };
  const r = await sendExactly(served.base, method, `/v2.1${path}`, text, headers);
  return { status: r.status, json: r.text === "" ? undefined : JSON.parse(r.text) };
}

async function setUp(): Promise<void> {
  for (const username of ["ada", "grace"]) {
    served.service.admin.addUser({ username });
    const made = served.service.admin.createKey({ label: username, user: username });
    if (!made.ok) throw new Error(made.reason);
    keys[username] = made.value.key;
  }
  const attributes = { name: "Hid", url: "hid", tournament_type: "single elimination" };
  const made = await v21("POST", "/tournaments", keys.ada!, {
    data: { type: "Tournaments", attributes: { ...attributes, private: true } },
  });
  expect(made.status).toBe(201);
  ids.tournament = made.json.data.id;
  const names = ["A", "B", "C", "D"].map((name) => ({ name }));
  await v21("POST", "/tournaments/hid/participants/bulk_add", keys.ada!, {
    data: { type: "Participants", attributes: { participants: names } },
  });
  const started = await v21("PUT", "/tournaments/hid/change_state", keys.ada!, {
    data: { type: "TournamentState", attributes: { state: "start" } },
  });
  expect(started.status).toBe(200);
  ids.match = (await v21("GET", "/tournaments/hid/matches", keys.ada!)).json.data[0].id;
  ids.participant = (await v21("GET", "/tournaments/hid/participants", keys.ada!)).json.data[0].id;
}

/** Bodies v1 refuses before any route reads them: [content type, body]. */
const HOSTILE_V1: [string, string][] = [
  ["application/json", "not json"],
  ["application/json", "[1]"],
  ["application/x-www-form-urlencoded", "a[=1"],
  ["application/x-www-form-urlencoded", "x=%E9"],
  ["text/plain", "x"],
];

/** Every v1 write naming a tournament, under the tournament path `t`. */
function v1Writes(t: string): [string, string][] {
  const { match: m, participant: p } = ids;
  return [
    ["PUT", t],
    ["DELETE", t],
    ...[
      "process_check_ins",
      "abort_check_in",
      "start",
      "finalize",
      "reset",
      "open_for_predictions",
    ].map((op): [string, string] => ["POST", `${t}/${op}`]),
    ["POST", `${t}/participants`],
    ["POST", `${t}/participants/bulk_add`],
    ["POST", `${t}/participants/randomize`],
    ["PUT", `${t}/participants/${p}`],
    ["DELETE", `${t}/participants/${p}`],
    ["POST", `${t}/participants/${p}/check_in`],
    ["POST", `${t}/participants/${p}/undo_check_in`],
    ["PUT", `${t}/matches/${m}`],
    ...["mark_as_underway", "unmark_as_underway", "reopen"].map((op): [string, string] => [
      "POST",
      `${t}/matches/${m}/${op}`,
    ]),
    ["POST", `${t}/matches/${m}/attachments`],
    ["PUT", `${t}/matches/${m}/attachments/1`],
    ["DELETE", `${t}/matches/${m}/attachments/1`],
  ];
}

async function v1(method: string, path: string, key: string, [type, body]: [string, string]) {
  const target = `/v1/tournaments/${path}.json?api_key=${encodeURIComponent(key)}`;
  const r = await sendExactly(served.base, method, target, body, { "content-type": type });
  return { status: r.status, text: r.text };
}

describe("v1 writes to what the caller cannot find", () => {
  it("every v1 write is 404 whatever the body: an unknown tournament, another account's private one", async () => {
    await setUp();
    for (const ref of [ids.tournament, "hid"])
      for (const [method, path] of v1Writes(ref))
        for (const body of HOSTILE_V1) {
          const hidden = await v1(method, path, keys.grace!, body);
          const missing = await v1(method, path.replace(ref, `x${ref}`), keys.grace!, body);
          const what = `${method} ${path} ${body.join(" ")}`;
          expect(hidden.status, what).toBe(404);
          expect(hidden.text, what).toBe(`{"errors":["Tournament ${ref} not found"]}`);
          expect(missing.text.replaceAll(`x${ref}`, ref), what).toBe(hidden.text);
        }
  });

  it("and so is one naming a participant, match or attachment the tournament does not have", async () => {
    const { match: m } = ids;
    const cases: [string, string, string][] = [
      ["PUT", "hid/participants/999999", "Participant 999999 not found in tournament hid"],
      ["DELETE", "hid/participants/999999", "Participant 999999 not found in tournament hid"],
      [
        "POST",
        "hid/participants/999999/check_in",
        "Participant 999999 not found in tournament hid",
      ],
      ["PUT", "hid/matches/999999", "Match 999999 not found in tournament hid"],
      ["POST", "hid/matches/999999/reopen", "Match 999999 not found in tournament hid"],
      ["POST", "hid/matches/999999/attachments", "Match 999999 not found in tournament hid"],
      ["PUT", `hid/matches/${m}/attachments/999999`, `Attachment 999999 not found on match ${m}`],
    ];
    // A well-formed body with a field v1 refuses: the attachment create read it first (422).
    const wellFormed: [string, string] = ["application/json", '{"match_attachment":{"x":1}}'];
    for (const [method, path, detail] of cases)
      for (const body of [...HOSTILE_V1, wellFormed]) {
        const r = await v1(method, path, keys.ada!, body);
        expect(r.status, `${method} ${path} ${body.join(" ")}`).toBe(404);
        expect(r.text).toBe(JSON.stringify({ errors: [detail] }));
      }
  });

  it("the body is still refused once everything is found, and when the key could only be in it", async () => {
    const found = await v1("PUT", "hid", keys.ada!, ["application/json", "not json"]);
    expect(found.status).toBe(422);
    expect(found.text).toContain("The request body is not valid JSON");
    const typed = await v1("POST", "hid/participants", keys.ada!, ["text/plain", "x"]);
    expect(typed.status).toBe(415);
    const keyless = await sendExactly(served.base, "PUT", "/v1/tournaments/nonexist.json", "a[=1", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(keyless.status).toBe(422);
    expect(keyless.text).toContain("is not valid bracket notation");
  });
});

describe("client-alias writes to what the caller cannot find", () => {
  const BAD: unknown[] = [{ nothing: true }, "not json", { data: { type: "X", attributes: {} } }];

  it("every alias write is 404 in v2.1's shape whatever the body", async () => {
    const aliases = (t: string, m: string): [string, string][] => [
      ["POST", `/tournaments/${t}/change_state`],
      ["POST", `/tournaments/${t}/matches/${m}/change_state`],
      ["POST", `/tournaments/${t}/participants/randomize`],
      ["POST", `/tournaments/${t}/participants/clear`],
      ["POST", `/tournaments/${t}/participants/bulk_create`],
      ["POST", `/tournaments/${t}/participants/unregister`],
      ["POST", `/tournaments/${t}/matches/${m}/stations`],
      ["PUT", `/tournaments/${t}/matches/${m}/stations/1`],
      ["DELETE", `/tournaments/${t}/matches/${m}/stations/1`],
      ["PUT", `/tournaments/${t}/matches/${m}/station_queuer`],
      ["DELETE", `/tournaments/${t}/matches/${m}/station_queuer`],
    ];
    for (const ref of [ids.tournament, "hid"])
      for (const [method, path] of aliases(ref, ids.match))
        for (const body of BAD) {
          const hidden = await v21(method, path, keys.grace!, body);
          const missing = await v21(method, path.replace(ref, `x${ref}`), keys.grace!, body);
          const what = `${method} ${path} ${JSON.stringify(body)}`;
          expect(hidden.status, what).toBe(404);
          expect(hidden.json.errors[0].detail, what).toBe(`tournament ${ref} not found`);
          expect(JSON.stringify(missing).replaceAll(`x${ref}`, ref), what).toBe(
            JSON.stringify(hidden),
          );
        }
    for (const [method, path] of aliases("hid", "999999").filter(([, p]) => p.includes("999999")))
      for (const body of BAD) {
        const r = await v21(method, path, keys.ada!, body);
        expect(r.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(404);
        expect(r.json.errors[0].detail).toBe("match 999999 not found in tournament hid");
      }
  });
});

/** Sends the head and half of a body declared longer, then nothing; resolves with the answer. */
function halfSent(method: string, path: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(served.server.port, "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (d) => {
      answer += d;
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join("")}` +
        'Content-Length: 100\r\n\r\n{"data":',
    );
  });
}

describe("a slow body", () => {
  it("is waited for whatever the path names: a missing tournament's write and a found one's end alike, 408", async () => {
    const json = { "content-type": "application/json" };
    const v1Key = (key: string) => `?api_key=${encodeURIComponent(key)}`;
    const surfaces: [string, (t: string) => string, Record<string, string>][] = [
      ["PUT", (t) => `/v2.1/tournaments/${t}/matches/${ids.match}`, { authorization: keys.ada! }],
      ["POST", (t) => `/v2.1/tournaments/${t}/change_state`, { authorization: keys.ada! }],
      ["PUT", (t) => `/v1/tournaments/${t}.json${v1Key(keys.ada!)}`, json],
    ];
    for (const [method, path, headers] of surfaces) {
      const answers = await Promise.all(
        ["hid", "nonexist"].map((t) => halfSent(method, path(t), headers)),
      );
      for (const answer of answers)
        expect(answer.split("\r\n")[0], path("hid")).toBe("HTTP/1.1 408 Request Timeout");
      const bodies = answers.map((answer) => answer.slice(answer.indexOf("\r\n\r\n")));
      expect(bodies[1]).toBe(bodies[0]);
    }
  });
});

/**
 * A hostile-input probe of the built `tourney serve` over HTTP (issue 24): fuzzed paths
 * (every surface: v2.1, /v2, v1, OAuth, the bracket page, its data and streams, the
 * viewer's files; escapes good and bad, dot segments, huge and odd segments), fuzzed
 * headers (credentials, content types, Accept, conditional and resume headers, encodings)
 * and fuzzed bodies (mutated valid bodies, random JSON, bytes that are not UTF-8), plus
 * requests a client library would not send, written on a raw socket.
 *
 * Invariants: no answer is a 5xx other than a 503 with Retry-After (busy or over a
 * budget); serve is still alive and answering at the end. TOURNEY_FUZZ_SEED and
 * TOURNEY_FUZZ_RUNS replay or lengthen a run (a fixed seed and 300 requests by default);
 * TOURNEY_FUZZ_COPIES sends each request that many times at once (racing writes);
 * TOURNEY_FUZZ_REPORT prints how many answers each status had.
 */
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { useServedSandbox } from "../helpers/served-sandbox.js";

const RUNS = Number(process.env.TOURNEY_FUZZ_RUNS ?? 300);
const SEED = Number(process.env.TOURNEY_FUZZ_SEED ?? 20261126);

interface Answer {
  readonly status: number;
  readonly retryAfter: string | undefined;
  readonly body: string;
}

interface Probe {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: Buffer | undefined;
}

/** One request; a stream is closed once its head came, every answer read to its end. */
function send(base: string, probe: Probe): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A body's length said (Node sends a GET's body unframed otherwise: the next request's start).
    const length = probe.body === undefined ? {} : { "content-length": String(probe.body.length) };
    const headers = { ...probe.headers, ...length };
    const req = httpRequest(
      `${base}/`,
      { method: probe.method, path: probe.path, headers, agent: false },
      (res) => {
        const head = {
          status: res.statusCode ?? 0,
          retryAfter: res.headers["retry-after"] as string | undefined,
        };
        if (String(res.headers["content-type"]).startsWith("text/event-stream")) {
          res.destroy();
          resolve({ ...head, body: "" });
          return;
        }
        const chunks: Buffer[] = [];
        res.on("data", (d: Buffer) => chunks.push(d));
        res.on("end", () => resolve({ ...head, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error("no answer in 15 s")));
    req.on("error", reject);
    req.end(probe.body);
  });
}

/** Writes `raw` on a socket; resolves with all that came back before it closed. */
function sendRawText(port: number, raw: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(raw));
    let text = "";
    socket.setTimeout(15_000, () => socket.destroy());
    socket.on("data", (d: Buffer) => {
      text += d.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve(text));
  });
}

/** The status line's code of what `raw` got back (0: closed without one). */
async function sendRaw(port: number, raw: Buffer): Promise<number> {
  const text = await sendRawText(port, raw);
  return Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
}

/** The probe as bytes on the wire (Host first, the body's length given, the connection closed). */
function rawOf(probe: Probe): Buffer {
  const headers = { host: "127.0.0.1", ...probe.headers, connection: "close" };
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
  if (probe.body !== undefined) lines.push(`content-length: ${probe.body.length}\r\n`);
  const head = Buffer.from(
    `${probe.method} ${probe.path} HTTP/1.1\r\n${lines.join("")}\r\n`,
    "latin1",
  );
  return probe.body === undefined ? head : Buffer.concat([head, probe.body]);
}

/** A probe in a line of a failure's report (long values cut). */
function label(probe: Probe): string {
  const cut = (text: string) =>
    text.length > 80 ? `${text.slice(0, 60)}...(${text.length})` : text;
  const headers = Object.entries(probe.headers).map(([k, v]) => `${k}: ${cut(v)}`);
  const body = probe.body === undefined ? "" : ` body ${cut(probe.body.toString("utf8"))}`;
  return `${probe.method} ${cut(probe.path)} [${headers.join("; ")}]${body}`;
}

const SEGMENTS = [
  "tournaments",
  "1",
  "2",
  "0001",
  "cup",
  "hidden",
  "participants",
  "matches",
  "races",
  "gp",
  "rounds",
  "elapsed_times",
  "stations",
  "station_queuers",
  "standings",
  "events",
  "bracket",
  "data.json",
  "share_links",
  "change_state",
  "change_stage",
  "bulk_add",
  "bulk_update",
  "randomize",
  "clear",
  "attachments",
  "match_attachments",
  "communities",
  "me",
  "user",
  "device",
  "token",
  "authorize",
  "viewer.js",
  "",
  ".",
  "..",
  "%2e%2e",
  "%2F",
  "%00",
  "%ZZ",
  "%",
  "%E0%A4",
  "%E9",
  "%C3%A9",
  "%F0%9F%8E%89",
  "%ED%A0%80",
  "-1",
  "1.5",
  "1e3",
  "99999999999999999999",
  "__proto__",
  "constructor",
  "x".repeat(600),
  ".json",
  "1.json",
  "events?since=2000-01-01T00:00:00Z",
];

const PREFIXES = [
  "/v2.1",
  "/v2",
  "/v2.0",
  "/v1",
  "/oauth",
  "",
  "/tournaments",
  "/communities/club/tournaments",
  "/v2.1/communities/club",
  "/viewer",
];

const QUERY_VALUES = [
  "1",
  "0",
  "-1",
  "all",
  "open",
  "",
  "%ZZ",
  "%",
  "%E0%A4",
  "%C3%A9",
  "2000-01-01T00:00:00Z",
  "x".repeat(3000),
  "__proto__",
];

const QUERY_NAMES = [
  "page",
  "per_page",
  "state",
  "community_id",
  "participant_id",
  "match_id",
  "since",
  "share",
  "api_key",
  "%ZZ",
  "__proto__",
];

const query = fc
  .array(fc.tuple(fc.constantFrom(...QUERY_NAMES), fc.constantFrom(...QUERY_VALUES)), {
    maxLength: 4,
  })
  .map((pairs) => (pairs.length === 0 ? "" : `?${pairs.map(([n, v]) => `${n}=${v}`).join("&")}`));

const path = fc
  .tuple(
    fc.constantFrom(...PREFIXES),
    fc.array(fc.oneof(fc.constantFrom(...SEGMENTS), fc.webSegment()), { maxLength: 6 }),
    query,
  )
  .map(([prefix, segments, q]) => `${prefix}/${segments.join("/")}${q}`);

const VALID_BODIES = [
  {
    data: {
      type: "Tournaments",
      attributes: { name: "Fuzz", tournament_type: "single elimination" },
    },
  },
  { data: { type: "Participants", attributes: { participants: [{ name: "A" }, { name: "B" }] } } },
  { data: { type: "Participant", attributes: { name: "Zed", seed: 1 } } },
  { data: { type: "Match", attributes: { match: [{ participant_id: "1", score_set: "2-1" }] } } },
  { data: { type: "TournamentState", attributes: { state: "start" } } },
  { data: { type: "Race", attributes: { name: "R", raceType: "grand prix" } } },
  { data: { type: "RaceState", attributes: { state: "start" } } },
  { data: { type: "Station", attributes: { name: "Table" } } },
  { tournament: { name: "Old", tournament_type: "swiss" } },
];

/** A valid body with one value somewhere replaced by something hostile. */
const mutated = fc
  .tuple(
    fc.constantFrom(...VALID_BODIES),
    fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(
        null,
        "",
        "\u0000",
        "\ud800",
        "x".repeat(70_000),
        -1,
        1e308,
        [],
        {},
        "__proto__",
      ),
    ),
    fc.nat(),
  )
  .map(([body, value, at]) => {
    const copy = JSON.parse(JSON.stringify(body));
    const holders: Record<string, unknown>[] = [];
    const walk = (node: unknown) => {
      if (node === null || typeof node !== "object") return;
      holders.push(node as Record<string, unknown>);
      for (const child of Object.values(node)) walk(child);
    };
    walk(copy);
    const holder = holders[at % holders.length]!;
    const keys = Object.keys(holder);
    holder[keys.length === 0 ? "x" : keys[at % keys.length]!] = value;
    return Buffer.from(JSON.stringify(copy));
  });

const body = fc.oneof(
  fc.constant(undefined),
  mutated,
  fc.jsonValue({ maxDepth: 4 }).map((v) => Buffer.from(JSON.stringify(v) ?? "null")),
  fc.string({ maxLength: 200 }).map((s) => Buffer.from(s)),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
  fc.constantFrom(
    Buffer.from("[".repeat(5000)),
    Buffer.from('{"data":'.repeat(300)),
    Buffer.from("tournament[name]=Lat%E9in&participants[][name]=%ZZ"),
    Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]),
  ),
);

function headersArb(key: string) {
  return fc.record(
    {
      "content-type": fc.constantFrom(
        "application/vnd.api+json",
        "application/json",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "text/plain",
        "application/json; charset=latin1",
        "",
      ),
      accept: fc.constantFrom(
        "*/*",
        "application/json",
        "text/event-stream",
        "text/html",
        "image/png",
        "",
      ),
      authorization: fc.constantFrom(key, `Bearer ${key}`, "Bearer x", "tk_nope", "x".repeat(9000)),
      "authorization-type": fc.constantFrom("v1", "v2", "v3", ""),
      "if-none-match": fc.constantFrom("*", 'W/"x"', '"', "x".repeat(5000)),
      "last-event-id": fc.constantFrom("1", "x", "-1", "99999999999999999999"),
      "accept-encoding": fc.constantFrom("gzip", "br", "gzip;q=0", "identity;q=0, *;q=0", "x"),
      host: fc.constantFrom("example.com", "a b", "127.0.0.1:1", "x".repeat(300), ""),
      origin: fc.constantFrom("http://evil.example", "null"),
      cookie: fc.constantFrom("tourney_session=x", "a=%ZZ"),
    },
    { requiredKeys: [] },
  );
}

/** Routes that write, as a client that knows them calls them: each with a body mutated. */
const ROUTES: readonly [string, string][] = [
  ["POST", "/v2.1/tournaments"],
  ["PUT", "/v2.1/tournaments/cup"],
  ["POST", "/v2.1/tournaments/cup/participants"],
  ["POST", "/v2.1/tournaments/cup/participants/bulk_add"],
  ["PUT", "/v2.1/tournaments/cup/participants/1"],
  ["PUT", "/v2.1/tournaments/cup/change_state"],
  ["PUT", "/v2.1/tournaments/cup/matches/1"],
  ["PUT", "/v2.1/tournaments/cup/matches/1/change_state"],
  ["POST", "/v2.1/tournaments/cup/stations"],
  ["POST", "/v2.1/tournaments/cup/share_links"],
  ["POST", "/v2.1/races"],
  ["PUT", "/v2.1/races/gp"],
  ["PUT", "/v2.1/races/gp/change_state"],
  ["POST", "/v2.1/races/gp/participants/bulk_add"],
  ["PUT", "/v2.1/races/gp/rounds/1"],
  ["POST", "/v2.1/races/gp/rounds/1/elapsed_times/bulk_update"],
  ["PUT", "/v2.1/races/gp/rounds/1/elapsed_times/1"],
  ["GET", "/v2.1/tournaments/cup/matches"],
  ["GET", "/v2.1/tournaments/cup/standings"],
  ["GET", "/tournaments/cup/bracket/data.json"],
];

/** A known route, the owner's credential and the right content type, a mutated body. */
function targeted(key: string) {
  return fc.tuple(fc.constantFrom(...ROUTES), query, mutated).map(([[method, route], q, b]) => ({
    method,
    path: `${route}${q}`,
    headers: { authorization: key, "content-type": "application/vnd.api+json" },
    body: method === "GET" ? undefined : b,
  }));
}

/** v1's writing routes, with the key in the query as v1 scripts send it. */
const V1_ROUTES: readonly [string, string][] = [
  ["POST", "/v1/tournaments.json"],
  ["PUT", "/v1/tournaments/cup.json"],
  ["POST", "/v1/tournaments/cup/participants.json"],
  ["POST", "/v1/tournaments/cup/participants/bulk_add.json"],
  ["PUT", "/v1/tournaments/cup/participants/1.json"],
  ["PUT", "/v1/tournaments/cup/matches/1.json"],
  ["POST", "/v1/tournaments/cup/start.json"],
  ["POST", "/v1/tournaments/cup/reset.json"],
  ["POST", "/v1/tournaments/cup/process_check_ins.json"],
  ["POST", "/v1/tournaments/cup/matches/1/attachments.json"],
];

const V1_NAMES = [
  "tournament[name]",
  "tournament[tournament_type]",
  "tournament[start_at]",
  "tournament[check_in_duration]",
  "tournament[signup_cap]",
  "tournament[private]",
  "participant[name]",
  "participant[seed]",
  "participants[][name]",
  "match[scores_csv]",
  "match[winner_id]",
  "match_attachment[url]",
  "match_attachment[description]",
  "tournament[__proto__][x]",
];

const V1_VALUES = [...QUERY_VALUES, "swiss", "double elimination", "3-1,1-3", "1", "true", "%E9"];

/** A v1 form of hostile pairs, in the body or the query. */
function v1Targeted(key: string) {
  const pairs = fc
    .array(fc.tuple(fc.constantFrom(...V1_NAMES), fc.constantFrom(...V1_VALUES)), {
      maxLength: 5,
    })
    .map((list) => list.map(([n, v]) => `${n}=${v.replaceAll(" ", "+")}`).join("&"));
  return fc
    .tuple(fc.constantFrom(...V1_ROUTES), pairs, fc.boolean())
    .map(([[method, route], form, inBody]) => ({
      method,
      path: `${route}?api_key=${key}${inBody || form === "" ? "" : `&${form}`}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: inBody ? Buffer.from(form, "latin1") : undefined,
    }));
}

const RAW = [
  "GET * HTTP/1.1\r\nHost: x\r\n\r\n",
  "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET http://evil.example/v2.1/tournaments HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET v2.1/tournaments HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /v2.1/tournaments?page=%ZZ HTTP/1.0\r\n\r\n",
  "POST /v2.1/tournaments HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{}",
  "POST /v2.1/tournaments HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
  "POST /v2.1/tournaments HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
  "GET /v2.1/tournaments HTTP/1.1\r\nHost: x\r\nAuthorization: \xff\xfe\r\n\r\n",
  "GET /v2.1/tourn\xe9ments HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /tournaments/cup/bracket/data.json HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n",
  "GARBAGE\r\n\r\n",
];

describe.runIf(BUILT)("serve under a hostile-input probe", () => {
  const sb = useServedSandbox("hostile-probe");

  it(`answers ${RUNS} fuzzed requests (seed ${SEED}) and the raw ones without a 5xx`, async () => {
    const key = sb.served.apiKey;
    const headers = { authorization: key, "content-type": "application/vnd.api+json" };
    const post = async (p: string, b: unknown) => {
      const r = await send(sb.base, {
        method: "POST",
        path: p,
        headers,
        body: Buffer.from(JSON.stringify(b)),
      });
      expect(r.status, `${p}: ${r.body}`).toBeLessThan(300);
    };
    await post("/v2.1/tournaments", {
      data: {
        type: "Tournaments",
        attributes: { name: "Cup", url: "cup", tournament_type: "double elimination" },
      },
    });
    await post("/v2.1/tournaments/cup/participants/bulk_add", VALID_BODIES[1]);
    await post("/v2.1/races", {
      data: { type: "Race", attributes: { name: "GP", url: "gp", raceType: "grand prix" } },
    });

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const check = (what: string, answer: Answer) => {
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const refusedForNow = answer.status === 503 && answer.retryAfter !== undefined;
      if (answer.status >= 500 && !refusedForNow)
        failures.push(`${what} -> ${answer.status} ${answer.body.slice(0, 300)}`);
    };
    const methods = fc.constantFrom(
      "GET",
      "GET",
      "POST",
      "PUT",
      "DELETE",
      "HEAD",
      "OPTIONS",
      "PATCH",
    );
    const anything = fc
      .tuple(methods, path, headersArb(key), body)
      .map(([method, p, h, b]) => ({ method, path: p, headers: h, body: b }));
    const fuzzed: fc.Arbitrary<Probe> = fc.oneof(anything, targeted(key), v1Targeted(key));
    await fc.assert(
      fc.asyncProperty(fuzzed, async (probe) => {
        let answer: Answer;
        try {
          const copies = Number(process.env.TOURNEY_FUZZ_COPIES ?? 1);
          const answers = await Promise.all(
            Array.from({ length: copies }, () => send(sb.base, probe)),
          );
          for (const extra of answers.slice(1)) check(`${label(probe)} (a copy at once)`, extra);
          answer = answers[0]!;
        } catch (error) {
          // The client refused to send it (a header it will not write).
          const code = (error as { code?: string }).code;
          if (code === "ERR_INVALID_CHAR" || code === "ERR_UNESCAPED_CHARACTERS") return;
          const raw = await sendRawText(sb.served.port, rawOf(probe));
          failures.push(
            `${label(probe)} -> ${String(error)}; raw answer ${JSON.stringify(raw.slice(0, 400))}`,
          );
          return;
        }
        check(label(probe), answer);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    for (const raw of RAW) {
      const status = await sendRaw(sb.served.port, Buffer.from(raw, "latin1"));
      if (status >= 500) failures.push(`raw ${JSON.stringify(raw)} -> ${status}`);
    }
    if (process.env.TOURNEY_FUZZ_REPORT !== undefined)
      console.log(
        [...statuses]
          .sort(([a], [b]) => a - b)
          .map(([k, n]) => `${k}: ${n}`)
          .join(", "),
      );
    // The first ten, each on a line of its own.
    expect(failures.length, failures.slice(0, 10).join("\n")).toBe(0);
    const alive = await send(sb.base, {
      method: "GET",
      path: "/v2.1/tournaments",
      headers,
      body: undefined,
    });
    expect(alive.status).toBe(200);
  }, 600_000);
});

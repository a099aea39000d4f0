/**
 * A property-based fuzz of the service's request handler, in process, over a
 * real SQLite file: malformed JSON, wrong types for every attribute of every
 * writable resource, prototype keys at every level and in query strings, deep
 * nesting, huge strings, control characters, lone surrogates, unknown methods
 * and content types.
 *
 * Invariants, after every request: no 5xx; an error body has the documented
 * shape; a tournament no request addresses stays byte-identical. At the end:
 * `integrity_check` is ok and `foreign_key_check` finds nothing.
 *
 * TOURNEY_FUZZ_RUNS sets the number of requests (2,000 by default, as in CI);
 * TOURNEY_FUZZ_SEED replays a run (the seed is printed when it fails).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpMethod, HttpRequest, HttpResponse } from "../../src/model/http.js";
import { openService, type Service } from "../../src/service/index.js";

const RUNS = Number(process.env.TOURNEY_FUZZ_RUNS ?? 2000);
const SEED =
  process.env.TOURNEY_FUZZ_SEED === undefined ? Date.now() : Number(process.env.TOURNEY_FUZZ_SEED);

const PROTO_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "hasOwnProperty",
  "toString",
  "valueOf",
  "isPrototypeOf",
];

/** Strings a careless handler trips on. */
const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udfffy",
    "\u202e",
    "é",
    "e\u0301",
    "🏆",
    "99999999999999999999",
    "-1",
    "1e400",
    "NaN",
    "null",
    "%",
    "%zz",
    "../..",
    "<script>",
    "'; DROP TABLE tournaments; --",
    ...PROTO_KEYS,
  ),
  fc.string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
    maxLength: 12,
  }),
  fc.nat({ max: 3 }).map((n) => "x".repeat([256, 1001, 70_000, 300_000][n]!)),
);

/** Any JSON value, prototype keys and nasty strings included. */
const nastyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    nastyString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(0, -1, 1.5, 2 ** 53, 1e308, true, false, null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(nastyString, fc.constantFrom(...PROTO_KEYS)), tie("value"), {
      maxKeys: 4,
    }),
  ),
})).value;

const TOURNAMENT_ATTRIBUTES = [
  "name",
  "url",
  "tournament_type",
  "game_name",
  "private",
  "starts_at",
  "description",
  "group_stage_enabled",
  "tie_breaks",
  "notifications",
  "match_options",
  "registration_options",
  "seeding_options",
  "station_options",
  "group_stage_options",
  "double_elimination_options",
  "round_robin_options",
  "swiss_options",
  "free_for_all_options",
  "state",
  ...PROTO_KEYS,
];
const PARTICIPANT_ATTRIBUTES = [
  "name",
  "seed",
  "misc",
  "username",
  "email",
  "participants",
  "active",
  ...PROTO_KEYS,
];
const MATCH_ATTRIBUTES = [
  "match",
  "tie",
  "state",
  "participant_id",
  "score_set",
  "advancing",
  "rank",
  ...PROTO_KEYS,
];
const STATES = [
  "start",
  "finalize",
  "reset",
  "process_checkin",
  "abort_checkin",
  "start_group_stage",
  "finalize_group_stage",
  "reset_group_stage",
  "open_predictions",
  "mark_as_underway",
  "unmark_as_underway",
  "reopen",
];
const TYPES = [
  "tournament",
  "Tournaments",
  "Participants",
  "participant",
  "Match",
  "TournamentState",
  "MatchState",
  "Race",
  "",
  1,
  null,
];

/** An attribute object: known names with values of every type, and a plausible one now and then. */
function attributesOf(names: readonly string[]): fc.Arbitrary<unknown> {
  const plausible: Record<string, fc.Arbitrary<unknown>> = {
    name: nastyString,
    tournament_type: fc.constantFrom(
      "single elimination",
      "double elimination",
      "round robin",
      "swiss",
      "free for all",
      "triple",
    ),
    state: fc.constantFrom(...STATES),
    participants: fc.array(
      fc.record(
        { name: nastyString, seed: fc.oneof(fc.integer({ min: -2, max: 40 }), nastyJson) },
        { requiredKeys: [] },
      ),
      { maxLength: 6 },
    ),
    match: fc.array(
      fc.record(
        {
          participant_id: fc.oneof(fc.integer({ min: -1, max: 400 }), nastyJson),
          score_set: fc.oneof(
            fc.constantFrom("3,1", "1", "", "2-1", "99999999999999999999"),
            nastyJson,
          ),
          advancing: fc.oneof(fc.boolean(), nastyJson),
          rank: fc.oneof(fc.integer({ min: -1, max: 9 }), nastyJson),
        },
        { requiredKeys: [] },
      ),
      { maxLength: 9 },
    ),
  };
  const entry = fc
    .constantFrom(...names)
    .chain((name) =>
      fc.tuple(
        fc.constant(name),
        fc.oneof(Object.hasOwn(plausible, name) ? plausible[name]! : nastyJson, nastyJson),
      ),
    );
  return fc.array(entry, { maxLength: 5 }).map((entries) => {
    // defineProperty: "__proto__" becomes an own key, as JSON.parse makes it.
    const object: Record<string, unknown> = {};
    for (const [key, value] of entries)
      Object.defineProperty(object, key, {
        value,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    return object;
  });
}

/** A request body: an envelope around fuzzed attributes, or something that is not one. */
const body: fc.Arbitrary<string | undefined> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...TYPES),
        attributesOf([...TOURNAMENT_ATTRIBUTES, ...PARTICIPANT_ATTRIBUTES, ...MATCH_ATTRIBUTES]),
      )
      .map(([type, attributes]) => JSON.stringify({ data: { type, attributes } })),
  },
  { weight: 2, arbitrary: nastyJson.map((v) => JSON.stringify({ data: v })) },
  { weight: 1, arbitrary: nastyJson.map((v) => JSON.stringify(v) ?? "") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      undefined,
      "",
      "{",
      '{"data":',
      "[]",
      "null",
      '"data"',
      '{"data":{"type":"tournament","attributes":{"name":"\\ud800"}}}',
      `{"data":${"[".repeat(5000)}${"]".repeat(5000)}}`,
      `{"data":{"attributes":${'{"a":'.repeat(40)}1${"}".repeat(40)}}}`,
      "\u0000",
      '{"__proto__":{"data":1}}',
    ),
  },
);

const METHODS = [
  "GET",
  "POST",
  "PUT",
  "DELETE",
  "PATCH",
  "HEAD",
  "OPTIONS",
  "PROPFIND",
  "TRACE",
  "MKCOL",
  "LOCK",
  "PURGE",
  "get",
];

interface Target {
  /** The tournament's id and slug. */
  readonly refs: readonly string[];
  /** Ids of its participants; ids and identifiers of its matches. */
  readonly participants: readonly string[];
  readonly matches: readonly string[];
}

interface Targets {
  /** Ids and slugs of tournaments fuzzed requests may address. */
  readonly tournaments: readonly string[];
  readonly entries: readonly Target[];
}

/** A route of the interface, with the body family its writes take. */
interface Route {
  readonly method: string;
  readonly path: string;
  readonly body?: "tournament" | "state" | "participant" | "participants" | "match";
}

const ROUTES: readonly Route[] = [
  { method: "GET", path: "/tournaments" },
  { method: "POST", path: "/tournaments", body: "tournament" },
  { method: "GET", path: "/tournaments/:t" },
  { method: "PUT", path: "/tournaments/:t", body: "tournament" },
  { method: "DELETE", path: "/tournaments/:t" },
  { method: "PUT", path: "/tournaments/:t/change_state", body: "state" },
  { method: "PUT", path: "/tournaments/:t/change_state", body: "state" },
  { method: "GET", path: "/tournaments/:t/participants" },
  { method: "POST", path: "/tournaments/:t/participants", body: "participant" },
  { method: "POST", path: "/tournaments/:t/participants/bulk_add", body: "participants" },
  { method: "DELETE", path: "/tournaments/:t/participants/clear" },
  { method: "PUT", path: "/tournaments/:t/participants/randomize" },
  { method: "POST", path: "/tournaments/:t/participants/register", body: "participant" },
  { method: "DELETE", path: "/tournaments/:t/participants/register" },
  { method: "GET", path: "/tournaments/:t/participants/:p" },
  { method: "PUT", path: "/tournaments/:t/participants/:p", body: "participant" },
  { method: "DELETE", path: "/tournaments/:t/participants/:p" },
  { method: "POST", path: "/tournaments/:t/participants/:p/check_in" },
  { method: "POST", path: "/tournaments/:t/participants/:p/undo_check_in" },
  { method: "GET", path: "/tournaments/:t/matches" },
  { method: "GET", path: "/tournaments/:t/matches/:m" },
  { method: "PUT", path: "/tournaments/:t/matches/:m", body: "match" },
  { method: "PUT", path: "/tournaments/:t/matches/:m", body: "match" },
  { method: "PUT", path: "/tournaments/:t/matches/:m", body: "match" },
  { method: "PUT", path: "/tournaments/:t/matches/:m/change_state", body: "state" },
  { method: "GET", path: "/tournaments/:t/standings" },
  { method: "GET", path: "/me" },
  { method: "GET", path: "/communities" },
];

const FAMILY_TYPES = {
  tournament: "tournament",
  state: "TournamentState",
  participant: "Participants",
  participants: "Participants",
  match: "Match",
} as const;

const FAMILY_ATTRIBUTES = {
  tournament: TOURNAMENT_ATTRIBUTES,
  state: ["state", ...PROTO_KEYS],
  participant: PARTICIPANT_ATTRIBUTES,
  participants: ["participants", ...PROTO_KEYS],
  match: MATCH_ATTRIBUTES,
} as const;

/** Well-formed requests to real routes and records, with fuzzed attributes and parameters. */
function saneRequest(targets: () => Targets, key: string): fc.Arbitrary<HttpRequest> {
  const query = fc.array(
    fc.tuple(
      fc.constantFrom(
        "state",
        "type",
        "page",
        "per_page",
        "participant_id",
        "created_after",
        ...PROTO_KEYS,
      ),
      fc.oneof(
        fc.constantFrom(
          "pending",
          "open",
          "complete",
          "all",
          "in_progress",
          "swiss",
          "1",
          "2",
          "1001",
          ...PROTO_KEYS,
        ),
        nastyString,
      ),
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(
      fc.constantFrom(...ROUTES),
      fc.nat(),
      fc.nat(),
      fc.nat(),
      fc.nat(19),
      nastyString.map(pathSegment),
      query,
      fc.constantFrom("", ".json"),
      fc.nat(9),
    )
    .map(([route, ti, pi, mi, roll, nasty, q, suffix, typeRoll]) => {
      const entries = targets().entries;
      const entry = entries[ti % Math.max(1, entries.length)];
      const one = (list: readonly string[] | undefined, i: number) =>
        list === undefined || list.length === 0 ? "1" : list[i % list.length]!;
      // One in twenty parameters is a nasty string instead of a real record.
      const t = roll === 0 ? nasty : one(entry?.refs, pi + mi);
      const p = roll === 1 ? nasty : one(entry?.participants, pi);
      const m = roll === 2 ? nasty : one(entry?.matches, mi);
      return [route, t, p, m, q, suffix, typeRoll] as const;
    })
    .chain(([route, t, p, m, q, suffix, typeRoll]) => {
      const path = `/v2.1${route.path.replace(":t", t).replace(":p", p).replace(":m", m)}${suffix}`;
      const search = route.method === "GET" ? new URLSearchParams(q).toString() : "";
      const family = route.body;
      const payload: fc.Arbitrary<string | undefined> =
        family === undefined
          ? fc.constant(undefined)
          : attributesOf(FAMILY_ATTRIBUTES[family]).map((attributes) =>
              JSON.stringify({
                data: { type: typeRoll === 0 ? "Race" : FAMILY_TYPES[family], attributes },
              }),
            );
      return payload.map(
        (b): HttpRequest => ({
          method: route.method as HttpMethod,
          path: `${path}${search === "" ? "" : `?${search}`}`,
          headers: { authorization: key, "content-type": "application/vnd.api+json" },
          ...(b === undefined ? {} : { body: b }),
        }),
      );
    });
}

/** v1 routes (issue 17), with the record whose bracket parameters they take. */
const V1_ROUTES: readonly { method: string; path: string; record?: string }[] = [
  { method: "GET", path: "/tournaments" },
  { method: "POST", path: "/tournaments", record: "tournament" },
  { method: "GET", path: "/tournaments/:t" },
  { method: "PUT", path: "/tournaments/:t", record: "tournament" },
  { method: "POST", path: "/tournaments/:t/start" },
  { method: "POST", path: "/tournaments/:t/reset" },
  { method: "POST", path: "/tournaments/:t/finalize" },
  { method: "POST", path: "/tournaments/:t/process_check_ins" },
  { method: "GET", path: "/tournaments/:t/participants" },
  { method: "POST", path: "/tournaments/:t/participants", record: "participant" },
  { method: "POST", path: "/tournaments/:t/participants/bulk_add", record: "participants[]" },
  { method: "PUT", path: "/tournaments/:t/participants/:p", record: "participant" },
  { method: "DELETE", path: "/tournaments/:t/participants/:p" },
  { method: "POST", path: "/tournaments/:t/participants/:p/check_in" },
  { method: "POST", path: "/tournaments/:t/participants/randomize" },
  { method: "GET", path: "/tournaments/:t/matches" },
  { method: "PUT", path: "/tournaments/:t/matches/:m", record: "match" },
  { method: "PUT", path: "/tournaments/:t/matches/:m", record: "match" },
  { method: "POST", path: "/tournaments/:t/matches/:m/reopen" },
  { method: "POST", path: "/tournaments/:t/matches/:m/mark_as_underway" },
];

const V1_FIELDS = [
  "name",
  "tournament_type",
  "url",
  "hold_third_place_match",
  "pts_for_match_win",
  "signup_cap",
  "start_at",
  "seed",
  "misc",
  "scores_csv",
  "winner_id",
  "name][x",
  "name[",
  "",
  ...PROTO_KEYS,
];

/** v1 requests with the real api_key in the query and fuzzed bracket parameters (issue 17). */
function v1Request(targets: () => Targets, key: string): fc.Arbitrary<HttpRequest> {
  const value = fc.oneof(
    fc.constantFrom("true", "0", "3-1,1-3", "tie", "1", "2", "swiss", ""),
    nastyString,
  );
  return fc
    .tuple(
      fc.constantFrom(...V1_ROUTES),
      fc.nat(),
      fc.nat(),
      fc.array(fc.tuple(fc.constantFrom(...V1_FIELDS), value), { maxLength: 3 }),
      fc.constantFrom("", ".json"),
    )
    .map(([route, ti, pi, fields, suffix]) => {
      const entries = targets().entries;
      const entry = entries[ti % Math.max(1, entries.length)];
      const one = (list: readonly string[] | undefined) =>
        list === undefined || list.length === 0 ? "1" : list[pi % list.length]!;
      const path = route.path
        .replace(":t", one(entry?.refs))
        .replace(":p", one(entry?.participants))
        .replace(":m", one(entry?.matches.filter((m) => /^\d+$/.test(m))));
      const query = new URLSearchParams(
        fields.map(([field, v]): [string, string] => [
          `${route.record ?? "tournament"}[${field}]`,
          `${v}`,
        ]),
      );
      query.set("api_key", key);
      return {
        method: route.method as HttpMethod,
        path: `/v1${path}${suffix}?${query.toString()}`,
        headers: { "content-length": "0" },
      };
    });
}

function pathArbitrary(targets: () => Targets): fc.Arbitrary<string> {
  const segment = fc.oneof(
    fc.constantFrom(
      "1",
      "2",
      "3",
      "A",
      "0",
      "-1",
      "999999",
      "bulk_add",
      "clear",
      "randomize",
      "register",
      "check_in",
      "undo_check_in",
      "change_state",
      "standings",
      ...PROTO_KEYS,
    ),
    nastyString.map(pathSegment),
  );
  const tournament = fc
    .oneof(fc.constant(null), segment)
    .map((s) => s ?? pick(targets().tournaments));
  const tails = fc.constantFrom(
    "",
    "/change_state",
    "/participants",
    "/participants/bulk_add",
    "/participants/clear",
    "/participants/randomize",
    "/participants/register",
    "/participants/:p",
    "/participants/:p/check_in",
    "/participants/:p/undo_check_in",
    "/matches",
    "/matches/:m",
    "/matches/:m/change_state",
    "/standings",
    "/:x/:x/:x",
  );
  const query = fc.array(
    fc.tuple(
      fc.constantFrom(
        "state",
        "type",
        "page",
        "per_page",
        "participant_id",
        "created_after",
        "created_before",
        "community_id",
        "api_key",
        ...PROTO_KEYS,
      ),
      fc.oneof(
        fc.constantFrom(
          "pending",
          "open",
          "complete",
          "all",
          "in_progress",
          "1",
          "0",
          "1000",
          "1001",
          ...PROTO_KEYS,
        ),
        nastyString,
      ),
    ),
    { maxLength: 3 },
  );
  return fc
    .tuple(
      fc.constantFrom(
        "/v2.1",
        "/v2.1/communities/c1",
        "/v2.1/communities/__proto__",
        "/v1",
        "",
        "/v2.1/v2.1",
      ),
      fc.constantFrom("/tournaments", "/tournaments/:t", "/me", "/communities", "/:x"),
      tournament,
      tails,
      segment,
      fc.constantFrom("", ".json", "/", ".json/"),
      query,
    )
    .map(([base, head, t, tail, seg, suffix, q]) => {
      let path = `${base}${head}`;
      if (head === "/tournaments/:t") path += tail;
      path = path
        .replaceAll(":t", t)
        .replaceAll(":p", seg)
        .replaceAll(":m", seg)
        .replaceAll(":x", seg);
      const search = new URLSearchParams(q).toString();
      return `${path}${suffix}${search === "" ? "" : `?${search}`}`;
    });
}

/** A segment as a client would send it; a lone surrogate becomes bytes that are not UTF-8. */
function pathSegment(text: string): string {
  return text
    .split(/([\ud800-\udfff])/u)
    .map((part) => (/^[\ud800-\udfff]$/u.test(part) ? "%ED%A0%80" : encodeURIComponent(part)))
    .join("");
}

let counter = 0;
function pick<T>(values: readonly T[]): T {
  counter = (counter + 1) % 1_000_003;
  return values[counter % values.length]!;
}

function requestArbitrary(targets: () => Targets, key: string): fc.Arbitrary<HttpRequest> {
  const headers = fc.record({
    "content-type": fc.constantFrom(
      "application/vnd.api+json",
      "application/json",
      "application/json; charset=utf-8",
      "text/plain",
      "multipart/form-data; boundary=x",
      "",
      "application/vnd.api+json;;;",
      undefined,
    ),
    accept: fc.constantFrom(
      undefined,
      "*/*",
      "application/json",
      "text/html",
      "application/xml, */*;q=0.1",
      "",
    ),
    authorization: fc.constantFrom(
      key,
      key,
      key,
      key,
      "",
      "Bearer x",
      `${key}x`,
      "tk_\u00e9",
      undefined,
    ),
    "authorization-type": fc.constantFrom(undefined, "v1", "v2", "V1", "bogus"),
    "content-length": fc.constantFrom(undefined, undefined, "0", "-1", "abc", "99999999999"),
  });
  return fc
    .tuple(fc.constantFrom(...METHODS), pathArbitrary(targets), headers, body)
    .map(([method, path, h, b]) => {
      const clean: Record<string, string> = {};
      for (const [name, value] of Object.entries(h)) if (value !== undefined) clean[name] = value;
      return {
        method: method as HttpMethod,
        path,
        headers: clean,
        ...(b === undefined ? {} : { body: b }),
      };
    });
}

function checkResponse(request: HttpRequest, response: HttpResponse): void {
  const where = `${request.method} ${request.path.slice(0, 200)}`;
  expect(response.status, where).toBeGreaterThanOrEqual(200);
  expect(response.status, `${where}: ${response.body.slice(0, 500)}`).toBeLessThan(500);
  if (response.status === 204 || request.method === "HEAD") {
    expect(response.body, where).toBe("");
    return;
  }
  const parsed = JSON.parse(response.body) as { errors?: unknown; data?: unknown };
  const v1 = /^\/v1(\/|\.json|\?|$)/.test(request.path);
  if (response.status >= 400) {
    expect(Array.isArray(parsed.errors), where).toBe(true);
    const errors = parsed.errors as { status: unknown; detail: unknown; source?: unknown }[];
    expect(errors.length, where).toBeGreaterThan(0);
    // v1 routes answer {"errors": ["Name can't be blank"]} (issue 17); its unknown paths, 405,
    // 406 and 413 come before any route, in the v2.1 shape.
    if (v1 && errors.every((e) => typeof e === "string")) {
      for (const error of errors)
        expect((error as unknown as string).length, where).toBeGreaterThan(0);
      return;
    }
    for (const error of errors) {
      expect(error.status, where).toBe(response.status);
      expect(typeof error.detail, where).toBe("string");
      if (error.source !== undefined) expect(typeof error.source, where).toBe("object");
    }
  } else if (v1) {
    // A wrapped record ({"tournament": {...}}) or a list of them.
    const records = Array.isArray(parsed) ? (parsed as object[]) : [parsed];
    for (const record of records) expect(Object.keys(record), where).toHaveLength(1);
  } else {
    expect(parsed.data, where).toBeDefined();
  }
}

describe("fuzzed requests to the service", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-fuzz-"));
  const dbPath = join(dir, "fuzz.db");
  const unexpected: unknown[] = [];
  let service: Service;
  let key: string;
  let inspect: Database.Database;
  let bystander: { id: string; url: string; snapshot: string };
  let targets: Targets = { tournaments: [], entries: [] };

  const send = (method: HttpMethod, path: string, body?: unknown): HttpResponse =>
    service.handleSync({
      method,
      path,
      headers: { authorization: key, "content-type": "application/vnd.api+json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const make = (
    name: string,
    attributes: Record<string, unknown>,
    players: number,
    start: boolean,
  ): { id: string; url: string } => {
    const created = send("POST", "/v2.1/tournaments", {
      data: { type: "tournament", attributes: { name, ...attributes } },
    });
    expect(created.status).toBe(201);
    const data = (JSON.parse(created.body) as { data: { id: string; attributes: { url: string } } })
      .data;
    const names = Array.from({ length: players }, (_, i) => ({ name: `${name} P${i + 1}` }));
    expect(
      send("POST", `/v2.1/tournaments/${data.id}/participants/bulk_add`, {
        data: { type: "participants", attributes: { participants: names } },
      }).status,
    ).toBe(200);
    if (start) {
      const state = attributes.group_stage_enabled ? "start_group_stage" : "start";
      expect(
        send("PUT", `/v2.1/tournaments/${data.id}/change_state`, {
          data: { type: "TournamentState", attributes: { state } },
        }).status,
      ).toBe(200);
    }
    return { id: data.id, url: data.attributes.url };
  };
  /** Every stored row of one tournament, as text. */
  const snapshotOf = (id: string): string =>
    JSON.stringify([
      inspect.prepare("SELECT * FROM tournaments WHERE id = ?").all(id),
      inspect.prepare("SELECT * FROM participants WHERE tournament_id = ? ORDER BY id").all(id),
      inspect.prepare("SELECT * FROM matches WHERE tournament_id = ? ORDER BY id").all(id),
      inspect.prepare("SELECT * FROM byes WHERE tournament_id = ? ORDER BY rowid").all(id),
    ]);
  /** Keeps a few tournaments of each kind for the fuzz to address. */
  const refreshTargets = (): void => {
    const alive = targets.tournaments.filter(
      (t) => /^\d+$/.test(t) && send("GET", `/v2.1/tournaments/${t}`).status === 200,
    );
    if (alive.length >= 4) return;
    const n = counter++;
    const made = [
      make(`Pending ${n}`, { tournament_type: "single elimination" }, 6, false),
      make(`Double ${n}`, { tournament_type: "double elimination" }, 8, true),
      make(`Swiss ${n}`, { tournament_type: "swiss" }, 7, true),
      make(
        `Groups ${n}`,
        { tournament_type: "single elimination", group_stage_enabled: true },
        8,
        true,
      ),
      make(`FFA ${n}`, { tournament_type: "free for all" }, 8, true),
    ];
    const ids = [...alive, ...made.map((t) => t.id)];
    const marks = ids.map(() => "?").join(",");
    const participants = inspect
      .prepare(`SELECT id, tournament_id FROM participants WHERE tournament_id IN (${marks})`)
      .all(...ids) as { id: number; tournament_id: number }[];
    const matches = inspect
      .prepare(
        `SELECT id, identifier, tournament_id FROM matches WHERE tournament_id IN (${marks})`,
      )
      .all(...ids) as { id: number; identifier: string; tournament_id: number }[];
    const entries = ids.map((id) => {
      const slug = inspect.prepare("SELECT url FROM tournaments WHERE id = ?").get(id) as {
        url: string;
      };
      return {
        refs: [id, slug.url],
        participants: participants
          .filter((row) => String(row.tournament_id) === id)
          .map((row) => String(row.id)),
        matches: matches
          .filter((row) => String(row.tournament_id) === id)
          .flatMap((row) => [String(row.id), row.identifier]),
      };
    });
    targets = { tournaments: entries.flatMap((e) => e.refs), entries };
  };

  beforeAll(async () => {
    service = await openService({ dbPath, requireAuth: true, onError: (e) => unexpected.push(e) });
    key = service.createApiKey("fuzz");
    inspect = new Database(dbPath, { readonly: true });
    const b = make("Bystander", { tournament_type: "double elimination" }, 8, true);
    bystander = { ...b, snapshot: "" };
    bystander.snapshot = snapshotOf(b.id);
    refreshTargets();
  });
  afterAll(() => {
    inspect?.close();
    service?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    `answers ${RUNS} fuzzed requests without a 5xx, with well-formed errors, touching nothing it was not asked to`,
    () => {
      let sent = 0;
      const statuses = new Map<number, number>();
      const notBystander = (r: HttpRequest) => {
        const path = r.path.split("?")[0]!;
        return !path.split("/").some((s) => {
          const plain = s.replace(/\.json$/, "");
          return plain === bystander.id || plain.toLowerCase() === bystander.url.toLowerCase();
        });
      };
      try {
        fc.assert(
          fc.property(
            fc
              .oneof(
                { weight: 4, arbitrary: saneRequest(() => targets, key) },
                { weight: 1, arbitrary: requestArbitrary(() => targets, key) },
                { weight: 1, arbitrary: v1Request(() => targets, key) },
              )
              .filter(notBystander),
            (request) => {
              if (sent % 100 === 0) refreshTargets();
              sent++;
              const response = service.handleSync(request);
              statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
              expect(unexpected, `${request.method} ${request.path}`).toEqual([]);
              checkResponse(request, response);
              expect(snapshotOf(bystander.id), `${request.method} ${request.path}`).toBe(
                bystander.snapshot,
              );
            },
          ),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      } catch (error) {
        const cause = (error as Error).cause;
        const message = (error as Error).message.replace(/x{200,}/g, (x) => `x*${x.length}`);
        throw new Error(
          `fuzz failed after ${sent} requests; replay with TOURNEY_FUZZ_SEED=${SEED}\n${message}\n${cause instanceof Error ? cause.message : String(cause)}`,
        );
      }
      expect(sent).toBe(RUNS);
      if (process.env.TOURNEY_FUZZ_STATS) console.log([...statuses].sort((a, b) => a[0] - b[0]));
      expect(inspect.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(inspect.pragma("foreign_key_check")).toEqual([]);
    },
    30_000 + RUNS * 20,
  );
});

/**
 * A match report looks its tournament and match up before it reads the body, as every other
 * write does: an unknown tournament or match is 404 whatever the body, and another user's
 * private tournament answers exactly as a missing one. Before, `PUT
 * /v2.1/tournaments/nonexist/matches/33` with `{"match": []}` was 422 "match must be an array
 * of 1 to 8 entries"; a match's change of state, an attachment, a station's or queue entry's
 * write named what it could not find only after refusing the body (422, or 400 for no JSON).
 * Through the in-process service with accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpRequest } from "../../src/model/http.js";
import { openService, type Service } from "../../src/service/index.js";

let service: Service;
const keys: Record<string, string> = {};
let hidden: string;
let match: string;

async function send(method: HttpRequest["method"], path: string, key: string, body?: unknown) {
  const r = await service.handle({
    method,
    path: `/v2.1${path}`,
    headers: { authorization: key, "content-type": "application/vnd.api+json" },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  return { status: r.status, body: r.body === "" ? undefined : JSON.parse(r.body) };
}

beforeAll(async () => {
  service = await openService({ dbPath: ":memory:", requireAuth: true });
  for (const username of ["ada", "grace"]) {
    service.admin.addUser({ username });
    const made = service.admin.createKey({ label: username, user: username });
    if (!made.ok) throw new Error(made.reason);
    keys[username] = made.value.key;
  }
  const attributes = {
    name: "Hid",
    url: "hid",
    tournament_type: "single elimination",
    private: true,
  };
  const made = await send("POST", "/tournaments", keys.ada!, {
    data: { type: "Tournaments", attributes },
  });
  expect(made.status).toBe(201);
  hidden = made.body.data.id;
  const names = ["A", "B", "C", "D"].map((name) => ({ name }));
  const added = await send("POST", `/tournaments/${hidden}/participants/bulk_add`, keys.ada!, {
    data: { type: "Participants", attributes: { participants: names } },
  });
  expect(added.status).toBe(200);
  const started = await send("PUT", `/tournaments/${hidden}/change_state`, keys.ada!, {
    data: { type: "TournamentState", attributes: { state: "start" } },
  });
  expect(started.status).toBe(200);
  match = (await send("GET", `/tournaments/${hidden}/matches`, keys.ada!)).body.data[0].id;
});
afterAll(() => service.close());

const BAD_BODIES: unknown[] = [
  { data: { type: "Match", attributes: { match: [] } } },
  { data: { type: "Match", attributes: {} } },
  { nothing: true },
  "not json",
];

describe("a match report to what the caller cannot find", () => {
  it("is 404 whatever the body: an unknown tournament, another user's private one, an unknown match", async () => {
    for (const body of BAD_BODIES) {
      const missing = await send("PUT", "/tournaments/nonexist/matches/33", keys.grace!, body);
      expect(missing.status, JSON.stringify(body)).toBe(404);
      for (const ref of [hidden, "hid"]) {
        const other = await send("PUT", `/tournaments/${ref}/matches/${match}`, keys.grace!, body);
        const gone = await send("PUT", `/tournaments/x${ref}/matches/${match}`, keys.grace!, body);
        expect(other.status, `${ref} ${JSON.stringify(body)}`).toBe(404);
        expect(JSON.stringify(other.body).replaceAll(`x${ref}`, ref)).toBe(
          JSON.stringify(gone.body).replaceAll(`x${ref}`, ref),
        );
      }
      const noMatch = await send("PUT", `/tournaments/${hidden}/matches/999999`, keys.ada!, body);
      expect(noMatch.status, JSON.stringify(body)).toBe(404);
      expect(noMatch.body.errors[0].detail).toBe("match 999999 not found in tournament hid");
    }
  });

  it("so is every write naming a match, station or queue entry the tournament does not have", async () => {
    const station = await send("POST", `/tournaments/${hidden}/stations`, keys.ada!, {
      data: { type: "Station", attributes: { name: "Table 1" } },
    });
    expect(station.status, JSON.stringify(station.body)).toBe(201);
    const s = station.body.data.id;
    const cases: [HttpRequest["method"], string, string][] = [
      ["PUT", "/matches/999999/change_state", "match 999999 not found in tournament hid"],
      ["POST", "/matches/999999/attachments", "match 999999 not found in tournament hid"],
      ["PUT", "/stations/999999", "station 999999 not found in tournament hid"],
      ["POST", "/stations/999999/station_queuers", "station 999999 not found in tournament hid"],
      [
        "PUT",
        `/stations/${s}/station_queuers/999999`,
        `station queuer 999999 not found at station ${s}`,
      ],
    ];
    for (const [method, path, detail] of cases)
      for (const body of BAD_BODIES) {
        const r = await send(method, `/tournaments/${hidden}${path}`, keys.ada!, body);
        expect(r.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(404);
        expect(r.body.errors[0].detail).toBe(detail);
      }
  });

  it("the body is still checked once both are found", async () => {
    const refused = await send(
      "PUT",
      `/tournaments/${hidden}/matches/${match}`,
      keys.ada!,
      BAD_BODIES[0],
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].detail).toContain("match must be an array of 1 to 8 entries");
  });
});

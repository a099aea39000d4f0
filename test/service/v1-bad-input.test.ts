/**
 * v1 bad input (issue 17): each answered with the v1 status and error shape
 * ({"errors": ["..."]}), and nothing written (every stored row compared).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startV1, type V1Harness } from "../helpers/v1.js";

let v: V1Harness;
let matchId: number;
let players: [number, number];

beforeEach(async () => {
  v = await startV1();
  await v.call("POST", "/v1/tournaments.json", {
    query: { "tournament[name]": "Cup", "tournament[url]": "cup" },
  });
  await v.call("POST", "/v1/tournaments/cup/participants/bulk_add", {
    query: ["A", "B", "C", "D"].map((n) => ["participants[][name]", n] as [string, string]),
  });
  await v.call("POST", "/v1/tournaments/cup/start");
  const m = (await v.call("GET", "/v1/tournaments/cup/matches", { query: { state: "open" } }))
    .json[0].match;
  matchId = m.id;
  players = [m.player1_id, m.player2_id];
});
afterEach(() => v.close());

/** Sends a request that must be refused with `status`, and checks that nothing was written. */
async function refused(
  status: number,
  send: () => Promise<{ status: number; json: any }>,
): Promise<string[]> {
  const before = v.snapshot();
  const r = await send();
  expect(r.status).toBe(status);
  expect(Object.keys(r.json)).toEqual(["errors"]);
  expect(r.json.errors.length).toBeGreaterThan(0);
  for (const e of r.json.errors) expect(typeof e).toBe("string");
  expect(v.snapshot()).toBe(before);
  return r.json.errors;
}

describe("v1 credentials", () => {
  it("a missing api_key is 401 naming the parameter, with a Basic challenge", async () => {
    const before = v.snapshot();
    const r = await v.call("POST", "/v1/tournaments.json", {
      key: null,
      query: { "tournament[name]": "X" },
    });
    expect(r.status).toBe(401);
    expect(r.json.errors[0]).toMatch(/^Missing api_key/);
    expect(r.headers["www-authenticate"]).toMatch(/^Basic/);
    expect(v.snapshot()).toBe(before);
  });

  it("an unknown api_key is 401", async () => {
    const errors = await refused(401, () =>
      v.call("DELETE", "/v1/tournaments/cup.json", { key: `${v.key}x` }),
    );
    expect(errors).toEqual(["Invalid api_key: it is not a key of this server"]);
  });

  it("an OAuth token as the api_key is 401 saying v1 takes API keys only, the token unquoted", async () => {
    const token = "tat_0123456789abcdef0123456789abcdef";
    const errors = await refused(401, () =>
      v.call("DELETE", "/v1/tournaments/cup.json", { key: token }),
    );
    expect(errors).toEqual([
      "Invalid api_key: this is an OAuth token, and the v1 interface takes API keys only (a key from `tourney serve key create`); a token goes to /v2.1 as Authorization: Bearer <token> with Authorization-Type: v2",
    ]);
    expect(errors.join()).not.toContain(token);
  });

  it("HTTP Basic with the key as password is accepted, a wrong password is not", async () => {
    const basic = (password: string) =>
      `Basic ${Buffer.from(`anyone:${password}`).toString("base64")}`;
    const ok = await v.call("GET", "/v1/tournaments/cup.json", {
      key: null,
      headers: { authorization: basic(v.key) },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.tournament.url).toBe("cup");
    const bad = await v.call("GET", "/v1/tournaments/cup.json", {
      key: null,
      headers: { authorization: basic("nope") },
    });
    expect(bad.status).toBe(401);
  });

  it("v2.1 still refuses ?api_key=", async () => {
    const r = await v.s.request("GET", `/v2.1/tournaments?api_key=${v.key}`);
    expect(r.status).toBe(401);
    expect(r.json.errors[0].detail).toMatch(/Authorization header only/);
  });
});

describe("v1 parameters", () => {
  it("tournament[name][x]=1 is 422: a field takes one value", async () => {
    const errors = await refused(422, () =>
      v.call("PUT", "/v1/tournaments/cup.json", { query: { "tournament[name][x]": "1" } }),
    );
    expect(errors).toEqual(["Tournament[name] must be a single value, not tournament[name][...]"]);
  });

  it("unbalanced or misplaced brackets are 422 naming the parameter", async () => {
    for (const name of ["tournament[name", "tournament]name[", "tournament[na[me]]", "[name]"]) {
      const errors = await refused(422, () =>
        v.call("POST", "/v1/tournaments.json", { query: { [name]: "x" } }),
      );
      expect(errors[0]).toContain("is not valid bracket notation");
    }
  });

  it("a parameter both a value and a record, or nested too deep, is 422", async () => {
    await refused(422, () =>
      v.call("POST", "/v1/tournaments.json", {
        query: [
          ["tournament", "x"],
          ["tournament[name]", "y"],
        ],
      }),
    );
    await refused(422, () =>
      v.call("POST", "/v1/tournaments.json", { query: { "tournament[a][b][c][d]": "x" } }),
    );
  });

  it("a 1 MB query string is 414 in the v1 shape", async () => {
    const errors = await refused(414, () =>
      v.call("POST", "/v1/tournaments.json", {
        query: { "tournament[name]": "x".repeat(1 << 20) },
      }),
    );
    expect(errors[0]).toMatch(/query string is \d+ bytes long/);
  });

  it("unknown fields, wrong types and v2.1 validation are 422 with every problem, in v1 names", async () => {
    const errors = await refused(422, () =>
      v.call("POST", "/v1/tournaments.json", {
        query: {
          "tournament[name]": "",
          "tournament[colour]": "red",
          "tournament[open_signup]": "maybe",
        },
      }),
    );
    expect(errors).toEqual([
      "Tournament[colour] is not a v1 tournament field",
      'Tournament[open_signup] must be true or false, not "maybe"',
    ]);
    const v21 = await refused(422, () =>
      v.call("POST", "/v1/tournaments.json", {
        query: { "tournament[name]": "", "tournament[check_in_duration]": "99999" },
      }),
    );
    expect(v21).toEqual([
      "Check_in_duration must be between 1 and 10080, not 99999",
      "Name can't be blank",
    ]);
  });

  it("a body of another type is 415; JSON that does not parse is 422", async () => {
    await refused(415, () =>
      v.call("POST", "/v1/tournaments.json", {
        key: v.key,
        headers: { "content-type": "text/plain" },
        json: "tournament[name]=x",
      }),
    );
    const errors = await refused(422, () =>
      v.call("POST", "/v1/tournaments.json", { json: '{"tournament": ' }),
    );
    expect(errors[0]).toMatch(/^The request body is not valid JSON/);
  });

  it("an unknown tournament or participant is 404", async () => {
    expect(await refused(404, () => v.call("GET", "/v1/tournaments/nope.json"))).toEqual([
      "Tournament nope not found",
    ]);
    await refused(404, () => v.call("DELETE", "/v1/tournaments/cup/participants/99.json"));
    await refused(404, () => v.call("PUT", "/v1/tournaments/cup/matches/999.json"));
  });
});

describe("v1 match reports", () => {
  const report = (match: Record<string, string>) =>
    v.call("PUT", `/v1/tournaments/cup/matches/${matchId}.json`, {
      query: Object.fromEntries(Object.entries(match).map(([k, x]) => [`match[${k}]`, x])),
    });

  it("scores_csv that does not parse is 422 naming the set", async () => {
    for (const csv of ["3:1", "3-1,,2-0", "a-b", "3-1-2", "99999999999999999999-1"]) {
      const errors = await refused(422, () =>
        report({ scores_csv: csv, winner_id: String(players[0]) }),
      );
      expect(errors[0]).toMatch(/^Match\[scores_csv\] .* does not parse: set \d/);
    }
  });

  it("winner_id not in the match is 422 naming the players", async () => {
    const errors = await refused(422, () => report({ scores_csv: "2-0", winner_id: "3" }));
    expect(errors).toEqual([
      `Match[winner_id] 3 is not a player of match ${matchId} (players ${players[0]} and ${players[1]})`,
    ]);
    await refused(422, () => report({ winner_id: "somebody" }));
  });

  it("a tie in elimination, a report without scores_csv or winner_id, and unknown fields are 422", async () => {
    await refused(422, () => report({ scores_csv: "1-1", winner_id: "tie" }));
    await refused(422, () => v.call("PUT", `/v1/tournaments/cup/matches/${matchId}.json`));
    await refused(422, () => report({ player1_score: "3" }));
  });
});

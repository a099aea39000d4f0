/**
 * Bad percent escapes in v2.1 query strings (issue 24): `%ZZ`, a lone `%`, `%2` at the
 * end, bytes that are not UTF-8 (`%E0%A4` cut short, Latin-1 `%E9`). Every route that
 * reads its query (each list, the credential check, the event streams) answers 400 with
 * an error naming the parameter; before, the text was read literally or as U+FFFD, and
 * a filter matched nothing or a 404 said "community � not found". Good escapes still
 * work. Over a real loopback server.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createSandbox } from "../helpers/cli.js";
import { createWith } from "../helpers/cli-tournament.js";
import { sendExactly, useLoopbackService } from "../helpers/loopback-service.js";
import { raceBody, raceState } from "../helpers/race-service.js";
import { participantsBody, tournamentBody } from "../helpers/service.js";

const net = useLoopbackService();

interface Reply {
  readonly status: number;
  readonly json: any;
}

/** Sends `path` exactly as written (no URL normalization); a stream is closed at its head. */
async function send(method: string, path: string, body?: unknown): Promise<Reply> {
  const headers = { "content-type": "application/vnd.api+json" };
  const sent = body === undefined ? undefined : JSON.stringify(body);
  const r = await sendExactly(net.base, method, path, sent, headers);
  return { status: r.status, json: r.stream || r.text === "" ? undefined : JSON.parse(r.text) };
}

beforeAll(async () => {
  const cup = tournamentBody({ name: "Cup", url: "cup", tournament_type: "single elimination" });
  expect((await send("POST", "/v2.1/tournaments", cup)).status).toBe(201);
  const roster = participantsBody(["Ada", "Bea", "Cyd", "Dot"]);
  expect((await send("POST", "/v2.1/tournaments/1/participants/bulk_add", roster)).status).toBe(
    200,
  );
  const gp = raceBody({ name: "GP", raceType: "grand prix" });
  expect((await send("POST", "/v2.1/races", gp)).status).toBe(201);
  expect((await send("POST", "/v2.1/races/1/participants/bulk_add", roster)).status).toBe(200);
  expect((await send("PUT", "/v2.1/races/1/change_state", raceState("start"))).status).toBe(200);
});

const LISTS = [
  "/v2.1/tournaments",
  "/v2.1/tournaments.json",
  "/v2.1/tournaments/1/participants",
  "/v2.1/tournaments/1/matches",
  "/v2.1/tournaments/1/stations",
  "/v2.1/tournaments/1/share_links",
  "/v2.1/races",
  "/v2.1/races/1/participants",
  "/v2.1/races/1/rounds",
  "/v2.1/races/1/rounds/1/elapsed_times",
  "/v2/tournaments",
];

/** Each query, the parameter its error names, and what the detail quotes. */
const BAD: readonly [string, string, string][] = [
  ["page=%ZZ", "page", '"%ZZ" is not a percent escape'],
  ["page=%", "page", '"%" is not a percent escape'],
  ["per_page=2%2", "per_page", '"%2" is not a percent escape'],
  ["page=%E0%A4", "page", "%E0%A4 is not UTF-8"],
  ["state=Lat%E9in", "state", "%E9 is not UTF-8"],
  ["page=1&community_id=%E0%A4", "community_id", "%E0%A4 is not UTF-8"],
  ["page=1&%ZZ=1", "%ZZ", '"%ZZ" is not a percent escape'],
];

describe("bad percent escapes in v2.1 query strings", () => {
  it("are a 400 naming the parameter on every list, never read as text or U+FFFD", async () => {
    for (const path of LISTS) {
      expect((await send("GET", `${path}?page=1&per_page=%32`)).status, path).toBe(200);
      for (const [query, parameter, quoted] of BAD) {
        const r = await send("GET", `${path}?${query}`);
        expect(r.status, `${path}?${query}`).toBe(400);
        const error = r.json.errors[0];
        expect(error.source.parameter, `${path}?${query}`).toBe(parameter);
        expect(error.detail).toContain(`query parameter ${JSON.stringify(parameter)}: ${quoted}`);
      }
    }
  });

  it("a filter with a good escape still filters", async () => {
    const open = await send("GET", "/v2.1/tournaments/1/matches?state=%6Fpen");
    expect(open.status).toBe(200);
    expect(open.json.data).toHaveLength(0);
    const all = await send("GET", "/v2.1/tournaments?state=%70ending");
    expect(all.json.data.map((t: any) => t.attributes.name)).toEqual(["Cup"]);
  });

  it("event streams: 400 naming the parameter before a stream opens", async () => {
    for (const path of ["/v2.1/tournaments/1/events", "/v2.1/races/1/events"]) {
      const good = await send("GET", `${path}?since=2026-01-01T00%3A00%3A00Z`);
      expect(good.status, path).toBe(200);
      const r = await send("GET", `${path}?since=2026-01-01T00%3A00%3A00Z&from=%E0%A4`);
      expect(r.status, path).toBe(400);
      expect(r.json.errors[0].source.parameter).toBe("from");
      const lone = await send("GET", `${path}?since=%`);
      expect(lone.status, path).toBe(400);
      expect(lone.json.errors[0].detail).toContain('query parameter "since": "%" is not');
    }
  });

  it("embedded (tourney api, the read-only list path first): the service's refusal, exit 5", async () => {
    const sb = createSandbox();
    try {
      await createWith(sb, ["--name", "Cup", "--url", "cup"], ["Ada", "Bea"]);
      const other = await sb.run(["api", "/v2.1/tournaments?page=abc"]);
      expect(other.code).toBe(5);
      for (const q of ["page=%ZZ", "state=%E0%A4"]) {
        const r = await sb.run(["api", `/v2.1/tournaments?${q}`]);
        expect(r.code, q).toBe(5);
        expect(r.stderr).toContain(`query parameter "${q.split("=")[0]}"`);
      }
    } finally {
      sb.cleanup();
    }
  });
});

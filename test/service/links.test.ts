/**
 * Issue 25: the replies' links are absolute and end in `.json`, as the published
 * description draws them (`{base_url}/races/<url>.json`), built from
 * `serve --public-url` or the request's valid Host; a Host that is not a plain
 * host[:port] is never put into a link (service/link-base.ts).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { HttpMethod } from "../../src/model/http.js";
import { isHostAndPort, parsePublicUrl } from "../../src/model/public-url.js";
import { openService, type Service } from "../../src/service/index.js";
import { raceBody } from "../helpers/race-service.js";
import { tournamentBody } from "../helpers/service.js";

const opened: Service[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

async function service(publicUrl?: string) {
  const s = await openService({ dbPath: ":memory:", ...(publicUrl ? { publicUrl } : {}) });
  opened.push(s);
  const send = (method: HttpMethod, path: string, body?: unknown, host?: string) => {
    const headers: Record<string, string> = { "content-type": "application/vnd.api+json" };
    if (host !== undefined) headers.host = host;
    const r = s.handleSync({
      method,
      path,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: r.status, text: r.body, json: JSON.parse(r.body) };
  };
  return { s, send };
}

/** Every string under `links` anywhere in a document. */
function linksIn(value: unknown, found: string[] = [], inLinks = false): string[] {
  if (typeof value === "string" && inLinks) found.push(value);
  if (Array.isArray(value)) for (const v of value) linksIn(v, found, inLinks);
  else if (typeof value === "object" && value !== null)
    for (const [k, v] of Object.entries(value)) linksIn(v, found, inLinks || k === "links");
  return found;
}

async function withRecords(publicUrl?: string) {
  const h = await service(publicUrl);
  h.send(
    "POST",
    "/v2.1/tournaments.json",
    tournamentBody({ name: "Cup", tournament_type: "swiss" }),
  );
  h.send(
    "POST",
    "/v2.1/tournaments.json",
    tournamentBody({ name: "Open", tournament_type: "swiss" }),
  );
  h.send(
    "POST",
    "/v2.1/races.json",
    raceBody({ name: "Derby", raceType: "grand prix", grandPrixOptions: { rounds: 2 } }),
  );
  expect(h.send("GET", "/v2.1/tournaments").json.meta.count).toBe(2);
  expect(h.send("GET", "/v2.1/races").json.meta.count).toBe(1);
  return h;
}

describe("links: absolute, with .json", () => {
  it("start with the request's Host: tournaments, races, rounds, pages", async () => {
    const { send } = await withRecords();
    const host = "tourney.example.org:8080";
    const root = `http://${host}/v2.1`;
    const t = send("GET", "/v2.1/tournaments/1", undefined, host).json.data;
    expect(t.links).toEqual({ self: `${root}/tournaments/1.json` });
    const race = send("GET", "/v2.1/races/1.json", undefined, host).json.data;
    expect(race.links).toEqual({ self: `${root}/races/1.json` });
    expect(race.relationships.rounds.links).toEqual({ related: `${root}/races/1/rounds.json` });
    expect(race.relationships.participants.links).toEqual({
      related: `${root}/races/1/participants.json`,
    });
    const round = send("GET", "/v2.1/races/1/rounds/2", undefined, host).json.data;
    expect(round.links).toEqual({ self: `${root}/races/1/rounds/2.json` });
    expect(round.relationships.elapsedTimes.links.related).toBe(
      `${root}/races/1/rounds/2/elapsed_times.json`,
    );
    const page = send("GET", "/v2.1/tournaments?per_page=1&page=2&state=pending", undefined, host);
    expect(page.json.links).toEqual({
      self: `${root}/tournaments.json?per_page=1&page=2&state=pending`,
      prev: `${root}/tournaments.json?per_page=1&page=1&state=pending`,
    });
    const first = send("GET", "/v2.1/tournaments.json?per_page=1", undefined, host).json.links;
    expect(first.next).toBe(`${root}/tournaments.json?per_page=1&page=2`);
  });

  it("in process (no HTTP, no Host): http://localhost", async () => {
    const { send } = await withRecords();
    expect(send("GET", "/v2.1/races/1").json.data.links.self).toBe(
      "http://localhost/v2.1/races/1.json",
    );
  });

  it("with --public-url: that address for every request, whatever the Host", async () => {
    const { send } = await withRecords("https://tourney.example.org/club");
    const race = send("GET", "/v2.1/races/1", undefined, "other.example:1").json.data;
    expect(race.links.self).toBe("https://tourney.example.org/club/v2.1/races/1.json");
    const list = send("GET", "/v2.1/tournaments?per_page=1", undefined, "evil.com/x").json;
    expect(list.links.next).toBe(
      "https://tourney.example.org/club/v2.1/tournaments.json?per_page=1&page=2",
    );
  });

  it("a Host that is not host[:port] is never reflected: the default origin instead", async () => {
    const { send } = await withRecords();
    const hostile = [
      "evil.com/x",
      "evil.com\r\nSet-Cookie: a=b",
      "evil.com\r\n",
      `${"a".repeat(5000)}.com`,
      "a".repeat(5000),
      "evil.com:99999",
      "user@evil.com",
      "evil.com:80/../x",
      "<script>",
      "",
    ];
    for (const host of hostile) {
      const tournaments = send("GET", "/v2.1/tournaments?per_page=1", undefined, host);
      const race = send("GET", "/v2.1/races/1", undefined, host);
      expect(tournaments.status).toBe(200);
      for (const text of [tournaments.text, race.text]) {
        expect(text).not.toContain("evil");
        expect(text).not.toContain("aaaaaaaaaa");
        expect(text).not.toContain("<script");
      }
      const links = [...linksIn(tournaments.json), ...linksIn(race.json)];
      expect(links.length).toBeGreaterThan(3);
      for (const l of links) expect(l).toMatch(/^http:\/\/localhost\/v2\.1\/[^?]+\.json(\?|$)/);
    }
  });

  it("a fully qualified Host ending with a dot, in capitals, is kept (lower-cased)", async () => {
    const { send } = await withRecords();
    for (const [host, origin] of [
      ["Tourney.Example.ORG.", "http://tourney.example.org."],
      ["tourney.example.org.:8080", "http://tourney.example.org.:8080"],
    ])
      expect(send("GET", "/v2.1/tournaments/1", undefined, host).json.data.links.self).toBe(
        `${origin}/v2.1/tournaments/1.json`,
      );
    expect(parsePublicUrl("https://t.example.org./club")).toEqual({
      ok: true,
      origin: "https://t.example.org./club",
    });
    for (const bad of ["a..", ".", ".a", "a.:0"]) expect(isHostAndPort(bad), bad).toBe(false);
  });

  it("a reply kept for reuse is not handed to a request with another Host", async () => {
    const { send } = await withRecords();
    const a = send("GET", "/v2.1/tournaments/1", undefined, "a.example");
    const b = send("GET", "/v2.1/tournaments/1", undefined, "b.example");
    expect(a.json.data.links.self).toBe("http://a.example/v2.1/tournaments/1.json");
    expect(b.json.data.links.self).toBe("http://b.example/v2.1/tournaments/1.json");
  });
});

describe("the checks of Host and --public-url (model/public-url.ts)", () => {
  it("a host with an optional port, and nothing else", () => {
    for (const ok of ["localhost", "127.0.0.1:4870", "a-b.example.org", "[::1]:8080", "H.ex"])
      expect(isHostAndPort(ok), ok).toBe(true);
    for (const bad of ["", "a/b", "a b", "a:0", "a:65536", "-a.com", "a..com", "a\r\nb", "é.fr"])
      expect(isHostAndPort(bad), bad).toBe(false);
    expect(isHostAndPort("a".repeat(5000))).toBe(false);
  });

  it("--public-url: http(s), a host, an optional path; no user, query or fragment", () => {
    expect(parsePublicUrl("https://t.example.org/")).toEqual({
      ok: true,
      origin: "https://t.example.org",
    });
    expect(parsePublicUrl("http://10.0.0.5:4870/club/")).toEqual({
      ok: true,
      origin: "http://10.0.0.5:4870/club",
    });
    for (const bad of ["t.example.org", "ftp://t.example", "https://u:p@t.example", "http://t/?a"])
      expect(parsePublicUrl(bad)).toMatchObject({
        ok: false,
        reason: expect.stringContaining("--public-url needs an address"),
      });
  });
});

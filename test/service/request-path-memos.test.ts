/**
 * What serve's request path keeps between requests instead of working out again
 * (issue 27, `serve` GET against a bare node:http server): the router's matches by
 * method and path, the links' origin by Host, the entity tag's user hash; and what
 * it no longer does per request: a case-blind copy of the headers when a header is
 * missing from a request whose names are all lower case (Node's). Each answers as
 * it did when worked out each time.
 */
import { describe, expect, it, vi } from "vitest";

vi.mock("../../src/model/public-url.js", async (original) => {
  const real = await original<typeof import("../../src/model/public-url.js")>();
  return { ...real, isHostAndPort: vi.fn(real.isHostAndPort) };
});

const { isHostAndPort } = await import("../../src/model/public-url.js");
const { LinkOrigin } = await import("../../src/service/link-base.js");
const { Router } = await import("../../src/service/router.js");
const { IncomingRequest } = await import("../../src/service/incoming-request.js");
const { entityTag } = await import("../../src/service/entity-tag.js");

const ok = () => ({ status: 200 });

describe("Router.match", () => {
  it("gives the same frozen match for the same method and path, another for another", () => {
    const router = new Router();
    router.get("/v2.1/tournaments/:tournament", ok);
    const first = router.match("GET", "/v2.1/tournaments/7");
    const again = router.match("GET", "/v2.1/tournaments/7");
    expect(first.kind).toBe("found");
    expect(again).toBe(first);
    if (first.kind !== "found") return;
    expect(Object.isFrozen(first.params)).toBe(true);
    expect(first.params).toEqual({ tournament: "7" });
    const other = router.match("GET", "/v2.1/tournaments/8");
    expect(other.kind === "found" && other.params).toEqual({ tournament: "8" });
    expect(router.match("PUT", "/v2.1/tournaments/7")).toEqual({
      kind: "method",
      allowed: ["GET"],
    });
    expect(router.match("GET", "/v2.1/nothing").kind).toBe("none");
  });

  it("finds a route added after a path was matched (what was kept is dropped)", () => {
    const router = new Router();
    router.get("/a/:x", ok);
    expect(router.match("PUT", "/a/1").kind).toBe("method");
    router.put("/a/:x", ok);
    expect(router.match("PUT", "/a/1").kind).toBe("found");
  });

  it("matches a long path, and many paths, as it matched them without keeping any", () => {
    const router = new Router();
    router.get("/t/:x", ok);
    const long = `/t/${"y".repeat(1000)}`;
    const found = router.match("GET", long);
    expect(found.kind === "found" && found.params.x).toBe("y".repeat(1000));
    for (let i = 0; i < 2000; i++) {
      const m = router.match("GET", `/t/${i}`);
      expect(m.kind === "found" && m.params.x).toBe(String(i));
    }
    expect(router.match("GET", "/t/5")).toBe(router.match("GET", "/t/5"));
  });
});

describe("LinkOrigin.of", () => {
  it("checks a Host once, and answers it as it did", () => {
    const origins = new LinkOrigin();
    const check = vi.mocked(isHostAndPort);
    check.mockClear();
    expect(origins.of("Example.ORG:8080")).toBe("http://example.org:8080");
    expect(origins.of("Example.ORG:8080")).toBe("http://example.org:8080");
    expect(check).toHaveBeenCalledTimes(1);
    expect(origins.of("example.org:8080")).toBe("http://example.org:8080");
    expect(check).toHaveBeenCalledTimes(2);
  });

  it("gives a Host that is not host[:port] serve's address, the one it listens on now", () => {
    const origins = new LinkOrigin();
    expect(origins.of("a/b")).toBe("http://localhost");
    expect(origins.of(undefined)).toBe("http://localhost");
    origins.listening("http://127.0.0.1:4870");
    expect(origins.of("a/b")).toBe("http://127.0.0.1:4870");
    expect(origins.of(undefined)).toBe("http://127.0.0.1:4870");
    for (let i = 0; i < 200; i++) expect(origins.of(`h${i}.example`)).toBe(`http://h${i}.example`);
  });

  it("gives --public-url whatever the Host", () => {
    const origins = new LinkOrigin("https://club.example/t");
    expect(origins.of("other.example")).toBe("https://club.example/t");
  });
});

describe("IncomingRequest.header", () => {
  /** Headers whose names are listed (Object.keys/entries) counted. */
  function counted(headers: Record<string, string>) {
    const seen = { listed: 0 };
    const proxy = new Proxy(headers, {
      ownKeys(target) {
        seen.listed++;
        return Reflect.ownKeys(target);
      },
    });
    return { proxy, seen };
  }

  it("looks a missing header up once when the names are lower case (serve's), listing none", () => {
    const { proxy, seen } = counted({ host: "x", authorization: "k" });
    const r = new IncomingRequest(
      { method: "GET", path: "/v2.1/tournaments", headers: proxy, lowerCaseNames: true },
      new LinkOrigin(),
    );
    expect(r.header("if-none-match")).toBeUndefined();
    expect(r.header("content-length")).toBeUndefined();
    expect(r.header("authorization")).toBe("k");
    expect(r.header("Authorization")).toBe("k");
    expect(seen.listed).toBe(0);
  });

  it("finds headers whatever their case otherwise (the in-process transport's)", () => {
    const r = new IncomingRequest(
      { method: "GET", path: "/", headers: { Authorization: "k", "If-None-Match": "*" } },
      new LinkOrigin(),
    );
    expect(r.header("authorization")).toBe("k");
    expect(r.header("if-none-match")).toBe("*");
    expect(r.header("accept")).toBeUndefined();
  });

  it("answers as the lower-case copy did: the last of two names in different case, own names only", () => {
    const inherited = Object.create({ "Content-Length": "9" }) as Record<string, string>;
    Object.assign(inherited, { "CONTENT-TYPE": "a", "Content-Type": "b", accept: "c" });
    const r = new IncomingRequest(
      { method: "PUT", path: "/", headers: inherited },
      new LinkOrigin(),
    );
    expect(r.header("content-type")).toBe("b");
    expect(r.header("Accept")).toBe("c");
    expect(r.header("content-length")).toBeUndefined();
    expect(r.header("content-typ")).toBeUndefined();
  });
});

describe("entityTag", () => {
  it("tells users apart when they alternate", () => {
    const a = entityTag("i", "1", "alice\nhttp://h");
    const b = entityTag("i", "1", "bob\nhttp://h");
    expect(b).not.toBe(a);
    expect(entityTag("i", "1", "alice\nhttp://h")).toBe(a);
    expect(entityTag("i", "2", "bob\nhttp://h")).toBe(b.replace(".1.", ".2."));
  });
});

describe("serve's headers (Node's own object, no copy unless Set-Cookie)", () => {
  it("answers a request with repeated Set-Cookie, and a conditional GET, on a real socket", async () => {
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { request } = await import("node:http");
    const { openService, startHttpServer } = await import("../../src/service/index.js");
    const dir = mkdtempSync(join(tmpdir(), "tourney-request-path-"));
    const service = await openService({ dbPath: join(dir, "serve.db"), requireAuth: true });
    const key = service.createApiKey("owner");
    const server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
    const get = (headers: Record<string, string | string[]>) =>
      new Promise<{ status: number; etag: string | undefined; body: string }>((done, fail) => {
        const req = request(
          { host: "127.0.0.1", port: server.port, path: "/v2.1/tournaments.json", headers },
          (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (text: string) => {
              body += text;
            });
            res.on("end", () =>
              done({ status: res.statusCode ?? 0, etag: res.headers.etag, body }),
            );
          },
        );
        req.on("error", fail);
        req.end();
      });
    try {
      const plain = await get({ Authorization: key });
      expect(plain.status).toBe(200);
      expect(JSON.parse(plain.body).data).toEqual([]);
      const cookies = await get({ Authorization: key, "Set-Cookie": ["a=1", "b=2"] });
      expect(cookies.status).toBe(200);
      expect(cookies.body).toBe(plain.body);
      const again = await get({ Authorization: key, "If-None-Match": plain.etag ?? "" });
      expect(again.status).toBe(304);
      expect((await get({})).status).toBe(401);
    } finally {
      await server.close();
      service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the service's clock text (context.ts now)", () => {
  it("is made once a millisecond, again when the clock moves, and an invalid date still throws", async () => {
    const { createContext } = await import("../../src/service/context.js");
    const { openDatabase } = await import("../../src/store/database.js");
    const db = openDatabase(":memory:");
    let date = new Date("2026-01-02T03:04:05.006Z");
    const made = vi.fn();
    const clock = () => {
      const d = new Date(date.getTime());
      const text = d.toISOString.bind(d);
      d.toISOString = () => {
        made();
        return text();
      };
      return d;
    };
    try {
      const context = createContext(db, { now: clock });
      expect(context.now()).toBe("2026-01-02T03:04:05.006Z");
      expect(context.inRequest(() => context.now())).toBe("2026-01-02T03:04:05.006Z");
      expect(made).toHaveBeenCalledTimes(1);
      date = new Date("2026-01-02T03:04:05.007Z");
      expect(context.now()).toBe("2026-01-02T03:04:05.007Z");
      expect(made).toHaveBeenCalledTimes(2);
      date = new Date(Number.NaN);
      expect(() => context.now()).toThrow(RangeError);
    } finally {
      db.close();
    }
  });
});

describe("a kept reply text spares making its body (Reply.makeBody)", () => {
  it("lists a page of matches once for two equal GETs, again after a write, answering the same", async () => {
    const { CachedMatches } = await import("../../src/store/cache/cached-matches.js");
    const { startService, tournamentBody, participantsBody } = await import(
      "../helpers/service.js"
    );
    const s = await startService();
    try {
      const created = await s.request(
        "POST",
        "/v2.1/tournaments",
        tournamentBody({ name: "Cup", tournament_type: "single elimination" }),
      );
      const t = created.json.data.id as string;
      const names = ["Ada", "Grace", "Linus", "Alan"];
      await s.request(
        "POST",
        `/v2.1/tournaments/${t}/participants/bulk_add`,
        participantsBody(names),
      );
      const start = { data: { type: "TournamentState", attributes: { state: "start" } } };
      expect((await s.request("PUT", `/v2.1/tournaments/${t}/change_state`, start)).status).toBe(
        200,
      );
      const lists = vi.spyOn(CachedMatches.prototype, "list");
      const first = await s.request("GET", `/v2.1/tournaments/${t}/matches`);
      const again = await s.request("GET", `/v2.1/tournaments/${t}/matches`);
      expect(again.body).toBe(first.body);
      expect(again.json.data).toHaveLength(3);
      expect(lists).toHaveBeenCalledTimes(1);
      const one = await s.request("GET", `/v2.1/tournaments/${t}.json`);
      expect((await s.request("GET", `/v2.1/tournaments/${t}.json`)).body).toBe(one.body);
      await s.request("PUT", `/v2.1/tournaments/${t}`, tournamentBody({ name: "Cup 2" }));
      const renamed = await s.request("GET", `/v2.1/tournaments/${t}.json`);
      expect(renamed.json.data.attributes.name).toBe("Cup 2");
      await s.request("GET", `/v2.1/tournaments/${t}/matches`);
      expect(lists).toHaveBeenCalledTimes(2);
      expect((await s.request("GET", `/v2.1/tournaments/${t}/matches/999999`)).status).toBe(404);
      lists.mockRestore();
    } finally {
      s.service.close();
    }
  });
});

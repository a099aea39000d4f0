/**
 * The bracket viewer on serve's HTTP adapter (issue 18), over a real loopback
 * server on a database file the CLI (in process, its own connection) writes:
 * who may look (public without a key; private with a live share link of its own
 * only; nothing of /v2.1 with a share token), data.json's shape (what the CLI's
 * drawing reads), the event stream (an event after a report through the CLI),
 * static files (no path traversal), HEAD and OPTIONS.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DB_FILE_NAME } from "../../src/config/paths.js";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";
import { StaticFiles } from "../../src/service/viewer/static-files.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
  readonly raw?: Buffer;
}

let sb: Sandbox;
let service: Service;
let server: RunningServer;
let base: string;
let ownerKey: string;
const EIGHT = ["Ada", "Bea", "Cyd", "Dot", "Eli", "Fay", "Gus", "Hal"];

function send(method: string, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    // The path as it is: a URL would be normalised ("/viewer/../x" -> "/x") before it is sent.
    const { hostname, port } = new URL(base);
    const req = httpRequest({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: raw.toString("utf8"),
          raw,
        });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const get = (path: string, headers?: Record<string, string>) => send("GET", path, headers);

/** Opens an event stream; `next()` resolves with the next data frame's event. */
function openStream(path: string, headers: Record<string, string> = {}) {
  const events: any[] = [];
  const waiting: ((e: any) => void)[] = [];
  let text = "";
  let close = () => {};
  let onEnd = (_done: () => void) => {};
  const opened = new Promise<Reply>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      close = () => res.destroy();
      res.setEncoding("utf8");
      if (res.statusCode !== 200) {
        let body = "";
        res.on("data", (d) => {
          body += d;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        return;
      }
      resolve({ status: 200, headers: res.headers, body: "" });
      onEnd = (done) => res.on("end", done);
      res.on("data", (d: string) => {
        text += d;
        let at = text.indexOf("\n\n");
        while (at !== -1) {
          const frame = text.slice(0, at);
          text = text.slice(at + 2);
          const data = frame.split("\n").find((l) => l.startsWith("data: "));
          if (data !== undefined) {
            const event = JSON.parse(data.slice(6));
            const w = waiting.shift();
            if (w) w(event);
            else events.push(event);
          }
          at = text.indexOf("\n\n");
        }
      });
    });
    req.on("error", reject);
    req.end();
  });
  return {
    opened,
    next: () =>
      new Promise<any>((resolve) => {
        const e = events.shift();
        if (e !== undefined) resolve(e);
        else waiting.push(resolve);
      }),
    close: () => close(),
    onEnd: (done: () => void) => onEnd(done),
    received: () => events,
  };
}

async function shareOf(t: string): Promise<{ id: string; token: string; url: string }> {
  const made = ok(await sb.run(["bracket", t, "--share", "--json"])).json();
  return { id: String(made.id), token: made.token, url: made.url };
}

let open: { t: string; ids: ReadonlyMap<string, number> };
let secret: { t: string };
let other: { t: string };

beforeAll(async () => {
  sb = createSandbox();
  open = await createWith(
    sb,
    ["--name", 'Open <Cup> & "friends"', "--url", "open_cup", "--type", "double elimination"],
    EIGHT,
  );
  ok(await sb.run(["tournament", "start", open.t]));
  secret = await createWith(
    sb,
    ["--name", "Secret Cup", "--url", "secret_cup", "--private"],
    EIGHT.slice(0, 4),
  );
  other = await createWith(
    sb,
    ["--name", "Other Cup", "--url", "other_cup", "--private"],
    EIGHT.slice(0, 4),
  );
  const dbPath = join(sb.env.TOURNEY_DATA_DIR!, DEFAULT_DB_FILE_NAME);
  service = await openService({ dbPath, requireAuth: true, busyTimeoutMs: 250 });
  ownerKey = service.createApiKey("owner");
  server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${server.port}`;
}, 60_000);

afterAll(async () => {
  await server?.close();
  service?.close();
  sb?.cleanup();
});

describe("who may look", () => {
  it("shows a public tournament's page without a key, its title escaped", async () => {
    const page = await get("/tournaments/open_cup/bracket");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.body).toContain("Open &lt;Cup&gt; &amp; &quot;friends&quot;");
    expect(page.body).not.toContain("Open <Cup>");
    // Relative to the page, so that they hold under a proxy's path prefix (test/viewer/prefix).
    expect(page.body).toContain('"dataUrl":"../../tournaments/open_cup/bracket/data.json"');
    expect(page.body).toContain('"eventsUrl":"../../tournaments/open_cup/bracket/events"');
    expect(page.body).toContain('src="../../viewer/viewer.js"');
    // By id, with a trailing slash, and under its community path when it has none: 404.
    const slashed = await get(`/tournaments/${open.t}/bracket/`);
    expect(slashed.status).toBe(200);
    expect(slashed.body).toContain('src="../../../viewer/viewer.js"');
    expect((await get("/communities/nowhere/tournaments/open_cup/bracket")).status).toBe(404);
  });

  it("answers one 404 page for unknown, private without a link, wrong and revoked links", async () => {
    const { token, id } = await shareOf(secret.t);
    const { token: otherToken } = await shareOf(other.t);
    const refusals = [
      "/tournaments/nope/bracket",
      "/tournaments/secret_cup/bracket",
      "/tournaments/secret_cup/bracket?share=tv_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "/tournaments/secret_cup/bracket?share=not-a-token",
      `/tournaments/secret_cup/bracket?share=${otherToken}`,
      `/tournaments/open_cup/bracket?share=${otherToken}`,
    ];
    const bodies = new Set<string>();
    for (const path of refusals) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.headers["content-type"]).toBe("text/html; charset=utf-8");
      bodies.add(r.body);
    }
    expect(bodies.size).toBe(1);
    const [body] = [...bodies];
    expect(body).toContain("No bracket here");
    expect(body).not.toContain("Secret");

    const page = await get(`/tournaments/secret_cup/bracket?share=${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("<title>Secret Cup");
    expect(page.body).toContain(`/tournaments/secret_cup/bracket/data.json?share=${token}`);
    const data = await get(`/tournaments/secret_cup/bracket/data.json?share=${token}`);
    expect(data.status).toBe(200);
    expect(JSON.parse(data.body).tournament.attributes.name).toBe("Secret Cup");
    // Token of secret_cup on other_cup: nothing, page, data or events.
    for (const kind of ["", "/data.json", "/events"])
      expect((await get(`/tournaments/other_cup/bracket${kind}?share=${token}`)).status).toBe(404);

    ok(await sb.run(["bracket", secret.t, "--revoke-share", id]));
    for (const kind of ["", "/data.json", "/events"]) {
      const r = await get(`/tournaments/secret_cup/bracket${kind}?share=${token}`);
      expect(r.status, kind).toBe(404);
    }
    const json = await get(`/tournaments/secret_cup/bracket/data.json?share=${token}`);
    expect(json.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(json.body).errors[0]).toMatchObject({ status: 404, code: "revoked" });
    // Its holder is told the link was revoked (issue 28); outsiders keep the one answer.
    const revokedPage = await get(`/tournaments/secret_cup/bracket?share=${token}`);
    expect(revokedPage.body).toContain('"reason":"revoked"');
    expect(body).toContain('"reason":"not_found"');
    const bare = await get("/tournaments/secret_cup/bracket/data.json");
    expect(JSON.parse(bare.body).errors[0].code).toBe("not_found");
  });

  it("answers under a community's path for a tournament of that community only", async () => {
    ok(await sb.run(["serve", "community", "add", "lan", "--name", "LAN party"]));
    await createWith(
      sb,
      ["--name", "Lan Cup", "--url", "lan_cup", "--community", "lan"],
      ["Ada", "Bea"],
    );
    const page = await get("/communities/lan/tournaments/lan_cup/bracket");
    expect(page.status).toBe(200);
    expect(page.body).toContain(
      '"dataUrl":"../../../../communities/lan/tournaments/lan_cup/bracket/data.json"',
    );
    const data = await get("/communities/lan/tournaments/lan_cup/bracket/data.json");
    expect(JSON.parse(data.body).participants).toHaveLength(2);
    expect((await get("/communities/lan/tournaments/open_cup/bracket")).status).toBe(404);
    expect((await get("/communities/elsewhere/tournaments/lan_cup/bracket")).status).toBe(404);
  });

  it("never opens anything of /v2.1 with a share token", async () => {
    const { token } = await shareOf(secret.t);
    const paths = [
      `/v2.1/tournaments/${secret.t}`,
      `/v2.1/tournaments/${secret.t}/matches`,
      `/v2.1/tournaments/${secret.t}/participants`,
      `/v2.1/tournaments/${secret.t}/events`,
      "/v2.1/tournaments",
      "/v2.1/me",
    ];
    for (const path of paths) {
      for (const headers of [
        { authorization: token },
        { authorization: `Bearer ${token}`, "authorization-type": "v2" },
        {},
      ]) {
        const r = await get(`${path}?share=${token}`, headers);
        expect([401, 404], `${path} ${JSON.stringify(headers)}`).toContain(r.status);
        expect(r.body).not.toContain("Secret Cup");
        expect(r.body).not.toContain("Ada");
      }
    }
    // A public tournament's API stays behind its key too.
    expect((await get(`/v2.1/tournaments/${open.t}`)).status).toBe(401);
  });
});

describe("data.json", () => {
  it("holds the v2.1 records the CLI's drawing reads, ETag and 304", async () => {
    const r = await get("/tournaments/open_cup/bracket/data.json");
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("application/json; charset=utf-8");
    // Nothing written since: the same tag, 304 without a body.
    const etag = r.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get("/tournaments/open_cup/bracket/data.json", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    const data = JSON.parse(r.body);
    expect(Object.keys(data).sort()).toEqual([
      "matches",
      "participants",
      "standings",
      "stations",
      "tournament",
    ]);
    // The very records the API gives the owner (what draw.ts fetchBracket reads).
    const auth = { authorization: ownerKey };
    const api = (path: string) => get(`/v2.1/tournaments/${open.t}${path}`, auth);
    const one = JSON.parse((await api("")).body).data;
    const participants = JSON.parse((await api("/participants?per_page=1000")).body).data;
    const matches = JSON.parse((await api("/matches?per_page=1000")).body).data;
    const standings = JSON.parse((await api("/standings")).body).data;
    expect(data.tournament).toEqual(one);
    expect(data.participants).toEqual(participants);
    expect(data.matches).toEqual(matches);
    expect(data.standings).toEqual(standings);
    expect(data.stations).toEqual([]);
    expect(data.tournament).toMatchObject({ id: open.t, type: "tournament" });
    expect(data.participants).toHaveLength(8);
    expect(data.matches.length).toBeGreaterThanOrEqual(14);
    for (const m of data.matches) {
      expect(m.type).toBe("match");
      expect(m.attributes).toHaveProperty("identifier");
      expect(m.attributes).toHaveProperty("state");
    }
  });

  it("gzips it for a client that takes gzip, with a weak tag; the same text while nothing changes", async () => {
    const plain = await get("/tournaments/open_cup/bracket/data.json");
    const again = await get("/tournaments/open_cup/bracket/data.json");
    expect(again.body).toBe(plain.body);
    expect(plain.headers.vary).toBe("accept-encoding");
    const zipped = await get("/tournaments/open_cup/bracket/data.json", {
      "accept-encoding": "br, gzip;q=0.8",
    });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.etag).toBe(`W/${plain.headers.etag}`);
    expect(gunzipSync(zipped.raw!).toString("utf8")).toBe(plain.body);
    expect(zipped.raw!.length).toBeLessThan(plain.body.length / 3);
    const notModified = await get("/tournaments/open_cup/bracket/data.json", {
      "accept-encoding": "gzip",
      "if-none-match": zipped.headers.etag as string,
    });
    expect(notModified.status).toBe(304);
    const refused = await get("/tournaments/open_cup/bracket/data.json", {
      "accept-encoding": "gzip;q=0, identity",
    });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it("answers 404, not 500, for a tournament deleted between the look-up and the reads", async () => {
    const gone = await createWith(sb, ["--name", "Gone Cup", "--url", "gone_cup"], ["Ada", "Bea"]);
    const row = service.viewer.find("gone_cup", undefined, undefined)!;
    expect(row.name).toBe("Gone Cup");
    ok(await sb.run(["tournament", "delete", gone.t, "--yes"]));
    const answer = await service.viewer.data(row, undefined);
    if (answer.kind !== "reply") throw new Error("expected a refusal, not a snapshot");
    expect(answer.response.status).toBe(404);
    expect(JSON.parse(answer.response.body).errors[0].detail).toContain("no bracket here");
    expect((await get("/tournaments/gone_cup/bracket/data.json")).status).toBe(404);
  });

  it("draws in the terminal from the same records (the CLI's drawing model reads them)", async () => {
    const { bracketData } = await import("../../src/bracket-model/data.js");
    const data = JSON.parse((await get("/tournaments/open_cup/bracket/data.json")).body);
    const drawn = bracketData({
      tournament: data.tournament,
      participants: data.participants,
      matches: data.matches,
      standings: data.standings ?? undefined,
    });
    expect(drawn.matches.length).toBe(data.matches.length);
  });
});

describe("events", () => {
  it("streams an event after a report through the CLI on the same database file", async () => {
    const stream = openStream("/tournaments/open_cup/bracket/events");
    const opened = await stream.opened;
    expect(opened.status).toBe(200);
    expect(opened.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    const list = ok(await sb.run(["match", "list", open.t, "--state", "open", "--json"])).json();
    const m = list.sort((a: any, b: any) => a.identifier.localeCompare(b.identifier))[0];
    ok(
      await sb.run([
        "match",
        "report",
        open.t,
        m.identifier,
        "--winner",
        String(m.player1_id),
        "--scores",
        "2-0",
      ]),
    );
    const event = await stream.next();
    expect(event.type).toBe("match.completed");
    expect(event.match.identifier).toBe(m.identifier);
    stream.close();
  });

  it("opens a private tournament's stream with its share link only", async () => {
    const { token } = await shareOf(secret.t);
    const refused = openStream("/tournaments/secret_cup/bracket/events");
    expect((await refused.opened).status).toBe(404);
    const allowed = openStream(`/tournaments/secret_cup/bracket/events?share=${token}`);
    expect((await allowed.opened).status).toBe(200);
    ok(await sb.run(["tournament", "start", secret.t]));
    expect((await allowed.next()).type).toBe("tournament.state_changed");
    allowed.close();
  });
});

describe("a share link revoked while its stream is open", () => {
  it("ends the stream at the next event", async () => {
    const { token, id } = await shareOf(other.t);
    const stream = openStream(`/tournaments/other_cup/bracket/events?share=${token}`);
    expect((await stream.opened).status).toBe(200);
    const ended = new Promise<void>((resolve) => {
      stream.onEnd(resolve);
    });
    ok(await sb.run(["bracket", other.t, "--revoke-share", id]));
    ok(await sb.run(["tournament", "start", other.t]));
    await ended;
    // Not the event: only why the stream ended (issue 28).
    expect(stream.received()).toEqual([{ reason: "revoked" }]);
  });
});

describe("a public tournament made private while its stream is open", () => {
  it("ends the stream at the next event, which it does not send", async () => {
    const turn = await createWith(
      sb,
      ["--name", "Turn Cup", "--url", "turn_cup"],
      EIGHT.slice(0, 4),
    );
    ok(await sb.run(["tournament", "start", turn.t]));
    const stream = openStream("/tournaments/turn_cup/bracket/events");
    expect((await stream.opened).status).toBe(200);
    const ended = new Promise<void>((resolve) => {
      stream.onEnd(resolve);
    });
    ok(await sb.run(["tournament", "update", turn.t, "--private"]));
    const list = ok(await sb.run(["match", "list", turn.t, "--state", "open", "--json"])).json();
    const m = list[0];
    ok(
      await sb.run([
        "match",
        "report",
        turn.t,
        m.identifier,
        "--winner",
        String(m.player1_id),
        "--scores",
        "2-0",
      ]),
    );
    await ended;
    expect(stream.received()).toEqual([{ reason: "private" }]);
    expect((await get("/tournaments/turn_cup/bracket")).status).toBe(404);
  });
});

describe("static files, HEAD and OPTIONS", () => {
  it("serves the built files and refuses names outside dist/viewer", async () => {
    const dir = join(sb.dir, "viewer");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "viewer.js"), "console.log('viewer');\n");
    writeFileSync(join(dir, "viewer.css"), "body{}\n");
    writeFileSync(join(sb.dir, "secret.txt"), "do not serve\n");
    const files = new StaticFiles(dir);
    const js = files.answer("viewer.js", undefined);
    expect(js.status).toBe(200);
    expect(js.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(js.headers["cache-control"]).toBe("no-cache");
    expect(String(js.body)).toContain("viewer");
    expect(files.answer("viewer.css", undefined).headers["content-type"]).toBe(
      "text/css; charset=utf-8",
    );
    expect(files.answer("viewer.js", js.headers.etag).status).toBe(304);
    for (const name of [
      "../secret.txt",
      "..%2Fsecret.txt",
      "%2e%2e/secret.txt",
      ".hidden.js",
      "sub/viewer.js",
      "viewer",
      "missing.js",
      "/etc/passwd",
    ])
      expect(files.answer(name, undefined).status, name).toBe(404);
  });

  it("refuses traversal over HTTP, answers HEAD and OPTIONS, refuses writes", async () => {
    for (const path of [
      "/viewer/../package.json",
      "/viewer/..%2F..%2Fpackage.json",
      "/viewer/%2e%2e%2fpackage.json",
      "/viewer/..\\package.json",
      "/viewer/nothing.js",
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.body).not.toContain('"name": "tourney"');
    }
    const head = await send("HEAD", "/tournaments/open_cup/bracket");
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect((await send("HEAD", "/tournaments/secret_cup/bracket")).status).toBe(404);
    const headData = await send("HEAD", "/tournaments/open_cup/bracket/data.json");
    expect(headData.status).toBe(200);
    expect(headData.body).toBe("");
    const options = await send("OPTIONS", "/tournaments/open_cup/bracket/data.json");
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe("GET, HEAD, OPTIONS");
    const post = await send("POST", "/tournaments/open_cup/bracket");
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD, OPTIONS");
    const del = await send("DELETE", "/viewer/viewer.js");
    expect(del.status).toBe(405);
  });
});

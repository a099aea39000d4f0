/**
 * The defects a probe of `tourney serve` found (issue 9), each reproduced as
 * the probe showed it: prototype keys, deep nesting, control characters and
 * lone surrogates, unknown methods, keys in URLs, reads that wrote, a busy
 * database, file modes, and a malformed key in the environment.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openService, type RunningServer, startHttpServer } from "../../src/service/index.js";
import { createSandbox } from "../helpers/cli.js";
import {
  participantsBody,
  type ServiceHarness,
  startService,
  tournamentBody,
} from "../helpers/service.js";

const scratch = mkdtempSync(join(tmpdir(), "tourney-defects-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function tournament(h: ServiceHarness, name = "Cup"): Promise<string> {
  const created = await h.request(
    "POST",
    "/v2.1/tournaments",
    tournamentBody({ name, tournament_type: "single elimination" }),
  );
  expect(created.status).toBe(201);
  return created.json.data.id as string;
}

describe("prototype keys never reach Object's properties", () => {
  let h: ServiceHarness;
  beforeAll(async () => {
    h = await startService();
  });

  it("refuses constructor, __proto__ and prototype as attribute groups, and the service keeps answering", async () => {
    const id = await tournament(h);
    // JSON text, as a client sends it: "__proto__" is then an own key of the parsed object.
    for (const attributes of [
      '{"constructor":{"entries":1}}',
      '{"constructor":{"keys":1}}',
      '{"__proto__":{"entries":1}}',
      '{"prototype":{"x":1}}',
      '{"hasOwnProperty":{"x":1}}',
      '{"match_options":{"constructor":1,"toString":1}}',
    ]) {
      const put = await h.request(
        "PUT",
        `/v2.1/tournaments/${id}`,
        `{"data":{"type":"tournament","attributes":${attributes}}}`,
      );
      expect(put.status, attributes).toBe(422);
      expect(put.json.errors[0].source.pointer).toMatch(/^\/data\/attributes\//);
      const created = await h.request(
        "POST",
        "/v2.1/tournaments",
        `{"data":{"type":"tournament","attributes":${attributes.replace("{", '{"name":"X","tournament_type":"swiss",')}}}`,
      );
      expect(created.status, attributes).toBe(422);
    }
    expect(Object.entries({ a: 1 })).toEqual([["a", 1]]);
    expect((await h.request("GET", "/v2.1/tournaments")).status).toBe(200);
    expect((await h.request("GET", `/v2.1/tournaments/${id}`)).json.data.attributes.name).toBe(
      "Cup",
    );
  });

  it("answers 400 to a state filter named after an Object property", async () => {
    for (const state of [
      "constructor",
      "hasOwnProperty",
      "isPrototypeOf",
      "toString",
      "valueOf",
      "__proto__",
    ]) {
      const list = await h.request("GET", `/v2.1/tournaments?state=${state}`);
      expect(list.status, state).toBe(400);
      expect(list.json.errors[0].source.parameter).toBe("state");
    }
  });
});

describe("request bodies", () => {
  let h: ServiceHarness;
  beforeAll(async () => {
    h = await startService();
  });

  it("refuses a body nested 5,000 levels with 400 naming the limit", async () => {
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const reply = await h.request("POST", "/v2.1/tournaments", `{"data":${deep}}`);
    expect(reply.status).toBe(400);
    expect(reply.json.errors[0].detail).toMatch(/more than 32 levels deep/);
    const brackets = await h.request(
      "POST",
      "/v2.1/tournaments",
      JSON.stringify({
        data: { type: "tournament", attributes: { name: "[[[[{{{{", tournament_type: "swiss" } },
      }),
    );
    expect(brackets.status).toBe(201);
  });

  it("refuses NUL and other control characters and lone surrogates in names; nothing is stored", async () => {
    const id = await tournament(h, "Names");
    const first = await h.request(
      "POST",
      `/v2.1/tournaments/${id}/participants`,
      '{"data":{"type":"participants","attributes":{"name":"a\\u0000b 1"}}}',
    );
    expect(first.status).toBe(422);
    expect(first.json.errors[0].detail).toMatch(/control characters \(found U\+0000\)/);
    const second = await h.request(
      "POST",
      `/v2.1/tournaments/${id}/participants`,
      '{"data":{"type":"participants","attributes":{"name":"a\\u0000b 2"}}}',
    );
    expect(second.status).toBe(422);
    // C1 controls too: U+009B is CSI, U+0085 NEL; U+00A0 (no-break space) is text.
    for (const [jsonEscape, code] of [
      ["\\u009b", "009B"],
      ["\\u0085", "0085"],
      ["\\u0080", "0080"],
    ]) {
      const c1 = await h.request(
        "POST",
        `/v2.1/tournaments/${id}/participants`,
        `{"data":{"type":"participants","attributes":{"name":"a${jsonEscape}b"}}}`,
      );
      expect(c1.status, code).toBe(422);
      expect(c1.json.errors[0].detail).toContain(`control characters (found U+${code})`);
    }
    const lone = await h.request(
      "POST",
      `/v2.1/tournaments/${id}/participants/bulk_add`,
      '{"data":{"type":"participants","attributes":{"participants":[{"name":"ok"},{"name":"\\ud800"}]}}}',
    );
    expect(lone.status).toBe(422);
    expect(lone.json.errors[0].detail).toMatch(/well-formed/);
    expect(lone.json.errors[0].source.pointer).toBe("/data/attributes/participants/1/name");
    const emoji = await h.request(
      "POST",
      `/v2.1/tournaments/${id}/participants/bulk_add`,
      participantsBody(["école 🏆", "Zoë", "a\u00a0b"]),
    );
    expect(emoji.status).toBe(200);
    const list = await h.request("GET", `/v2.1/tournaments/${id}/participants`);
    expect(list.json.data.map((p: any) => p.attributes.name)).toEqual([
      "école 🏆",
      "Zoë",
      "a\u00a0b",
    ]);
  });

  it("keeps line breaks in a description but refuses other control characters there", async () => {
    const ok = await h.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "D", tournament_type: "swiss", description: "line 1\nline 2\tx" }),
    );
    expect(ok.status).toBe(201);
    const bad = await h.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "D2", tournament_type: "swiss", description: "bell \u0007" }),
    );
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].source.pointer).toBe("/data/attributes/description");
  });
});

describe("over HTTP", () => {
  const dbPath = join(scratch, "http.db");
  let server: RunningServer;
  let key: string;
  let close: () => void;
  let base: string;

  beforeAll(async () => {
    const service = await openService({ dbPath, requireAuth: true, busyTimeoutMs: 100 });
    key = service.createApiKey("owner");
    server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
    close = () => service.close();
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.close();
    close();
  });

  const call = (method: string, path: string, init: { body?: string; key?: string } = {}) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: init.key ?? key,
        "content-type": "application/vnd.api+json",
      },
      ...(init.body === undefined ? {} : { body: init.body }),
    });

  it("answers unknown methods with 405 and Allow, HEAD without a body, OPTIONS with Allow", async () => {
    for (const method of ["PROPFIND", "MKCOL", "PURGE", "LOCK"]) {
      const reply = await call(method, "/v2.1/tournaments.json");
      expect(reply.status, method).toBe(405);
      expect(reply.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
      expect(((await reply.json()) as any).errors[0].status).toBe(405);
    }
    const head = await call("HEAD", "/v2.1/tournaments.json");
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const options = await call("OPTIONS", "/v2.1/tournaments/1");
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, PUT, DELETE, HEAD, OPTIONS");
  });

  it("never takes the key from the URL on v2.1", async () => {
    const reply = await fetch(`${base}/v2.1/tournaments.json?api_key=${key}`);
    expect(reply.status).toBe(401);
    expect(((await reply.json()) as any).errors[0].detail).toMatch(/Authorization header only/);
  });

  it("records a key's use at most once a minute, and reads go on while another process writes", async () => {
    const cup = await call("POST", "/v2.1/tournaments", {
      body: JSON.stringify(
        tournamentBody({ name: "Locked", tournament_type: "double elimination" }),
      ),
    });
    const id = ((await cup.json()) as any).data.id as string;
    const names = ["A", "B", "C", "D", "E"];
    const added = await call("POST", `/v2.1/tournaments/${id}/participants/bulk_add`, {
      body: JSON.stringify(participantsBody(names)),
    });
    expect(added.status).toBe(200);
    const started = await call("PUT", `/v2.1/tournaments/${id}/change_state`, {
      body: JSON.stringify({ data: { type: "TournamentState", attributes: { state: "start" } } }),
    });
    expect(started.status).toBe(200);
    const other = new Database(dbPath);
    const used = () =>
      (other.prepare("SELECT last_used_at FROM api_keys").get() as { last_used_at: string })
        .last_used_at;
    const first = used();
    expect(first).not.toBeNull();
    expect((await call("GET", "/v2.1/tournaments")).status).toBe(200);
    expect(used()).toBe(first);
    // Another process holds the write lock: reads answer, writes get 503 with Retry-After.
    other.exec("BEGIN IMMEDIATE");
    try {
      for (const path of [
        "/v2.1/tournaments",
        `/v2.1/tournaments/${id}`,
        `/v2.1/tournaments/${id}/participants`,
        `/v2.1/tournaments/${id}/matches`,
        `/v2.1/tournaments/${id}/standings`,
        "/v2.1/me",
      ]) {
        const read = await call("GET", path);
        expect(read.status, path).toBe(200);
      }
      const write = await call("POST", "/v2.1/tournaments", {
        body: JSON.stringify(tournamentBody({ name: "Busy", tournament_type: "swiss" })),
      });
      expect(write.status).toBe(503);
      expect(write.headers.get("retry-after")).toBe("1");
      expect(((await write.json()) as any).errors[0].detail).toMatch(/busy/);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    const after = await call("POST", "/v2.1/tournaments", {
      body: JSON.stringify(tournamentBody({ name: "Busy", tournament_type: "swiss" })),
    });
    expect(after.status).toBe(201);
  });
});

describe("file modes", () => {
  it("makes the data folder 0700 and the database 0600 whatever the umask", async () => {
    const previous = process.umask(0);
    try {
      const folder = join(scratch, "modes", "data");
      const service = await openService({ dbPath: join(folder, "t.db") });
      service.handleSync({ method: "GET", path: "/v2.1/tournaments", headers: {} });
      service.close();
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect(statSync(join(folder, "t.db")).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it("narrows a database file made 0644 by an older tourney", async () => {
    const file = join(scratch, "old.db");
    new Database(file).close();
    const { chmodSync } = await import("node:fs");
    chmodSync(file, 0o644);
    (await openService({ dbPath: file })).close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe("the CLI", () => {
  it("refuses --set paths that would reach a prototype, with exit 2", async () => {
    const sandbox = createSandbox();
    try {
      for (const path of ["constructor.keys", "__proto__.x", "match_options.constructor"]) {
        const result = await sandbox.run([
          "tournament",
          "create",
          "--name",
          "X",
          "--type",
          "swiss",
          "--set",
          `${path}=1`,
        ]);
        expect(result.code, path).toBe(2);
        expect(result.stderr).toMatch(/is not an attribute name/);
      }
      expect(({} as Record<string, unknown>).x).toBeUndefined();
      const list = await sandbox.run(["tournament", "list", "--json"]);
      expect(list.json()).toEqual([]);
    } finally {
      sandbox.cleanup();
    }
  });

  it("exits 2 for a malformed key in the environment, naming the problem, sending nothing", async () => {
    const sandbox = createSandbox();
    try {
      const result = await sandbox.run(["tournament", "list"], {
        env: {
          ...sandbox.env,
          TOURNEY_BASE_URL: "http://127.0.0.1:9",
          TOURNEY_API_KEY: "bo\ngus",
        },
      });
      // 2, not 4: nothing was sent, so no service refused it (review I #14).
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /TOURNEY_API_KEY: the API key holds characters an HTTP header cannot carry/,
      );
    } finally {
      sandbox.cleanup();
    }
  });
});

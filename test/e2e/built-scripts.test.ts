/**
 * The built CLI's classic scripts (build.mjs, build/code-cache.mjs, core-loader.ts):
 * V8 accepts each one's code cache; TOURNEY_DEBUG traces name files that exist (the
 * caches once named the build's temporary folder, dist.next-PID: issue 24 item 12);
 * and a remote command (issue 27) loads neither the embedded service nor a second
 * HTTP stack, and sends all of its requests over one connection.
 */
import { spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer as createHttpServer, type IncomingMessage } from "node:http";
import { type AddressInfo, connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT, runBinary, type Served, startServe } from "../helpers/binary.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DIST = join(ROOT, "dist");
/** Every classic script of the build: those with a code cache beside them. */
const SCRIPTS = readdirSync(DIST)
  .filter((f) => f.endsWith(".js.cache"))
  .map((f) => f.slice(0, -".cache".length));

describe.runIf(BUILT)("the built CLI's scripts", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-scripts-"));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  const stops: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The files the stack frames of `text` name (`at f (/path:1:2)` and `at /path:1:2`). */
  const framesFiles = (text: string) =>
    [...text.matchAll(/\n\s+at (?:.*\()?(\/[^():]+):\d+:\d+\)?/g)].map((m) => m[1]!);

  /** A tournament whose settings are not JSON: `tournament view` fails inside the service. */
  async function brokenTournament(): Promise<void> {
    const made = await runBinary(["tournament", "create", "--name", "Broken"], env);
    expect(made.code, made.stderr).toBe(0);
    const db = new Database(join(dir, "data", "tourney.db"));
    db.prepare("UPDATE tournaments SET settings = '{' WHERE url = 'broken'").run();
    db.close();
  }

  it("has a code cache V8 accepts for each classic script", async () => {
    expect(SCRIPTS).toEqual(
      expect.arrayContaining(["core.js", "service.js", "http.js", "noun-tournament.js"]),
    );
    // One process for all (a fresh isolate, as a command's): name -> rejected.
    const probe = `const fs = require("node:fs"); const vm = require("node:vm"); const out = {};
      for (const name of ${JSON.stringify(SCRIPTS)}) {
        const f = ${JSON.stringify(DIST)} + "/" + name;
        const s = new vm.Script(fs.readFileSync(f, "utf8"), { filename: f, cachedData: fs.readFileSync(f + ".cache") });
        out[name] = s.cachedDataRejected;
      }
      process.stdout.write(JSON.stringify(out));`;
    const result = await run(["-e", probe], env);
    expect(JSON.parse(result.stdout)).toEqual(Object.fromEntries(SCRIPTS.map((n) => [n, false])));
  });

  it("has a code cache V8 accepts for the entry point proper, main.cjs", async () => {
    // Compiled as dist/cli.cjs compiles it (src/cli/entry.ts): wrapped as build/entry-cache.mjs says.
    const { MAIN_WRAPPER } = (await import(
      new URL("../../build/entry-cache.mjs", import.meta.url).href
    )) as { MAIN_WRAPPER: readonly [string, string] };
    const f = join(DIST, "main.cjs");
    const probe = `const fs = require("node:fs"); const vm = require("node:vm");
      const [head, tail] = ${JSON.stringify(MAIN_WRAPPER)};
      const s = new vm.Script(head + fs.readFileSync(${JSON.stringify(f)}, "utf8") + tail,
        { filename: ${JSON.stringify(f)}, cachedData: fs.readFileSync(${JSON.stringify(`${f}.cache`)}) });
      process.stdout.write(JSON.stringify(s.cachedDataRejected));`;
    const result = await run(["-e", probe], env);
    expect(JSON.parse(result.stdout)).toBe(false);
  });

  it("names, under TOURNEY_DEBUG, the files that ran: the checkout's, or a copy's", async () => {
    await brokenTournament();
    const debug = { ...env, TOURNEY_DEBUG: "1" };
    const here = await runBinary(["tournament", "view", "broken"], debug);
    expect(here.stderr).toMatch(/internal error: SyntaxError/);
    const files = framesFiles(here.stderr).filter((f) => !f.startsWith("node:"));
    expect(
      files.some((f) => f === join(DIST, "service.js")),
      here.stderr,
    ).toBe(true);
    for (const file of files) expect(existsSync(file), file).toBe(true);

    // The same build copied elsewhere (an installed package): its caches name the checkout.
    const copy = join(dir, "copy");
    mkdirSync(join(copy, "bin"), { recursive: true });
    mkdirSync(join(copy, "dist"));
    for (const f of ["tourney", "package.json"])
      copyFileSync(join(ROOT, "bin", f), join(copy, "bin", f));
    for (const f of readdirSync(DIST).filter((f) => /\.(c?js|cache|wasm)$/.test(f)))
      copyFileSync(join(DIST, f), join(copy, "dist", f));
    symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
    const there = await run([join(copy, "bin", "tourney"), "tournament", "view", "broken"], debug);
    expect(there.stderr).toMatch(/internal error: SyntaxError/);
    const copied = framesFiles(there.stderr).filter((f) => !f.startsWith("node:"));
    expect(copied).toContain(join(copy, "dist", "service.js"));
    expect(copied.filter((f) => f.startsWith(DIST))).toEqual([]);
  });

  it("runs a remote command without the embedded service or a second HTTP stack, on one connection", async () => {
    const served: Served = await startServe(["--db", join(dir, "served.db")], {
      ...env,
      TOURNEY_CONFIG_DIR: join(dir, "serve-config"),
    });
    stops.push(served.stop);
    const relay = await countingRelay(served.port);
    stops.push(relay.close);
    const remote = {
      ...env,
      TOURNEY_BASE_URL: `http://127.0.0.1:${relay.port}`,
      TOURNEY_API_KEY: served.apiKey,
    };
    const made = await runBinary(["tournament", "create", "--name", "Far Cup"], remote);
    expect(made.code, made.stderr).toBe(0);
    const opened = relay.connections();

    const loaded = join(dir, "loaded.json");
    const probe = join(dir, "probe.cjs");
    writeFileSync(
      probe,
      `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(loaded)},
        JSON.stringify({ builtins: process.moduleLoadList, files: Object.keys(require.cache) })));`,
    );
    const names = Array.from({ length: 100 }, (_, i) => `Player ${i + 1}`).join("\n");
    const added = await run(
      ["-r", probe, BIN, "participants", "bulk-add", "far_cup", "--file", "-"],
      remote,
      names,
    );
    expect(added.code, added.stderr).toBe(0);
    // Remote bulk adds go 20 names a request: 5 requests and the reads around them, one connection.
    expect(relay.connections() - opened).toBe(1);
    const listed = await runBinary(["--json", "participants", "list", "far_cup"], remote);
    expect(JSON.parse(listed.stdout)).toHaveLength(100);

    const { builtins, files } = JSON.parse(readFileSync(loaded, "utf8"));
    expect(builtins).toContain("NativeModule http");
    // Node's own undici (loaded when anything touches fetch, Headers, File...), HTTP/2, TLS.
    for (const heavy of [
      "NativeModule internal/deps/undici/undici",
      "NativeModule http2",
      "NativeModule tls",
    ])
      expect(builtins).not.toContain(heavy);
    expect(files.filter((f: string) => /better-sqlite3|undici/.test(f))).toEqual([]);
  });

  it("goes through HTTP_PROXY with the bundled undici (dist/http.js), reusing its tunnels", async () => {
    const served: Served = await startServe(["--db", join(dir, "proxied.db")], {
      ...env,
      TOURNEY_CONFIG_DIR: join(dir, "proxied-config"),
    });
    stops.push(served.stop);
    const tunnels: string[] = [];
    const proxy = createHttpServer();
    proxy.on("connect", (request: IncomingMessage, client: Socket) => {
      tunnels.push(request.url ?? "");
      const upstream = connect(served.port, "127.0.0.1", () => {
        client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        upstream.pipe(client).pipe(upstream);
      });
      for (const s of [client, upstream]) s.on("error", () => s.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    stops.push(() => {
      proxy.closeAllConnections();
      return new Promise((resolve) => proxy.close(resolve));
    });
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const remote = {
      ...env,
      HTTP_PROXY: proxyUrl,
      TOURNEY_BASE_URL: "http://tourney.example.test",
      TOURNEY_API_KEY: served.apiKey,
    };
    const made = await runBinary(["tournament", "create", "--name", "Proxied Cup"], remote);
    expect(made.code, made.stderr).toBe(0);
    const names = Array.from({ length: 50 }, (_, i) => `P${i + 1}`).join("\n");
    const added = await run(
      [BIN, "participants", "bulk-add", "proxied_cup", "--file", "-"],
      remote,
      names,
    );
    expect(added.code, added.stderr).toBe(0);
    const direct = {
      ...env,
      TOURNEY_BASE_URL: `http://127.0.0.1:${served.port}`,
      TOURNEY_API_KEY: served.apiKey,
    };
    const listed = await runBinary(["--json", "participants", "list", "proxied_cup"], direct);
    expect(JSON.parse(listed.stdout)).toHaveLength(50);
    // Two commands through the proxy: 6 requests (the add: a read, then 3 chunks of 20),
    // in at most 3 tunnels (undici may open a second connection early on).
    expect(tunnels.length).toBeGreaterThanOrEqual(2);
    expect(tunnels.length).toBeLessThanOrEqual(3);
    expect(new Set(tunnels)).toEqual(new Set(["tourney.example.test:80"]));
    // (Each proxied command then waits for the service to close the idle tunnel, 5 s for
    // serve: undici's close() leaves the tunnel's socket open, as before issue 27.)
  }, 90_000);
});

/** Runs node with `args`; resolves its exit code and output. */
function run(args: readonly string[], env: Record<string, string>, input = "") {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, args, { env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** A TCP relay to 127.0.0.1:`target` that counts the connections made to it. */
async function countingRelay(target: number) {
  let count = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    count += 1;
    const upstream = connect(target, "127.0.0.1");
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => s.destroy());
      s.on("close", () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return {
    port: address.port,
    connections: () => count,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Several tourney processes changing one configuration folder at once (parallel CI jobs):
 * every change lands. Before, each read config.json (or credentials.json), changed its part
 * and wrote the whole file back without a lock, and the last writer dropped the others'
 * profiles, settings and keys, every process saying it had succeeded (a reviewer found it).
 * Now each read-modify-write holds a lock file beside the document (src/config/file-lock.ts):
 * a stale lock (its process gone) is taken over, one held too long fails naming it (exit 1).
 * `login --api-key` asks GET /me before it writes: its profiles point at a loopback server
 * that answers it for any key (ME).
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BUILT, binaryEnv, runBinary } from "../helpers/binary.js";

const N = 8;
const names = Array.from({ length: N }, (_, i) => `p${i + 1}`);

let home: string;
/** A service answering GET /me with a user, whatever the key: where the profiles point. */
let me: Server;
let ME: string;

beforeAll(async () => {
  me = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "application/vnd.api+json" });
    response.end(
      JSON.stringify({ data: { id: "1", type: "user", attributes: { username: "ci" } } }),
    );
  });
  await new Promise<void>((done) => me.listen(0, "127.0.0.1", done));
  ME = `http://127.0.0.1:${(me.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((done) => me.close(() => done())));
let env: Record<string, string>;
let configDir: string;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "tourney-parallel-"));
  env = binaryEnv(home);
  configDir = env.TOURNEY_CONFIG_DIR!;
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const readJson = (name: string) => JSON.parse(readFileSync(join(configDir, name), "utf8"));

/** config.json holding remote profiles p1..pN, as `profile add` writes them. */
function writeProfiles(): void {
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  const profiles = Object.fromEntries(names.map((n) => [n, { backend: "remote", base_url: ME }]));
  writeFileSync(join(configDir, "config.json"), JSON.stringify({ profiles }), { mode: 0o600 });
}

/** A pid no process has any more: a process that ran and was waited for. */
function deadPid(): number {
  const done = spawnSync(process.execPath, ["-e", ""]);
  return done.pid!;
}

function writeLock(document: string, holder: { pid: number; time: number }): string {
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  const lock = join(configDir, `${document}.lock`);
  writeFileSync(lock, JSON.stringify({ ...holder, host: hostname() }));
  return lock;
}

describe.runIf(BUILT)("processes writing one configuration folder at once", () => {
  it("profile add: every profile is kept", async () => {
    const runs = await Promise.all(
      names.map((n) => runBinary(["profile", "add", n, "--base-url", `http://${n}.example`], env)),
    );
    for (const [i, r] of runs.entries()) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`Added profile ${names[i]}`);
    }
    const list = await runBinary(["profile", "list", "--json", "name", "--jq", ".[].name"], env);
    expect(list.stdout.split("\n").filter(Boolean).sort()).toEqual(["local", ...names].sort());
    for (const n of names)
      expect(readJson("config.json").profiles[n].base_url).toBe(`http://${n}.example`);
    expect(existsSync(join(configDir, "config.json.lock"))).toBe(false);
  });

  it("config set: every setting is kept", async () => {
    writeProfiles();
    const runs = await Promise.all(
      names.map((n, i) =>
        runBinary(["config", "set", "timeout", String(i + 10), "--profile", n], env),
      ),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const { profiles } = readJson("config.json");
    for (const [i, n] of names.entries()) {
      expect(profiles[n]).toEqual({
        backend: "remote",
        base_url: ME,
        timeout: i + 10,
      });
    }
  });

  it("login --api-key: every profile's key is kept, the file private", async () => {
    writeProfiles();
    const runs = await Promise.all(
      names.map((n) => runBinary(["login", "--profile", n, "--api-key"], env, `tk_key_${n}\n`)),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const { profiles } = readJson("credentials.json");
    for (const n of names) expect(profiles[n]).toEqual({ api_key: `tk_key_${n}`, origin: ME });
    const mode = spawnSync("stat", ["-c", "%a", join(configDir, "credentials.json")], {
      encoding: "utf8",
    });
    expect(mode.stdout.trim()).toBe("600");
    expect(existsSync(join(configDir, "credentials.json.lock"))).toBe(false);
  });
});

describe.runIf(BUILT)("a lock left or held", () => {
  it("a lock whose process is gone is taken over (config and credentials)", async () => {
    const configLock = writeLock("config.json", { pid: deadPid(), time: Date.now() });
    const credentialsLock = writeLock("credentials.json", { pid: deadPid(), time: Date.now() });
    const add = await runBinary(["profile", "add", "p1", "--base-url", ME], env);
    expect(add.code, add.stderr).toBe(0);
    const login = await runBinary(["login", "--profile", "p1", "--api-key"], env, "tk_key_p1\n");
    expect(login.code, login.stderr).toBe(0);
    expect(readJson("config.json").profiles.p1.base_url).toBe(ME);
    expect(readJson("credentials.json").profiles.p1).toEqual({
      api_key: "tk_key_p1",
      origin: ME,
    });
    expect(existsSync(configLock)).toBe(false);
    expect(existsSync(credentialsLock)).toBe(false);
  });

  it("a lock untouched for longer than the bound is taken over, its process running or not", async () => {
    // A holder touches its lock while it works (file-lock.ts): a running pid on a lock left
    // untouched for 10 minutes is another program that got the pid, or a holder stopped.
    const taken = Date.now() - 10 * 60_000;
    const lock = writeLock("config.json", { pid: process.pid, time: taken });
    utimesSync(lock, new Date(taken), new Date(taken));
    const add = await runBinary(["profile", "add", "p1", "--base-url", "http://p1.example"], env);
    expect(add.code, add.stderr).toBe(0);
    expect(readJson("config.json").profiles.p1.base_url).toBe("http://p1.example");
    expect(existsSync(lock)).toBe(false);
  });

  it("a lock held by a running process: exit 1 naming the lock file, nothing written", async () => {
    // This test's own process holds both locks as long as the commands wait.
    writeProfiles();
    const before = readFileSync(join(configDir, "config.json"), "utf8");
    const holder = { pid: process.pid, time: Date.now() };
    const configLock = writeLock("config.json", holder);
    const credentialsLock = writeLock("credentials.json", holder);
    const [set, login] = await Promise.all([
      runBinary(["config", "set", "timeout", "9", "--profile", "p1"], env),
      runBinary(["login", "--profile", "p1", "--api-key"], env, "tk_key_p1\n"),
    ]);
    for (const [r, file, lock] of [
      [set, join(configDir, "config.json"), configLock],
      [login, join(configDir, "credentials.json"), credentialsLock],
    ] as const) {
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toBe(
        `error: cannot change ${file}: its lock ${lock} is held by process ${process.pid} ` +
          `since ${new Date(holder.time).toISOString()}, not let go within 5 s; nothing was ` +
          "changed\nhint: run the command again once that command is done; " +
          `if no tourney command is running, delete ${lock}\n`,
      );
      expect(existsSync(lock)).toBe(true);
    }
    expect(readFileSync(join(configDir, "config.json"), "utf8")).toBe(before);
    expect(existsSync(join(configDir, "credentials.json"))).toBe(false);
  });
});

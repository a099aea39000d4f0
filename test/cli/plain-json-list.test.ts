/**
 * `tourney tournament list --json`, typed as such, runs its own script (plain-json-list.ts,
 * dist/plain-json-list.js: no commander, no core; issue 27). Through the built binary, each
 * case twice on copies of one store: as typed, and as `--json tournament list` (the same
 * command, run by the core's commander path). Same stdout, stderr, exit code, completion
 * cache and database afterwards. test/architecture/load-budget.test.ts checks which script
 * each reads.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { App } from "../../src/cli/app.js";
import type { GlobalOptions } from "../../src/cli/factory.js";
import { run as runPlain } from "../../src/cli/plain-json-list.js";
import { BUILT, binaryEnv, runBinary } from "../helpers/binary.js";
import { createSandbox } from "../helpers/cli.js";
import { capturedIo } from "../helpers/streams.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-plain-list-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const seeded = join(dir, "seeded");
const envOf = binaryEnv;

/** The rows of every table (a database's content, not its bytes; times of day left out). */
function content(home: string): unknown {
  const file = join(home, "data", "tourney.db");
  if (!existsSync(file)) return null;
  const db = new Database(file, { readonly: true });
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .pluck()
    .all() as string[];
  const rows = Object.fromEntries(
    tables.map((t) => [
      t,
      db
        .prepare(`SELECT * FROM "${t}"`)
        .all()
        .map((r) => JSON.stringify(r).replace(/T\d\d:\d\d:\d\d\.\d+Z/g, "T")),
    ]),
  );
  db.close();
  return rows;
}

const cacheOf = (home: string) => {
  const file = join(home, "data", "completion-names.json");
  return existsSync(file) ? readFileSync(file, "utf8") : null;
};

let runs = 0;
/**
 * `args` (a plain list's words) and `--json tournament list` on two copies of `from` (a store
 * folder, or nothing), with `extra` in the environment; `config` as config.json if given.
 */
async function both(args: string[], from?: string, extra: Record<string, string> = {}) {
  const homes = [join(dir, `a${++runs}`), join(dir, `b${runs}`)];
  for (const home of homes) {
    if (from !== undefined) cpSync(from, home, { recursive: true });
    else mkdirSync(home);
  }
  const [plain, core] = await Promise.all([
    runBinary(args, { ...envOf(homes[0]!), ...extra }),
    runBinary(["--json", "tournament", "list"], { ...envOf(homes[1]!), ...extra }),
  ]);
  // A stack (TOURNEY_DEBUG) names the script that ran: the lines of frames are left out.
  const name = (text: string, home: string) =>
    text.replaceAll(home, "HOME").replace(/^ +at .*\n/gm, "");
  expect(plain.code).toBe(core.code);
  expect(name(plain.stderr, homes[0]!)).toBe(name(core.stderr, homes[1]!));
  expect(plain.stdout).toBe(core.stdout);
  expect(cacheOf(homes[0]!)).toBe(cacheOf(homes[1]!));
  expect(content(homes[0]!)).toEqual(content(homes[1]!));
  return plain;
}

describe.runIf(BUILT)("tournament list --json, its own script against the core's path", () => {
  beforeAll(async () => {
    mkdirSync(seeded);
    for (const [name, type] of [
      ['Cup ✓ "q"', "single elimination"],
      ["League", "round robin"],
      ["Open", "swiss"],
    ]) {
      const made = await runBinary(
        ["tournament", "create", "--name", name!, "--type", type!],
        envOf(seeded),
      );
      expect(made.code, made.stderr).toBe(0);
    }
  }, 60_000);

  it("prints the same list, remembers the same words, in each spelling of the command", async () => {
    for (const args of [
      ["tournament", "list", "--json"],
      ["tournaments", "ls", "--json"],
    ]) {
      const { stdout } = await both(args, seeded);
      expect(JSON.parse(stdout).map((t: { name: string }) => t.name)).toEqual([
        'Cup ✓ "q"',
        "League",
        "Open",
      ]);
    }
  });

  it("lists through the service where the read-only path steps aside", async () => {
    // No database yet: the service makes it, as the core's path does.
    expect((await both(["tournament", "list", "--json"])).stdout).toBe("[]\n");
    // A tournament whose text SQLite cannot make (no registration_options.open_signup).
    const odd = join(dir, "odd");
    cpSync(seeded, odd, { recursive: true });
    const db = new Database(join(odd, "data", "tourney.db"));
    db.prepare(
      "UPDATE tournaments SET settings = json_set(settings, '$.registration_options', json('{}')) WHERE id = 2",
    ).run();
    db.close();
    expect(JSON.parse((await both(["tournament", "list", "--json"], odd)).stdout).length).toBe(3);
  });

  it("lists 1,000 tournaments without V8 compiling any function with TurboFan", async () => {
    // A job of ~5 ms for a process about to exit: the list of 1,000 took ~9 ms more when
    // lastIdInOrder (tournament-records-json.ts) read its ids a character at a time.
    const many = join(dir, "many");
    cpSync(seeded, many, { recursive: true });
    const db = new Database(join(many, "data", "tourney.db"));
    const copy = db.prepare(
      `INSERT INTO tournaments (url, name, tournament_type, state, settings, random_seed, created_at, updated_at)
       SELECT url || '_' || ?, name, tournament_type, state, json_set(settings, '$.url', url || '_' || ?), 1, created_at, updated_at
       FROM tournaments WHERE id = 1`,
    );
    db.transaction(() => {
      for (let i = 0; i < 997; i++) copy.run(i, i);
    })();
    db.close();
    const { spawnSync } = await import("node:child_process");
    const { BIN } = await import("../helpers/binary.js");
    const traced = spawnSync(
      process.execPath,
      ["--trace-opt", BIN, "tournament", "list", "--json"],
      {
        env: envOf(many),
        maxBuffer: 1 << 26,
        encoding: "utf8",
      },
    );
    expect(traced.status, traced.stderr).toBe(0);
    const listed = traced.stdout.split("\n").find((line) => line.startsWith("[{"));
    expect(JSON.parse(listed!).length).toBe(1000);
    const marked = `${traced.stdout}${traced.stderr}`.match(/\[marking [^\]]*TURBOFAN[^\]]*\]/g);
    expect(marked ?? []).toEqual([]);
  });

  it("fails as the core's path fails: profile, configuration, community, network", async () => {
    const cases: [Record<string, string>, number][] = [
      [{ TOURNEY_PROFILE: "nope" }, 2],
      [{ TOURNEY_COMMUNITY: "abc" }, 3],
      [{ TOURNEY_BASE_URL: "http://127.0.0.1:9" }, 7],
      [{ TOURNEY_BASE_URL: "http://127.0.0.1:9", TOURNEY_DEBUG: "1" }, 7],
    ];
    for (const [extra, code] of cases) {
      const result = await both(["tournament", "list", "--json"], seeded, extra);
      expect(result.code, JSON.stringify(extra)).toBe(code);
      expect(result.stderr).toMatch(/^error: /);
    }
    const broken = join(dir, "broken");
    cpSync(seeded, broken, { recursive: true });
    mkdirSync(join(broken, "config"), { recursive: true });
    writeFileSync(join(broken, "config", "config.json"), "{not json");
    expect((await both(["tournament", "list", "--json"], broken)).code).toBe(2);
  });
});

describe("tournament list --json, its own script against commander's", () => {
  it("gives the list's action the Factory that commander's parse of the line gives", async () => {
    const sandbox = createSandbox();
    try {
      expect((await sandbox.run(["tournament", "create", "--name", "Spy"])).code).toBe(0);
      const seen: GlobalOptions[] = [];
      const factoryOf = App.prototype.factoryOf;
      const spy = vi.spyOn(App.prototype, "factoryOf").mockImplementation(function (this: App, o) {
        const made = factoryOf.call(this, o);
        seen.push(made.globals);
        return made;
      });
      const line = ["tournament", "list", "--json"];
      const core = await sandbox.run(line);
      const io = capturedIo({});
      const home = join(sandbox.dir, "home");
      const code = await runPlain(line, { io, env: sandbox.env, homeDir: home });
      spy.mockRestore();
      expect(code).toBe(core.code);
      expect(io.stdout.text).toBe(core.stdout);
      expect(seen.length).toBe(2);
      expect(seen[1]).toEqual(seen[0]);
    } finally {
      sandbox.cleanup();
    }
  });
});

/**
 * `tourney tournament list` runs in dist/core-list.js (core-list.ts: the core's run.ts and
 * commander with that verb's commands only; issue 27), in every spelling a script writes.
 * Through the built binary, each case twice on copies of one store: as the entry point runs
 * it, and through the core alone (TOURNEY_CORE_ONLY=1: dist/core.js and the noun's script,
 * as before the lean script). Same stdout, stderr, exit code, completion cache and database
 * afterwards, in the spellings of the command, its errors and the lines the lean script
 * hands back to the core. test/architecture/load-budget.test.ts checks which script each
 * reads.
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
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ELSEWHERE } from "../../src/cli/command-script.js";
import { loadCoreList } from "../../src/cli/core-loader.js";
import { BUILT, binaryEnv, runBinary } from "../helpers/binary.js";
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
 * `args` as the entry point runs them and through the core alone, on two copies of `from` (a store
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
    runBinary(args, { ...envOf(homes[1]!), ...extra, TOURNEY_CORE_ONLY: "1" }),
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

describe.runIf(BUILT)("tournament list in dist/core-list.js against the core alone", () => {
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
    const names = ['Cup ✓ "q"', "League", "Open"];
    for (const args of [
      ["tournament", "list", "--json"],
      ["tournaments", "ls", "--json"],
      ["--json", "tournament", "list"],
      ["tournament", "--json", "list"],
      ["--profile", "local", "tournament", "list", "--json"],
      ["--profile=local", "--no-input", "tournaments", "list", "--json"],
      ["tournament", "list", "--json", "--state", "pending"],
      ["tournament", "list", "--state=all", "--type", "swiss", "--json"],
      ["tournament", "list", "--json", "--limit", "2"],
      ["tournament", "list", "--json", "--"],
    ]) {
      const { stdout, code } = await both(args, seeded);
      expect(code, args.join(" ")).toBe(0);
      const listed = JSON.parse(stdout).map((t: { name: string }) => t.name);
      expect(names, args.join(" ")).toEqual(expect.arrayContaining(listed));
    }
  });

  it("selects fields and filters with jq the same way", async () => {
    for (const [args, out] of [
      [["--json", "id,name", "tournament", "list"], '"id":1,"name":"Cup'],
      [["tournament", "list", "--json=name"], '"name":"League"'],
      [["tournament", "ls", "--json", "name,state", "--state", "pending"], '"state":"pending"'],
      [["-q", ".[1].name", "tournament", "list"], "League\n"],
      [["tournament", "list", "-q.[2].name"], "Open\n"],
      [["-yq", "length", "tournament", "list"], "3"],
      [["tournament", "list"], "League"],
    ] as const) {
      const { stdout, code } = await both([...args], seeded);
      expect(code, args.join(" ")).toBe(0);
      expect(stdout, args.join(" ")).toContain(out);
    }
  });

  it("refuses what the core refuses, with its message and exit code", async () => {
    for (const [args, code] of [
      [["tournament", "list", "--json", "--bogus"], 2],
      [["tournament", "list", "--state", "nope", "--json"], 2],
      [["--json", "nope", "tournament", "list"], 2],
      [["tournament", "list", "--json", "id,nope"], 2],
      [["tournament", "list", "--limit", "x", "--json"], 2],
      [["tournament", "list", "extra", "--json"], 2],
      [["tournament", "list", "--help", "--json"], 2],
      [["--profile", "nope", "tournament", "list", "--json"], 2],
      [["tournament", "list", "-q", ".[", "--json"], 2],
    ] as const) {
      const result = await both([...args], seeded);
      expect(result.code, args.join(" ")).toBe(code);
      expect(result.stderr, args.join(" ")).toMatch(/error/);
    }
  });

  it("prints the same help", async () => {
    for (const args of [
      ["tournament", "list", "--help"],
      ["help", "tournament", "list"],
      ["tournament", "ls", "-h"],
    ]) {
      const { stdout, code } = await both(args, seeded);
      expect(code, args.join(" ")).toBe(0);
      expect(stdout, args.join(" ")).toMatch(/--state <state>/);
    }
  });

  it("hands the core every other command whose line names tournament and list", async () => {
    for (const [args, code] of [
      [["tournament", "view", "list"], 3],
      [["tournament", "help", "list"], 0],
      [["tournament", "delete", "list", "--json"], 3],
      [["match", "list", "tournament"], 3],
      [["tournament", "--json", "ls", "--state", "nope"], 2],
    ] as const) {
      const result = await both([...args], seeded);
      expect(result.code, `${args.join(" ")}: ${result.stderr}`).toBe(code);
    }
  });

  it("fails the same way on a missing or locked store", async () => {
    // No database: the service makes it, empty.
    expect((await both(["tournament", "list", "--json", "--state", "ended"])).stdout).toBe("[]\n");
    // Another process holds the store locked (exclusive locking mode, after a write).
    const locked = join(dir, "locked");
    cpSync(seeded, locked, { recursive: true });
    const homes = [join(dir, `a${++runs}`), join(dir, `b${runs}`)];
    const holders: Database.Database[] = [];
    for (const home of homes) {
      cpSync(locked, home, { recursive: true });
      const db = new Database(join(home, "data", "tourney.db"));
      db.pragma("locking_mode = EXCLUSIVE");
      db.prepare("UPDATE tournaments SET name = name WHERE id = 1").run();
      holders.push(db);
    }
    try {
      const [lean, core] = await Promise.all([
        runBinary(["tournament", "list", "--json"], envOf(homes[0]!)),
        runBinary(["tournament", "list", "--json"], {
          ...envOf(homes[1]!),
          TOURNEY_CORE_ONLY: "1",
        }),
      ]);
      expect(lean.code).not.toBe(0);
      expect(lean.code).toBe(core.code);
      expect(lean.stdout).toBe(core.stdout);
      expect(lean.stderr.replaceAll(homes[0]!, "HOME")).toBe(
        core.stderr.replaceAll(homes[1]!, "HOME"),
      );
      expect(lean.stderr).toMatch(/locked/);
    } finally {
      for (const db of holders) db.close();
    }
  }, 30_000);

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
    // --json FIELDS parses the same text a chunk of 32 records at a time (tournament/list.ts).
    const picked = await runBinary(["--json", "id,url,state", "tournament", "list"], envOf(many));
    expect(picked.code, picked.stderr).toBe(0);
    const pick = ({ id, url, state }: Record<string, unknown>) => ({ id, url, state });
    expect(picked.stdout).toBe(`${JSON.stringify(JSON.parse(listed!).map(pick))}\n`);
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
    // A configuration file that cannot be read: 1, as a damaged database (damaged-config.test.ts).
    expect((await both(["tournament", "list", "--json"], broken)).code).toBe(1);
  });
});

describe.runIf(BUILT)("dist/core-list.js hands other command lines back", () => {
  it("answers ELSEWHERE before it writes anything, for a command it left out", async () => {
    const { fileURLToPath, pathToFileURL } = await import("node:url");
    const script = pathToFileURL(
      fileURLToPath(new URL("../../dist/core-list.js", import.meta.url)),
    );
    const { run } = loadCoreList(script);
    const home = join(dir, "elsewhere");
    for (const line of [
      ["tournament", "view", "list"],
      ["--json", "tournament", "delete", "ls"],
      ["tournaments", "--profile", "ls"],
      ["list", "tournament"],
    ]) {
      const io = capturedIo({});
      const answer = await run(line, { io, env: binaryEnv(home), homeDir: home });
      expect(answer, line.join(" ")).toBe(ELSEWHERE);
      expect(io.stdout.text + io.stderr.text).toBe("");
    }
    expect(existsSync(home)).toBe(false);
    const io = capturedIo({});
    expect(
      await run(["tournament", "list", "--json"], { io, env: binaryEnv(home), homeDir: home }),
    ).toBe(0);
    expect(io.stdout.text).toBe("[]\n");
  });
});

/**
 * The completion cache (cli/completion/names.ts) after a filtered list: a list that shows
 * only some names (`tournament list --state complete`, `match list --participant Ada`,
 * `--state`, `--round`, `--group`, a `--limit` that stopped reading pages) adds what it shows
 * and removes nothing; a whole list replaces the cache's names, which is how a deleted
 * tournament leaves it (docs/scripting.md, Completion). Before, a filtered list replaced
 * them: `tournament list --state complete` left `[]`, `match list X --participant Ada` cut
 * A,B,C to A. Every path of `tournament list` (plain --json, --json FIELDS, the table,
 * a service without the records text) and the built binary's lean script.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tapPages } from "../../src/cli/completion/remember.js";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { BUILT, binaryEnv, runBinary } from "../helpers/binary.js";
import { createSandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

const sb = createSandbox();
const cacheFile = join(sb.env.TOURNEY_DATA_DIR!, "completion-names.json");
const dbPath = join(sb.env.TOURNEY_DATA_DIR!, "tourney.db");
afterAll(() => sb.cleanup());

const ALL = ["spring_cup", "summer_open", "autumn_cup", "winter_cup"];

function cached(): any {
  return JSON.parse(readFileSync(cacheFile, "utf8")).byProfile.local;
}

/** The embedded service without the records text: `tournament list` takes its full path. */
const withoutText = async (): Promise<Transport> => {
  const { records: _records, ...rest } = createInProcessTransport({ dbPath });
  return rest;
};

beforeAll(async () => {
  for (const name of ["Spring Cup", "Summer Open", "Autumn Cup", "Winter Cup"])
    ok(await sb.run(["tournament", "create", "--name", name]));
  ok(await sb.run(["participants", "bulk-add", "spring_cup", "Ada", "Bea", "Cyd", "Dan"]));
  ok(await sb.run(["tournament", "start", "spring_cup"]));
});

describe("tournament list: a filtered list adds names, a whole one replaces them", () => {
  const filtered: [string, string[], { makeTransport?: () => Promise<Transport> }][] = [
    ["plain --json", ["--json"], {}],
    ["--json FIELDS", ["--json", "id,name"], {}],
    ["a table", [], {}],
    ["--jq", ["--jq", ".[].name"], {}],
    ["a service without the records text", ["--json"], { makeTransport: withoutText }],
  ];
  it.each(filtered)("%s", async (_how, output, options) => {
    ok(await sb.run(["tournament", "list", ...output], options));
    expect(cached().tournaments).toEqual(ALL);
    for (const filter of [
      ["--state", "complete"],
      ["--state", "in_progress"],
      ["--type", "swiss"],
      ["--created-before", "2000-01-01"],
    ]) {
      ok(await sb.run(["tournament", "list", ...filter, ...output], options));
      expect(cached().tournaments, filter.join(" ")).toEqual(ALL);
    }
    // Names a filtered list shows are added to what the cache had.
    writeFileSync(cacheFile, JSON.stringify({ byProfile: { local: { tournaments: ["old"] } } }));
    ok(await sb.run(["tournament", "list", "--state", "pending", ...output], options));
    expect(cached().tournaments).toEqual(["old", "summer_open", "autumn_cup", "winter_cup"]);
    // --state all shows them all: the list replaces the cache's (a deleted name leaves it).
    ok(await sb.run(["tournament", "list", "--state", "all", ...output], options));
    expect(cached().tournaments).toEqual(ALL);
  });

  it("a deleted tournament leaves the cache at the next whole list, not at a filtered one", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Gone Cup"]));
    ok(await sb.run(["tournament", "list"]));
    expect(cached().tournaments).toContain("gone_cup");
    ok(await sb.run(["tournament", "delete", "gone_cup", "--yes"]));
    ok(await sb.run(["tournament", "list", "--state", "pending"]));
    expect(cached().tournaments).toContain("gone_cup");
    ok(await sb.run(["tournament", "list"]));
    expect(cached().tournaments).toEqual(ALL);
  });
});

describe("match list: a filtered list adds names, a whole one replaces them", () => {
  it("--participant, --state, --round, --group and --limit keep the other matches", async () => {
    ok(await sb.run(["match", "list", "spring_cup"]));
    const all = cached().matches.spring_cup;
    expect(all).toEqual(["A", "B", "C"]);
    for (const filter of [
      ["--participant", "Ada"],
      ["--state", "complete"],
      ["--state", "open"],
      ["--round", "2"],
      ["--group", "final"],
      ["-L", "1"],
      ["--json", "--participant", "Ada"],
    ]) {
      ok(await sb.run(["match", "list", "spring_cup", ...filter]));
      expect(cached().matches.spring_cup, filter.join(" ")).toEqual(all);
    }
    const stale = cached();
    stale.matches.spring_cup = ["Z"];
    writeFileSync(cacheFile, JSON.stringify({ byProfile: { local: stale } }));
    ok(await sb.run(["match", "list", "spring_cup", "--state", "open"]));
    expect(cached().matches.spring_cup).toEqual(["Z", "A", "B"]);
    // A whole list (--limit past the last match too) replaces them.
    ok(await sb.run(["match", "list", "spring_cup", "-L", "10"]));
    expect(cached().matches.spring_cup).toEqual(all);
  });

  it("tapPages says done only once the reader took the last page", async () => {
    async function* two() {
      yield [{ id: 1 }];
      yield [{ id: 2 }];
    }
    let done = 0;
    for await (const _page of tapPages(
      two(),
      () => {},
      () => done++,
    ))
      break;
    expect(done).toBe(0);
    for await (const _page of tapPages(
      two(),
      () => {},
      () => done++,
    ));
    expect(done).toBe(1);
  });
});

describe.runIf(BUILT)("the built binary (tournament list's lean script)", () => {
  it("tournament list --state complete and match list --participant keep the names", async () => {
    const env = { ...binaryEnv(sb.dir), ...sb.env };
    rmSync(cacheFile, { force: true });
    for (const args of [
      ["tournament", "list"],
      ["match", "list", "spring_cup"],
    ])
      expect((await runBinary(args, env)).code).toBe(0);
    for (const args of [
      ["tournament", "list", "--state", "complete"],
      ["match", "list", "spring_cup", "--participant", "Ada"],
      ["match", "list", "spring_cup", "--state", "complete"],
    ])
      expect((await runBinary(args, env)).code).toBe(0);
    expect(cached().tournaments).toEqual(ALL);
    expect(cached().matches.spring_cup).toEqual(["A", "B", "C"]);
  });
});

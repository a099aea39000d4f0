/**
 * `tourney tournament list --json` on the embedded backend prints the text SQLite makes
 * (store/tournament-records-json.ts, issue 27) byte for byte as the full path printed it:
 * the service's records (read-only path or service), flattened and stringified by the
 * printer. A store of every type and state, unicode and escapes, settings written by
 * another version (keys missing), and settings the text cannot render (the list then
 * takes the full path, same bytes).
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { TOURNAMENT_TYPES } from "../../src/model/tournament.js";
import { createSandbox } from "../helpers/cli.js";
import { rewriteAsVersion } from "../helpers/old-store.js";
import { changeState, createWithPlayers, playOut } from "../helpers/play.js";
import { startService } from "../helpers/service.js";

const sandbox = createSandbox();
const dbPath = join(sandbox.env.TOURNEY_DATA_DIR!, "tourney.db");
afterAll(() => sandbox.cleanup());

/** The embedded transport, counting the lists its read-only path answered as text. */
function counted(keepRecords: boolean) {
  const seen = { text: 0 };
  const makeTransport = async (): Promise<Transport> => {
    const real = createInProcessTransport({ dbPath });
    const { records, ...rest } = real;
    if (!keepRecords) return rest;
    return {
      ...rest,
      records: async (request, write, shape) => {
        const text = await records!(request, write, shape);
        if (text !== undefined) seen.text++;
        return text;
      },
    };
  };
  return { seen, makeTransport };
}

/** stdout of `args` through the text (fast) and through the full path, and whether the text answered. */
async function both(args: readonly string[], tty = false) {
  const fast = counted(true);
  const full = counted(false);
  const a = await sandbox.run(args, { makeTransport: fast.makeTransport, tty });
  const b = await sandbox.run(args, { makeTransport: full.makeTransport, tty });
  expect(a.code, a.stderr).toBe(0);
  expect(b.code, b.stderr).toBe(0);
  return { fast: a.stdout, full: b.stdout, text: fast.seen.text > 0 };
}

/** Every type and state, names and descriptions with unicode, quotes, backslashes and controls. */
async function seed(): Promise<void> {
  let now = new Date("2026-03-01T10:00:00.000Z");
  const s = await startService({ dbPath, now: () => now });
  for (const [i, type] of TOURNAMENT_TYPES.entries())
    await createWithPlayers(
      s,
      { name: `Ünïcødé ${type} ✓ 🏆 "q" \\ ${i}`, tournament_type: type, game_name: "Jeu ☃" },
      0,
    );
  const rich = {
    tournament_type: "swiss",
    description: 'line\nbreak\ttab "quoted" \\ back \u2028 ½ </script>',
    private: true,
    starts_at: "2026-05-01T18:00:00.000Z",
    registration_options: { signup_cap: 64 },
    swiss_options: { rounds: 3 },
  };
  await createWithPlayers(s, rich, 0);
  const started = await createWithPlayers(s, { tournament_type: "double elimination" }, 6);
  await changeState(s, started.id, "start");
  const played = await createWithPlayers(s, { tournament_type: "single elimination" }, 4);
  await changeState(s, played.id, "start");
  await playOut(s, played.id, (m) => m.player1_id);
  const done = await createWithPlayers(s, { tournament_type: "round robin" }, 3);
  await changeState(s, done.id, "start");
  await playOut(s, done.id, (m) => m.player2_id);
  expect((await changeState(s, done.id, "finalize")).status).toBe(200);
  const predicting = await createWithPlayers(s, { tournament_type: "single elimination" }, 4);
  await changeState(s, predicting.id, "open_predictions");
  const groups = {
    tournament_type: "single elimination",
    group_stage_enabled: true,
    group_stage_options: { group_size: 4 },
  };
  const underway = await createWithPlayers(s, groups, 8);
  await changeState(s, underway.id, "start_group_stage");
  const finalized = await createWithPlayers(s, groups, 8);
  await changeState(s, finalized.id, "start_group_stage");
  await playOut(s, finalized.id, (m) => m.player1_id);
  await changeState(s, finalized.id, "finalize_group_stage");
  const checkIn = {
    tournament_type: "free for all",
    starts_at: "2026-03-01T12:00:00.000Z",
    registration_options: { check_in_duration: 60 },
  };
  const checking = await createWithPlayers(s, checkIn, 4);
  const checked = await createWithPlayers(s, checkIn, 4);
  // The service opens due check-ins as it lists.
  now = new Date("2026-03-01T11:30:00.000Z");
  expect((await s.request("GET", "/v2.1/tournaments")).status).toBe(200);
  await changeState(s, checked.id, "process_checkin");
  const states = (await s.request("GET", "/v2.1/tournaments?per_page=100")).json.data.map(
    (t: { attributes: { state: string } }) => t.attributes.state,
  );
  expect(new Set(states)).toEqual(
    new Set([
      "pending",
      "checking_in",
      "checked_in",
      "accepting_predictions",
      "group_stages_underway",
      "group_stages_finalized",
      "underway",
      "awaiting_review",
      "complete",
    ]),
  );
  expect(checking.id).toBeDefined();
  s.service.close();
}

/** Rewrites one tournament's settings (as another writer might have left them): text, or bytes. */
function setSettings(id: number, change: (settings: any) => string | Buffer): void {
  const db = new Database(dbPath);
  const { settings } = db.prepare("SELECT settings FROM tournaments WHERE id = ?").get(id) as {
    settings: string;
  };
  db.prepare("UPDATE tournaments SET settings = CAST(? AS TEXT) WHERE id = ?").run(
    change(JSON.parse(settings)),
    id,
  );
  db.close();
}

function addCopy(): number {
  const db = new Database(dbPath);
  const id = db
    .prepare(
      `INSERT INTO tournaments (url, name, tournament_type, state, settings, random_seed, created_at, updated_at)
       SELECT url || '_copy' || (SELECT COUNT(*) FROM tournaments), name, tournament_type, state, settings, 1, created_at, updated_at
       FROM tournaments WHERE id = 1`,
    )
    .run().lastInsertRowid;
  db.close();
  return Number(id);
}

describe("tournament list --json as SQLite's text", () => {
  beforeAll(seed, 120_000);

  it("prints the full path's bytes, for every filter", async () => {
    for (const filters of [
      [],
      ["--state", "pending"],
      ["--state", "in_progress"],
      ["--state", "ended"],
      ["--state", "checked_in"],
      ["--type", "swiss"],
      ["--created-after", "2020-01-01", "--created-before", "01/31/2099"],
      ["--created-after", "2099-01-01"],
    ]) {
      const { fast, full, text } = await both(["tournament", "list", "--json", ...filters]);
      expect(text, filters.join(" ")).toBe(true);
      expect(fast, filters.join(" ")).toBe(full);
    }
    const all = JSON.parse((await both(["tournament", "list", "--json"])).fast);
    expect(all.length).toBe(14);
    expect(all[0].name).toBe('Ünïcødé single elimination ✓ 🏆 "q" \\ 0');
    expect(all.some((t: any) => t.matches_count > 0 && t.progress_meter === 100)).toBe(true);
  });

  it("leaves out what settings written without a key lack, as JSON.stringify does", async () => {
    const id = addCopy();
    setSettings(id, (s) => {
      delete s.game_name;
      delete s.starts_at;
      delete s.match_options.accept_attachments;
      delete s.tie_breaks;
      s.match_options = { consolation_matches_target_rank: 3, ...s.match_options };
      s.swiss_options = {};
      s.extra = { kept: "no" };
      // Controls the service refuses as input, escaped as JSON.stringify escapes them.
      s.name = "controls \u0001\u0008\u000c\u001f\u007f end";
      return JSON.stringify(s);
    });
    const { fast, full, text } = await both(["tournament", "list", "--json"]);
    expect(text).toBe(true);
    expect(fast).toBe(full);
    const copy = JSON.parse(fast).find((t: any) => t.id === id);
    expect(Object.hasOwn(copy, "game_name")).toBe(false);
    expect(copy.starts_at).toBeNull();
    expect(copy.swiss_options).toEqual({ rounds: null });
  });

  it("takes the full path for settings whose record could come out otherwise", async () => {
    const cases: ((s: any) => string | Buffer)[] = [
      // A key that reads as an array index: JavaScript orders it first.
      (s) => JSON.stringify({ ...s, swiss_options: { 7: "x", pts_for_bye: 1 } }),
      // No open_signup, the first key of registration_options.
      (s) => JSON.stringify({ ...s, registration_options: {} }),
    ];
    for (const [n, change] of cases.entries()) {
      const id = addCopy();
      setSettings(id, change);
      const { fast, full, text } = await both(["tournament", "list", "--json"]);
      expect(text, `case ${n}`).toBe(false);
      expect(fast, `case ${n}`).toBe(full);
      const db = new Database(dbPath);
      db.prepare("DELETE FROM tournaments WHERE id = ?").run(id);
      db.close();
    }
    expect((await both(["tournament", "list", "--json"])).text).toBe(true);
  });

  it("takes the full path for a row another program stored with an id of 0 or below", async () => {
    // The chunks go by id from 0 up: such a row was left out of the text.
    const db = new Database(dbPath);
    db.exec(`INSERT INTO tournaments (id, url, name, tournament_type, state, settings, random_seed, created_at, updated_at)
       SELECT -5, url || '_below', name, tournament_type, state, settings, 1, created_at, updated_at
       FROM tournaments WHERE id = 1`);
    db.close();
    const { fast, full, text } = await both(["tournament", "list", "--json"]);
    expect(text).toBe(false);
    expect(fast).toBe(full);
    const again = new Database(dbPath);
    again.prepare("DELETE FROM tournaments WHERE id = -5").run();
    again.close();
    expect((await both(["tournament", "list", "--json"])).text).toBe(true);
  });

  it("prints text that is not valid UTF-8 as the full path reads it (U+FFFD)", async () => {
    // A surrogate's bytes, a character cut short before the closing quote, a lone
    // continuation byte, bytes UTF-8 never holds, an overlong '/', a 4-byte sequence past
    // U+10FFFF: another program's bytes in the settings and in a column.
    const bad = [
      [0xed, 0xa0, 0x80],
      [0xe2, 0x82],
      [0x80],
      [0xff, 0xfe],
      [0xc0, 0xaf],
      [0xf4, 0x90, 0x80, 0x80],
    ];
    const id = addCopy();
    setSettings(id, ({ name, description, ...s }) => {
      const text = JSON.stringify({ ...s, name: "@NAME@", description: "@DESCRIPTION@" });
      const [before, middle, after] = text.split(/@NAME@|@DESCRIPTION@/) as [
        string,
        string,
        string,
      ];
      return Buffer.concat([
        Buffer.from(before),
        ...bad.map((bytes) => Buffer.from([0x20, ...bytes])),
        Buffer.from(middle),
        Buffer.from(bad.at(1)!),
        Buffer.from(after),
      ]);
    });
    const db = new Database(dbPath);
    db.prepare("UPDATE tournaments SET created_at = CAST(? AS TEXT) WHERE id = ?").run(
      Buffer.concat([Buffer.from("2026-03-01T10:00:00.000Z"), Buffer.from([0xc3])]),
      id,
    );
    db.close();
    const { fast, full, text } = await both(["tournament", "list", "--json"]);
    expect(text).toBe(true);
    expect(fast).toBe(full);
    const copy = JSON.parse(fast).find((t: any) => t.id === id);
    expect(copy.name).toContain("\uFFFD");
    expect(copy.description).toBe("\uFFFD");
    const again = new Database(dbPath);
    again.prepare("DELETE FROM tournaments WHERE id = ?").run(id);
    again.close();
  });

  /** The completion words a list remembered, by the text path (keepRecords) or the full one. */
  const remembered = async (keepRecords: boolean) => {
    const cache = join(sandbox.env.TOURNEY_DATA_DIR!, "completion-names.json");
    rmSync(cache, { force: true });
    const { seen, makeTransport } = counted(keepRecords);
    expect((await sandbox.run(["tournament", "list", "--json"], { makeTransport })).code).toBe(0);
    expect(seen.text).toBe(keepRecords ? 1 : 0);
    return JSON.parse(readFileSync(cache, "utf8")).byProfile.local.tournaments as string[];
  };

  it("remembers the completion words the full path remembers: a url, else the id", async () => {
    const blank = addCopy();
    setSettings(blank, (s) => JSON.stringify({ ...s, url: "" }));
    const fast = await remembered(true);
    expect(fast).toEqual(await remembered(false));
    expect(fast).toContain(String(blank));
    const db = new Database(dbPath);
    db.prepare("DELETE FROM tournaments WHERE id = ?").run(blank);
    db.close();
  });

  it("remembers the id, as the full path does, for a url another program stored as no string", async () => {
    // The stored url is SQLite's text of settings.url (a TEXT column): 123 became "123", which
    // the text path remembered while the full path (a url that is no string) remembered the id.
    // 1e999 (written as such: JSON.stringify has no way to say it) is stored as "Inf".
    const inf = Number.POSITIVE_INFINITY;
    const urls = [123, -4, 1.5, true, [1], { a: 1 }, inf, "2024", "-cup", "[x]", "Inferno"];
    const ids = urls.map((url) => {
      const id = addCopy();
      const text = (s: object) => JSON.stringify({ ...s, url: url === inf ? "@INF@" : url });
      setSettings(id, (s) => text(s).replace('"@INF@"', "1e999"));
      return id;
    });
    const fast = await remembered(true);
    expect(fast).toEqual(await remembered(false));
    for (const [i, url] of urls.entries())
      expect(fast).toContain(typeof url === "string" ? url : String(ids[i]));
    const db = new Database(dbPath);
    for (const id of ids) db.prepare("DELETE FROM tournaments WHERE id = ?").run(id);
    db.close();
  });

  it("takes the full path for settings lacking an option group (the serializer's record fails)", async () => {
    for (const group of ["match_options", "registration_options", "swiss_options"]) {
      const id = addCopy();
      setSettings(id, (s) => {
        delete s[group];
        return JSON.stringify(s);
      });
      const fast = counted(true);
      await sandbox.run(["tournament", "list", "--json"], { makeTransport: fast.makeTransport });
      expect(fast.seen.text, group).toBe(0);
      const db = new Database(dbPath);
      db.prepare("DELETE FROM tournaments WHERE id = ?").run(id);
      db.close();
    }
  });

  it("reads each tournament's stored part, kept with its settings' text and nothing else", async () => {
    const db = new Database(dbPath);
    const parts = () =>
      db.prepare("SELECT * FROM tournament_records ORDER BY tournament_id").all() as any[];
    const ids = db.prepare("SELECT id FROM tournaments ORDER BY id").pluck().all();
    expect(parts().map((p) => p.tournament_id)).toEqual(ids);
    // A write that leaves the settings' text as it was does not touch the part...
    db.prepare(
      "UPDATE tournament_records SET head = head || ',\"mark\":1' WHERE tournament_id = 1",
    ).run();
    db.prepare("UPDATE tournaments SET state = state, settings = settings WHERE id = 1").run();
    const marked = await both(["tournament", "list", "--json"]);
    expect(marked.text).toBe(true);
    expect(JSON.parse(marked.fast)[0].mark).toBe(1);
    // ...a new settings text makes it again, and a deleted tournament takes its part along.
    setSettings(1, (s) => JSON.stringify({ ...s, description: "changed" }));
    const changed = await both(["tournament", "list", "--json"]);
    expect(changed.text).toBe(true);
    expect(changed.fast === changed.full).toBe(true);
    expect(JSON.parse(changed.fast)[0]).toMatchObject({ description: "changed" });
    const id = addCopy();
    expect(parts().length).toBe(ids.length + 1);
    db.prepare("DELETE FROM tournaments WHERE id = ?").run(id);
    expect(parts().map((p) => p.tournament_id)).toEqual(ids);
    const { fast, full } = await both(["tournament", "list", "--json"]);
    expect(fast).toBe(full);
    // A tournament without its part (none written for it): the list steps aside.
    db.prepare("DELETE FROM tournament_records WHERE tournament_id = 1").run();
    const missing = await both(["tournament", "list", "--json"]);
    expect(missing.text).toBe(false);
    expect(missing.fast).toBe(missing.full);
    db.close();
  });

  it("fills in the parts of an older store's tournaments as it migrates it", async () => {
    // Schema 13: before migration 14 made tournament_records.
    rewriteAsVersion(dbPath, 13);
    // The first list migrates (through the service); the next reads the filled-in parts.
    expect((await sandbox.run(["tournament", "list", "--json"])).code).toBe(0);
    const { fast, full, text } = await both(["tournament", "list", "--json"]);
    expect(text).toBe(true);
    expect(fast === full).toBe(true);
    const check = new Database(dbPath);
    expect(
      check.prepare("SELECT COUNT(*) FROM tournament_records WHERE head IS NOT NULL").pluck().get(),
    ).toBe(check.prepare("SELECT COUNT(*) FROM tournaments").pluck().get());
    check.close();
  });

  it("is parsed for fields, --jq, --limit and rows, which print what the full path prints", async () => {
    for (const args of [
      ["--json", "id,name,state"],
      ["--json", "name,progress_meter,description", "--state", "ended"],
      ["--jq", ".[].name"],
      ["--jq", 'map(select(.state == "underway")) | length'],
      ["--json", "-L", "2"],
      ["--json", "url,participants_count", "--type", "swiss"],
      ["--json", "id,id,description,state", "--state", "all"],
      ["--json", "name", "--jq", ".[0]"],
      ["--json", "name,state", "-L", "3"],
      [],
      ["--state", "in_progress"],
    ]) {
      const { fast, full, text } = await both(["tournament", "list", ...args]);
      expect(text, args.join(" ")).toBe(true);
      expect(fast, args.join(" ")).toBe(full);
    }
    // A field no record has: refused, naming every field there is, as the full path does.
    for (const args of [
      ["--json", "id,nope"],
      ["--json", "nope", "--state", "ended"],
    ]) {
      const fast = counted(true);
      const full = counted(false);
      const line = ["tournament", "list", ...args];
      const a = await sandbox.run(line, { makeTransport: fast.makeTransport });
      const b = await sandbox.run(line, { makeTransport: full.makeTransport });
      expect(fast.seen.text, args.join(" ")).toBe(1);
      expect([a.code, a.stdout, a.stderr]).toEqual([b.code, b.stdout, b.stderr]);
      expect(a.code).toBe(2);
      expect(a.stderr).toMatch(/unknown JSON field "nope"; available fields:\n {2}\w+\n {2}\w+/);
    }
    // At a terminal: the table, and indented JSON.
    for (const args of [[], ["--json"], ["--json", "id,name"]]) {
      const { fast, full, text } = await both(["tournament", "list", ...args], true);
      expect(text, args.join(" ")).toBe(true);
      expect(fast, args.join(" ")).toBe(full);
      expect(fast.length).toBeGreaterThan(100);
    }
  });
});

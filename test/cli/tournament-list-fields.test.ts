/**
 * `tourney tournament list --json FIELDS` (and rows, the table) on the embedded backend:
 * SQLite makes only the asked fields of each record (store/tournament-fields-json.ts,
 * issue 27), and the CLI prints byte for byte what the full path prints (the service's
 * records, flattened, fields picked by cli/output/json-fields.ts): every field the list
 * has, alone and together, on awkward data (unicode, quotes, controls, lone surrogates,
 * nulls, big and oddly written numbers, keys the settings lack), a field no shown record
 * has (refused the same way), and what steps aside.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { createSandbox } from "../helpers/cli.js";
import { changeState, createWithPlayers, playOut } from "../helpers/play.js";
import { startService } from "../helpers/service.js";

const sandbox = createSandbox();
const dbPath = join(sandbox.env.TOURNEY_DATA_DIR!, "tourney.db");
afterAll(() => sandbox.cleanup());

/** The embedded transport, counting the lists answered with some fields (`fields`) or whole records. */
function counted(keepRecords: boolean) {
  const seen = { fields: 0, whole: 0 };
  const makeTransport = async (): Promise<Transport> => {
    const { records, ...rest } = createInProcessTransport({ dbPath });
    if (!keepRecords) return rest;
    return {
      ...rest,
      records: async (request, write, shape) => {
        const text = await records!(request, write, shape);
        if (text !== undefined) seen[shape === undefined ? "whole" : "fields"]++;
        return text;
      },
    };
  };
  return { seen, makeTransport };
}

/** `args` through SQLite's fields and through the full path: code, stdout and stderr of each. */
async function both(args: readonly string[], tty = false) {
  const fast = counted(true);
  const full = counted(false);
  const a = await sandbox.run(args, { makeTransport: fast.makeTransport, tty });
  const b = await sandbox.run(args, { makeTransport: full.makeTransport, tty });
  return { fast: [a.code, a.stdout, a.stderr], full: [b.code, b.stdout, b.stderr], ...fast.seen };
}

/** Settings text as another program may have written it: `@KEY@` placeholders replaced raw. */
function setSettingsText(
  id: number,
  change: (settings: any) => object,
  raw: Record<string, string>,
) {
  const db = new Database(dbPath);
  const { settings } = db.prepare("SELECT settings FROM tournaments WHERE id = ?").get(id) as {
    settings: string;
  };
  let text = JSON.stringify(change(JSON.parse(settings)));
  for (const [key, value] of Object.entries(raw)) text = text.replace(`"@${key}@"`, value);
  db.prepare("UPDATE tournaments SET settings = ? WHERE id = ?").run(text, id);
  db.close();
}

async function seed(): Promise<void> {
  const s = await startService({ dbPath, now: () => new Date("2026-03-01T10:00:00.000Z") });
  const plain = await createWithPlayers(
    s,
    { name: 'Ünïcødé ✓ 🏆 "q" \\ </script>', tournament_type: "round robin" },
    0,
  );
  const rich = await createWithPlayers(
    s,
    {
      tournament_type: "swiss",
      description: 'line\nbreak\ttab "quoted" \\ back \u2028 ½',
      private: true,
      starts_at: "2026-05-01T18:00:00.000Z",
      registration_options: { signup_cap: 64 },
      swiss_options: { rounds: 3 },
    },
    0,
  );
  const played = await createWithPlayers(s, { tournament_type: "single elimination" }, 4);
  await changeState(s, played.id, "start");
  await playOut(s, played.id, (m) => m.player1_id);
  const started = await createWithPlayers(s, { tournament_type: "double elimination" }, 6);
  await changeState(s, started.id, "start");
  s.service.close();
  // Keys the settings lack (left out of the record), nulls, controls and a lone surrogate.
  setSettingsText(
    Number(plain.id),
    (st) => {
      delete st.game_name;
      delete st.tie_breaks;
      delete st.description;
      return { ...st, name: "controls \u0001\u0008\u000c\u001f\u007f \ud800 end", url: null };
    },
    {},
  );
  // Numbers and strings written otherwise than JSON.stringify writes them.
  setSettingsText(
    Number(rich.id),
    (st) => ({
      ...st,
      seeding_options: { big: "@BIG@", half: "@HALF@", exp: "@EXP@", neg: "@NEG@" },
      game_name: "@ESCAPED@",
      notifications: null,
    }),
    {
      BIG: "123456789012345678901234567890",
      HALF: "1.50",
      EXP: "1E3",
      NEG: "-0.0",
      ESCAPED: '"\\u00e9\\/\\u0041"',
    },
  );
}

/** Every key a record of the plain `--json` list has, in the order of the first record. */
async function allKeys(): Promise<string[]> {
  const { stdout } = await sandbox.run(["tournament", "list", "--json"]);
  const keys = new Set<string>();
  for (const record of JSON.parse(stdout) as object[])
    for (const key of Object.keys(record)) keys.add(key);
  return [...keys];
}

describe("tournament list with fields as SQLite's text", () => {
  beforeAll(seed, 120_000);

  it("prints every field, alone and all together, as the full path prints it", async () => {
    const keys = await allKeys();
    expect(keys.length).toBe(26);
    const lists = [
      ...keys.map((key) => [key]),
      keys,
      [...keys].reverse(),
      ["name", "id", "name", "timestamps", "id"],
    ];
    for (const fields of lists) {
      const {
        fast,
        full,
        fields: answered,
      } = await both(["tournament", "list", "--json", fields.join(",")]);
      expect(fast, fields.join(",")).toEqual(full);
      expect(fast[0], fields.join(",")).toBe(0);
      expect(answered, fields.join(",")).toBe(1);
    }
  });

  it("prints rows, the table, indented JSON, --jq and --limit as the full path prints them", async () => {
    for (const [args, tty] of [
      [[], false],
      [["--state", "ended"], false],
      [[], true],
      [["--json", "id,name,seeding_options"], true],
      [["--json", "state,game_name", "--jq", ".[] | .game_name"], false],
      [["--json", "name,state", "-L", "2"], false],
      [["--json", "game_name", "--type", "swiss"], false],
      [["-L", "1"], false],
    ] as const) {
      const { fast, full, fields } = await both(["tournament", "list", ...args], tty);
      expect(fast, args.join(" ")).toEqual(full);
      expect(fast[0], `${args.join(" ")} ${fast[2]}`).toBe(0);
      expect(fields, args.join(" ")).toBe(1);
    }
  });

  it("refuses a field no record has and prints null for one the settings lack, as the full path does", async () => {
    for (const args of [
      ["--json", "id,nope"],
      ["--json", "nope,id", "--type", "round_robin"],
      ["--json", "id,__proto__"],
      ["--json", "name,Name"],
    ]) {
      const { fast, full } = await both(["tournament", "list", ...args]);
      expect(fast, args.join(" ")).toEqual(full);
      expect(fast[0], `${args.join(" ")} ${fast[1]}`).toBe(2);
      expect(fast[2], args.join(" ")).toMatch(
        /unknown JSON fields? "[^"]+"; available fields:\n {2}description\n/,
      );
    }
    // The service's record has every key, undefined where the settings lack it: null here.
    for (const args of [
      ["--json", "tie_breaks,description,game_name", "--type", "round_robin"],
      ["--json", "description", "-L", "1"],
    ]) {
      const { fast, full, fields } = await both(["tournament", "list", ...args]);
      expect(fast, args.join(" ")).toEqual(full);
      expect(fast[0], `${args.join(" ")} ${fast[2]}`).toBe(0);
      expect(JSON.parse(fast[1] as string)[0]).toEqual(
        Object.fromEntries(args[1]!.split(",").map((key) => [key, null])),
      );
      expect(fields).toBe(1);
    }
  });

  it("steps aside where the whole records do: a tournament without its stored part", async () => {
    const db = new Database(dbPath);
    db.prepare("DELETE FROM tournament_records WHERE tournament_id = 1").run();
    db.close();
    const { fast, full, fields, whole } = await both(["tournament", "list", "--json", "id,name"]);
    expect(fast).toEqual(full);
    expect([fields, whole]).toEqual([0, 0]);
  });
});

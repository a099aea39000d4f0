/**
 * `--json FIELDS` naming a field the command's record lacks is refused before the write
 * (exit 2, nothing changed) by every writing verb, not only by create, update and the
 * state changes: bulk-add, randomize, delete, check-in, the station and attachment verbs
 * made the change, then failed to print it (exit 8). The fields they do print are kept
 * (src/cli/record-fields.ts, whose lists record-fields.test.ts holds to the records).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

const sb = createSandbox();
afterAll(() => sb.cleanup());
const dbPath = join(sb.env.TOURNEY_DATA_DIR!, "tourney.db");
const note = join(sb.dir, "note.txt");
const times = join(sb.dir, "times.csv");

/** Every row of every table: what a refused command must leave as it was. */
function contents(): string {
  const db = new Database(dbPath, { readonly: true });
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .pluck()
    .all() as string[];
  const rows = tables.map((t) => [t, db.prepare(`SELECT * FROM "${t}"`).all()]);
  db.close();
  return JSON.stringify(rows);
}

let cup: string;
let checkIn: string;
beforeAll(async () => {
  writeFileSync(note, "hello");
  cup = (await createWith(sb, ["--name", "Cup"], ["Ann", "Bob", "Cid", "Dee"])).t;
  ok(await sb.run(["tournament", "update", cup, "--set", "match_options.accept_attachments=true"]));
  ok(await sb.run(["station", "create", cup, "Table 1"]));
  ok(await sb.run(["station", "create", cup, "Table 2"]));
  ok(await sb.run(["tournament", "start", cup]));
  ok(await sb.run(["station", "assign", cup, "Table 2", "A"]));
  ok(await sb.run(["attachment", "add", cup, "A", "--file", note]));
  const starts = new Date(Date.now() + 30 * 60_000).toISOString();
  const flags = ["--name", "Checked", "--starts-at", starts, "--check-in-duration", "60"];
  checkIn = (await createWith(sb, flags, ["Eve", "Fay"])).t;
  ok(await sb.run(["race", "create", "--name", "Dash"]));
  ok(await sb.run(["race", "participants", "add", "dash", "Gil"]));
  await createWith(sb, ["--name", "Pending"], ["Ned", "Ole"]);
  ok(await sb.run(["station", "queue", "add", cup, "Table 1", "B"]));
  ok(await sb.run(["race", "create", "--name", "Sprint"]));
  ok(await sb.run(["race", "participants", "bulk-add", "sprint", "Lee", "Max"]));
  ok(await sb.run(["race", "start", "sprint"]));
  ok(await sb.run(["race", "times", "update", "sprint", "Lee", "--time", "12s"]));
  writeFileSync(times, "Max,14s\n");
});

describe("a writing verb with an unknown --json field", () => {
  const verbs = (): string[][] => [
    ["participants", "bulk-add", checkIn, "Hal", "Ivy"],
    ["participants", "randomize", checkIn],
    ["participants", "delete", checkIn, "Eve", "--yes"],
    ["participants", "check-in", checkIn, "Eve"],
    ["participants", "undo-check-in", checkIn, "Eve"],
    ["race", "participants", "bulk-add", "dash", "Jo"],
    ["station", "create", cup, "Table 3"],
    ["station", "update", cup, "Table 1", "--details", "by the window"],
    ["station", "assign", cup, "Table 1", "B"],
    ["station", "unassign", cup, "Table 2"],
    ["station", "delete", cup, "Table 1", "--yes"],
    ["attachment", "add", cup, "A", "--file", note],
    ["attachment", "delete", cup, "A", "1", "--yes"],
    ["participants", "clear", "pending", "--yes"],
    ["station", "queue", "add", cup, "Table 1", "C"],
    ["station", "queue", "move", cup, "Table 1", "B", "1"],
    ["race", "times", "update", "sprint", "Max", "--time", "13s"],
    ["race", "update", "sprint", "Max", "--time", "13s"],
    ["race", "times", "bulk-update", "sprint", "--file", times],
    ["race", "round", "finalize", "sprint", "1"],
    ["tournament", "delete", checkIn, "--yes"],
    ["race", "delete", "dash", "--yes"],
  ];

  it("exits 2 naming the field, and changes nothing", async () => {
    for (const args of verbs()) {
      const before = contents();
      const r = await sb.run([...args, "--json", "bogus"]);
      expect(r.stderr, args.join(" ")).toContain('unknown JSON field "bogus"');
      expect(r.code, args.join(" ")).toBe(2);
      expect(contents() === before, args.join(" ")).toBe(true);
    }
  });

  it("prints the fields the verb's record has", async () => {
    const station = ok(await sb.run(["station", "create", cup, "T4", "--json", "name,match_id"]));
    expect(station.json()).toEqual({ name: "T4", match_id: null });
    const gil = await sb.run(["race", "participants", "add", "dash", "Kim", "--json", "race_id"]);
    expect(ok(gil).json().race_id).toEqual(expect.any(Number));
    const time = ["race", "update", "sprint", "Max", "--time", "15s", "--json", "elapsedTime"];
    expect(ok(await sb.run(time)).json()).toEqual({ elapsedTime: 15_000 });
    const deleted = ok(
      await sb.run(["station", "delete", cup, "T4", "--yes", "--json", "deleted"]),
    );
    expect(deleted.json()).toEqual({ deleted: true });
  });
});

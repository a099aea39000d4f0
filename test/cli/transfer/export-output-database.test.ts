/**
 * `tournament export --output FILE` and `race export --output FILE` where FILE is the tourney
 * database (or its -wal, -shm, -journal), by its path, a symbolic link, a hard link or an open
 * descriptor: refused as a usage error (exit 2) naming the file and saying it is the tourney
 * database, and the database is left as it was. Before, `export spring_cup --output
 * $TOURNEY_DATA_DIR/tourney.db` replaced the database with the JSON document (exit 0), and
 * `tournament list` then said the database was damaged (a reviewer found it).
 */
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  symlinkSync,
} from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../../helpers/cli.js";
import { ok } from "../../helpers/cli-tournament.js";

let sb: Sandbox;
let data: string;
let db: string;
beforeEach(async () => {
  sb = createSandbox();
  data = join(sb.dir, "data");
  db = join(data, "tourney.db");
  ok(await sb.run(["tournament", "create", "--name", "Spring Cup"]));
  ok(await sb.run(["tournament", "create", "--name", "Autumn Cup"]));
  ok(await sb.run(["race", "create", "--name", "GP"]));
});
afterEach(() => sb.cleanup());

/** The tournaments' urls the database holds, read through the CLI. */
async function urls(): Promise<string[]> {
  const r = await sb.run(["tournament", "list", "--json", "url"]);
  ok(r);
  return r.json().map((t: { url: string }) => t.url);
}

/** The refusal expected for --output `output`, which is `what`. */
function refusal(output: string, what: string): string {
  return `error: --output ${output}: it is ${what}, which holds every tournament; writing the document there would destroy it. Name another file, such as --output export.json\n`;
}

describe("export --output onto the tourney database", () => {
  it("the database itself, for both exports: exit 2, nothing written, the tournaments kept", async () => {
    const before = readFileSync(db);
    for (const [noun, name] of [
      ["tournament", "spring_cup"],
      ["race", "gp"],
    ]) {
      const r = await sb.run([noun!, "export", name!, "--output", db]);
      expect([r.code, r.stdout, r.stderr]).toEqual([
        2,
        "",
        refusal(db, `the tourney database ${db}`),
      ]);
    }
    expect(readFileSync(db).subarray(0, 16).toString()).toBe("SQLite format 3\0");
    expect(readFileSync(db).length).toBe(before.length);
    expect(readdirSync(data).filter((f) => f.endsWith(".partial"))).toEqual([]);
    expect((await urls()).sort()).toEqual(["autumn_cup", "spring_cup"]);
  });

  it("its -wal and -shm, a symbolic link, a path with .. and a hard link: each refused", async () => {
    const links = join(sb.dir, "links");
    mkdirSync(links);
    symlinkSync(db, join(links, "db-link.json"));
    symlinkSync(data, join(links, "data"));
    linkSync(db, join(links, "hard.db"));
    const cases: Array<[string, string]> = [
      [`${db}-wal`, `${db}-wal, the write-ahead log of the tourney database ${db}`],
      [`${db}-shm`, `${db}-shm, the shared memory file of the tourney database ${db}`],
      [join(links, "db-link.json"), `the tourney database ${db}`],
      [join(links, "data", "tourney.db"), `the tourney database ${db}`],
      [join(links, "data", "..", "..", "data", "tourney.db"), `the tourney database ${db}`],
      [join(links, "hard.db"), `the tourney database ${db}`],
    ];
    for (const [output, what] of cases) {
      const r = await sb.run(["tournament", "export", "spring_cup", "--output", output]);
      expect([r.code, r.stderr]).toEqual([2, refusal(output, what)]);
    }
    expect((await urls()).sort()).toEqual(["autumn_cup", "spring_cup"]);
  });

  it("a descriptor open on the database (3>> tourney.db): refused, nothing appended", async () => {
    const size = readFileSync(db).length;
    const fd = openSync(db, "a");
    try {
      const output = `/dev/fd/${fd}`;
      const r = await sb.run(["race", "export", "gp", "--output", output]);
      expect([r.code, r.stderr]).toEqual([2, refusal(output, `the tourney database ${db}`)]);
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(db).length).toBe(size);
  });

  it("from a remote profile: the local profiles' databases are refused all the same", async () => {
    ok(await sb.run(["profile", "add", "lan", "--base-url", "http://127.0.0.1:9"]));
    const r = await sb.run(["--profile", "lan", "tournament", "export", "x", "--output", db]);
    expect([r.code, r.stderr]).toEqual([2, refusal(db, `the tourney database ${db}`)]);
    expect((await urls()).sort()).toEqual(["autumn_cup", "spring_cup"]);
  });

  it("a profile's db_path (config set db_path event.db): that file is the one refused", async () => {
    const event = join(sb.dir, "event.db");
    ok(await sb.run(["config", "set", "db_path", event]));
    ok(await sb.run(["tournament", "create", "--name", "LAN Cup"]));
    const r = await sb.run(["tournament", "export", "lan_cup", "--output", event]);
    expect([r.code, r.stderr]).toEqual([2, refusal(event, `the tourney database ${event}`)]);
    expect(await urls()).toEqual(["lan_cup"]);
    // The default database is another profile's now: a file like any other, written.
    const other = join(sb.dir, "other.json");
    ok(await sb.run(["tournament", "export", "lan_cup", "--output", other]));
    expect(JSON.parse(readFileSync(other, "utf8")).tournament.url).toBe("lan_cup");
  });
});

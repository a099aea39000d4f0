/**
 * Rosters through the built binary, as an organiser meets them: the same 16
 * players from four kinds of file, 5,000 names piped in on the embedded
 * backend (all or nothing), a refusal named by its roster line on a remote
 * profile as on the embedded backend, and the progress bar only at a terminal.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT, runBinary } from "../helpers/binary.js";
import { useServeWithProfile } from "../helpers/served-sandbox.js";

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));
const SCRIPT = ["/usr/bin/script", "/bin/script"].find((path) => existsSync(path));

/**
 * The 16 players, by seed: a `#` name, a name with a comma, and "Ann Marie",
 * which the spreadsheet export has as a cell typed over two lines.
 */
const PLAYERS = [
  "Ada",
  "Grace",
  "#TeamLiquid",
  "Linus",
  "Smith, John",
  "Barbara",
  "Ann Marie",
  "Zoë",
  "Ken",
  "Margaret",
  "Dennis",
  "Frances",
  "Edsger",
  "Radia",
  "Tim",
  "Hedy",
];
const quoted = (name: string) => (/[,;\n"]/.test(name) ? `"${name.replaceAll('"', '""')}"` : name);
const bySeed = PLAYERS.map((name, i) => ({ name, seed: i + 1 }));
/** Not in seed order: 5, 12, 3, ... */
const shuffled = [...bySeed].sort((a, b) => ((a.seed * 7) % 16) - ((b.seed * 7) % 16));

const ROSTERS: Record<string, string> = {
  "headed CSV, seeds 16 down to 1": `Seed,Player\n${[...bySeed]
    .reverse()
    .map((p) => `${p.seed},${quoted(p.name)}`)
    .join("\n")}\n`,
  "headerless CSV, rows in no order": `${shuffled.map((p) => `${quoted(p.name)},${p.seed}`).join("\n")}\n`,
  "a spreadsheet's ';' export": `\uFEFFName;Seed;Country\r\n${shuffled
    .map((p) => `${quoted(p.name.replace("Ann ", "Ann\r\n"))};${p.seed};NO`)
    .join("\r\n")}\r\n;;\r\n`,
  "a plain list in seed order": `${bySeed.map((p) => quoted(p.name)).join("\n")}\n\n`,
};

describe.runIf(BUILT)("rosters through the built binary", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-roster-"));
  const env = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  let made = 0;
  async function tournament(extra: string[] = []): Promise<string> {
    made += 1;
    const url = `cup_${made}`;
    const args = ["tournament", "create", "--name", `Cup ${made}`, "--url", url];
    const r = await runBinary([...extra, ...args, "--type", "single elimination"], env);
    expect(r.code, r.stderr).toBe(0);
    return url;
  }

  const listed = async (t: string, extra: string[] = []) => {
    const r = await runBinary([...extra, "participants", "list", t, "--json"], env);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout).map((p: { name: string; seed: number }) => [p.name, p.seed]);
  };
  const countOf = async (t: string) =>
    JSON.parse((await runBinary(["tournament", "view", t, "--json"], env)).stdout)
      .participants_count;

  it("reads the same 16 participants and seeds from four kinds of roster", async () => {
    const expected = bySeed.map((p) => [p.name, p.seed]);
    for (const [kind, text] of Object.entries(ROSTERS)) {
      const t = await tournament();
      const file = join(dir, `${t}.csv`);
      writeFileSync(file, text);
      const r = await runBinary(["participants", "bulk-add", t, "--file", file], env);
      expect(r.code, `${kind}: ${r.stderr}`).toBe(0);
      expect(await listed(t), kind).toEqual(expected);
      const note = kind.includes("';'") ? 'Not read: column "Country" (line 1)' : undefined;
      if (note === undefined) expect(r.stderr, kind).toBe("");
      else expect(r.stderr, kind).toContain(note);
    }
    // csv-parse came from dist/vendor, on demand: the core does not hold it.
    expect(readFileSync(join(DIST, "core.js"), "utf8")).not.toContain("CSV_QUOTE_NOT_CLOSED");
    expect(existsSync(join(DIST, "vendor", "csv-parse", "sync.mjs"))).toBe(true);
  });

  const names = (n: number) => Array.from({ length: n }, (_, i) => `P${i + 1}\n`).join("");

  it("adds 5,000 names piped in, on the embedded backend", async () => {
    const t = await tournament();
    const r = await runBinary(["participants", "bulk-add", t], env, names(5000));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout.trimEnd().split("\n")).toHaveLength(5000);
    expect(await countOf(t)).toBe(5000);
  });

  it("adds none of 5,000 names when the service refuses one, naming its line", async () => {
    const t = await tournament();
    expect((await runBinary(["participants", "bulk-add", t, "P4321"], env)).code).toBe(0);
    const r = await runBinary(
      ["participants", "bulk-add", t, "--no-skip-present"],
      env,
      names(5000),
    );
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      'error: line 4321: name "P4321" is already taken in this tournament\n' +
        "error: nothing was added: the bulk add is all or nothing\n",
    );
    expect(await countOf(t)).toBe(1);
  });

  it.runIf(SCRIPT !== undefined)("draws a progress bar at a terminal only", () => {
    const t = "cup_bar";
    const create = `"${process.execPath}" "${BIN}" tournament create --name Bar --url ${t} --type "single elimination" >/dev/null`;
    const add = `seq 1 3000 | sed 's/^/P/' | "${process.execPath}" "${BIN}" participants bulk-add ${t} >/dev/null`;
    const onTerminal = spawnSync(SCRIPT!, ["-qec", `${create} && ${add}`, "/dev/null"], {
      env: { ...env, TERM: "xterm" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(onTerminal.status, onTerminal.stdout).toBe(0);
    expect(onTerminal.stdout).toContain("Adding participants [");
    expect(onTerminal.stdout).toContain("] 3,000/3,000");
  });

  describe("on a remote profile (tourney serve)", () => {
    useServeWithProfile(dir, env, { remove: false });

    it("names the roster line of a refusal as the embedded backend does, and adds nobody", async () => {
      const roster = Array.from({ length: 30 }, (_, i) => (i === 25 ? "Taken\n" : `P${i + 1}\n`));
      for (const extra of [[], ["--profile", "lan"]]) {
        const t = await tournament(extra);
        const first = await runBinary([...extra, "participants", "bulk-add", t, "Taken"], env);
        expect(first.code, first.stderr).toBe(0);
        const r = await runBinary(
          [...extra, "participants", "bulk-add", t, "--no-skip-present"],
          env,
          roster.join(""),
        );
        expect(r.code, extra.join(" ")).toBe(5);
        // The same refusal on both backends; the remote one, sent in chunks, also says that the
        // names its earlier chunks had added were removed again (issue 24, item 12).
        const lines = r.stderr.trimEnd().split("\n");
        expect(lines[0]).toBe('error: line 26: name "Taken" is already taken in this tournament');
        expect(lines.slice(1)).toEqual(
          extra.length === 0
            ? []
            : [
                "error: the 20 participant(s) this bulk add had added before the refusal were removed again: the roster is not half added",
              ],
        );
        expect(await listed(t, extra)).toEqual([["Taken", 1]]);
      }
    });
  });
});

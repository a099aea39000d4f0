/**
 * UTF-16 text with its byte order mark is read as it is (an outside review): a spreadsheet's
 * "Unicode Text" export (FF FE, little-endian, Windows line ends), or FE FF big-endian, as a
 * roster named with --file or piped, and as a times file. Before, it was refused as Latin-1
 * (`line 1 holds the byte 0xFF (Latin-1 "ÿ"?); ... iconv -f latin1 -t utf-8`, exit 2), and
 * following that hint gave names holding U+0000. A UTF-16 file with half a surrogate pair
 * alone is refused naming the line (exit 2); nothing is added.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT, runBinary } from "../helpers/binary.js";

/** `text` as UTF-16 big-endian, after its mark FE FF. */
function utf16be(text: string): Buffer {
  const le = Buffer.from(`\ufeff${text}`, "utf16le");
  return Buffer.from(le).swap16();
}

describe.runIf(BUILT)("UTF-16 input with its byte order mark", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-utf16-"));
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: join(dir, "home"),
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  mkdirSync(env.HOME, { recursive: true });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const names = async (owner: string[]) => {
    const r = await runBinary([...owner, "--json"], env);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout).map((p: { name: string }) => p.name);
  };

  it("reads a spreadsheet's Unicode Text roster (--file) and a big-endian one (stdin)", async () => {
    const made = await runBinary(["tournament", "create", "--name", "Cup"], env);
    expect(made.code, made.stderr).toBe(0);
    const file = join(dir, "roster16.txt");
    writeFileSync(file, Buffer.from("\ufeffAda\r\nZoë\r\n", "utf16le"));
    const named = await runBinary(["participants", "bulk-add", "cup", "--file", file], env);
    expect(named.code, named.stderr).toBe(0);
    const piped = spawnSync(process.execPath, [BIN, "participants", "bulk-add", "cup"], {
      env,
      input: utf16be("name,seed\r\nGrace 😀,3\r\n"),
      encoding: "utf8",
    });
    expect(piped.status, piped.stderr).toBe(0);
    expect(await names(["participants", "list", "cup"])).toEqual(["Ada", "Zoë", "Grace 😀"]);
  });

  it("reads a UTF-16 times file", async () => {
    for (const args of [
      ["race", "create", "--name", "TT"],
      ["race", "participants", "bulk-add", "tt", "Ada", "Zoë"],
      ["race", "start", "tt"],
    ]) {
      const r = await runBinary(args, env);
      expect(r.code, r.stderr).toBe(0);
    }
    const file = join(dir, "times16.csv");
    writeFileSync(file, Buffer.from("\ufeffparticipant\ttime\r\nZoë\t1:01.500\r\n", "utf16le"));
    const r = await runBinary(["race", "times", "bulk-update", "tt", "--file", file], env);
    expect(r.code, r.stderr).toBe(0);
    const times = await runBinary(["race", "times", "list", "tt", "--json"], env);
    const zoe = JSON.parse(times.stdout).find((t: { name: string }) => t.name === "Zoë");
    expect(zoe.elapsedTime).toBe(61_500);
  });

  it("refuses half a surrogate pair alone, naming the line; nothing is added", async () => {
    const made = await runBinary(["tournament", "create", "--name", "Bad"], env);
    expect(made.code, made.stderr).toBe(0);
    const file = join(dir, "bad16.txt");
    const bytes = Buffer.from("\ufeffAda\nX\ud83dY\n", "utf16le");
    writeFileSync(file, bytes);
    const r = await runBinary(["participants", "bulk-add", "bad", "--file", file], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: --file ${file} starts with UTF-16's byte order mark but is not UTF-16 text: line 2 holds half of a surrogate pair alone, or ends the file with an odd byte; save it again as UTF-8 or UTF-16\n`,
    );
    expect(await names(["participants", "list", "bad"])).toEqual([]);
  });
});

/**
 * `tournament export --output FILE` and `race export --output FILE` where FILE cannot be
 * written: refused as a usage error (exit 2) naming --output, the cause and the way out,
 * before the export is read, with no FILE.partial left behind. Before, `--output /tmp` said
 * "EISDIR: illegal operation on a directory, rename '/tmp.partial' -> '/tmp'" (exit 1) and
 * left /tmp.partial; `--output /no-such-folder/x.json` said Node's ENOENT.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../../helpers/cli.js";
import { ok } from "../../helpers/cli-tournament.js";

let sb: Sandbox;
let out: string;
beforeEach(async () => {
  sb = createSandbox();
  out = join(sb.dir, "out");
  mkdirSync(out);
  ok(await sb.run(["tournament", "create", "--name", "Cup"]));
  ok(await sb.run(["race", "create", "--name", "GP"]));
});
afterEach(() => sb.cleanup());

/** The command's code and streams, and what the output folder holds afterwards. */
async function exported(args: string[]) {
  const r = await sb.run(args);
  return { code: r.code, stdout: r.stdout, stderr: r.stderr, files: readdirSync(out) };
}

describe("export --output FILE that cannot be written", () => {
  it("a folder: exit 2, naming --output and a file to write instead; nothing left", async () => {
    for (const noun of ["tournament", "race"]) {
      const name = noun === "tournament" ? "cup" : "gp";
      expect(await exported([noun, "export", name, "--output", out])).toEqual({
        code: 2,
        stdout: "",
        stderr: `error: --output ${out}: it is a folder, not a file; name a file to write, such as --output ${out}/export.json\n`,
        files: [],
      });
      expect(existsSync(`${out}.partial`)).toBe(false);
      // Written with a slash, the same (before, FILE/.partial was written inside it).
      const slash = await exported([noun, "export", name, "--output", `${out}/`]);
      expect([slash.code, slash.files]).toEqual([2, []]);
      expect(slash.stderr).toContain(`--output ${out}/: it is a folder, not a file`);
    }
  });

  it("a folder that does not exist, or a file where a folder is: exit 2, saying which", async () => {
    const missing = join(out, "no-such-folder", "x.json");
    expect(await exported(["tournament", "export", "cup", "--output", missing])).toEqual({
      code: 2,
      stdout: "",
      stderr: `error: --output ${missing}: the folder ${join(out, "no-such-folder")} does not exist; make it first (mkdir -p ${join(out, "no-such-folder")}), or name a file in a folder that exists\n`,
      files: [],
    });
    const file = join(out, "file");
    writeFileSync(file, "mine");
    const under = join(file, "x.json");
    const r = await exported(["race", "export", "gp", "--output", under]);
    expect(r).toEqual({
      code: 2,
      stdout: "",
      stderr: `error: --output ${under}: ${file} is a file, not a folder; name a file in a folder\n`,
      files: ["file"],
    });
    expect(readFileSync(file, "utf8")).toBe("mine");
  });

  it("is refused before the export is read: an unknown tournament is not looked up", async () => {
    const r = await exported(["tournament", "export", "nosuch", "--output", out]);
    expect([r.code, r.stderr]).toEqual([
      2,
      `error: --output ${out}: it is a folder, not a file; name a file to write, such as --output ${out}/export.json\n`,
    ]);
  });

  it("a file that can be written is written whole, and replaced whole", async () => {
    const file = join(out, "cup.json");
    writeFileSync(file, "old");
    const r = await exported(["tournament", "export", "cup", "--output", file]);
    expect(r).toEqual({
      code: 0,
      stdout: "",
      stderr: `exported to ${file}\n`,
      files: ["cup.json"],
    });
    expect(JSON.parse(readFileSync(file, "utf8")).tournament.name).toBe("Cup");
  });
});

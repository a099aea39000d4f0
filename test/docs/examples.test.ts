/**
 * The README and docs/ as a test (issue 26, item 11): every shell example runs, in order,
 * with the built binary as `tourney`, each file in a fresh home of its own (HOME,
 * TOURNEY_CONFIG_DIR and TOURNEY_DATA_DIR in a new temporary folder, which is also the
 * working directory), each block in its own `bash -euo pipefail`; a block that exits
 * non-zero fails, with its output. Blocks marked `<!-- not run: why -->` are skipped and
 * counted. `npx tourney` runs the built binary as it does in a clone; `npm install` is a
 * no-op here (this test runs in the installed checkout), any other npm command fails.
 * Also: the README stays an entry (at most 250 lines), its exit-code table lists every
 * code of src/cli/exit-codes.ts, and every relative link of the README and docs/ resolves.
 */
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { EXIT } from "../../src/cli/exit-codes.js";
import { BIN, BUILT } from "../helpers/binary.js";
import { checkedExits, documentedFiles, type Example, examplesOf } from "./doc-examples.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const FILES = documentedFiles(ROOT).map((file) => ({
  file,
  text: readFileSync(join(ROOT, file), "utf8"),
}));
const EXAMPLES = FILES.map(({ file, text }) => ({ file, examples: examplesOf(file, text) }));

/** A folder of stand-ins on PATH: `tourney` and `npx tourney` run the built binary. */
function shims(dir: string): string {
  const bin = join(dir, ".bin");
  mkdirSync(bin);
  const scripts: Record<string, string> = {
    tourney: `exec "${process.execPath}" "${BIN}" "$@"`,
    npx: `[ "$1" = tourney ] || { echo "npx $1: only npx tourney runs here" >&2; exit 127; }\nshift\nexec tourney "$@"`,
    npm: `[ "$*" = install ] || { echo "npm $*: only npm install (a no-op) runs here" >&2; exit 127; }`,
  };
  for (const [name, body] of Object.entries(scripts)) {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  }
  return bin;
}

function freshHome(): { dir: string; env: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), "tourney-docs-"));
  const env = {
    HOME: dir,
    PATH: `${shims(dir)}:${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
    LANG: "C.UTF-8",
    COLUMNS: "100",
  };
  return { dir, env };
}

function run(example: Example, home: { dir: string; env: Record<string, string> }): void {
  const code = checkedExits(example.code, example.where);
  const r = spawnSync("bash", ["--norc", "--noprofile", "-euo", "pipefail", "-c", code], {
    cwd: home.dir,
    env: home.env,
    encoding: "utf8",
    timeout: 60_000,
  });
  const tail = (text: string) =>
    text
      .split("\n")
      .slice(-15)
      .map((line) => line.slice(0, 300))
      .join("\n");
  const shown = `${example.where} exited ${r.status}${r.signal ? ` (${r.signal})` : ""}\n${example.code}\n--- stderr\n${tail(r.stderr)}\n--- stdout (its end)\n${tail(r.stdout)}`;
  expect(r.status, shown).toBe(0);
}

describe.runIf(BUILT)("the README's and docs' shell examples, in order", () => {
  // A file without shell examples (docs/interface.md) has nothing to run: no suite.
  const runnable = EXAMPLES.map(({ file, examples }) => ({
    file,
    examples: examples.filter(({ notRun }) => notRun === undefined),
  })).filter(({ examples }) => examples.length > 0);
  for (const { file, examples } of runnable) {
    describe(file, () => {
      const home = freshHome();
      afterAll(() => rmSync(home.dir, { recursive: true, force: true }));
      // Marked blocks (`<!-- not run: why -->`) are listed and counted by "the examples' marks" below.
      for (const example of examples) it(example.where, () => run(example, home), 90_000);
    });
  }
});

describe("the examples' marks", () => {
  const all = EXAMPLES.flatMap(({ examples }) => examples);
  const skipped = all.filter((example) => example.notRun !== undefined);

  it("runs most examples and skips only the marked ones, counted", () => {
    console.log(
      `docs examples: ${all.length - skipped.length} run, ${skipped.length} not run:\n` +
        skipped.map((example) => `  ${example.where}: ${example.notRun}`).join("\n"),
    );
    expect(all.length - skipped.length).toBeGreaterThan(15);
    expect(skipped.length).toBeLessThan(all.length / 2);
  });

  it("checks the exit code a line's comment states, which `|| echo` would hide", () => {
    const run = (code: string) =>
      spawnSync(
        "bash",
        ["--norc", "--noprofile", "-euo", "pipefail", "-c", checkedExits(code, "f.md:4")],
        {
          encoding: "utf8",
        },
      );
    const right = run('echo a\nsh -c "exit 3" || echo "exit $?"   # exit 3: not found\necho b');
    expect([right.status, right.stdout]).toEqual([0, "a\nb\n"]);
    const wrong = run(
      'echo a\nsh -c "exit 3" || echo "exit $?"   # exit 2: names the flag\necho b',
    );
    expect([wrong.status, wrong.stdout, wrong.stderr]).toEqual([
      1,
      "a\n",
      "f.md:6: documented exit 2, got 3\n",
    ]);
    const plain = run("true   # exit 0");
    expect(plain.status).toBe(0);
  });

  it("finds the marks and fences it is given", () => {
    const text =
      "x\n```sh\ntourney a\n```\n\n<!-- not run: needs a hosted service -->\n\n```bash\nb\n```\n```json\n{}\n```\n";
    expect(examplesOf("f.md", text)).toEqual([
      { where: "f.md:2", code: "tourney a" },
      { where: "f.md:8", code: "b", notRun: "needs a hosted service" },
    ]);
  });
});

describe("the README is an entry, and its links and exit codes hold", () => {
  const readme = FILES.find(({ file }) => file === "README.md")!.text;

  it("is at most 250 lines", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(250);
  });

  it("lists every exit code of src/cli/exit-codes.ts in its table", () => {
    const table = [...readme.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
    expect(table).toEqual(Object.values(EXIT).sort((a, b) => a - b));
  });

  it("links only files that exist", () => {
    const broken = FILES.flatMap(({ file, text }) =>
      [...text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
        .map((m) => m[1]!)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => !existsSync(resolve(ROOT, dirname(file), target)))
        .map((target) => `${file} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });
});

/**
 * A build that fails (a syntax error in src/) exits non-zero, leaves dist/ as it was and
 * leaves nothing beside it: build.mjs writes to dist.next-PID and renamed it to dist/ only
 * on success, but never removed it on failure (35 such folders had piled up in a working
 * tree). Run on a copy of what the build reads, in a temporary folder.
 */
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const dir = mkdtempSync(join(tmpdir(), "tourney-build-failure-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("a failed build exits 1, keeps dist/ and leaves no dist.next-* folder", () => {
  for (const path of ["build.mjs", "build", "src", "package.json"])
    cpSync(join(ROOT, path), join(dir, path), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  mkdirSync(join(dir, "dist"));
  writeFileSync(join(dir, "dist", "cli.cjs"), "// the previous build\n");
  appendFileSync(join(dir, "src", "cli", "io.ts"), "\nexport const broken = ;\n");
  const run = spawnSync(process.execPath, ["build.mjs"], { cwd: dir, encoding: "utf8" });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain("io.ts");
  expect(readdirSync(dir).filter((name) => name.startsWith("dist."))).toEqual([]);
  expect(readFileSync(join(dir, "dist", "cli.cjs"), "utf8")).toBe("// the previous build\n");
  expect(existsSync(join(dir, "dist", "core.js"))).toBe(false);
}, 120_000);

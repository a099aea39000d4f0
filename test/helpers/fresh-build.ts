/**
 * Vitest global setup: the tests that run the built binary (e2e, reliability)
 * must run what the source says. When dist/ is missing or older than any file
 * of src/ (or the build scripts, or package.json), the build runs first, once.
 * `npm test` builds before vitest anyway; this covers `npx vitest run` after
 * an edit.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const OUTPUTS = ["dist/cli.cjs", "dist/main.cjs", "dist/core.js", "dist/core.js.cache"];

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Whether dist/ is older than what it is built from (or missing). */
export function staleBuild(root = ROOT): boolean {
  const outputs = OUTPUTS.map((file) => join(root, file));
  if (!outputs.every((file) => existsSync(file))) return true;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const sources = ["src", "build", "build.mjs", "package.json"].map((p) => newest(join(root, p)));
  return Math.max(...sources) > built;
}

export default function setup(): void {
  if (!staleBuild()) return;
  execFileSync(process.execPath, ["build.mjs"], { cwd: ROOT, stdio: "inherit" });
}

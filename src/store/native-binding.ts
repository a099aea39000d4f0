/**
 * better-sqlite3's compiled addon, located directly: the package's own lookup (the
 * `bindings` package) probes the file system and costs start-up time. Shared by the
 * store (database.ts) and the embedded read-only path (read-only.ts).
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let binding: string | null | undefined;

/** The addon's place in the package, where the package's install builds it. */
const ADDON = join("build", "Release", "better_sqlite3.node");

/** The addon's file, or null when it is not where the package builds it. */
export function nativeBinding(): string | null {
  if (binding !== undefined) return binding;
  // Beside the built scripts first (dist/ -> ../node_modules, where resolving from dist/
  // finds the package): resolving it reads package.json files on the way, ~1-2 ms of a
  // command's start (issue 27).
  const here = dirname(fileURLToPath(import.meta.url));
  const beside = join(here, "..", "node_modules", "better-sqlite3", ADDON);
  if (!existsSync(join(here, "node_modules")) && existsSync(beside)) {
    binding = beside;
    return binding;
  }
  try {
    const root = dirname(createRequire(import.meta.url).resolve("better-sqlite3/package.json"));
    const file = join(root, ADDON);
    binding = existsSync(file) ? file : null;
  } catch {
    binding = null;
  }
  return binding;
}

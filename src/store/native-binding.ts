/**
 * better-sqlite3's compiled addon, located directly: the package's own lookup (the
 * `bindings` package) probes the file system and costs start-up time. Shared by the
 * store (database.ts) and the embedded read-only path (read-only.ts).
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

let binding: string | null | undefined;

/** The addon's file, or null when it is not where the package builds it. */
export function nativeBinding(): string | null {
  if (binding !== undefined) return binding;
  try {
    const root = dirname(createRequire(import.meta.url).resolve("better-sqlite3/package.json"));
    const file = join(root, "build", "Release", "better_sqlite3.node");
    binding = existsSync(file) ? file : null;
  } catch {
    binding = null;
  }
  return binding;
}

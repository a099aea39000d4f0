/**
 * better-sqlite3's compiled addon, located directly: the package's own lookup (the
 * `bindings` package) probes the file system and costs start-up time. Shared by the
 * store (database.ts) and the embedded read-only path (read-only.ts).
 */
import { existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where the package builds its addon, in the package's folder. */
const ADDON = join("build", "Release", "better_sqlite3.node");

let binding: string | null | undefined;
let addon: object | null | undefined;

/** The addon's file, or null when it is not where the package builds it. */
export function nativeBinding(): string | null {
  if (binding !== undefined) return binding;
  try {
    const root = packageFolder(ownFolder());
    const file = join(root, ADDON);
    binding = existsSync(file) ? file : null;
  } catch {
    binding = null;
  }
  return binding;
}

/**
 * The addon itself (better-sqlite3's `nativeBinding` option takes it as well as its file),
 * loaded once with process.dlopen, as require loads a `.node` file but without the module
 * system's resolution around it (the file's real path, the package scope of the requiring
 * module: this project's package.json read and parsed); null where nativeBinding has no file
 * (better-sqlite3 then finds its addon itself). Shared by the store and the read-only path,
 * as require's cache shared it. The list's strace shows no more dist/package.json
 * (missing) and package.json opened, nor the six statx of the real path, for the addon. The
 * built list of 1, from its printer made to its text written (marks, paired medians of 41
 * alternated runs, load 5.6): -0.27 ms. Typed as the file's name: @types/better-sqlite3 knows the
 * option's string only (the package takes the addon object too: its lib/database.js).
 */
export function nativeAddon(): string | null {
  if (addon === undefined) {
    const file = nativeBinding();
    const module = { exports: {} };
    if (file !== null) process.dlopen(module, file);
    addon = file === null ? null : module.exports;
  }
  return addon as unknown as string | null;
}

/**
 * This module's folder: its script's `__dirname` in the build (dist/, each classic script
 * has one), else the one its URL names. Not from import.meta.url there: that URL is made
 * when first read (build.mjs IMPORT_META_URL), and the list would make its first URL for it
 * (~0.3 ms of a new process: core-loader.ts loadScript).
 */
function ownFolder(): string {
  return typeof __dirname === "string" ? __dirname : dirname(fileURLToPath(import.meta.url));
}

/**
 * The folder of the better-sqlite3 package `require` would load from a module in `from`. The
 * node_modules folders from `from` up are looked in first, in the order Node's resolution takes
 * them (a folder named node_modules gets no node_modules of its own), for the package's
 * package.json: two stats where require.resolve of "better-sqlite3/package.json" read and parsed
 * this project's package.json (looking for a self-reference) and the package's own (its exports),
 * and loaded node:module for createRequire. In the built list (dist/service-read.js, marks around
 * this call, medians of 21 runs, load ~4) 0.38 -> 0.14 ms; the addon's own require, which no
 * longer finds its folders' real paths cached, took ~0.1 ms more (a probe in a new process,
 * 8 runs each: resolve 0.70-0.87 ms + require 0.43-0.52 ms, against 0.09-0.12 + 0.54-0.72).
 * Elsewhere (NODE_PATH, a global folder) require.resolve answers, as before.
 */
function packageFolder(from: string): string {
  for (let dir = from; ; ) {
    if (basename(dir) !== "node_modules") {
      const candidate = join(dir, "node_modules", "better-sqlite3");
      if (existsSync(join(candidate, "package.json"))) return candidate;
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  const { createRequire } = process.getBuiltinModule("node:module");
  return dirname(createRequire(import.meta.url).resolve("better-sqlite3/package.json"));
}

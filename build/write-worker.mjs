// dist/write-worker.cjs (issue 27): the body of `serve`'s write worker thread
// (src/service/write-worker/entry.ts, the service with the store, the engine and
// SQLite's JavaScript), one CommonJS file started by `new Worker()` on serve's first
// tournament-wide write. No command loads it, so it has no code cache: a worker starts
// once per serve (and again after a quiet spell), off the event loop that answers reads.
import { build } from "esbuild";

/** Builds the worker into `out` with the build's `common` options. */
export function buildWriteWorker(common, out, importMetaUrl, importMetaUrlName) {
  return build({
    ...common,
    entryPoints: ["src/service/write-worker/entry.ts"],
    outfile: `${out}/write-worker.cjs`,
    format: "cjs",
    // src/store/database.ts finds better-sqlite3's addon from import.meta.url.
    banner: { js: importMetaUrl },
    define: { ...common.define, "import.meta.url": importMetaUrlName },
  });
}

/**
 * dist/cli.cjs, what bin/tourney requires: runs the entry point proper (main.ts, built as
 * dist/main.cjs, CommonJS) with the V8 code cache the build wrote beside it (main.cjs.cache,
 * build/entry-cache.mjs), as core-loader.ts runs the classic scripts. Node 20 compiles a
 * required file from its source every time, and main.cjs's functions (the writer, the
 * loaders, the exit) were compiled one by one as the command ran them; from the cache they
 * are deserialised with its top level. `tourney tournament list --json` of 1,000 into a
 * socket, CPU of the whole process (user + system from wait4), paired means of alternated
 * runs: -1.1 ms against the same build with main.cjs required as before (61 runs, load 12),
 * -1.5 ms against /work/start17, a build of 63b7065 (61 runs, load 17); `tournament view
 * --json` (the core's path) -0.7 ms (41 runs). Again on 11af95a against the same commit with
 * this taken out (151 runs, order alternated, load 15-17; mean +- standard error): the list of
 * 1,000 -1.56 +- 0.72 ms (median -0.76; two runs of 61 before gave -0.84 and -0.18; 201 runs
 * at load 11 after, the most precise: -0.72 +- 0.21 ms, median -0.77), the list
 * of 1 -0.62 +- 0.25 ms, `--version` +0.28 +- 0.27 ms (the stub's compile and one more
 * require). `env -u NODE_EXTRA_CA_CERTS node bench/startup.mjs 21 --against /work/start17`
 * (load 15, CPU means of the paired runs): the list's five spellings -0.5 to -3.8 ms, the list
 * of 1 -1.4 ms. An earlier try (docs/development.md) timed only bin/tourney to main's top,
 * where the cache gains nothing: the gain is in the functions main.cjs compiled as it ran.
 *
 * `--version` requires main.cjs as before: it runs one function of it, and loading node:vm
 * and the cache would cost it more than they save. bin/tourney requires main.cjs itself for
 * it, skipping this file (the +0.28 ms above; against the same commit without the cache
 * after that: -0.36 +- 0.33 ms, 101 runs, load 11). Without a cache (a build that could not
 * write one, or one V8 rejects: another Node, other V8 flags) main.cjs is compiled from its
 * source, as before. With TOURNEY_DEBUG, a copy of the build run from another folder compiles
 * from the source too, so that stack traces name the files that ran (core-loader.ts).
 */

/** The folder the build's caches name their scripts by (build.mjs); undefined from source. */
declare const __TOURNEY_CACHED_AS__: string | undefined;
/** What main.cjs's source is wrapped in to compile it (build/entry-cache.mjs MAIN_WRAPPER). */
declare const __TOURNEY_MAIN_WRAPPER__: readonly [string, string];

/** main.cjs's parameters, in the wrapper's order: CommonJS's own, then its import(). */
type MainFunction = (
  exports: object,
  require: NodeJS.Require,
  module: NodeJS.Module,
  filename: string,
  dirname: string,
  importModule: (url: string) => Promise<unknown>,
) => void;

const line = process.argv.slice(2);
if (line.length === 1 && (line[0] === "--version" || line[0] === "-V")) require("./main.cjs");
else runMain();

function runMain(): void {
  const { readFileSync } = process.getBuiltinModule("node:fs");
  const { join } = process.getBuiltinModule("node:path");
  const file = join(__dirname, "main.cjs");
  const [head, tail] = __TOURNEY_MAIN_WRAPPER__;
  const source = `${head}${readFileSync(file, "utf8")}${tail}`;
  let cachedData: Buffer | undefined;
  if (!process.env.TOURNEY_DEBUG || __dirname === __TOURNEY_CACHED_AS__) {
    try {
      cachedData = readFileSync(`${file}.cache`);
    } catch {
      // No cache: compiled from the source.
    }
  }
  const { Script } = process.getBuiltinModule("node:vm");
  const script = new Script(source, { filename: file, ...(cachedData ? { cachedData } : {}) });
  // The same `require` as main.cjs's own would be (both are in dist/). A script compiled by vm
  // has no import() of its own ("A dynamic import callback was not specified": `profile add`
  // failed loading the config writer), and vm's importModuleDynamically is lost with a code
  // cache on Node 20 (and its main-context loader warns it is experimental): main.cjs's import()
  // of the vendor ES modules (core-loader.ts importModule) is this module's.
  (script.runInThisContext() as MainFunction)(
    module.exports,
    require,
    module,
    file,
    __dirname,
    (url) => import(url),
  );
}

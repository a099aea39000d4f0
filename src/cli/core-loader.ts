/**
 * Loads the CLI core (dist/core.js, see build.mjs) with V8's code cache, and the
 * other classic scripts the core asks for the same way: the script of the noun a
 * command line names (dist/noun-<noun>.js, see build/noun-split.mjs), the embedded
 * service (dist/service.js), the HTTP stack for proxies (dist/http.js).
 *
 * Node 20 has no compile cache for modules, and an ES module cannot be handed
 * cached data. The core is therefore built as one classic script, a function
 * expression taking CommonJS-style arguments, and compiled here with
 * vm.Script and the cache the build wrote next to it (core.js.cache): V8
 * deserialises the functions compiled during the build's warm-up instead of
 * parsing and compiling them again. A cache V8 cannot use (another Node, other
 * V8 flags) is rejected by V8 itself, and the script is compiled from source.
 * Nothing is written at run time.
 */
import type * as Core from "./core.js";
import type * as CoreList from "./core-list.js";

/** The folder the build's caches name their scripts by (build.mjs); undefined from source. */
declare const __TOURNEY_CACHED_AS__: string | undefined;

/** The script's parameters, in order (build.mjs writes the same list). */
type ScriptFunction = (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
  importVendor: (path: string) => Promise<unknown>,
) => void;

export interface LoadOptions {
  /**
   * Stack traces must name the file that ran (TOURNEY_DEBUG). A cache names the
   * scripts by the folder the build wrote them for; a copy run from another folder is
   * then compiled from source (slower, exact names).
   */
  readonly exactNames?: boolean;
}

/**
 * dist/cli.cjs's import() (src/cli/entry.ts), a parameter of dist/main.cjs when cli.cjs compiles
 * it with its code cache: a script compiled by vm has no import() of its own. Undefined where
 * main.cjs is required (`--version`) and from the sources, whose own import() is used.
 */
declare const __tourneyImport: ((url: string) => Promise<unknown>) | undefined;

const importModule = (url: string): Promise<unknown> =>
  typeof __tourneyImport === "function" ? __tourneyImport(url) : import(url);

/** The scripts loaded so far, by file: each runs once per process. */
const loaded = new Map<string, object>();

/**
 * How a noun script names a module of the core, or of another noun's script
 * ("tourney-noun:<noun>:<path>"; build/noun-split.mjs).
 */
const CORE_MODULE = "tourney-core:";
const NOUN_MODULE = /^tourney-noun:([\w-]+):(.+)$/;
const NOUN_SCRIPT = /^\.\/noun-[\w-]+\.js$/;
const isShared = (id: string) => id.startsWith(CORE_MODULE) || NOUN_MODULE.test(id);

/** A script's table of the modules other scripts take from it. */
interface SharedExports {
  readonly __shared?: Readonly<Record<string, () => unknown>>;
}

/**
 * The shared modules handed out so far, by id. A noun script requires a core module once for
 * each of its modules that imports it (noun-tournament.js: 44 requires of 20 modules), and each
 * call of the script's `__shared` entry builds a new CommonJS view of the module (an object with
 * a getter for each export); the script's URL was parsed again each time too. Handing out the
 * first view again (the same module behind it): `tournament list --json`'s noun script loaded
 * in 18.1 -> 16.8 ms of CPU from the entry point's start (medians of 31 alternated runs, load 3.4).
 */
const sharedModules = new Map<string, unknown>();

/** Module `id` (tourney-core:... or tourney-noun:...) of the script that holds it. */
function sharedModule(id: string, from: string, options: LoadOptions): unknown {
  if (sharedModules.has(id)) return sharedModules.get(id);
  const module = loadShared(id, from, options);
  sharedModules.set(id, module);
  return module;
}

function loadShared(id: string, from: string, options: LoadOptions): unknown {
  const noun = NOUN_MODULE.exec(id);
  const [file, path] = noun
    ? [`./noun-${noun[1]}.js`, noun[2]!]
    : ["./core.js", id.slice(CORE_MODULE.length)];
  const script = loadScript(beside(from, file), options) as SharedExports;
  const module = script.__shared?.[path];
  if (module === undefined) throw new Error(`${file} does not hold ${path}: rebuild`);
  return module();
}

/**
 * `require` for the script `filename`: Node's, and also the noun scripts (classic
 * scripts, loaded here) and the core's modules a noun script uses.
 */
function scriptRequire(filename: string, options: LoadOptions): NodeJS.Require {
  const real = nodeRequire(filename);
  const required = (id: string): unknown => {
    if (isShared(id)) return sharedModule(id, filename, options);
    if (NOUN_SCRIPT.test(id)) return loadScript(beside(filename, id), options);
    return real(id);
  };
  return Object.assign(required, real);
}

/** The file `relative` ("./x.js") names beside the file `from`. */
function beside(from: string, relative: string): string {
  const { dirname, join } = process.getBuiltinModule("node:path");
  return join(dirname(from), relative);
}

/**
 * This module's folder: the entry point's (dist/, where main.cjs is CommonJS with a
 * `__dirname`), else (from the sources) the one its URL names.
 */
function ownFolder(): string {
  const { dirname } = process.getBuiltinModule("node:path");
  if (typeof __dirname === "string") return __dirname;
  return dirname(process.getBuiltinModule("node:url").fileURLToPath(import.meta.url));
}

/**
 * Node's `require` as a module at `filename` has it: the entry point's own when `filename` is in
 * the entry point's folder (dist/main.cjs is CommonJS, run with dist/cli.cjs's `require`: it
 * resolves every id from dist/, as createRequire(filename) does), else createRequire's. node:module, and the ES module
 * loader and source map modules it loads, are then not loaded by `tournament list` (with
 * store/native-binding.ts): making core-list.js's require took 0.35 -> 0.11 ms (marks, medians
 * of 21 runs of the list of 1, load ~4). test/architecture/load-budget.test.ts checks it.
 */
function nodeRequire(filename: string): NodeJS.Require {
  const { dirname } = process.getBuiltinModule("node:path");
  if (typeof require === "function" && dirname(filename) === ownFolder()) return require;
  return process.getBuiltinModule("node:module").createRequire(filename);
}

/**
 * Loads the classic script `filename` (with `filename`.cache when usable); returns its exports.
 * By file names, not URLs: the entry point's URL (pathToFileURL of its file, made by the
 * build's banner as it loaded) was the first URL of `tournament list`, and Node's first URL
 * costs a new process ~0.3 ms (a probe: 0.29-0.32 ms, the next 0.02). `tournament list --json`
 * with no URL made (this, build.mjs IMPORT_META_URL and store/native-binding.ts), CPU from the
 * entry point to the exit, medians (means) of the paired differences of 41 alternated runs
 * at load ~11: 1,000 tournaments -0.75 (-0.55) ms, 1 tournament -0.63 (-0.66) ms.
 * test/architecture/load-budget.test.ts checks the list makes none.
 */
function loadScript(filename: string, options: LoadOptions): object {
  const known = loaded.get(filename);
  if (known !== undefined) return known;
  // Built-ins fetched here, not imported (dist/main.cjs would require them at once): `--version`
  // never gets this far.
  const { readFileSync } = process.getBuiltinModule("node:fs");
  const { Script } = process.getBuiltinModule("node:vm");
  const { dirname } = process.getBuiltinModule("node:path");
  const source = readFileSync(filename, "utf8");
  const cachedAs = typeof __TOURNEY_CACHED_AS__ === "string" ? __TOURNEY_CACHED_AS__ : undefined;
  let cachedData: Buffer | undefined;
  if (!options.exactNames || dirname(filename) === cachedAs) {
    try {
      cachedData = readFileSync(`${filename}.cache`);
    } catch {
      // No cache (a build without one): compile from source.
    }
  }
  const script = new Script(source, { filename, ...(cachedData ? { cachedData } : {}) });
  const run = script.runInThisContext() as ScriptFunction;
  const module = { exports: {} };
  const require = scriptRequire(filename, options);
  run(
    module.exports,
    require,
    module,
    filename,
    dirname(filename),
    // What the script loads lazily: modules of the core or another noun (a noun
    // script's import() of one), classic scripts (.js, this way) or the bundled third-party packages
    // (dist/vendor, ES modules).
    (path) =>
      isShared(path)
        ? Promise.resolve(require(path))
        : path.endsWith(".js")
          ? Promise.resolve(loadScript(beside(filename, path), options))
          : importModule(
              process.getBuiltinModule("node:url").pathToFileURL(beside(filename, path)).href,
            ),
  );
  loaded.set(filename, module.exports);
  return module.exports;
}

/** A script's file name, from its name or its URL. */
const fileOf = (script: string | URL): string =>
  typeof script === "string" ? script : process.getBuiltinModule("node:url").fileURLToPath(script);

/** The core (`script`: dist/core.js, its file or URL). */
export function loadCore(script: string | URL, options: LoadOptions = {}): typeof Core {
  return loadScript(fileOf(script), options) as typeof Core;
}

/** The core for `tournament list` (dist/core-list.js, core-list.ts), loaded as the core is. */
export function loadCoreList(script: string | URL, options: LoadOptions = {}): typeof CoreList {
  return loadScript(fileOf(script), options) as typeof CoreList;
}

/** The file of the entry point's folder named `name` ("./core.js"). */
export const builtScript = (name: string): string =>
  process.getBuiltinModule("node:path").join(ownFolder(), name);

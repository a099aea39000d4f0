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

/** The scripts loaded so far, by URL: each runs once per process. */
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
function sharedModule(id: string, url: URL, options: LoadOptions): unknown {
  if (sharedModules.has(id)) return sharedModules.get(id);
  const module = loadShared(id, url, options);
  sharedModules.set(id, module);
  return module;
}

function loadShared(id: string, url: URL, options: LoadOptions): unknown {
  const noun = NOUN_MODULE.exec(id);
  const [file, path] = noun
    ? [`./noun-${noun[1]}.js`, noun[2]!]
    : ["./core.js", id.slice(CORE_MODULE.length)];
  const script = loadScript(new URL(file, url), options) as SharedExports;
  const module = script.__shared?.[path];
  if (module === undefined) throw new Error(`${file} does not hold ${path}: rebuild`);
  return module();
}

/**
 * `require` for the script at `url`: Node's, and also the noun scripts (classic
 * scripts, loaded here) and the core's modules a noun script uses.
 */
function scriptRequire(url: URL, options: LoadOptions): NodeJS.Require {
  const real = nodeRequire(process.getBuiltinModule("node:url").fileURLToPath(url));
  const required = (id: string): unknown => {
    if (isShared(id)) return sharedModule(id, url, options);
    if (NOUN_SCRIPT.test(id)) return loadScript(new URL(id, url), options);
    return real(id);
  };
  return Object.assign(required, real);
}

/**
 * Node's `require` as a module at `filename` has it: the entry point's own when `filename` is in
 * the entry point's folder (dist/cli.cjs is CommonJS: its `require` resolves every id from
 * dist/, as createRequire(filename) does), else createRequire's. node:module, and the ES module
 * loader and source map modules it loads, are then not loaded by `tournament list` (with
 * store/native-binding.ts): making core-list.js's require took 0.35 -> 0.11 ms (marks, medians
 * of 21 runs of the list of 1, load ~4). test/architecture/load-budget.test.ts checks it.
 */
function nodeRequire(filename: string): NodeJS.Require {
  const { dirname } = process.getBuiltinModule("node:path");
  const { fileURLToPath } = process.getBuiltinModule("node:url");
  if (
    typeof require === "function" &&
    dirname(filename) === dirname(fileURLToPath(import.meta.url))
  )
    return require;
  return process.getBuiltinModule("node:module").createRequire(filename);
}

/** Loads the classic script at `url` (with `url`.cache when usable); returns its exports. */
function loadScript(url: URL, options: LoadOptions): object {
  const known = loaded.get(url.href);
  if (known !== undefined) return known;
  // Built-ins fetched here, not imported (dist/cli.cjs would require them at once): `--version`
  // never gets this far.
  const { readFileSync } = process.getBuiltinModule("node:fs");
  const { Script } = process.getBuiltinModule("node:vm");
  const { dirname } = process.getBuiltinModule("node:path");
  const { fileURLToPath } = process.getBuiltinModule("node:url");
  const filename = fileURLToPath(url);
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
  const require = scriptRequire(url, options);
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
          ? Promise.resolve(loadScript(new URL(path, url), options))
          : import(new URL(path, url).href),
  );
  loaded.set(url.href, module.exports);
  return module.exports;
}

export function loadCore(url: URL, options: LoadOptions = {}): typeof Core {
  return loadScript(url, options) as typeof Core;
}

/** The core for `tournament list` (dist/core-list.js, core-list.ts), loaded as the core is. */
export function loadCoreList(url: URL, options: LoadOptions = {}): typeof CoreList {
  return loadScript(url, options) as typeof CoreList;
}

/**
 * Loads the CLI core (dist/core.js, see build.mjs) with V8's code cache.
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

/** The script's parameters, in order (build.mjs writes the same list). */
type CoreFunction = (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
  importVendor: (path: string) => Promise<unknown>,
) => void;

export function loadCore(url: URL): typeof Core {
  // Built-ins fetched here, not imported (dist/cli.cjs would require them at once): `--version`
  // never gets this far.
  const { readFileSync } = process.getBuiltinModule("node:fs");
  const { Script } = process.getBuiltinModule("node:vm");
  const { createRequire } = process.getBuiltinModule("node:module");
  const { dirname } = process.getBuiltinModule("node:path");
  const { fileURLToPath } = process.getBuiltinModule("node:url");
  const filename = fileURLToPath(url);
  const source = readFileSync(filename, "utf8");
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(`${filename}.cache`);
  } catch {
    // No cache (a build without one): compile from source.
  }
  const script = new Script(source, { filename, ...(cachedData ? { cachedData } : {}) });
  const core = script.runInThisContext() as CoreFunction;
  const module = { exports: {} };
  core(
    module.exports,
    createRequire(filename),
    module,
    filename,
    dirname(filename),
    // The bundled third-party packages the core loads lazily (dist/vendor, ES modules).
    (path) => import(new URL(path, url).href),
  );
  return module.exports as typeof Core;
}

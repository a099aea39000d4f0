// V8 code caches of the build's classic scripts (dist/core.js, dist/service.js,
// dist/http.js; see build.mjs and src/cli/core-loader.ts, which loads them the same way).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Script } from "node:vm";
import { CORE_MODULE, NOUN_MODULE } from "./noun-split.mjs";

const NOUN_SCRIPT = /^\.\/noun-[\w-]+\.js$/;
const NOUN_MODULE_ID = new RegExp(`^${NOUN_MODULE}([\\w-]+):(.+)$`);

/**
 * Loads the classic scripts of the build folder `out` as src/cli/core-loader.ts does
 * (a script's `import("./x.js")` loads the classic script x.js), keeping each one's
 * Script, so that after the warm-ups `writeCaches` writes V8's code cache of each,
 * functions compiled by then included.
 *
 * V8 keeps the file name a script was compiled under in its cache, and stack traces
 * of a script compiled from that cache name it (issue 24 item 12: traces named
 * dist.next-PID/core.js). The scripts are therefore compiled under the names they have
 * once the build is renamed into place (`final`/name); a copy run from another folder
 * is compiled without the cache when TOURNEY_DEBUG asks for exact traces.
 */
export function codeCaches(out, final) {
  const scripts = new Map();

  /** `require` for a script: also noun scripts, and the core's modules (noun-split.mjs). */
  function scriptRequire(name, filename) {
    const real = createRequire(filename);
    const required = (id) => {
      if (id.startsWith(CORE_MODULE))
        return load("core.js").__shared[id.slice(CORE_MODULE.length)]();
      const noun = NOUN_MODULE_ID.exec(id);
      if (noun) return load(`noun-${noun[1]}.js`).__shared[noun[2]]();
      if (NOUN_SCRIPT.test(id)) return load(join(dirname(name), id));
      return real(id);
    };
    return Object.assign(required, real);
  }

  function load(name) {
    const known = scripts.get(name);
    if (known !== undefined) return known.exports;
    const filename = resolve(out, name);
    const source = readFileSync(filename, "utf8");
    const script = new Script(source, { filename: resolve(final, name) });
    const module = { exports: {} };
    script.runInThisContext()(
      module.exports,
      scriptRequire(name, filename),
      module,
      filename,
      dirname(filename),
      (path) =>
        path.startsWith(CORE_MODULE) || path.startsWith(NOUN_MODULE)
          ? Promise.resolve(scriptRequire(name, filename)(path))
          : path.endsWith(".js")
            ? Promise.resolve(load(join(dirname(name), path)))
            : import(pathToFileURL(resolve(dirname(filename), path)).href),
    );
    scripts.set(name, { script, source, exports: module.exports });
    return module.exports;
  }

  /**
   * Writes <name>.cache for each script loaded. Same Node and flags as `npm run
   * build`: a Node that differs rejects the cache and compiles the script. A cache
   * only saves time: without it (a warning here) the CLI works the same.
   */
  function writeCaches() {
    for (const [name, { script, source }] of scripts) {
      const cachedData = script.createCachedData();
      const check = new Script(source, { filename: resolve(final, name), cachedData });
      if (check.cachedDataRejected)
        console.warn(`build: V8 rejects the cache it made of ${name} (start-up will be slower)`);
      else writeFileSync(resolve(out, `${name}.cache`), cachedData);
    }
  }

  return { load, writeCaches };
}

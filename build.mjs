// Bundles the CLI with esbuild, in these parts:
// - dist/cli.cjs: what bin/tourney requires (src/cli/entry.ts), one small CommonJS file
//   (no command starts Node's ES module loader) that runs the entry point proper,
//   dist/main.cjs (src/cli/main.ts, CommonJS), with its V8 code cache main.cjs.cache
//   (build/entry-cache.mjs); `--version` requires main.cjs and reads nothing else.
// - dist/core.js: the CLI core (src/cli/core.ts: commands and client), one classic
//   script, and dist/core.js.cache, V8's code cache for it, written after a warm-up
//   (see src/cli/core-loader.ts and build/code-cache.mjs).
// - dist/service.js: the embedded service (src/service/index.ts, with the store,
//   the engine and SQLite's JavaScript), a classic script with its code cache like
//   the core, loaded by commands that open a database (see buildScript).
// - dist/service-read.js: the service's read-only path (src/service/reader.ts: a
//   tournament list without the rest of the service), a classic script with its
//   code cache, which the in-process transport tries before it loads the service.
// - dist/core-list.js: the core for `tourney tournament list` in any spelling (the core's
//   run.ts and commander with that verb's commands only: src/cli/core-list.ts,
//   build/lean-commands.mjs), a classic script with its code cache, which the entry point
//   loads instead of the core for a line naming that command (src/cli/command-script.ts);
//   it hands any other line to the core.
// - dist/output-table.js: the printer's table drawing (cli-table3, string-width), a
//   classic script with its code cache, loaded the first time a table is drawn.
// - dist/http.js: the remote backend's HTTP stack for proxies (the part of undici the
//   CLI uses, see build/http-stack.mjs), a classic script with its code cache like the
//   core, loaded by a remote command when a proxy applies to the service.
// - dist/write-worker.cjs: serve's write worker thread (build/write-worker.mjs).
// - dist/vendor/: the other third-party packages the core loads only when needed
//   (prompts, the config writer, the CSV reader, the browser opener), ES modules; and
//   jq.cjs with jq.wasm, jq-web's runtime patched for `--jq` (build/jq-runtime.mjs).
// Beside them, dist/viewer/: the bracket viewer's browser files, which `serve` serves
// at /viewer/ (src/viewer; nothing of it enters the CLI's bundles).
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { allFinished } from "./build/all-finished.mjs";
import { codeCaches } from "./build/code-cache.mjs";
import { MAIN_WRAPPER, writeEntryCache } from "./build/entry-cache.mjs";
import { httpStackOptions, warmUpHttp } from "./build/http-stack.mjs";
import { buildJqRuntime } from "./build/jq-runtime.mjs";
import { leanCommands } from "./build/lean-commands.mjs";
import { buildSplit, CORE_MODULE, lazyFolders, NOUN_MODULE } from "./build/noun-split.mjs";
import { buildWriteWorker } from "./build/write-worker.mjs";

/** Where this build is written, then renamed to dist/ (see the end of this file). */
const OUT = `dist.next-${process.pid}`;

const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  sourcemap: "linked",
  legalComments: "none",
  minify: process.env.TOURNEY_NO_MINIFY !== "1",
  define: {
    __TOURNEY_VERSION__: JSON.stringify(JSON.parse(readFileSync("package.json", "utf8")).version),
  },
  logLevel: "warning",
};

/**
 * commander requires node:child_process at load time, only to spawn stand-alone
 * executable subcommands, which tourney does not use. Loading it lazily keeps
 * child_process (and dgram) off the start-up path of every command.
 */
const lazyChildProcess = {
  name: "lazy-child-process",
  setup(b) {
    b.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, ({ path }) => {
      const eager = "const childProcess = require('node:child_process');";
      const source = readFileSync(path, "utf8");
      if (!source.includes(eager))
        throw new Error(`${path}: the require of node:child_process moved`);
      const lazy =
        "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };";
      return { contents: source.replace(eager, lazy), loader: "js" };
    });
  },
};

/** Loaded by the core on demand, from dist/vendor/<name>.mjs. */
const VENDOR = ["inquirer", "conf", "csv-parse/sync", "open"];
/** Loaded by the core on demand as classic scripts with a code cache: dist/<file>. */
const SCRIPTS = { undici: "http.js" };
/** Vendor modules read by their named exports (the others by their default export). */
const VENDOR_NAMED = new Set(["csv-parse/sync"]);

/**
 * The core is a classic script: it cannot evaluate `import()` itself (vm.Script
 * would need --experimental-vm-modules). Its `import("inquirer")` becomes
 * `__vndr("./vendor/inquirer.mjs")`, and `import("undici")` `__vndr("./http.js")`,
 * a function the loader passes in (same length, so the source map stays exact).
 */
const IMPORT_VENDOR = "__vndr";
const vendorImports = {
  name: "vendor-imports",
  setup(b) {
    const names = [...VENDOR, ...Object.keys(SCRIPTS)];
    b.onResolve({ filter: new RegExp(`^(${names.join("|")})$`) }, ({ path, kind, importer }) =>
      kind === "dynamic-import"
        ? { path: SCRIPTS[path] ? `./${SCRIPTS[path]}` : `./vendor/${path}.mjs`, external: true }
        : { errors: [{ text: `${importer}: import ${path} lazily, with import()` }] },
    );
  },
};

/**
 * The core and the entry point are CommonJS, without import.meta: its URL, which
 * src/store/database.ts and src/cli/output/jq.ts read, comes from __filename, made when it is
 * first read (IMPORT_META_URL_NAME, the `import.meta.url` of each script's modules). It was
 * made as each script loaded (cli.cjs, core-list.js, service-read.js), and Node's first URL
 * costs a new process ~0.3 ms (pathToFileURL, a probe: 0.29-0.32 ms, the next 0.02 ms):
 * `tournament list` makes none now (core-loader.ts loads the scripts by file name,
 * store/native-binding.ts finds the addon from __dirname).
 */
const IMPORT_META_URL =
  'const __tourneyImportMeta = { get url() { return require("node:url").pathToFileURL(__filename).href; } };';
const IMPORT_META_URL_NAME = "__tourneyImportMeta.url";

/**
 * The core's `import()` of the service's entry becomes dist/service.js, and of its
 * read-only path (src/service/reader.ts) dist/service-read.js (see buildScripts).
 */
const SERVICE_SCRIPTS = { index: "./service.js", reader: "./service-read.js" };
const serviceScript = {
  name: "service-script",
  setup(b) {
    b.onResolve({ filter: /[\\/]service[\\/](index|reader)\.js$/ }, ({ path, importer, kind }) =>
      /[\\/]src[\\/]service[\\/]/.test(importer)
        ? undefined
        : kind === "dynamic-import"
          ? { path: SERVICE_SCRIPTS[/(index|reader)\.js$/.exec(path)[1]], external: true }
          : { errors: [{ text: `${importer}: import the service lazily, with import()` }] },
    );
  },
};

/**
 * The printer's table drawing (src/cli/output/table.ts, with cli-table3 and string-width,
 * about 40 KB) is a classic script of its own, dist/output-table.js, with its code cache:
 * the core's `import()` of it loads that script the first time a table is drawn, so JSON
 * and tab-separated output (every piped command) never read it. A static import of it (the
 * terminal bracket's) bundles it as before.
 */
const TABLE_MODULE = resolve("src/cli/output/table.ts");
const tableScript = {
  name: "table-script",
  setup(b) {
    b.onResolve(
      { filter: /[\\/]table\.js$/ },
      async ({ path, importer, kind, resolveDir, pluginData }) => {
        if (kind !== "dynamic-import" || pluginData === "table-script") return undefined;
        const found = await b.resolve(path, {
          importer,
          resolveDir,
          kind,
          pluginData: "table-script",
        });
        return found.path === TABLE_MODULE
          ? { path: "./output-table.js", external: true }
          : undefined;
      },
    );
  },
};

/** The core's parameters (src/cli/core-loader.ts passes them in this order). */
const CORE_PARAMETERS = `exports, require, module, __filename, __dirname, ${IMPORT_VENDOR}`;

/**
 * Compiles a classic script (not written: see writeScript): the core and the noun
 * scripts (build/noun-split.mjs), or dist/service.js (src/service/index.ts, the
 * embedded service, SQLite's JavaScript included), which the core loads at its
 * `import("../service/index.js")`: commands that never open a database (remote ones,
 * profiles, config) do not load, compile or deserialize its 290 KB.
 */
function compileScript(name, options) {
  return build({
    ...common,
    ...options,
    outfile: `${OUT}/${name}`,
    format: "cjs",
    write: false,
    metafile: true,
    banner: {
      js: `(function (${CORE_PARAMETERS}) {"use strict";${IMPORT_META_URL}`,
    },
    footer: { js: "})" },
    define: { ...common.define, "import.meta.url": IMPORT_META_URL_NAME },
    plugins: [
      ...(options.plugins ?? []),
      lazyChildProcess,
      vendorImports,
      serviceScript,
      tableScript,
    ],
  });
}

/** Writes a compiled classic script, its `import()`s made calls of the loader's function. */
function writeScript(name, result) {
  mkdirSync(OUT, { recursive: true });
  for (const output of result.outputFiles) {
    let text = output.text;
    if (output.path.endsWith(".js")) {
      if (text.includes(`${IMPORT_VENDOR}(`))
        throw new Error(`${name} already uses ${IMPORT_VENDOR}`);
      text = text
        .replaceAll('import("./', `${IMPORT_VENDOR}("./`)
        .replaceAll(`import("${CORE_MODULE}`, `${IMPORT_VENDOR}("${CORE_MODULE}`)
        .replaceAll(`import("${NOUN_MODULE}`, `${IMPORT_VENDOR}("${NOUN_MODULE}`);
      if (/(?<![\w$.])import\(/.test(text)) throw new Error(`${name}: an import() is left`);
    }
    writeFileSync(output.path, text);
  }
}

async function buildScripts() {
  const scripts = {
    "service.js": { entryPoints: ["src/service/index.ts"] },
    "service-read.js": { entryPoints: ["src/service/reader.ts"] },
    "output-table.js": { entryPoints: ["src/cli/output/table.ts"] },
    "core-list.js": {
      entryPoints: ["src/cli/core-list.ts"],
      plugins: [leanCommands(), lazyFolders],
    },
  };
  // Every compile finished before a failure is thrown (allFinished): one left running failed
  // later, unhandled, and the process died before dist.next-PID was removed.
  const [split, ...others] = await allFinished([
    buildSplit(compileScript),
    ...Object.entries(scripts).map(async ([name, options]) => [
      name,
      await compileScript(name, options),
    ]),
  ]);
  for (const [name, result] of [...split, ...others]) writeScript(name, result);
}

/** dist/http.js: the HTTP stack for proxies, a classic script (build/http-stack.mjs). */
async function buildHttp() {
  mkdirSync(OUT, { recursive: true });
  await build({
    ...common,
    ...httpStackOptions(OUT),
    outfile: `${OUT}/http.js`,
    format: "cjs",
    banner: { js: `(function (${CORE_PARAMETERS}) {` },
    footer: { js: "})" },
  });
}

async function buildEntry() {
  // The folder the code caches name their scripts by (see writeCodeCache).
  const cachedAs = JSON.stringify(resolve("dist"));
  await allFinished([
    build({
      ...common,
      entryPoints: ["src/cli/main.ts"],
      outfile: `${OUT}/main.cjs`,
      format: "cjs",
      banner: { js: IMPORT_META_URL },
      define: {
        ...common.define,
        "import.meta.url": IMPORT_META_URL_NAME,
        __TOURNEY_CACHED_AS__: cachedAs,
      },
    }),
    build({
      ...common,
      entryPoints: ["src/cli/entry.ts"],
      outfile: `${OUT}/cli.cjs`,
      format: "cjs",
      external: ["./main.cjs"],
      define: {
        ...common.define,
        __TOURNEY_CACHED_AS__: cachedAs,
        __TOURNEY_MAIN_WRAPPER__: JSON.stringify(MAIN_WRAPPER),
      },
    }),
  ]);
}

// Some bundled CommonJS dependencies call require(); give them one (see dropUnusedBanners).
const BANNER =
  "const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);";

/**
 * esbuild puts the banner in every chunk, but only chunks that mention `require`
 * use it. The others get a blank first line instead, so their source maps stay aligned.
 */
function dropUnusedBanners(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".mjs")) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, "utf8");
    if (!text.startsWith(`${BANNER}\n`)) throw new Error(`${file}: no banner`);
    const code = text.slice(BANNER.length);
    if (!/(?<![\w$.])require(?![\w$])/.test(code)) writeFileSync(file, code);
  }
}

async function buildVendor() {
  // One entry per package; call sites read the default export (VENDOR_NAMED: the named ones).
  const entries = Object.fromEntries(VENDOR.map((name) => [name, `vendor:${name}`]));
  await build({
    ...common,
    entryPoints: entries,
    outdir: `${OUT}/vendor`,
    format: "esm",
    splitting: true,
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunks/[name]-[hash]",
    banner: { js: BANNER },
    plugins: [
      {
        name: "vendor-entries",
        setup(b) {
          b.onResolve({ filter: /^vendor:/ }, ({ path }) => ({ path, namespace: "vendor" }));
          b.onLoad({ filter: /.*/, namespace: "vendor" }, ({ path }) => ({
            contents: `export ${VENDOR_NAMED.has(path.slice("vendor:".length)) ? "*" : "{ default }"} from ${JSON.stringify(path.slice("vendor:".length))};`,
            resolveDir: import.meta.dirname,
            loader: "js",
          }));
        },
      },
    ],
  });
  dropUnusedBanners(`${OUT}/vendor`);
}

/**
 * The bracket viewer (issue 18) for the browser: viewer.js and viewer.css (the
 * page's script and style), embed.js (the host page's wrapper, global
 * TourneyViewer) and the embedding example (example.html, example.js).
 */
async function buildViewer() {
  const browser = {
    bundle: true,
    platform: "browser",
    target: ["chrome109", "firefox115", "safari16"],
    sourcemap: "linked",
    legalComments: "none",
    minify: common.minify,
    logLevel: "warning",
    outdir: `${OUT}/viewer`,
  };
  await allFinished([
    build({
      ...browser,
      entryPoints: [
        { in: "src/viewer/browser/main.ts", out: "viewer" },
        { in: "src/viewer/browser/viewer.css", out: "viewer" },
      ],
      format: "iife",
    }),
    build({
      ...browser,
      entryPoints: [{ in: "src/viewer/embed.ts", out: "embed" }],
      format: "iife",
      globalName: "TourneyViewer",
    }),
  ]);
  mkdirSync(`${OUT}/viewer`, { recursive: true });
  for (const file of ["example.html", "example.js"])
    copyFileSync(`src/viewer/${file}`, `${OUT}/viewer/${file}`);
}

rmSync(OUT, { recursive: true, force: true });
try {
  await allFinished([
    buildScripts(),
    buildHttp(),
    buildEntry(),
    buildVendor(),
    buildViewer(),
    buildWriteWorker(common, OUT, IMPORT_META_URL, IMPORT_META_URL_NAME),
    Promise.resolve().then(() => buildJqRuntime(OUT)),
  ]);
} catch (error) {
  // A failed build (a syntax error in src/, say) leaves dist/ as it was and nothing
  // beside it: 35 dist.next-PID folders had piled up in a working tree.
  rmSync(OUT, { recursive: true, force: true });
  throw error;
}
try {
  // The core's warm-up (src/cli/core.ts) runs the embedded service, which loads service.js.
  const caches = codeCaches(OUT, resolve("dist"));
  await caches.load("core.js").warmUp();
  await caches.load("core-list.js").warmUp();
  await warmUpHttp(caches.load("http.js"));
  // The transfer script (export, import, publish, pull: build/noun-split.mjs FOLDERS), which no
  // command registers: loaded, as the command tree loads the noun scripts, for a cache of its own.
  caches.load("noun-transfer.js");
  caches.load("noun-bulk-add.js");
  caches.writeCaches();
} catch (error) {
  console.warn(`build: no code caches (start-up will be slower): ${error}`);
}
try {
  // Made by running commands through the build: once the other caches are written.
  writeEntryCache(resolve(OUT), resolve("dist"));
} catch (error) {
  console.warn(`build: no code cache of main.cjs (start-up will be slower): ${error}`);
}
// The finished build takes dist/'s place in two renames: a test or command running
// meanwhile finds the old build or the new one, never a half-written one (dist/ is
// missing only between the two renames; emptying it first, for the whole build, broke
// the e2e tests of a concurrent run with ENOENT).
const old = `dist.old-${process.pid}`;
try {
  renameSync("dist", old);
} catch (error) {
  if (error.code !== "ENOENT") throw error;
}
renameSync(OUT, "dist");
rmSync(old, { recursive: true, force: true });

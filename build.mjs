// Bundles the CLI with esbuild, in three parts:
// - dist/cli.cjs: the entry point (src/cli/main.ts), one small CommonJS file that
//   bin/tourney requires, so that no command starts Node's ES module loader;
//   `--version` reads nothing else.
// - dist/core.js: the CLI core (src/cli/core.ts: commands, client, the embedded
//   service, SQLite's JavaScript), one classic script, and dist/core.js.cache,
//   V8's code cache for it, written after a warm-up (see src/cli/core-loader.ts).
// - dist/vendor/: the third-party packages the core loads only when needed
//   (prompts, the config writer, the HTTP client, the CSV reader, the browser opener),
//   ES modules.
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
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Script } from "node:vm";
import { build } from "esbuild";

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
const VENDOR = ["inquirer", "conf", "undici", "csv-parse/sync", "open"];
/** Vendor modules read by their named exports (the others by their default export). */
const VENDOR_NAMED = new Set(["csv-parse/sync"]);

/**
 * The core is a classic script: it cannot evaluate `import()` itself (vm.Script
 * would need --experimental-vm-modules). Its `import("inquirer")` becomes
 * `__vndr("./vendor/inquirer.mjs")`, a function the loader passes in (same
 * length, so the source map stays exact).
 */
const IMPORT_VENDOR = "__vndr";
const vendorImports = {
  name: "vendor-imports",
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(${VENDOR.join("|")})$`) }, ({ path, kind, importer }) =>
      kind === "dynamic-import"
        ? { path: `./vendor/${path}.mjs`, external: true }
        : { errors: [{ text: `${importer}: import ${path} lazily, with import()` }] },
    );
  },
};

/**
 * The core and the entry point are CommonJS, without import.meta: its URL, which
 * src/store/database.ts and src/cli/main.ts read, comes from __filename.
 */
const IMPORT_META_URL =
  'const __tourneyImportMetaUrl = require("node:url").pathToFileURL(__filename).href;';

/** The core's parameters (src/cli/core-loader.ts passes them in this order). */
const CORE_PARAMETERS = `exports, require, module, __filename, __dirname, ${IMPORT_VENDOR}`;

async function buildCore() {
  const file = `${OUT}/core.js`;
  const result = await build({
    ...common,
    entryPoints: ["src/cli/core.ts"],
    outfile: file,
    format: "cjs",
    write: false,
    banner: {
      js: `(function (${CORE_PARAMETERS}) {"use strict";${IMPORT_META_URL}`,
    },
    footer: { js: "})" },
    define: { ...common.define, "import.meta.url": "__tourneyImportMetaUrl" },
    plugins: [lazyChildProcess, vendorImports],
  });
  for (const output of result.outputFiles) {
    let text = output.text;
    if (output.path.endsWith(".js")) {
      if (text.includes(`${IMPORT_VENDOR}(`))
        throw new Error(`${file} already uses ${IMPORT_VENDOR}`);
      text = text.replaceAll('import("./vendor/', `${IMPORT_VENDOR}("./vendor/`);
      if (/(?<![\w$.])import\(/.test(text)) throw new Error(`${file}: an import() is left`);
    }
    writeFileSync(output.path, text);
  }
}

async function buildEntry() {
  await build({
    ...common,
    entryPoints: ["src/cli/main.ts"],
    outfile: `${OUT}/cli.cjs`,
    format: "cjs",
    banner: { js: IMPORT_META_URL },
    define: { ...common.define, "import.meta.url": "__tourneyImportMetaUrl" },
  });
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
 * Runs the core's warm-up (src/cli/core.ts) and writes V8's code cache of the
 * core, functions compiled by then included. Same Node and flags as `npm run
 * build`: a Node that differs rejects the cache and compiles the script. The
 * cache only saves time: without it (a warning here) the CLI works the same.
 */
async function writeCodeCache(file) {
  const filename = resolve(file);
  const source = readFileSync(filename, "utf8");
  const script = new Script(source, { filename });
  const module = { exports: {} };
  script.runInThisContext()(
    module.exports,
    createRequire(filename),
    module,
    filename,
    dirname(filename),
    (path) => import(pathToFileURL(resolve(dirname(filename), path)).href),
  );
  await module.exports.warmUp();
  const cache = script.createCachedData();
  if (new Script(source, { filename, cachedData: cache }).cachedDataRejected) {
    throw new Error("V8 rejects the cache it just made");
  }
  writeFileSync(`${filename}.cache`, cache);
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
  await Promise.all([
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
await Promise.all([buildCore(), buildEntry(), buildVendor(), buildViewer()]);
try {
  await writeCodeCache(`${OUT}/core.js`);
} catch (error) {
  console.warn(`build: no code cache for dist/core.js (start-up will be slower): ${error}`);
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

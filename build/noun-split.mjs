// One classic script per noun (issue 27: start-up stays flat as features grow): the
// commands of `tournament` in dist/noun-tournament.js, of `race` in dist/noun-race.js,
// and so on, each with its code cache; the core (dist/core.js) keeps what every
// command needs (commander, the app, the client, output). A command line loads the
// core and the script of the noun it names; a new feature of one noun adds nothing to
// what another noun's commands load.
//
// How, without changing the source (tests run it unbundled):
// - src/cli/run.ts imports each noun's register function statically. In the core,
//   those imports become stubs whose exports are functions that load the noun's script
//   on first call (synchronously: core-loader.ts compiles a classic script in place),
//   so only the noun a command line names is loaded (run.ts registers that one only;
//   help and completion, which walk the whole tree, load them all).
// - A noun's script takes every module the core holds from the core, never a copy of
//   its own (one instance of each class and each module's state: an error thrown by a
//   command is still `instanceof` the class exit-codes.ts maps): its imports of them
//   become require("tourney-core:<path>"), answered by the core's `__shared` table.
// - A noun's script takes the modules of another noun's folder from that noun's script
//   (race's commands use participants' and watch's: tourney-noun:<noun>:<path>).
// - A module of no noun's folder that two nouns use (and not the core) moves into the
//   core, for the same reason; the build repeats until the split is stable.

import { readFileSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { allFinished } from "./all-finished.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const RUN = resolve(ROOT, "src/cli/run.ts");
export const CORE_MODULE = "tourney-core:";
export const NOUN_MODULE = "tourney-noun:";

/** run.ts's imports of commands: noun -> [{ names, file }] (the noun: the folder, or the file). */
function nounImports() {
  const source = readFileSync(RUN, "utf8");
  const nouns = new Map();
  for (const [, names, spec] of source.matchAll(
    /^import \{([^}]+)\} from "\.\/(commands\/[^"]+)\.js";$/gm,
  )) {
    const noun = spec.split("/")[1].replace(/\.js$/, "");
    const file = resolve(ROOT, "src/cli", `${spec}.ts`);
    const list = nouns.get(noun) ?? [];
    list.push({ names: names.split(",").map((n) => n.trim()), file, spec: `./${spec}.js` });
    nouns.set(noun, list);
  }
  if (nouns.size < 10) throw new Error(`${RUN}: its imports of the commands moved`);
  for (const [name] of FOLDERS) nouns.set(name, []);
  return nouns;
}

/** The core's imports of the commands, as lazy stubs of the noun scripts. */
function nounStubs(nouns) {
  const bySpec = new Map(
    [...nouns].flatMap(([noun, list]) => list.map((i) => [i.spec, { noun, ...i }])),
  );
  return {
    name: "noun-stubs",
    setup(b) {
      b.onResolve({ filter: /^\.\/commands\// }, ({ path, importer }) =>
        importer === RUN && bySpec.has(path) ? { path, namespace: "noun-stub" } : undefined,
      );
      b.onResolve({ filter: /^\.\/noun-[\w-]+\.js$/ }, ({ path }) => ({ path, external: true }));
      b.onLoad({ filter: /.*/, namespace: "noun-stub" }, ({ path }) => {
        const { noun, names } = bySpec.get(path);
        // Functions (register functions, called once the command line is known), so that
        // run.ts's table of nouns, made when the core loads, loads no noun.
        const calls = names.map((n) => `${n}: (...args) => load().${n}(...args)`).join(", ");
        return {
          contents: `let script; const load = () => (script ??= require("./noun-${noun}.js"));
module.exports = { ${calls} };`,
          loader: "js",
        };
      });
    },
  };
}

/** A script's table of the modules other scripts take from it (`__shared`). */
function sharedTable(ids) {
  const rows = [...ids]
    .sort()
    .map((id) => `  ${JSON.stringify(id)}: () => require(${JSON.stringify(resolve(ROOT, id))}),`);
  return `export const __shared = {\n${rows.join("\n")}\n};\n`;
}

/** The core's entry: core.ts, and the table of the modules noun scripts take from it. */
function coreEntry(shared) {
  return {
    contents: `export * from ${JSON.stringify(resolve(ROOT, "src/cli/core.ts"))};\n${sharedTable(shared)}`,
    resolveDir: ROOT,
    loader: "js",
    sourcefile: "core-entry.js",
  };
}

/** A noun's entry: the register functions run.ts imports from it, and its shared table. */
function nounEntry(list, shared) {
  const contents = list
    .map(({ names, file }) => `export { ${names.join(", ")} } from ${JSON.stringify(file)};`)
    .join("\n");
  return {
    contents: `${contents}\n${sharedTable(shared)}`,
    resolveDir: ROOT,
    loader: "js",
    sourcefile: "noun-entry.js",
  };
}

/**
 * Scripts of no command, holding a folder that several nouns use: src/cli/transfer (export,
 * import, publish, pull), used by `tournament` and `race` and only through import() in their
 * actions, was moved into the core by the rule in `wants`: 29 KB of core.js (by its source
 * map) with its share of the cache, loaded by every command. In dist/noun-transfer.js it is
 * loaded by the commands that use it, when they run: the core and its cache 460.5 -> 412 KB.
 */
const FOLDERS = [
  ["transfer", "src/cli/transfer/"],
  // The bulk add client (src/client/bulk-add.ts, bulk-add-refusals.ts, ...: a prefix, not a
  // folder), which client/participants.ts imports with import() on the first bulk add: in the
  // core, every command loaded it. Used by participants' bulk-add, transfer's imports, demo.
  ["bulk-add", "src/client/bulk-add"],
];

/** The FOLDERS script holding module `id`, if any. */
const folderOf = (id) => FOLDERS.find(([, folder]) => id.startsWith(folder))?.[0];

/**
 * The core's (and core-list.js's) import() of a module of a FOLDERS script becomes that
 * script's module (tourney-noun:<folder>:<path>), loaded when it runs, instead of a copy in
 * the core. A static import of one stays in the core (and the script then takes it from there).
 */
export const lazyFolders = {
  name: "lazy-folders",
  setup(b) {
    b.onResolve({ filter: /.*/ }, async ({ path, importer, resolveDir, kind, pluginData }) => {
      // Another plugin's own resolve (tableScript's, fromOthers'): not again (each would ask the other).
      if (kind !== "dynamic-import" || pluginData !== undefined) return undefined;
      const options = { importer, resolveDir, kind, pluginData: "lazy-folders" };
      const found = await b.resolve(path, options);
      if (found.errors.length > 0 || found.external || found.namespace !== "file") return undefined;
      const id = relative(ROOT, found.path);
      const folder = folderOf(id);
      if (folder === undefined || folderOf(relative(ROOT, importer)) === folder) return undefined;
      return { path: `${NOUN_MODULE}${folder}:${id}`, external: true };
    });
  },
};

/** The modules of FOLDERS scripts that the core imports lazily (lazyFolders): folder -> ids. */
function coreWants(core) {
  const wanted = new Map();
  for (const input of Object.values(core.metafile.inputs)) {
    for (const { path } of input.imports) {
      const [, owner, id] = new RegExp(`^${NOUN_MODULE}([^:]+):(.+)$`).exec(path) ?? [];
      if (owner !== undefined) addTo(wanted, owner, id);
    }
  }
  return wanted;
}

/** The noun whose folder holds module `id` (src/cli/commands/<noun>/..., or FOLDERS), if any. */
function ownerOf(id, nouns) {
  const noun = /^src\/cli\/commands\/([^/]+)\//.exec(id)?.[1] ?? folderOf(id);
  return noun !== undefined && nouns.has(noun) ? noun : undefined;
}

/**
 * A noun's imports of the core's modules become require("tourney-core:<path>"), and of
 * another noun's modules require("tourney-noun:<noun>:<path>") (race's commands use
 * participants' and watch's: loading race loads those scripts, not copies of them).
 */
function fromOthers(noun, coreInputs, nouns) {
  return {
    name: "from-others",
    setup(b) {
      b.onResolve({ filter: /.*/ }, async ({ path, importer, resolveDir, kind, pluginData }) => {
        if (pluginData === "from-others" || importer === "" || kind === "entry-point")
          return undefined;
        const options = { importer, resolveDir, kind, pluginData: "from-others" };
        const found = await b.resolve(path, options);
        if (found.errors.length > 0 || found.external || found.namespace !== "file")
          return undefined;
        const id = relative(ROOT, found.path);
        if (coreInputs.has(id)) return { path: `${CORE_MODULE}${id}`, external: true };
        const owner = ownerOf(id, nouns);
        if (owner === undefined || owner === noun) return undefined;
        return { path: `${NOUN_MODULE}${owner}:${id}`, external: true };
      });
    },
  };
}

/** Adds `id` to `map`'s set for `key`; true when it was not there. */
function addTo(map, key, id) {
  const set = map.get(key) ?? new Set();
  map.set(key, set);
  return !set.has(id) && Boolean(set.add(id));
}

/** What the noun scripts of one pass want: from the core, from each other, in common. */
function wants(scripts, nouns) {
  const fromCore = new Set();
  const fromNoun = new Map();
  const users = new Map();
  for (const [, result] of scripts) {
    for (const [id, input] of Object.entries(result.metafile.inputs)) {
      for (const { path } of input.imports) {
        if (path.startsWith(CORE_MODULE)) fromCore.add(path.slice(CORE_MODULE.length));
        const [, owner, other] = new RegExp(`^${NOUN_MODULE}([^:]+):(.+)$`).exec(path) ?? [];
        if (owner !== undefined) addTo(fromNoun, owner, other);
      }
      if (/^(src|node_modules)\//.test(id) && ownerOf(id, nouns) === undefined)
        users.set(id, (users.get(id) ?? 0) + 1);
    }
  }
  // A module of no noun's folder that two nouns use moves into the core.
  for (const [id, count] of users) if (count > 1) fromCore.add(id);
  return { fromCore, fromNoun };
}

/**
 * Builds the core and the noun scripts with `build(name, options)` (build.mjs's esbuild
 * call for a classic script, returning its result with a metafile): first to learn
 * which modules the nouns share, then again until the split is stable. Returns the
 * final results, to be written.
 */
export async function buildSplit(buildScript) {
  const nouns = nounImports();
  let shared = new Set();
  const nounShared = new Map();
  for (let pass = 1; pass <= 5; pass++) {
    const core = await buildScript("core.js", {
      stdin: coreEntry(shared),
      plugins: [nounStubs(nouns), lazyFolders],
    });
    const coreInputs = new Set(Object.keys(core.metafile.inputs));
    const scripts = await allFinished(
      [...nouns].map(async ([noun, list]) => [
        `noun-${noun}.js`,
        await buildScript(`noun-${noun}.js`, {
          stdin: nounEntry(list, nounShared.get(noun) ?? []),
          plugins: [fromOthers(noun, coreInputs, nouns)],
        }),
      ]),
    );
    const { fromCore, fromNoun } = wants(scripts, nouns);
    for (const [owner, ids] of coreWants(core)) for (const id of ids) addTo(fromNoun, owner, id);
    let moved = [...fromCore].filter((id) => !shared.has(id)).length > 0;
    for (const [owner, ids] of fromNoun)
      for (const id of ids) moved = addTo(nounShared, owner, id) || moved;
    if (!moved) {
      if (process.env.TOURNEY_BUILD_META)
        writeFileSync(process.env.TOURNEY_BUILD_META, JSON.stringify(core.metafile));
      return [["core.js", core], ...scripts];
    }
    shared = new Set([...shared, ...fromCore]);
  }
  throw new Error("build: the noun scripts' split did not settle in 5 passes");
}

// dist/core-list.js (src/cli/core-list.ts, issue 27): the core's own run.ts, commander and
// the program's options, with the commands of one read verb only, `tournament list`, so
// that every spelling of that command is parsed by the same declarations as in the core
// (dist/core.js) and runs the same code, while the script leaves out every other noun and
// verb. run.ts's imports of the other nouns' register functions, and the tournament noun's
// imports of its other verbs', become stubs: calling one (run.ts builds the command tree
// of the noun and verb a line names, before it parses) throws ELSEWHERE, and the entry
// point then runs the line through the core, unchanged. The stubs' names are read from the
// importers' own import lines, as build/noun-split.mjs reads run.ts's.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");

/** What core-list.ts catches (Symbol.for: the same symbol in the stub and in the script). */
export const ELSEWHERE_KEY = "tourney: a command of the core";

/**
 * The importers whose register imports become stubs, and the one import each keeps:
 * run.ts keeps the tournament noun, the noun keeps its `list` verb.
 */
const KEPT = new Map([
  [resolve(ROOT, "src/cli/run.ts"), "./commands/tournament/index.js"],
  [resolve(ROOT, "src/cli/commands/tournament/index.ts"), "./list.js"],
]);

/**
 * run.ts's other imports of commands left out too: the hint for a tournament or race not
 * found (commands/naming/naming-hint.ts, ~1.5 KB) runs after a failed lookup, which
 * `tournament list` never has; were it called, the line would run again through the core.
 */
const ELSEWHERE_TOO = new Set(["withNamingHint"]);

/** `import { registerA, registerB } from "SPEC";` lines of `file`: SPEC -> names. */
function registerImports(file) {
  const imports = new Map();
  for (const [, names, spec] of readFileSync(file, "utf8").matchAll(
    /^import \{([^}]+)\} from "(\.[^"]+)\.js";$/gm,
  )) {
    const list = names.split(",").map((n) => n.trim());
    if (list.every((n) => /^register\w*$/.test(n) || ELSEWHERE_TOO.has(n)))
      imports.set(`${spec}.js`, list);
  }
  return imports;
}

export function leanCommands() {
  const stubs = new Map();
  for (const [importer, kept] of KEPT) {
    const imports = registerImports(importer);
    if (!imports.has(kept)) throw new Error(`${importer}: no import of ${kept} (lean-commands)`);
    if (imports.size < 5) throw new Error(`${importer}: its imports of commands moved`);
    imports.delete(kept);
    stubs.set(importer, imports);
  }
  return {
    name: "lean-commands",
    setup(b) {
      b.onResolve({ filter: /^\./ }, ({ path, importer }) => {
        const names = stubs.get(importer)?.get(path);
        return names === undefined
          ? undefined
          : { path: `${importer}:${path}`, namespace: "lean-stub", pluginData: names };
      });
      b.onLoad({ filter: /.*/, namespace: "lean-stub" }, ({ pluginData }) => ({
        contents: pluginData
          .map(
            (name) =>
              `export function ${name}() { throw Symbol.for(${JSON.stringify(ELSEWHERE_KEY)}); }`,
          )
          .join("\n"),
        loader: "js",
      }));
    },
  };
}

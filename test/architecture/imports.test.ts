/**
 * The layer rules of the house (docs/development.md, "Contributing"), enforced: arrows point
 * down, the engine is pure, the store knows nothing above it, the CLI reaches the
 * service only through the client's in-process transport (and `serve`), and no
 * file imports in a circle. Every import counts, type-only and dynamic included.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../../src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

interface Import {
  readonly from: string;
  readonly to: string;
  readonly dynamic: boolean;
}

const STATIC = /^\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']/gms;
const BARE = /^\s*import\s+["']([^"']+)["']/gm;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The project files `file` imports (relative specifiers only), as paths relative to src/. */
function importsOf(file: string): Import[] {
  const text = readFileSync(file, "utf8");
  const found: Import[] = [];
  const add = (specifier: string, dynamic: boolean) => {
    if (!specifier.startsWith(".")) return;
    const target = resolve(dirname(file), specifier).replace(/\.js$/, ".ts");
    found.push({ from: relative(SRC, file), to: relative(SRC, target), dynamic });
  };
  for (const m of text.matchAll(STATIC)) add(m[1]!, false);
  for (const m of text.matchAll(BARE)) add(m[1]!, false);
  for (const m of text.matchAll(DYNAMIC)) add(m[1]!, true);
  return found;
}

const FILES = sourceFiles(SRC);
const IMPORTS = FILES.flatMap(importsOf);
const layer = (path: string) => path.split("/")[0]!;

/** What each layer may import, besides itself. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  model: [],
  // Making a folder and saying why it cannot be made (folders/make-folder.ts), below every
  // layer that writes a file: the database's place, config.json, credentials.json, the cache.
  folders: [],
  engine: ["model"],
  store: ["model", "folders"],
  service: ["engine", "store", "model"],
  config: ["model", "folders"],
  auth: ["config", "model", "folders"],
  client: ["auth", "config", "model"],
  cli: ["client", "auth", "config", "model", "bracket-model", "folders"],
  // The bracket model (issue 28): what a bracket is drawn from and where its matches go,
  // below both drawings, the terminal's (cli/bracket) and the page's (viewer).
  "bracket-model": ["model"],
  viewer: ["model", "bracket-model"],
};

/** The bracket viewer (issue 18): serve renders its page from viewer/page.ts only. */
const VIEWER_PAGE = "viewer/page.ts";

/** The only doors to the service from above (each loads its entry with a dynamic import). */
const SERVICE_DOORS = new Set([
  "client/in-process-transport.ts",
  "cli/commands/serve/serve.ts",
  "cli/commands/serve/keys.ts",
  // `tourney bracket --web` on the embedded backend serves the viewer itself (issue 18).
  "cli/commands/bracket/web-server.ts",
]);

describe("import boundaries", () => {
  it("reads the source tree", () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(IMPORTS.length).toBeGreaterThan(300);
  });

  it("keeps every import within the layer rules", () => {
    const broken: string[] = [];
    for (const i of IMPORTS) {
      const [from, to] = [layer(i.from), layer(i.to)];
      if (from === to) continue;
      // The doors reach the service's entry only; the transport also names its types.
      if (to === "service" && SERVICE_DOORS.has(i.from) && i.to === "service/index.ts") continue;
      // And the transport its read-only path (issue 27), a script of its own in the build.
      if (i.from === "client/in-process-transport.ts" && i.to === "service/reader.ts") continue;
      if (from === "service" && i.to === VIEWER_PAGE) continue;
      if (!(ALLOWED[from] ?? []).includes(to)) broken.push(`${i.from} -> ${i.to}`);
    }
    expect(broken).toEqual([]);
  });

  it("keeps the bracket model apart from both drawings (issue 28)", () => {
    const model = IMPORTS.filter((i) => layer(i.from) === "bracket-model");
    expect(model.length).toBeGreaterThan(3);
    const crossing = IMPORTS.filter(
      (i) =>
        (layer(i.from) === "viewer" && layer(i.to) === "cli") ||
        (layer(i.from) === "cli" && layer(i.to) === "viewer") ||
        (layer(i.from) === "bracket-model" && !["bracket-model", "model"].includes(layer(i.to))),
    );
    expect(crossing.map((i) => `${i.from} -> ${i.to}`)).toEqual([]);
  });

  it("has no import cycles", () => {
    const graph = new Map<string, string[]>();
    for (const i of IMPORTS) graph.set(i.from, [...(graph.get(i.from) ?? []), i.to]);
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const stack: string[] = [];
    const visit = (node: string): void => {
      state.set(node, "open");
      stack.push(node);
      for (const next of graph.get(node) ?? []) {
        if (state.get(next) === "open")
          cycles.push([...stack.slice(stack.indexOf(next)), next].join(" -> "));
        else if (state.get(next) === undefined) visit(next);
      }
      stack.pop();
      state.set(node, "done");
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});

// Bundles the CLI with esbuild. Code splitting keeps lazily imported modules
// (the service, the engine, SQLite, inquirer, undici, open) out of the start-up path.
import { readFileSync, rmSync } from "node:fs";
import { build } from "esbuild";

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: { cli: "src/cli/main.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  outExtension: { ".js": ".mjs" },
  chunkNames: "chunks/[name]-[hash]",
  sourcemap: "linked",
  legalComments: "none",
  minify: process.env.TOURNEY_NO_MINIFY !== "1",
  // better-sqlite3's JavaScript is bundled; its compiled addon is loaded from
  // node_modules at run time (src/store/database.ts locates it).
  banner: {
    // Some bundled CommonJS dependencies call require(); give them one.
    js: "import { createRequire as __tourneyCreateRequire } from 'node:module'; const require = __tourneyCreateRequire(import.meta.url);",
  },
  define: {
    __TOURNEY_VERSION__: JSON.stringify(JSON.parse(readFileSync("package.json", "utf8")).version),
  },
  logLevel: "warning",
});

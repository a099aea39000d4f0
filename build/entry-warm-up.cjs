// Runs one command line through the build's main.cjs as dist/cli.cjs runs it (src/cli/entry.ts),
// and with `yes` writes main.cjs's code cache at the exit (build/entry-cache.mjs).
// Usage: node entry-warm-up.cjs OUT FINAL WRAPPER yes|no WORDS...
const { readFileSync, writeFileSync } = require("node:fs");
const { createRequire } = require("node:module");
const { join } = require("node:path");
const { Script } = require("node:vm");

const [out, final, wrapper, write, ...line] = process.argv.slice(2);
const [head, tail] = JSON.parse(wrapper);
const file = join(out, "main.cjs");
const source = `${head}${readFileSync(file, "utf8")}${tail}`;
const script = new Script(source, { filename: join(final, "main.cjs") });
if (write === "yes")
  process.on("exit", (code) => {
    if (code === 0) writeFileSync(`${file}.cache`, script.createCachedData());
  });
// main.cjs reads its line from process.argv, as under dist/cli.cjs.
process.argv = [process.argv[0], join(out, "cli.cjs"), ...line];
const main = { exports: {} };
script.runInThisContext()(main.exports, createRequire(file), main, file, out, (url) => import(url));

/**
 * The classic script of the build that runs a command line (see build.mjs): the core
 * (dist/core.js: commander and every command), or for `tourney tournament list --json`,
 * typed as such, dist/plain-json-list.js (plain-json-list.ts): that command without
 * commander, the core or the tournament noun's script.
 */
export function scriptFor(argv: readonly string[]): "./core.js" | "./plain-json-list.js" {
  const plainJsonList =
    argv.length === 3 &&
    (argv[0] === "tournament" || argv[0] === "tournaments") &&
    (argv[1] === "list" || argv[1] === "ls") &&
    argv[2] === "--json";
  return plainJsonList ? "./plain-json-list.js" : "./core.js";
}

/**
 * The classic script of the build that runs a command line first (see build.mjs): the core
 * (dist/core.js: commander, the program and every noun, each noun's commands in a script of
 * its own), or for a line naming `tournament`/`tournaments` and `list`/`ls` after it (options
 * anywhere), dist/core-list.js (core-list.ts): the same run.ts, commander and declarations
 * with the commands of that verb only. It decides which command the line runs as the core
 * does, and hands back any other line (`tournament view list`) to be run by the core
 * unchanged (main.ts). TOURNEY_CORE_ONLY=1 runs every line through the core (to compare the
 * two: test/cli/plain-json-list.test.ts).
 */
/**
 * What core-list.ts answers for a line it leaves to the core: the symbol a register function
 * the build left out of it throws (build/lean-commands.mjs ELSEWHERE_KEY, the same key).
 */
export const ELSEWHERE: unique symbol = Symbol.for("tourney: a command of the core");

export type CommandScript = "./core.js" | "./core-list.js";

export function scriptFor(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): CommandScript {
  if (env.TOURNEY_CORE_ONLY === "1") return "./core.js";
  const noun = argv.findIndex((w) => w === "tournament" || w === "tournaments");
  const list = noun !== -1 && argv.some((w, i) => i > noun && (w === "list" || w === "ls"));
  return list ? "./core-list.js" : "./core.js";
}

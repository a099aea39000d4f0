/**
 * What bench/engine.mjs needs from tourney, bundled by esbuild at the start of
 * the bench (to bench/out/, git-ignored) like build.mjs bundles the CLI.
 */
export { pairSwissRound } from "../src/engine/index.js";
export { openService } from "../src/service/index.js";

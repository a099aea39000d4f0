/**
 * jq (jq-web's runtime as the build patches it, dist/vendor/jq.cjs, with 2.8 MB of
 * WebAssembly) loads only when --jq is given: a command printing JSON, even with
 * --json FIELDS, leaves it unloaded (issue 16: start-up stays as it was).
 */
import { createRequire } from "node:module";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

const cache = createRequire(import.meta.url).cache;
const jqLoaded = () => Object.keys(cache).some((file) => /[\\/]vendor[\\/]jq\.cjs$/.test(file));

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

it("is required by the first --jq, not before", async () => {
  ok(await sb.run(["tournament", "create", "--name", "Cup"]));
  ok(await sb.run(["tournament", "list", "--json", "id,name"]));
  ok(await sb.run(["api", "tournaments"]));
  expect(jqLoaded()).toBe(false);
  expect(ok(await sb.run(["tournament", "list", "--jq", ".[0].name"])).stdout).toBe("Cup\n");
  expect(jqLoaded()).toBe(true);
});

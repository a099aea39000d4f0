/**
 * `tournament publish --to`, `tournament pull --from` and `race publish --to` naming a profile
 * that does not exist: refused (exit 2, nothing read or sent) naming the flag that chose it.
 * Before, the message said "(chosen by --profile)", a flag the command was not given.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../../helpers/cli.js";
import { ok } from "../../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(async () => {
  sb = createSandbox();
  ok(await sb.run(["tournament", "create", "--name", "RR", "--url", "rr"]));
  ok(await sb.run(["race", "create", "--name", "GP"]));
});
afterEach(() => sb.cleanup());

const refusal = (flag: string) =>
  `error: profile 'nope' (chosen by ${flag}) does not exist; \`tourney profile list\` shows the profiles, \`tourney profile add nope --base-url URL\` creates one\n`;

it.each([
  [["tournament", "publish", "rr", "--to", "nope"], "--to"],
  [["tournament", "pull", "rr", "--from", "nope"], "--from"],
  [["race", "publish", "gp", "--to", "nope"], "--to"],
])("%j: exit 2 naming %s", async (args, flag) => {
  const r = await sb.run(args);
  expect([r.code, r.stdout, r.stderr]).toEqual([2, "", refusal(flag)]);
});

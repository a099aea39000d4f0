/**
 * `--jq ''` is refused as the jq tourney embeds refuses it (jq 1.7 and later: "Top-level
 * program not given", its exit 3), a usage error (exit 2) naming --jq, before anything is sent;
 * jq 1.6 read an empty program as `.`, and `--jq .` is the way to ask for the whole JSON
 * (docs/scripting.md). Blanks or a comment alone are an empty program too.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(async () => {
  sb = createSandbox();
  ok(await sb.run(["tournament", "create", "--name", "Cup"]));
});
afterEach(() => sb.cleanup());

const REFUSAL =
  'error: --jq: jq: error: Top-level program not given (try ".")\njq: 1 compile error\n';

describe("--jq with an empty program", () => {
  it("is refused with jq's message, exit 2, for '', blanks and a comment alone", async () => {
    for (const program of ["", "  \n", "# nothing"]) {
      const r = await sb.run(["tournament", "list", "--jq", program]);
      expect(r.stdout, JSON.stringify(program)).toBe("");
      expect(r.stderr, JSON.stringify(program)).toBe(REFUSAL);
      expect(r.code, JSON.stringify(program)).toBe(2);
    }
  });

  it("changes nothing when the command writes; --jq . prints the whole JSON", async () => {
    const refused = await sb.run(["tournament", "create", "--name", "Two", "-q", ""]);
    expect(refused.stderr).toBe(REFUSAL);
    expect(refused.code).toBe(2);
    const whole = await sb.run(["tournament", "list", "--jq", "."]);
    expect(whole.code).toBe(0);
    expect(JSON.parse(whole.stdout).map((t: { url: string }) => t.url)).toEqual(["cup"]);
  });
});

/**
 * An empty profile name is refused as such, naming the flag that gave it (exit 2). Before (an
 * outside review, I #17), `--profile ""` said the profile '' does not exist and that
 * `tourney profile add  --base-url URL` creates one: a command with no name, which fails.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

describe("an empty profile name", () => {
  it("--profile '' is a usage error naming --profile, suggesting no command without a name", async () => {
    for (const name of ["", " "]) {
      const r = await sb.run(["--profile", name, "tournament", "list"]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toBe(
        `error: --profile needs a profile's name, not '${name}'; \`tourney profile list\` shows the profiles\n`,
      );
    }
  });

  it("a name that does not exist still suggests adding it", async () => {
    const r = await sb.run(["--profile", "lan", "tournament", "list"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("`tourney profile add lan --base-url URL` creates one");
  });
});

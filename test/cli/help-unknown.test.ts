/**
 * `tourney help WORDS` naming no command says so as `tourney WORDS` does (an outside review):
 * "unknown command 'nonsense'", exit 2, no help printed. Before, `tourney help nonsense`
 * printed the whole help on stderr (exit 2) without saying why, and `tourney help tournament
 * nonsense` printed the tournament help, exit 0. Help of real commands is unchanged.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

describe("tourney help with a word that names no command", () => {
  it("is an unknown command, exit 2, at the top and under a noun", async () => {
    for (const line of [
      ["help", "nonsense"],
      ["help", "tournament", "nonsense"],
      ["help", "auth", "nonsense"],
    ]) {
      const r = await sb.run(line);
      expect({ code: r.code, out: r.stdout }, line.join(" ")).toEqual({ code: 2, out: "" });
      expect(r.stderr, line.join(" ")).toMatch(/^error: unknown command 'nonsense'\n/);
      expect(r.stderr).not.toContain("Usage:");
    }
  });

  it("still shows the help of commands, nouns and topics (exit 0)", async () => {
    for (const [line, usage] of [
      [["help", "tournament", "list"], "Usage: tourney tournament list"],
      [["help", "tournaments"], "Usage: tourney tournament|tournaments"],
      [["help", "login"], "Usage: tourney login"],
      [["help", "auth", "status"], "Usage: tourney auth status"],
      [["help", "exit-codes"], "Exit codes:"],
    ] as const) {
      const r = await sb.run([...line]);
      expect(r.code, line.join(" ")).toBe(0);
      expect(r.stdout, line.join(" ")).toContain(usage);
    }
  });
});

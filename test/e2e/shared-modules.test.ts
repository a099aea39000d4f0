/**
 * The built noun scripts take the core's modules through core-loader.ts (build/noun-split.mjs):
 * each module is handed out once a process, not once for every module of the noun script that
 * imports it (noun-tournament.js requires verb-help.ts from 10 of its modules; each call of the
 * core's `__shared` entry built a new view of the module, issue 27's start-up).
 */
import { describe, expect, it } from "vitest";
import { loadCore } from "../../src/cli/core-loader.js";
import { BUILT } from "../helpers/binary.js";

describe.runIf(BUILT)("the core's modules in a noun script", () => {
  it("are each asked of the core once, however many of the noun's modules import them", () => {
    const core = loadCore(new URL("../../dist/core.js", import.meta.url)) as unknown as {
      __shared: Record<string, () => unknown>;
    };
    const asked = new Map<string, number>();
    for (const [id, entry] of Object.entries(core.__shared)) {
      core.__shared[id] = () => {
        asked.set(id, (asked.get(id) ?? 0) + 1);
        return entry();
      };
    }
    const noun = loadCore(new URL("../../dist/noun-tournament.js", import.meta.url)) as unknown as {
      registerTournament?: unknown;
    };
    expect(typeof noun.registerTournament).toBe("function");
    expect(asked.get("src/cli/commands/verb-help.ts")).toBe(1);
    expect([...asked.values()].every((count) => count === 1)).toBe(true);
    expect(asked.size).toBeGreaterThan(10);
  });
});

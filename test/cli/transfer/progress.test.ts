/**
 * Import progress on stderr (issue 29): at a terminal, steps on lines of their
 * own and the results count rewritten in place; piped, nothing at all. The
 * renderer with an injected TTY flag, then the verb on captured streams that
 * say they are (or are not) a terminal.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { runTournamentImport } from "../../../src/cli/commands/tournament/import.js";
import { progressOn } from "../../../src/cli/transfer/progress.js";
import { createFactoryHarness, type FactoryHarness } from "../../helpers/factory.js";

const FIXTURE = "test/fixtures/tournament-export-v1.json";
let h: FactoryHarness;
beforeEach(() => {
  h = createFactoryHarness();
});
afterEach(async () => h.cleanup());

function stream(isTTY: boolean) {
  const out = { isTTY, text: "", write: (s: string) => (out.text += s) };
  return out;
}

it("rewrites a count in place at a terminal and writes nothing when piped", () => {
  for (const tty of [true, false]) {
    const s = stream(tty);
    const p = progressOn(s);
    p.step("lan: start");
    p.count("results", 1, 3);
    p.count("results", 2, 3);
    p.step("lan: finalize_group_stage");
    p.count("results", 3, 3);
    p.end();
    p.end();
    expect(s.text).toBe(
      tty
        ? "lan: start\n\r\x1b[Kresults 1/3\r\x1b[Kresults 2/3\r\x1b[Klan: finalize_group_stage\n\r\x1b[Kresults 3/3\n"
        : "",
    );
  }
});

it("tournament import shows its progress at a terminal only", async () => {
  const tty = h.make({ tty: true });
  await runTournamentImport(tty.factory, { file: FIXTURE });
  const shown = tty.stderr();
  expect(shown).toMatch(/^creating tournament lan_cup_2026\nlan_cup_2026: start\n/);
  expect(shown).toContain("\r\x1b[Kresults 1/11\r\x1b[Kresults 2/11");
  expect(shown).toContain(
    "\r\x1b[Kresults 11/11\nlan_cup_2026: 11 results sent, 0 already there\n",
  );
  const piped = h.make();
  await runTournamentImport(piped.factory, { file: FIXTURE });
  expect(piped.stderr()).toBe("");
  expect(piped.stdout()).toBe(
    "lan_cup_2026: found, 0 participants added, 0 results sent, 11 already there\n",
  );
});

/**
 * An "inherited flags" section in every verb's help (issue 26, item 8), as gh prints one:
 * the global flags its examples use (--json, --jq and -q, --yes, --profile, ...) are on
 * the verb's own page, after its options, and `--version` (tourney's alone) is not. Every
 * verb of the tree through the program, and `--help` and `tourney help <noun> <verb>`
 * through the built binary.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Command } from "commander";
import { afterAll, describe, expect, it } from "vitest";
import { App } from "../../src/cli/app.js";
import { jsonFormOf } from "../../src/cli/json-form.js";
import { buildProgram } from "../../src/cli/run.js";
import { BUILT, runBinary } from "../helpers/binary.js";

const quiet = { write: () => true };
const app = new App({
  io: { stdout: quiet, stderr: quiet, stdin: { async *[Symbol.asyncIterator]() {} } },
  env: {},
  homeDir: "/nonexistent",
});

const GLOBALS = [
  "--json [fields]",
  "-q, --jq <expression>",
  "--profile <name>",
  "-y, --yes",
  "--no-input",
];

function everyVerb(command: Command, path: string[] = []): [string, Command][] {
  return command.commands
    .filter((c) => c.name() !== "help")
    .flatMap((c) => {
      const here = [...path, c.name()];
      const runs = (c as unknown as { _actionHandler: unknown })._actionHandler != null;
      return [
        ...(runs ? ([[here.join(" "), c]] as [string, Command][]) : []),
        ...everyVerb(c, here),
      ];
    });
}

function helpOf(command: Command): string {
  let text = "";
  command.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
  command.outputHelp();
  return text;
}

/** The lines of the section under `heading`, up to the next blank line. */
function section(help: string, heading: string): string[] {
  const lines = help.split("\n");
  const start = lines.indexOf(heading);
  if (start === -1) return [];
  const end = lines.indexOf("", start);
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

function expectInherited(help: string, where: string, printsJson = true): void {
  const inherited = section(help, "Inherited flags:").join("\n");
  for (const flag of GLOBALS) {
    // A command that prints no JSON (json-form.ts) refuses --json and --jq: not listed.
    const refused = !printsJson && (flag.startsWith("--json") || flag.includes("--jq"));
    if (refused) expect(inherited, `${where}: ${flag}`).not.toContain(flag);
    else expect(inherited, `${where}: ${flag}`).toContain(flag);
  }
  expect(inherited, where).not.toContain("--version");
  expect(help.indexOf("Inherited flags:"), where).toBeGreaterThan(help.indexOf("Options:"));
}

describe("every verb's help", () => {
  const tree = everyVerb(buildProgram(app));
  it("walks the whole tree", () => expect(tree.length).toBeGreaterThan(80));
  for (const [path, command] of tree)
    it(`${path}: lists the inherited flags`, () =>
      expectInherited(helpOf(command), path, jsonFormOf(command) !== "none"));
});

describe.runIf(BUILT)("the built binary's verb help", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-inherited-"));
  const env = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("shows them under --help and under `tourney help <noun> <verb>`", async () => {
    for (const args of [
      ["match", "report", "--help"],
      ["help", "tournament", "list"],
      ["race", "times", "bulk-update", "--help"],
    ]) {
      const r = await runBinary(args, env);
      expect(r.code, r.stderr).toBe(0);
      expectInherited(r.stdout, args.join(" "));
    }
  });

  it("leaves them off tourney's own help, where they are its options", async () => {
    const r = await runBinary(["--help"], env);
    expect(r.stdout).not.toContain("Inherited flags:");
    expect(section(r.stdout, "Options:").join("\n")).toContain("--jq");
  });
});

/**
 * What each command prints as JSON, as declared (json-form.ts): records (--json, --json
 * FIELDS and --jq all apply), events (NDJSON: no field list, --jq only where said) or none
 * (both refused, exit 2: json-refused.test.ts). A new command shows here as "records": the
 * snapshot changes, so whoever adds it says whether it prints JSON.
 */
import type { Command } from "commander";
import { expect, it } from "vitest";
import { App } from "../../src/cli/app.js";
import { jsonFormOf } from "../../src/cli/json-form.js";
import { buildProgram } from "../../src/cli/run.js";

const quiet = { write: () => true };
const app = new App({
  io: { stdout: quiet, stderr: quiet, stdin: { async *[Symbol.asyncIterator]() {} } },
  env: {},
  homeDir: "/nonexistent",
});

function forms(command: Command, path: string[] = []): Record<string, string> {
  const runs = (command as unknown as { _actionHandler: unknown })._actionHandler != null;
  const here = path.join(" ");
  return Object.assign(
    runs ? { [here]: jsonFormOf(command) } : {},
    ...command.commands.map((c) => forms(c, [...path, c.name()])),
  );
}

it("every command's JSON form is declared", () => {
  expect(forms(buildProgram(app))).toMatchSnapshot();
});

/**
 * A configuration or credentials file that cannot be read as one (damaged, emptied by a crash,
 * edited by hand) exits 1, as a damaged database does, naming the file: it is no flag the user
 * typed (exit 2 is a usage error). A bad value typed on the command line stays 2.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
  mkdirSync(join(sb.dir, "config"), { recursive: true });
});
afterEach(() => sb.cleanup());

it.each([
  ["not JSON", "{bad"],
  ["empty", ""],
  ["no object", "[]"],
  ["an unknown key", '{"colour": 1}'],
])("a config.json that is %s: exit 1, the file named", async (_, text) => {
  const file = join(sb.dir, "config", "config.json");
  writeFileSync(file, text);
  const r = await sb.run(["tournament", "list"]);
  expect(r.code).toBe(1);
  expect(r.stdout).toBe("");
  expect(r.stderr).toContain(`configuration file ${file}`);
});

it("a credentials.json that is not JSON: exit 1, the file named", async () => {
  const file = join(sb.dir, "config", "credentials.json");
  writeFileSync(file, "{bad", { mode: 0o600 });
  const r = await sb.run(["auth", "status"]);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(`credentials file ${file} is corrupt`);
});

it("a bad value typed on the command line is still a usage error (2)", async () => {
  const r = await sb.run(["config", "set", "timeout", "soon"]);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain("invalid value for timeout");
});

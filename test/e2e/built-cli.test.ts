/**
 * The built CLI as shipped: V8 accepts the code cache the build wrote (start-up
 * depends on it), and each bundled vendor module (dist/vendor: cli-table3,
 * inquirer, conf, undici) loads and works in the command that needs it. Tables
 * and prompts need a terminal: `script` gives the command a pseudo-terminal.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT, runBinary } from "../helpers/binary.js";

const CORE = fileURLToPath(new URL("../../dist/core.js", import.meta.url));
const SCRIPT = ["/usr/bin/script", "/bin/script"].find((path) => existsSync(path));

describe.runIf(BUILT)("the built CLI", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-built-"));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the binary on a pseudo-terminal, typing `input`; CI is unset so that prompts may show. */
  const onTerminal = (args: string, input = "") =>
    spawnSync(SCRIPT!, ["-qec", `"${process.execPath}" "${BIN}" ${args}`, "/dev/null"], {
      env: { ...env, TERM: "xterm" },
      input,
      encoding: "utf8",
      timeout: 20_000,
    });

  it("compiles the core with the code cache the build wrote (V8 does not reject it)", () => {
    const probe = `const fs = require("node:fs"); const vm = require("node:vm");
      const f = ${JSON.stringify(CORE)};
      const s = new vm.Script(fs.readFileSync(f, "utf8"), { filename: f, cachedData: fs.readFileSync(f + ".cache") });
      process.stdout.write(String(s.cachedDataRejected));`;
    expect(execFileSync(process.execPath, ["-e", probe], { encoding: "utf8" })).toBe("false");
  });

  it("loads conf to write a profile and undici to reach a remote service", async () => {
    const added = await runBinary(
      ["profile", "add", "far", "--base-url", "http://127.0.0.1:9"],
      env,
    );
    expect(added.code, added.stderr).toBe(0);
    expect(
      JSON.parse(readFileSync(join(dir, "config", "config.json"), "utf8")).profiles.far,
    ).toBeDefined();
    const remote = await runBinary(["--profile", "far", "tournament", "list"], env);
    expect(remote.code, remote.stderr).toBe(7);
    expect(remote.stderr).toMatch(/127\.0\.0\.1:9|refused/);
  });

  it.runIf(SCRIPT !== undefined)(
    "loads cli-table3 for a table and inquirer for a prompt on a terminal",
    async () => {
      const created = await runBinary(
        ["tournament", "create", "--name", "Smoke", "--type", "swiss"],
        env,
      );
      expect(created.code, created.stderr).toBe(0);
      const table = onTerminal("tournament list");
      expect(table.status, table.stdout).toBe(0);
      expect(table.stdout).toMatch(/┌.*┐/);
      expect(table.stdout).toMatch(/│\s*\S*\s*Smoke/);
      const declined = onTerminal("tournament delete smoke", "n\r");
      expect(declined.stdout).toMatch(/Delete tournament/);
      expect(declined.stdout).toMatch(/cancelled: nothing was changed/);
      expect(declined.status).toBe(1);
      const still = await runBinary(["tournament", "view", "smoke", "--json"], env);
      expect(still.code).toBe(0);
    },
  );
});

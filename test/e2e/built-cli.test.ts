/**
 * The built CLI as shipped: V8 accepts the code cache the build wrote (start-up
 * depends on it), and each bundled vendor module (dist/vendor: inquirer, conf)
 * loads and works in the command that needs it. Tables and prompts need a
 * terminal: `script` gives the command a pseudo-terminal.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
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

  /**
   * The binary on a pseudo-terminal (stdin and stdout), its stderr (where prompts draw) in
   * a file: each [question, keys] step types `keys` once `question` shows there. What the
   * terminal shows is then stdout alone.
   */
  async function prompted(args: string, steps: readonly (readonly [RegExp, string])[]) {
    const errors = join(dir, `stderr-${Math.random().toString(36).slice(2)}`);
    const child = spawn(
      SCRIPT!,
      ["-qec", `"${process.execPath}" "${BIN}" ${args} 2>"${errors}"`, "/dev/null"],
      { env: { ...env, TERM: "xterm" } },
    );
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += String(chunk);
    });
    const exited = new Promise<number | null>((done) => child.on("exit", done));
    const stderr = () => (existsSync(errors) ? readFileSync(errors, "utf8") : "");
    let seen = 0;
    for (const [question, keys] of steps) {
      for (let waited = 0; ; waited += 25) {
        const match = question.exec(stderr().slice(seen));
        if (match !== null) {
          seen += match.index + match[0].length;
          break;
        }
        if (waited > 15_000) throw new Error(`no ${question} in ${JSON.stringify(stderr())}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      await new Promise((r) => setTimeout(r, 100));
      child.stdin.write(keys);
    }
    const code = await exited;
    child.stdin.end();
    return { code, stdout: stdout.replaceAll("\r\n", "\n"), stderr: stderr() };
  }

  it.runIf(SCRIPT !== undefined)(
    "prompts on a pseudo-terminal: stdout holds the result only; Ctrl-C exits 130",
    async () => {
      const created = await prompted("tournament create --json", [
        [/Tournament name/, "Terminal Cup\r"],
        [/Type/, "\u001b[B\r"],
        [/Grand final/, "\u001b[B\r"],
        [/losers bracket/, "n\r"],
      ]);
      expect(created.code, created.stderr).toBe(0);
      expect(created.stderr).toContain("Tournament name");
      const record = JSON.parse(created.stdout);
      expect(record).toMatchObject({
        name: "Terminal Cup",
        tournament_type: "double elimination",
        double_elimination_options: { grand_finals_modifier: "single match" },
      });
      expect(created.stdout).not.toMatch(/Tournament name|Grand final|\?/);

      const interrupted = await prompted("tournament create", [[/Tournament name/, "\u0003"]]);
      expect(interrupted.code).toBe(130);
      expect(interrupted.stdout.trim()).toBe("");
    },
  );

  it("compiles the core with the code cache the build wrote (V8 does not reject it)", () => {
    const probe = `const fs = require("node:fs"); const vm = require("node:vm");
      const f = ${JSON.stringify(CORE)};
      const s = new vm.Script(fs.readFileSync(f, "utf8"), { filename: f, cachedData: fs.readFileSync(f + ".cache") });
      process.stdout.write(String(s.cachedDataRejected));`;
    expect(execFileSync(process.execPath, ["-e", probe], { encoding: "utf8" })).toBe("false");
  });

  it("loads conf to write a profile, and reaches for a remote service (node:http)", async () => {
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
    "draws a borderless table (no vendor module) and loads inquirer for a prompt on a terminal",
    async () => {
      const created = await runBinary(
        ["tournament", "create", "--name", "Smoke", "--type", "swiss"],
        env,
      );
      expect(created.code, created.stderr).toBe(0);
      const table = onTerminal("tournament list --no-color");
      expect(table.status, table.stdout).toBe(0);
      expect(table.stdout).toMatch(/^ID +NAME +URL +TYPE +STATE/m);
      expect(table.stdout).toMatch(/^\d+ +Smoke +smoke +swiss +pending +0 +just now/m);
      expect(table.stdout).not.toMatch(/[┌│]/);
      expect(existsSync(join(CORE, "..", "vendor", "cli-table3.mjs"))).toBe(false);
      const declined = onTerminal("tournament delete smoke", "n\r");
      expect(declined.stdout).toMatch(/Delete tournament/);
      expect(declined.stdout).toMatch(/cancelled: nothing was changed/);
      expect(declined.status).toBe(1);
      const still = await runBinary(["tournament", "view", "smoke", "--json"], env);
      expect(still.code).toBe(0);
    },
  );
});

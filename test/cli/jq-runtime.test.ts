/**
 * jq's runtime (dist/vendor/jq.cjs, made by build/jq-runtime.mjs from jq-web 0.6.2): what
 * jq prints is held in byte buffers with a limit. jq-web's own kept one array element per
 * byte and skipped byte 0: `--jq 'range(1e9)'` killed Node (V8 heap exhausted, exit 133)
 * and a NUL inside a string result was dropped.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { OutputError } from "../../src/cli/errors.js";
import { runJq } from "../../src/cli/output/jq.js";
import { BIN, BUILT, runBinary } from "../helpers/binary.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

describe("--jq prints the bytes jq wrote", () => {
  it("keeps a NUL inside a string result", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Cup"]));
    const r = ok(await sb.run(["tournament", "list", "--jq", '.[0].name + "\\u0000" + "b"']));
    expect(r.stdout).toBe("Cup\u0000b\n");
  });

  it("prints an empty string result as an empty line, as jq does", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Cup"]));
    expect(ok(await sb.run(["tournament", "list", "--jq", '.[] | ""'])).stdout).toBe("\n");
  });

  it("takes a program starting with '-' as a program, not one of jq's options", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Cup"]));
    expect(ok(await sb.run(["tournament", "list", "--jq", "-first(.[].id)"])).stdout).toBe("-1\n");
  });

  it("gives jq the command's environment ($ENV, env), not emscripten's made-up one", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Cup"]));
    const env = { CUP: "Cup", HOME: "/home/organiser" };
    const jq = ".[] | select(.name == $ENV.CUP) | [.id, env.HOME, $ENV.USER] | @tsv";
    expect(ok(await sb.run(["tournament", "list", "--jq", jq], { env })).stdout).toBe(
      "1\t/home/organiser\t\n",
    );
  });

  it("gives jq the environment's non-ASCII values as text ($ENV)", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Zoë 🎉"]));
    const env = { CUP: "Zoë 🎉" };
    const jq = ".[] | select(.name == $ENV.CUP) | [.id, $ENV.CUP] | @tsv";
    expect(ok(await sb.run(["tournament", "list", "--jq", jq], { env })).stdout).toBe(
      "1\tZoë 🎉\n",
    );
  });

  it("writes jq's debug messages on stderr", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Cup"]));
    const r = ok(await sb.run(["tournament", "list", "--jq", ".[0].name | debug"]));
    expect(r.stdout).toBe("Cup\n");
    expect(r.stderr).toBe('["DEBUG:","Cup"]\n');
  });
});

describe("an endless jq program", () => {
  it("ends at the output limit with a usage error, and the next run works", async () => {
    const limit = 1024 * 1024;
    const run = runJq("null", "range(1e9)", { compact: true, limit });
    await expect(run).rejects.toThrow(OutputError);
    await expect(run).rejects.toThrow(/^--jq: jq printed more than 1 MiB, the most tourney holds/);
    expect(await runJq("[1]", ".[0]", { compact: true, limit })).toBe("1\n");
    await expect(
      runJq("null", "range(1e9) | debug | empty", { compact: true, limit }),
    ).rejects.toThrow(
      /^--jq: jq printed more than 1 MiB of messages \(debug, stderr\), the most tourney holds/,
    );
  });

  describe.runIf(BUILT)("from the built binary", () => {
    const dir = mkdtempSync(join(tmpdir(), "tourney-jq-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const env = {
      PATH: process.env.PATH ?? "",
      TOURNEY_CONFIG_DIR: join(dir, "config"),
      TOURNEY_DATA_DIR: join(dir, "data"),
    };

    it("exits 2, not a crash of Node", async () => {
      // 1 MB a result: the 256 MiB limit is reached in a few seconds.
      const jq = '("x" * 1000000) as $m | range(1e9) | $m';
      const r = await runBinary(["tournament", "list", "--jq", jq], env);
      expect(r.stderr).toMatch(
        /^error: --jq: jq printed more than 256 MiB, the most tourney holds/,
      );
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
    }, 60_000);

    it("stops an endless program at Ctrl-C: exit 130, saying the change was made", async () => {
      // jq ran in the main thread's turn: the CLI's SIGINT handler never ran, Ctrl-C did nothing.
      const jq = "last(range(1e12))";
      const args = ["tournament", "create", "--name", "Cup", "--verbose", "--jq", jq];
      const child = spawn(process.execPath, [BIN, ...args], { env, stdio: "pipe" });
      let stderr = "";
      let interrupts: NodeJS.Timeout | undefined;
      child.stderr.on("data", (d) => {
        stderr += d;
        // The write is answered; jq runs right after: Ctrl-C then, and again until it ends.
        if (interrupts === undefined && stderr.includes("< 201 Created"))
          interrupts = setInterval(() => child.kill("SIGINT"), 500);
      });
      const giveUp = setTimeout(() => child.kill("SIGKILL"), 20_000);
      const code = await new Promise((resolve) => child.on("close", resolve));
      clearInterval(interrupts);
      clearTimeout(giveUp);
      expect(code).toBe(130);
      expect(stderr).toContain(
        "interrupted after the change was made (POST /v2.1/tournaments (201)); do not run the command again\n",
      );
    }, 30_000);
  });
});

describe("build/jq-runtime.mjs", () => {
  const jqJs = join(createRequire(import.meta.url).resolve("jq-web/package.json"), "../jq.js");
  const load = async () =>
    (await import(new URL("../../build/jq-runtime.mjs", import.meta.url).href)) as {
      patchJqRuntime(source: string): string;
    };

  it("replaces jq-web's byte-array devices", async () => {
    const patched = (await load()).patchJqRuntime(readFileSync(jqJs, "utf8"));
    expect(patched).not.toContain("outBuffer.push(c)");
    expect(patched).toContain("Module.tourneyRun = tourneyRun;");
    expect(patched.trimEnd().endsWith("module.exports = jq;")).toBe(true);
  });

  it("fails the build when jq-web's jq.js is not the file it was written against", async () => {
    const { patchJqRuntime } = await load();
    const changed = readFileSync(jqJs, "utf8").replace(
      "if (c) outBuffer.push(c)",
      "outBuffer.push(c)",
    );
    expect(() => patchJqRuntime(changed)).toThrow(
      /node_modules\/jq-web\/jq\.js is not the jq-web 0.6.2 file the patch was written against/,
    );
  });
});

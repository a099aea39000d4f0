/**
 * A promise rejected with no handler in a command's last round of promise callbacks is
 * reported (cli/main.ts): `error: ...` on stderr and exit 1, though the CLI exits once idle
 * before the event loop turns (early-exit.test.ts). Before, the exit came first: exit 0,
 * nothing said. After an accepted write, the change is said as made first and the exit is 8
 * (it was 1 with nothing said of the change). The rejection is made by a preloaded probe as the command writes its output.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT } from "../helpers/binary.js";

describe.runIf(BUILT)("an unhandled rejection at a command's end", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-late-rejection-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // On the first write to stdout, a promise rejected that nothing awaits.
  const probe = join(dir, "probe.cjs");
  writeFileSync(
    probe,
    `const fs = require("node:fs"); let made = false;
    for (const name of ["writeSync", "writevSync"]) {
      const real = fs[name];
      fs[name] = function (fd, ...rest) {
        if (fd === 1 && !made) { made = true; Promise.reject(new Error("a late failure")); }
        return real.call(this, fd, ...rest);
      };
    }\n`,
  );
  const env = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  const tourney = (args: readonly string[], extra: Record<string, string> = {}) =>
    spawnSync(process.execPath, ["--require", probe, BIN, ...args], {
      env: { ...env, ...extra },
      encoding: "utf8",
    });

  it("is said on stderr, exit 1, after a read (the exit in the same turn)", () => {
    const listed = tourney(["tournament", "list", "--json"]);
    expect(listed.stdout).toBe("[]\n");
    expect(listed.stderr).toBe("error: a late failure\n");
    expect(listed.status).toBe(1);
  });

  it("after a write: the change said as made first, exit 8 (not 1, which a script may retry)", () => {
    const made = tourney(["tournament", "create", "--name", "Cup", "--json", "url"]);
    expect(made.stdout).toBe('{"url":"cup"}\n');
    expect(made.stderr).toBe(
      "done: the change was made (POST /v2.1/tournaments (201)); do not run the command again\n" +
        "error: a late failure\n",
    );
    expect(made.status).toBe(8);
  });

  it("after a write (the exit at the next turn), with its stack under TOURNEY_DEBUG", () => {
    const made = tourney(["tournament", "create", "--name", "Cup 2", "--json", "url"], {
      TOURNEY_DEBUG: "1",
    });
    expect(made.stdout).toBe('{"url":"cup_2"}\n');
    expect(made.stderr).toMatch(
      /^done: the change was made \(POST [^)]+\(201\)\); do not run the command again\nerror: a late failure\nError: a late failure\n {4}at /,
    );
    expect(made.status).toBe(8);
  });

  it("a command without one still exits with its own code", () => {
    const r = spawnSync(process.execPath, [BIN, "tournament", "view", "cup", "--json", "url"], {
      env,
      encoding: "utf8",
    });
    expect(r).toMatchObject({ status: 0, stdout: '{"url":"cup"}\n', stderr: "" });
    const missing = spawnSync(process.execPath, [BIN, "tournament", "view", "nope"], {
      env,
      encoding: "utf8",
    });
    expect(missing.status).toBe(3);
  });
});

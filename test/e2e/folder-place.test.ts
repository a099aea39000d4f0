/**
 * End to end: a configuration folder, or the completion cache's folder, that cannot be made.
 * `config set` and `login --api-key` say which folder and why (exit 1, with the way to choose
 * another); a list whose names cache cannot be written still prints its list (exit 0). Before
 * (Node's recursive mkdir): no end at all under /proc (100 % CPU), and `ENOENT ... mkdir` for
 * a read-only file system. Each run is killed after TIMEOUT so a hang fails, not stalls, the suite.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT, binaryEnv } from "../helpers/binary.js";

const TIMEOUT = 15_000;
const WHERE =
  "TOURNEY_CONFIG_DIR=FOLDER (the folder of config.json and credentials.json; " +
  "unset, it is $XDG_CONFIG_HOME/tourney, or ~/.config/tourney)";
const HINT = `hint: put the configuration where this user can read and write it: ${WHERE}\n`;

/** The binary run to its end, or killed after TIMEOUT (status null then). */
function tourney(args: readonly string[], env: Record<string, string>, input = "") {
  return spawnSync(process.execPath, [BIN, ...args], {
    env,
    input,
    encoding: "utf8",
    timeout: TIMEOUT,
    killSignal: "SIGKILL",
  });
}

const proc = existsSync("/proc/self");

describe.runIf(BUILT)("a folder that cannot be made for the configuration or the cache", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-folder-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const under = `/proc/tourney-test-${process.pid}`;
  const root = process.getuid?.() === 0;

  it.runIf(proc)(
    "config set under /proc: exit 1 naming the folder, not a hang",
    () => {
      const configDir = `${under}/config`;
      const env = { ...binaryEnv(dir), TOURNEY_CONFIG_DIR: configDir };
      const set = tourney(["config", "set", "timeout", "5"], env);
      expect(set.status).toBe(1);
      expect(set.stdout).toBe("");
      expect(set.stderr).toBe(
        `error: cannot write the configuration ${configDir}/config.json: cannot make the folder ${under}: folders cannot be made there\n${HINT}`,
      );
    },
    TIMEOUT * 2,
  );

  it.runIf(proc)(
    "login --api-key under /proc: exit 1 naming the folder, not a hang",
    () => {
      const env = { ...binaryEnv(dir), TOURNEY_CONFIG_DIR: under };
      const login = tourney(["login", "--api-key"], env, "tk_test_key\n");
      expect(login.status).toBe(1);
      expect(login.stdout).toBe("");
      expect(login.stderr).toBe(
        `error: cannot store the credentials in ${under}/credentials.json: cannot make the folder ${under}: folders cannot be made there\n${HINT}`,
      );
      expect(login.stderr).not.toContain("tk_test_key");
    },
    TIMEOUT * 2,
  );

  it(
    "a file where the configuration folder should be: exit 1 naming it, the ways out",
    () => {
      const blocked = join(dir, "blocked");
      writeFileSync(blocked, "");
      const hint = (file: string) =>
        `hint: move the file ${file} out of the way (a folder is needed there), or put the configuration elsewhere: ${WHERE}\n`;
      // TOURNEY_CONFIG_DIR a file, or a file among its parents; XDG_CONFIG_HOME/tourney a file.
      const home = binaryEnv(dir);
      const { TOURNEY_CONFIG_DIR: _, ...noConfigDir } = home;
      for (const [env, configDir] of [
        [{ ...home, TOURNEY_CONFIG_DIR: blocked }, blocked],
        [{ ...home, TOURNEY_CONFIG_DIR: `${blocked}/config` }, `${blocked}/config`],
        [{ ...noConfigDir, XDG_CONFIG_HOME: dir }, join(dir, "tourney")],
      ] as const) {
        if (configDir.endsWith("/tourney")) writeFileSync(configDir, "");
        for (const args of [
          ["tournament", "list"],
          ["config", "set", "timeout", "5"],
          ["whoami"],
        ]) {
          const ran = tourney(args, env);
          expect(ran.status, `${args.join(" ")}: ${ran.stderr}`).toBe(1);
          expect(ran.stdout).toBe("");
          const file = configDir === `${blocked}/config` ? blocked : configDir;
          expect(ran.stderr).toBe(
            `error: cannot read the configuration ${configDir}/config.json: ${file} is a file, not a folder\n${hint(file)}`,
          );
        }
      }
    },
    TIMEOUT * 9,
  );

  it.runIf(proc)(
    "a list whose names cache is under /proc: the list, exit 0",
    () => {
      // The profile's database is elsewhere (db_path wins), the data folder (the cache's) under /proc.
      const env = binaryEnv(dir);
      const db = join(dir, "elsewhere.db");
      expect(tourney(["config", "set", "db_path", db], env).status).toBe(0);
      expect(tourney(["tournament", "create", "--name", "Cup"], env).status).toBe(0);
      const inProc = { ...env, TOURNEY_DATA_DIR: `${under}/data` };
      const listed = tourney(["tournament", "list", "--json", "name,url"], inProc);
      expect(listed.stderr).toBe("");
      expect(listed.status).toBe(0);
      expect(JSON.parse(listed.stdout)).toEqual([{ name: "Cup", url: "cup" }]);
      const profiles = tourney(["profile", "list"], inProc);
      expect(profiles.status).toBe(0);
      expect(profiles.stdout).toContain("local");
    },
    TIMEOUT * 4,
  );

  // Root may write anywhere: it runs the binary as nobody (setpriv) to meet a refusal.
  const setpriv = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"];
  const asUser = !root ? [] : existsSync(setpriv[0]!) ? setpriv : undefined;
  it.runIf(asUser !== undefined && process.platform === "linux")(
    "a folder that exists but cannot be written: its folder and the cause, exit 1",
    () => {
      chmodSync(dir, 0o755);
      const locked = join(dir, "locked");
      mkdirSync(locked, { mode: 0o555 });
      chmodSync(locked, 0o555);
      const [command, ...rest] = [...asUser!, process.execPath, BIN];
      const run = (args: string[], input = "") =>
        spawnSync(command!, [...rest, ...args], {
          env: { ...binaryEnv(dir), TOURNEY_CONFIG_DIR: locked },
          input,
          encoding: "utf8",
          timeout: TIMEOUT,
          killSignal: "SIGKILL",
        });
      const set = run(["config", "set", "timeout", "5"]);
      expect(set.status).toBe(1);
      expect(set.stderr).toBe(
        `error: cannot write the configuration ${locked}/config.json: its folder ${locked} cannot be written (permission denied)\n${HINT}`,
      );
      const login = run(["login", "--api-key"], "tk_test_key\n");
      expect(login.status).toBe(1);
      expect(login.stderr).toBe(
        `error: cannot store the credentials in ${locked}/credentials.json: its folder ${locked} cannot be written (permission denied)\n${HINT}`,
      );
      // A folder this user may not even read: every command, exit 1 (was Node's EACCES, exit 2).
      chmodSync(locked, 0o000);
      for (const args of [
        ["tournament", "list"],
        ["config", "set", "timeout", "5"],
      ]) {
        const refused = run(args);
        expect(refused.status, refused.stderr).toBe(1);
        expect(refused.stderr).toBe(
          `error: cannot read the configuration ${locked}/config.json: permission denied\n${HINT}`,
        );
      }
    },
  );

  const readOnly = join(dir, "read-only");
  mkdirSync(readOnly);
  const canMount =
    root &&
    spawnSync("unshare", ["-m", "sh", "-c", `mount -t tmpfs -o ro tmpfs '${readOnly}'`]).status ===
      0;
  it.runIf(canMount)("a read-only file system: says so, not ENOENT", () => {
    const configDir = join(readOnly, "config");
    const script =
      `mount -t tmpfs -o ro tmpfs '${readOnly}'; ` +
      `'${process.execPath}' '${BIN}' config set timeout 5; echo "exit $?" >&2; ` +
      `echo tk_test_key | '${process.execPath}' '${BIN}' login --api-key; echo "exit $?" >&2`;
    const inside = spawnSync("unshare", ["-m", "sh", "-c", script], {
      env: { ...binaryEnv(dir), TOURNEY_CONFIG_DIR: configDir },
      encoding: "utf8",
      timeout: TIMEOUT,
      killSignal: "SIGKILL",
    });
    expect(inside.stdout).toBe("");
    expect(inside.stderr).toBe(
      `error: cannot write the configuration ${configDir}/config.json: cannot make the folder ${configDir}: the file system is read-only\n${HINT}exit 1\n` +
        `error: cannot store the credentials in ${configDir}/credentials.json: cannot make the folder ${configDir}: the file system is read-only\n${HINT}exit 1\n`,
    );
  });
});

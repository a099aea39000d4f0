/**
 * End to end: a data folder where the database cannot be made. The error names the path and
 * the cause (a file in the way, a read-only file system, no permission) and the way to choose
 * another place, exit 1, nothing written. Before: `ENOTDIR: not a directory, mkdir ...`,
 * `ENOENT ... mkdir` for a read-only file system (Node's recursive mkdir), `unable to open
 * database file` with no path for an existing database on one, and no end at all under /proc
 * (Node's recursive mkdir spun there at 100 % CPU).
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT, binaryEnv, runBinary } from "../helpers/binary.js";

const HINT =
  "hint: put the data where it can be written: TOURNEY_DATA_DIR=FOLDER (the data folder), " +
  "or `tourney config set db_path FILE` (a profile's database file, which wins)\n";

const root = process.getuid?.() === 0;

/** Whether this machine lets root mount a read-only tmpfs in a mount namespace of its own. */
function canMountReadOnly(dir: string): boolean {
  if (!root) return false;
  const tried = spawnSync("unshare", ["-m", "sh", "-c", `mount -t tmpfs -o ro tmpfs '${dir}'`]);
  return tried.status === 0;
}

describe.runIf(BUILT)("a data folder that cannot hold the database", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-place-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const envWithData = (data: string) => ({ ...binaryEnv(dir), TOURNEY_DATA_DIR: data });

  it("a file where a folder is needed: names the file", async () => {
    const file = join(dir, "a-file");
    writeFileSync(file, "");
    for (const data of [join(file, "sub"), file]) {
      const created = await runBinary(["tournament", "create", "--name", "Cup"], envWithData(data));
      expect(created.code).toBe(1);
      expect(created.stdout).toBe("");
      expect(created.stderr).toBe(
        `error: cannot open the database ${data}/tourney.db: ${file} is a file, not a folder\n${HINT}`,
      );
    }
  });

  it("the database file's name taken by a folder", async () => {
    const data = join(dir, "folder-db");
    mkdirSync(join(data, "tourney.db"), { recursive: true });
    const listed = await runBinary(["tournament", "list"], envWithData(data));
    expect(listed.code).toBe(1);
    expect(listed.stderr).toBe(
      `error: cannot open the database ${data}/tourney.db: it is a folder\n${HINT}`,
    );
  });

  it.runIf(existsSync("/proc/self"))(
    "a folder under /proc: an answer, not a hang",
    async () => {
      const data = `/proc/tourney-test-${process.pid}/data`;
      const listed = await runBinary(["tournament", "list"], envWithData(data));
      expect(listed.code).toBe(1);
      expect(listed.stderr).toBe(
        `error: cannot open the database ${data}/tourney.db: cannot make the folder /proc/tourney-test-${process.pid}: folders cannot be made there\n${HINT}`,
      );
    },
    20_000,
  );

  it.runIf(root && existsSync("/sys/kernel"))("a folder root may not make (sysfs)", async () => {
    const data = `/sys/tourney-test-${process.pid}`;
    const listed = await runBinary(["tournament", "list"], envWithData(data));
    expect(listed.code).toBe(1);
    expect(listed.stderr).toBe(
      `error: cannot open the database ${data}/tourney.db: cannot make the folder ${data}: permission denied\n${HINT}`,
    );
  });

  // Root may write anywhere: it runs the binary as nobody (setpriv) to meet a refusal.
  const setpriv = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"];
  const asUser = !root ? [] : existsSync(setpriv[0]!) ? setpriv : undefined;
  it.runIf(asUser !== undefined && process.platform === "linux")(
    "a folder, or another user's database file, without write permission",
    () => {
      chmodSync(dir, 0o755);
      const locked = join(dir, "locked");
      mkdirSync(locked, { mode: 0o555 });
      const theirs = join(dir, "theirs");
      mkdirSync(theirs, { mode: 0o777 });
      chmodSync(theirs, 0o777);
      writeFileSync(join(theirs, "tourney.db"), "", { mode: 0o600 });
      const [command, ...rest] = [...asUser!, process.execPath, BIN, "tournament", "list"];
      const list = (data: string) =>
        spawnSync(command!, rest, {
          env: { ...envWithData(data), TOURNEY_CONFIG_DIR: join(data, "config") },
          encoding: "utf8",
        });
      const data = join(locked, "data");
      const inLocked = list(data);
      expect(inLocked.status).toBe(1);
      expect(inLocked.stderr).toBe(
        `error: cannot open the database ${data}/tourney.db: cannot make the folder ${data}: permission denied\n${HINT}`,
      );
      const inTheirs = list(theirs);
      expect(inTheirs.status).toBe(1);
      expect(inTheirs.stderr).toBe(
        `error: cannot open the database ${theirs}/tourney.db: the file cannot be written (permission denied)\n${HINT}`,
      );
    },
  );

  const readOnly = join(dir, "read-only");
  mkdirSync(readOnly);
  it.runIf(canMountReadOnly(readOnly))("a read-only file system (a tmpfs mounted ro)", () => {
    const data = join(dir, "data");
    const made = spawnSync(process.execPath, [BIN, "tournament", "create", "--name", "Cup"], {
      env: envWithData(data),
    });
    expect(made.status, String(made.stderr)).toBe(0);
    // In a mount namespace of its own: an empty read-only tmpfs, then the data bound read-only.
    const tourney = (data: string) =>
      `TOURNEY_DATA_DIR='${data}' '${process.execPath}' '${BIN}' tournament list; echo "exit $?" >&2`;
    const script = [
      `mount -t tmpfs -o ro tmpfs '${readOnly}'`,
      tourney(join(readOnly, "data")),
      `umount '${readOnly}'`,
      `mount --bind '${data}' '${readOnly}'`,
      `mount -o remount,ro,bind '${readOnly}'`,
      tourney(readOnly),
    ].join("; ");
    const inside = spawnSync("unshare", ["-m", "sh", "-c", script], {
      env: binaryEnv(dir),
      encoding: "utf8",
    });
    expect(inside.stdout).toBe("");
    expect(inside.stderr).toBe(
      `error: cannot open the database ${readOnly}/data/tourney.db: cannot make the folder ${readOnly}/data: the file system is read-only\n${HINT}exit 1\n` +
        `error: cannot open the database ${readOnly}/tourney.db: its folder ${readOnly} cannot be written (the file system is read-only)\n${HINT}exit 1\n`,
    );
  });
});

/**
 * Issue 24, item 10, as a user with umask 000 meets it, through the built CLI:
 * config.json (each profile's base_url: where the key is sent) was made 0666, and
 * the completion cache (names from private tournaments too) 0644 in a data folder
 * it made 0755. Now config.json and completion-names.json are 0600 and the
 * folders 0700, whichever command makes them first.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, BUILT, type Served, startServe } from "../helpers/binary.js";

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe.runIf(BUILT)("file modes under umask 000", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-modes-"));
  const client = {
    PATH: process.env.PATH ?? "",
    HOME: dir,
    TOURNEY_CONFIG_DIR: join(dir, "client", "config"),
    TOURNEY_DATA_DIR: join(dir, "client", "data"),
  };
  let served: Served;

  /** The built CLI with umask 000. */
  function tourney(args: readonly string[], env: Record<string, string>, input = "") {
    const r = spawnSync(
      "bash",
      ["-c", 'umask 000; exec "$0" "$@"', process.execPath, BIN, ...args],
      {
        env,
        input,
        encoding: "utf8",
      },
    );
    expect(r.status, r.stderr).toBe(0);
    return r;
  }

  beforeAll(async () => {
    const server = {
      ...client,
      TOURNEY_CONFIG_DIR: join(dir, "s"),
      TOURNEY_DATA_DIR: join(dir, "s"),
    };
    served = await startServe(["--db", join(dir, "served.db")], server);
  });
  afterAll(async () => {
    await served.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("makes config.json 0600 in a 0700 folder, and narrows one left 0666", () => {
    const url = `http://127.0.0.1:${served.port}`;
    tourney(["profile", "add", "lan", "--base-url", url], client);
    const config = join(client.TOURNEY_CONFIG_DIR, "config.json");
    expect(modeOf(client.TOURNEY_CONFIG_DIR)).toBe("700");
    expect(modeOf(config)).toBe("600");
    chmodSync(config, 0o666);
    tourney(["profile", "use", "lan"], client);
    expect(modeOf(config)).toBe("600");
  });

  it("makes the data folder 0700 and completion-names.json 0600 when the cache makes them", () => {
    const lan = { ...client, TOURNEY_PROFILE: "lan" };
    tourney(["auth", "login", "--api-key"], lan, `${served.apiKey}\n`);
    tourney(
      [
        "tournament",
        "create",
        "--name",
        "Secret",
        "--url",
        "secret",
        "--type",
        "swiss",
        "--private",
      ],
      lan,
    );
    expect(existsSync(client.TOURNEY_DATA_DIR)).toBe(false);
    const listed = tourney(["tournament", "list"], lan);
    expect(listed.stdout).toContain("secret");
    const names = join(client.TOURNEY_DATA_DIR, "completion-names.json");
    expect(existsSync(join(client.TOURNEY_DATA_DIR, "tourney.db"))).toBe(false);
    expect(modeOf(client.TOURNEY_DATA_DIR)).toBe("700");
    expect(modeOf(names)).toBe("600");
  });
});

/**
 * The curl examples of the README and docs/: curl reads `[...]` and `{...}` in a URL as a
 * glob ("bad range in URL position 98", exit 3) unless told `-g` (--globoff), so every curl
 * example whose URL has brackets says `-g`; and docs/v1.md's example (not run by
 * examples.test.ts: it needs a server and a key) runs as written against the built
 * `tourney serve`, its address swapped for the server's, and creates the tournament.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, type Served, startServe } from "../helpers/binary.js";
import { documentedFiles, examplesOf } from "./doc-examples.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const EXAMPLES = documentedFiles(ROOT).flatMap((file) =>
  examplesOf(file, readFileSync(join(ROOT, file), "utf8")),
);

/** Each curl command of an example, its continued lines joined. */
function curlCommands(code: string): string[] {
  return code
    .replace(/\\\n/g, " ")
    .split("\n")
    .filter((line) => /(^|[\s|;&(])curl\s/.test(line));
}

describe("curl examples in the docs", () => {
  it("say -g (--globoff) wherever a URL has brackets", () => {
    const bracketed = EXAMPLES.flatMap((example) =>
      curlCommands(example.code).map((command) => ({ where: example.where, command })),
    ).filter(({ command }) => /https?:\/\/\S*[[\]{}]/.test(command));
    expect(bracketed.length).toBeGreaterThan(0);
    const missing = bracketed.filter(({ command }) => !/\s(-g|--globoff)\s/.test(command));
    expect(missing).toEqual([]);
  });
});

describe.runIf(BUILT)("docs/v1.md's curl example against tourney serve", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-v1-doc-"));
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: dir,
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  let served: Served;

  beforeAll(async () => {
    served = await startServe(["--db", join(dir, "served.db")], env);
  });
  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  it("runs as written and creates the tournament", () => {
    const example = EXAMPLES.find((e) => e.where.startsWith("docs/v1.md:") && /curl/.test(e.code));
    expect(example).toBeDefined();
    const code = example!.code.replaceAll("127.0.0.1:4870", `127.0.0.1:${served.port}`);
    const r = spawnSync("bash", ["--norc", "--noprofile", "-euo", "pipefail", "-c", code], {
      cwd: dir,
      env: { ...env, KEY: served.apiKey },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const body = JSON.parse(r.stdout) as {
      tournament: { name: string; hold_third_place_match: boolean };
    };
    expect(body.tournament.name).toBe("Friday Cup");
    expect(body.tournament.hold_third_place_match).toBe(true);
  });
});

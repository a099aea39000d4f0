/**
 * The built `tourney serve` and the CLI on the same database file: a commit the CLI
 * finished before a request was sent is seen by that request, while other GETs keep
 * serve answering several reads a turn after one look (service/read-batch.ts).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBinary, type Served, startServe } from "../helpers/binary.js";
import { type SandboxEnv, sandboxEnv } from "../helpers/served-sandbox.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-serve-cli-"));
let env: SandboxEnv;
let served: Served;

beforeAll(async () => {
  env = sandboxEnv(dir);
  mkdirSync(env.TOURNEY_DATA_DIR, { recursive: true });
  // The file the CLI's local profile opens.
  served = await startServe(["--db", join(env.TOURNEY_DATA_DIR, "tourney.db")], env);
});

afterAll(async () => {
  await served?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (path: string) => {
  const r = await fetch(`http://127.0.0.1:${served.port}/v2.1${path}`, {
    headers: { authorization: served.apiKey },
  });
  return { status: r.status, json: (await r.json()) as any };
};

describe("serve beside the CLI on one database file", () => {
  it("answers each GET sent after a CLI write with that write, under a load of other GETs", async () => {
    const made = await fetch(`http://127.0.0.1:${served.port}/v2.1/tournaments.json`, {
      method: "POST",
      headers: { authorization: served.apiKey, "content-type": "application/vnd.api+json" },
      body: JSON.stringify({
        data: {
          type: "tournament",
          attributes: { name: "Cup", url: "cup", tournament_type: "swiss" },
        },
      }),
    });
    expect(made.status).toBe(201);
    let running = true;
    let background = 0;
    const loop = async () => {
      while (running) {
        expect((await get("/tournaments/cup.json")).status).toBe(200);
        background++;
      }
    };
    const loops = Array.from({ length: 8 }, loop);
    try {
      for (let round = 1; round <= 4; round++) {
        const cli = await runBinary(
          ["tournament", "update", "cup", "--name", `Round ${round}`],
          env,
        );
        expect(cli.code, cli.stderr).toBe(0);
        const seen = await get("/tournaments/cup.json");
        expect(seen.json.data.attributes.name).toBe(`Round ${round}`);
      }
    } finally {
      running = false;
      await Promise.all(loops);
    }
    expect(background).toBeGreaterThan(0);
  });
});

/**
 * A registered confidential application over real HTTP (issue 25): registered
 * with the built binary's `serve app add --confidential`, it gets a token from
 * the built `tourney serve` by client_credentials with curl, and reads a public
 * tournament with it (another user's private one stays hidden); a wrong secret
 * is 401.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary, type Served, startServe } from "../helpers/binary.js";
import { curl } from "../helpers/curl.js";

describe.runIf(BUILT)("a registered OAuth application against tourney serve, with curl", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-apps-"));
  const db = join(dir, "served.db");
  const env = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  let served: Served;
  let origin: string;
  let clientId: string;
  let secret: string;

  beforeAll(async () => {
    served = await startServe(["--db", db], env);
    origin = `http://127.0.0.1:${served.port}`;
    expect(
      (await runBinary(["serve", "user", "add", "ada", "--no-password", "--db", db], env)).code,
    ).toBe(0);
    const added = await runBinary(
      ["serve", "app", "add", "Score board", "--confidential", "--user", "ada", "--db", db],
      env,
    );
    expect(added.code, added.stderr).toBe(0);
    clientId = /^client_id\t(\S+)$/m.exec(added.stdout)![1]!;
    secret = /^client_secret\t(\S+)$/m.exec(added.stdout)![1]!;
    for (const [url, isPrivate] of [
      ["open_cup", false],
      ["closed_cup", true],
    ] as const) {
      const created = await curl([
        "-H",
        `Authorization: ${served.apiKey}`,
        "-H",
        "Content-Type: application/vnd.api+json",
        "--data",
        JSON.stringify({
          data: {
            type: "tournament",
            attributes: { name: url, url, tournament_type: "swiss", private: isPrivate },
          },
        }),
        `${origin}/v2.1/tournaments.json`,
      ]);
      expect(created.status).toBe(201);
    }
  });
  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  it("gets a token by client_credentials and reads a public tournament with it", async () => {
    const token = await curl([
      "-u",
      `${clientId}:${secret}`,
      "-d",
      "grant_type=client_credentials",
      `${origin}/oauth/token`,
    ]);
    expect(token.status, token.body).toBe(200);
    const issued = JSON.parse(token.body);
    expect(issued.token_type).toBe("Bearer");
    const bearer = ["-H", `Authorization: Bearer ${issued.access_token}`];
    const open = await curl([...bearer, `${origin}/v2.1/tournaments/open_cup.json`]);
    expect(open.status).toBe(200);
    expect(JSON.parse(open.body).data.attributes.url).toBe("open_cup");
    const closed = await curl([...bearer, `${origin}/v2.1/tournaments/closed_cup.json`]);
    expect(closed.status).toBe(404);
    const write = await curl([
      ...bearer,
      "-X",
      "DELETE",
      `${origin}/v2.1/tournaments/open_cup.json`,
    ]);
    expect(write.status).toBe(403);
  });

  it("refuses a wrong secret with 401 invalid_client", async () => {
    const token = await curl([
      "-u",
      `${clientId}:${secret}x`,
      "-d",
      "grant_type=client_credentials",
      `${origin}/oauth/token`,
    ]);
    expect(token.status).toBe(401);
    expect(JSON.parse(token.body).error).toBe("invalid_client");
    expect(token.headers["www-authenticate"]).toBe('Basic realm="tourney"');
  });
});

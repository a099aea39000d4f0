/**
 * v2.0 over real HTTP (issue 25): curl against the built `tourney serve` on a
 * loopback port; a v2.0 call answers as v2.1 with its deprecation headers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, type Served, startServe } from "../helpers/binary.js";
import { curl } from "../helpers/curl.js";

describe.runIf(BUILT)("v2.0 on tourney serve, with curl", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-v20-"));
  const env = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  let served: Served;
  let origin: string;

  beforeAll(async () => {
    served = await startServe(["--db", join(dir, "served.db")], env);
    origin = `http://127.0.0.1:${served.port}`;
  });
  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  const auth = () => ["-H", `Authorization: ${served.apiKey}`];

  it("creates and reads a tournament under /v2 and /v2.0, each reply deprecated with a Link to v2.1", async () => {
    const body = JSON.stringify({
      data: {
        type: "tournament",
        attributes: { name: "Old", url: "old", tournament_type: "swiss" },
      },
    });
    const created = await curl([
      ...auth(),
      "-H",
      "Content-Type: application/vnd.api+json",
      "-X",
      "POST",
      "--data",
      body,
      `${origin}/v2/tournaments.json`,
    ]);
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body).data.attributes.url).toBe("old");
    expect(created.headers.deprecation).toMatch(/^@\d+$/);
    expect(created.headers.link).toBe('</v2.1/tournaments.json>; rel="successor-version"');

    const read = await curl([...auth(), `${origin}/v2.0/tournaments/old.json`]);
    expect(read.status).toBe(200);
    expect(read.headers.link).toBe('</v2.1/tournaments/old.json>; rel="successor-version"');
    const now = await curl([...auth(), `${origin}/v2.1/tournaments/old.json`]);
    expect(JSON.parse(read.body)).toEqual(JSON.parse(now.body));
    expect(now.headers.deprecation).toBeUndefined();
  });

  it("answers 404 for what v2.0 does not have, and 401 without a key", async () => {
    const community = await curl([...auth(), `${origin}/v2/communities/lan/tournaments.json`]);
    expect(community.status).toBe(404);
    expect(JSON.parse(community.body).errors[0].detail).toMatch(/deprecated v2\.0/);
    const stations = await curl([...auth(), `${origin}/v2/tournaments/old/stations`]);
    expect(stations.status).toBe(404);
    const anonymous = await curl([`${origin}/v2/tournaments.json`]);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.deprecation).toMatch(/^@\d+$/);
  });
});

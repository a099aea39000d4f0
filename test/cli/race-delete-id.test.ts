/**
 * `race delete --json` prints the id the race has: the published description's races have
 * string ids ("horse_racing_101"), which Number() made null (`{"id":null,"deleted":true}`,
 * review I, 12). A service on loopback with such a race; the numeric ids of serve and the
 * embedded service are printed as numbers, as before (cli/race tests).
 */
import { createServer, type Server } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
let server: Server;
let asked: string[];

const race = {
  id: "horse_racing_101",
  type: "race",
  attributes: {
    name: "Horse Racing",
    url: "horse_racing_101",
    raceType: "time_trial",
    state: "pending",
  },
};

beforeEach(async () => {
  sb = createSandbox();
  asked = [];
  server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    res.setHeader("content-type", "application/vnd.api+json");
    const path = (req.url ?? "").replace(/\?.*$/, "");
    if (path.startsWith("/v2.1/me"))
      return res.end(
        JSON.stringify({ data: { id: "1", type: "user", attributes: { username: "u" } } }),
      );
    if (path === "/v2.1/races/horse_racing_101.json") {
      if (req.method === "DELETE") res.statusCode = 204;
      return res.end(req.method === "DELETE" ? "" : JSON.stringify({ data: race }));
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ errors: [{ status: 404, detail: `nothing at ${path}` }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  ok(await sb.run(["profile", "add", "mock", "--base-url", `http://127.0.0.1:${port}`]));
  ok(await sb.run(["auth", "login", "--profile", "mock", "--api-key"], { stdin: "k\n" }));
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  sb.cleanup();
});

describe("race delete --json", () => {
  it("prints the race's string id", async () => {
    const r = ok(
      await sb.run(["--profile", "mock", "race", "delete", "horse_racing_101", "--yes", "--json"]),
    );
    expect(r.json()).toEqual({ id: "horse_racing_101", deleted: true });
    expect(asked).toContain("DELETE /v2.1/races/horse_racing_101.json");
  });
});

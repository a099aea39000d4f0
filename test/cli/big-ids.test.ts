/**
 * Ids a number cannot hold exactly are kept as the service's strings (review I, 8): an id
 * above 2^53-1 ("9007199254740993" was printed 9007199254740992, another record's, and a
 * script's follow-up asked for that one) or with a leading zero ("0042" was 42). A real
 * service on loopback whose ids are JSON:API strings; --json, --jq, piped rows, and the
 * request a follow-up sends with the printed id.
 */
import { createServer, type Server } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

const record = (id: string, name: string, url: string) => ({
  id,
  type: "tournament",
  attributes: { name, url, tournament_type: "swiss" },
});

let sb: Sandbox;
let server: Server;
let asked: string[];

/** A service whose tournaments have the ids `ids` (the first's view answers any other path). */
async function serviceWith(ids: readonly string[]): Promise<void> {
  const records = ids.map((id, i) => record(id, `T${i}`, `t${i}`));
  server = createServer((req, res) => {
    asked.push(req.url ?? "");
    res.setHeader("content-type", "application/vnd.api+json");
    const path = (req.url ?? "").replace(/\?.*$/, "");
    if (path.startsWith("/v2.1/me"))
      return res.end(
        JSON.stringify({ data: { id: "1", type: "user", attributes: { username: "u" } } }),
      );
    if (path === "/v2.1/tournaments.json") return res.end(JSON.stringify({ data: records }));
    const found = records.find((r) => path === `/v2.1/tournaments/${r.id}.json`);
    if (found === undefined) {
      res.statusCode = 404;
      return res.end(
        JSON.stringify({ errors: [{ status: 404, detail: `no tournament at ${path}` }] }),
      );
    }
    res.end(JSON.stringify({ data: found }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  ok(await sb.run(["profile", "add", "big", "--base-url", `http://127.0.0.1:${port}`]));
  ok(await sb.run(["auth", "login", "--profile", "big", "--api-key"], { stdin: "k\n" }));
}

beforeEach(() => {
  sb = createSandbox();
  asked = [];
});
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  sb.cleanup();
});

const big = (...args: string[]) => sb.run(["--profile", "big", ...args]);

describe("ids a number cannot hold", () => {
  it("above 2^53-1: kept as strings in --json, --jq, rows, and the follow-up's request", async () => {
    await serviceWith(["9007199254740993", "12345678901234567890", "7"]);
    const listed = ok(await big("tournament", "list", "--json", "id,url")).json();
    expect(listed).toEqual([
      { id: "9007199254740993", url: "t0" },
      { id: "12345678901234567890", url: "t1" },
      { id: 7, url: "t2" },
    ]);
    const rows = ok(await big("tournament", "list"))
      .stdout.trim()
      .split("\n");
    expect(rows.map((row) => row.split("\t")[0])).toEqual([
      "9007199254740993",
      "12345678901234567890",
      "7",
    ]);
    const id = ok(await big("tournament", "list", "--jq", ".[0].id")).stdout.trim();
    expect(id).toBe("9007199254740993");
    asked = [];
    const viewed = ok(await big("tournament", "view", id, "--json", "id"));
    expect(viewed.json()).toEqual({ id: "9007199254740993" });
    expect(asked.some((p) => p.startsWith("/v2.1/tournaments/9007199254740993.json"))).toBe(true);
  });

  it("with a leading zero: kept as the string", async () => {
    await serviceWith(["0042", "0"]);
    expect(ok(await big("tournament", "list", "--json", "id")).json()).toEqual([
      { id: "0042" },
      { id: 0 },
    ]);
    expect(ok(await big("tournament", "view", "0042", "--json", "id")).json()).toEqual({
      id: "0042",
    });
  });
});

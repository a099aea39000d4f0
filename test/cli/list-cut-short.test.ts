/**
 * A list the service cuts short fails instead of passing for the whole list (an outside
 * review: a service saying 1e9 pages follow gave 10,000 pages and exit 0, and one ignoring
 * `?page=` gave its first page, silently). A real loopback listener says more pages follow
 * and answers every page with the first: exit 1, the reason on stderr.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, pointedAt, startLoopback } from "../helpers/loopback.js";

let sb: Sandbox;
let server: Loopback;
let env: Record<string, string>;
const asked: string[] = [];
beforeAll(async () => {
  sb = createSandbox();
  server = await startLoopback((req, res) => {
    asked.push(req.url ?? "");
    const attributes = { name: "T1", url: "t1", tournament_type: "swiss", state: "pending" };
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        data: [{ id: "1", type: "tournament", attributes }],
        meta: { count: 1, page: 1, per_page: 1000, total_pages: 1_000_000_000 },
        links: {},
      }),
    );
  });
  env = pointedAt(server);
});
afterAll(async () => {
  await server.close();
  sb.cleanup();
});

describe("a list the service cuts short", () => {
  it("exits 1 naming why, after two requests", async () => {
    const r = await sb.run(["tournament", "list", "--json", "id", "--jq", "length"], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      "error: the list is incomplete: page 2 held only records of earlier pages though the service said more follow (does it ignore ?page=?); it stops there\n",
    );
    expect(asked).toHaveLength(2);
  });
});

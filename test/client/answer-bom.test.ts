/**
 * A JSON answer that starts with a UTF-8 byte order mark (as some Windows/IIS back ends send
 * it, `Content-Type: application/json; charset=utf-8`) is read: the mark is dropped, as RFC
 * 8259 §8.1 allows and as tourney drops it from files and stdin. Before, every command refused
 * it as 'not JSON' quoting text that looked like JSON (an outside review). A real loopback
 * server answers as the reviewer's bomsrv.mjs did.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, pointedAt, startLoopback } from "../helpers/loopback.js";

const LIST = {
  data: [{ id: "5", type: "tournament", attributes: { name: "Cup", url: "cup" } }],
  meta: { total_pages: 1 },
};
const ME = { data: { id: "1", type: "user", attributes: { username: "u" } } };

let sb: Sandbox;
let server: Loopback;
beforeAll(async () => {
  sb = createSandbox();
  server = await startLoopback((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    const body = req.url?.includes("/me") ? ME : LIST;
    res.end(`\ufeff${JSON.stringify(body)}`);
  });
});
afterAll(async () => {
  await server.close();
  sb.cleanup();
});

describe("a JSON answer with a byte order mark", () => {
  it("is read: tournament list prints its records, exit 0", async () => {
    const r = await sb.run(["tournament", "list", "--json", "id,url"], { env: pointedAt(server) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toEqual([{ id: 5, url: "cup" }]);
  });

  it("login --api-key checks the key against it and stores it", async () => {
    const r = await sb.run(["login", "--profile", "bom", "--base-url", server.url, "--api-key"], {
      stdin: "k\n",
    });
    expect(r.code, r.stderr).toBe(0);
  });
});

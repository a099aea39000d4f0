/**
 * End to end: a remote bulk add whose request is answered by a gateway, not by serve (review I,
 * #1 and #21). A loopback gateway (node:http) forwards everything to a real serve, but answers
 * the n-th bulk_add POST itself:
 * - 504 after forwarding it (serve added the 20 names): the names earlier requests added and
 *   those of that request found by reading the tournament again are removed, stderr says so,
 *   exit 7; with --no-skip-present (the names not known to be new) the request's names are
 *   listed as maybe in. Before, stderr gave only the gateway's words ("the outcome is
 *   unknown"), and with --no-skip-present its 20 names stayed, unnamed.
 * - 401 without forwarding, every DELETE too (a key revoked mid-run): exit 4, not 1, and the
 *   names left are named, not only their ids.
 */

import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, binaryEnv, runBinary, type Served, startServe } from "../helpers/binary.js";

interface Rule {
  readonly nth: number;
  readonly status: number;
  /** Passed on to serve before answering (the change made), or not. */
  readonly forward: boolean;
  /** Every DELETE answered 401. */
  readonly refuseDeletes?: boolean;
}

async function gateway(upstream: number, rule: Rule) {
  let n = 0;
  const server = http.createServer((req, res) => {
    const body: Buffer[] = [];
    req.on("data", (c: Buffer) => body.push(c));
    req.on("end", () => {
      const hit = req.method === "POST" && /bulk_add/.test(req.url ?? "") && ++n === rule.nth;
      const own = (req.method === "DELETE" && rule.refuseDeletes) || (hit && !rule.forward);
      const answer = (status: number) => {
        res.writeHead(status, { "content-type": "text/html" });
        res.end(`<html><body><h1>${status} from the gateway</h1></body></html>`);
      };
      if (own) return answer(hit ? rule.status : 401);
      const headers = { ...req.headers, host: `127.0.0.1:${upstream}` };
      const out = http.request(
        { host: "127.0.0.1", port: upstream, method: req.method, path: req.url, headers },
        (up) => {
          if (!hit) {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
            return;
          }
          up.resume();
          up.on("end", () => answer(rule.status));
        },
      );
      out.end(Buffer.concat(body));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

describe.runIf(BUILT)("a remote bulk add answered by a gateway", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-bulk-gw-"));
  const env = binaryEnv(dir);
  let served: Served;
  let made = 0;
  const names = Array.from({ length: 100 }, (_, i) => `P${i + 1}`).join("\n");

  const ok = async (args: string[], stdin = "") => {
    const r = await runBinary(args, env, stdin);
    expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
    return r;
  };
  const names_in = async (url: string) =>
    JSON.parse(
      (await ok(["--profile", "lan", "participants", "list", url, "--json", "name"])).stdout,
    ).map((p: { name: string }) => p.name) as string[];

  /** A tournament, and a profile through a gateway by `rule`; runs the bulk add of 100 names. */
  async function addThrough(rule: Rule, extra: string[] = []) {
    const url = `gw_${++made}`;
    await ok(["--profile", "lan", "tournament", "create", "--name", url, "--url", url]);
    const gw = await gateway(served.port, rule);
    try {
      await ok(["profile", "add", url, "--base-url", gw.url]);
      await ok(["auth", "login", "--api-key", "--profile", url], `${served.apiKey}\n`);
      const r = await runBinary(
        ["--profile", url, "participants", "bulk-add", url, ...extra],
        env,
        names,
      );
      return { ...r, url };
    } finally {
      await gw.close();
    }
  }

  beforeAll(async () => {
    served = await startServe(["--db", join(dir, "served.db")], binaryEnv(join(dir, "serve")));
    await ok(["profile", "add", "lan", "--base-url", `http://127.0.0.1:${served.port}`]);
    await ok(["auth", "login", "--api-key", "--profile", "lan"], `${served.apiKey}\n`);
  });
  afterAll(async () => {
    if (served !== undefined) expect(await served.stop()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  it("504 after serve added the 3rd request: all removed, said, exit 7", async () => {
    const r = await addThrough({ nth: 3, status: 504, forward: true });
    expect(await names_in(r.url)).toEqual([]);
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toContain("504");
    expect(r.stderr).toContain(
      "the tournament read again held 20 of that request's 20 name(s), and the 40 participant(s) earlier requests had added, and they were removed again: nothing of this run is in the tournament",
    );
  });

  it("504 on the 3rd request with --no-skip-present: its 20 names said to be maybe in, exit 7", async () => {
    const r = await addThrough({ nth: 3, status: 504, forward: true }, ["--no-skip-present"]);
    const left = await names_in(r.url);
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toContain(
      "the 40 participant(s) earlier requests had added were removed again; it cannot be told whether that request's 20 name(s) are in the tournament by this run:",
    );
    for (const name of left) expect(r.stderr).toContain(JSON.stringify(name));
    expect(left.length).toBe(20);
  });

  it("401 on the 3rd request, DELETEs refused: exit 4, the names left named", async () => {
    const r = await addThrough({ nth: 3, status: 401, forward: false, refuseDeletes: true });
    expect(r.code, r.stderr).toBe(4);
    expect(await names_in(r.url)).toHaveLength(40);
    expect(r.stderr).toContain("could not be removed: ");
    expect(r.stderr).toContain('"P1"');
    expect(r.stderr).toContain('"P40"');
  });
});

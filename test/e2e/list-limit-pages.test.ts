/**
 * End to end: `-L N` on a remote list verb reads no page past its N-th record (review I, #20).
 * A real serve holds a tournament of 2,500 participants (pages of 1,000); a loopback gateway
 * in front of it answers page 3 of the participants' list 500 and counts the requests.
 * `participants list -L 5` asks for page 1 alone and prints its 5 records, exit 0; `-L 1500`
 * pages 1 and 2. Before, every page was asked for, and page 3's 500 failed the command
 * (exit 1, nothing printed). Without -L the list still reads every page and fails on page 3.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type Gateway, startGateway } from "../helpers/gateway.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

const COUNT = 2500;
const T = "big";
const PAGES = /^GET \/v2\.1\/tournaments\/big\/participants\.json\?/;

describe.runIf(BUILT)("-L N on a remote list reads no page past N", () => {
  let sandbox: ServedSandbox;
  let gateway: Gateway;
  let through: Record<string, string>;
  const names = Array.from({ length: COUNT }, (_, i) => `P${i + 1}`);

  beforeAll(async () => {
    sandbox = await servedSandbox("limit-pages");
    const remote = sandbox.remote;
    const made = await runBinary(["tournament", "create", "--name", "Big", "--url", T], remote);
    expect(made.code, made.stderr).toBe(0);
    const added = await runBinary(["participants", "bulk-add", T], remote, names.join("\n"));
    expect(added.code, added.stderr).toBe(0);
    gateway = await startGateway(sandbox.served.port, {
      refuse: (method, path) =>
        method === "GET" && /participants\.json\?(.*&)?page=3(&|$)/.test(path) ? 500 : undefined,
    });
    through = {
      ...sandbox.local,
      TOURNEY_BASE_URL: gateway.url,
      TOURNEY_API_KEY: sandbox.served.apiKey,
    };
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
    await sandbox?.close();
  });

  /** `participants list big ARGS` through the gateway; the participant pages it asked for. */
  async function list(...args: string[]) {
    const from = gateway.requests.length;
    const r = await runBinary(["participants", "list", T, ...args], through);
    const pages = gateway.requests.slice(from).filter((line) => PAGES.test(line));
    return { ...r, pages: pages.map((line) => new URL(line.slice(4), "http://x").search) };
  }

  it("-L 5: page 1 alone, its first 5 records, exit 0", async () => {
    const r = await list("-L", "5", "--json", "name");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(names.slice(0, 5).map((name) => ({ name })));
    expect(r.pages).toEqual(["?page=1&per_page=1000"]);
  });

  it("-L 1500, piped rows: pages 1 and 2, 1500 rows, exit 0", async () => {
    const r = await list("-L", "1500");
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trimEnd().split("\n");
    expect(rows).toHaveLength(1500);
    expect(rows[1499]).toContain("\tP1500\t");
    expect(r.pages).toEqual(["?page=1&per_page=1000", "?page=2&per_page=1000"]);
  });

  it("without -L: every page, and page 3's 500 fails the list", async () => {
    const r = await list("--json", "name");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("500");
    expect(r.pages).toHaveLength(3);
  });
});

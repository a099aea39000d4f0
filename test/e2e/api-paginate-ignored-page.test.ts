/**
 * End to end: `tourney api --paginate` against a service that ignores `?page=` (review I,
 * #19): a real serve behind a loopback gateway that drops `page` from every query, so each
 * page asked is answered with the first, whose `links.next` and `meta` say more follow. The
 * second page holds only the first's records: the list is cut short there, as a list verb's
 * is (docs/scripting.md), the document printed closed after the first page, exit 1, two
 * requests. Before, every page the service announced was asked and printed again (with
 * `meta.total_pages` 100000, 10,000 of them), exit 0 or 1 after the 10,000th.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type Gateway, startGateway, withoutPage } from "../helpers/gateway.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

const COUNT = 7;
const PAGINATE = ["api", "/tournaments.json?per_page=3", "--paginate"];
const CUT =
  "error: the list is incomplete: page 2 held only records of earlier pages though the service said more follow (does it ignore ?page=?); it stops there\n";

describe.runIf(BUILT)("api --paginate against a service that ignores ?page=", () => {
  let sandbox: ServedSandbox;
  let gateway: Gateway;
  let through: Record<string, string>;
  const names = Array.from({ length: COUNT }, (_, i) => `Cup ${i + 1}`);

  beforeAll(async () => {
    sandbox = await servedSandbox("api-page");
    for (const name of names) {
      const made = await runBinary(["tournament", "create", "--name", name], sandbox.remote);
      expect(made.code, made.stderr).toBe(0);
    }
    gateway = await startGateway(sandbox.served.port, { path: withoutPage });
    through = {
      ...sandbox.local,
      TOURNEY_BASE_URL: gateway.url,
      TOURNEY_API_KEY: sandbox.served.apiKey,
    };
  });
  afterAll(async () => {
    await gateway?.close();
    await sandbox?.close();
  });

  /** Runs `args` through the gateway; the requests it sent. */
  async function run(args: string[]) {
    const from = gateway.requests.length;
    const r = await runBinary(args, through);
    return { ...r, requests: gateway.requests.slice(from) };
  }

  it("the document of the first page, closed; the list said cut short; exit 1; 2 requests", async () => {
    const r = await run(PAGINATE);
    expect(r.stderr).toBe(CUT);
    expect(r.code).toBe(1);
    const document = JSON.parse(r.stdout);
    expect(document.data.map((t: { attributes: { name: string } }) => t.attributes.name)).toEqual(
      names.slice(0, 3),
    );
    expect(r.requests).toEqual([
      "GET /v2.1/tournaments.json?per_page=3",
      "GET /v2.1/tournaments.json?per_page=3&page=2",
    ]);
  });

  it("--jq run on each page: the first page's results, then the same error", async () => {
    const r = await run([...PAGINATE, "--jq", ".data[] | .attributes.name"]);
    expect(r.stdout).toBe(
      names
        .slice(0, 3)
        .map((n) => `${n}\n`)
        .join(""),
    );
    expect(r.stderr).toBe(CUT);
    expect(r.code).toBe(1);
    expect(r.requests).toHaveLength(2);
  });

  it("--jq over the whole list: nothing printed, the same error", async () => {
    const r = await run([...PAGINATE, "--jq", ".data | length"]);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(CUT);
    expect(r.code).toBe(1);
  });

  it("straight to serve, which takes ?page=: every page, exit 0", async () => {
    const r = await runBinary([...PAGINATE, "--jq", ".data[] | .attributes.name"], sandbox.remote);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(names.map((n) => `${n}\n`).join(""));
  });
});

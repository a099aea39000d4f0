import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary, type Served } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

const COUNT = 7;
const PAGINATE = ["api", "/tournaments.json?per_page=3", "--paginate", "--jq", ".data | length"];

describe.runIf(BUILT)("tourney api and --jq, built, on both backends", () => {
  let sandbox: ServedSandbox;
  let base: Record<string, string>;
  let remote: Record<string, string>;
  let served: Served;

  async function tourney(env: Record<string, string>, ...args: string[]): Promise<string> {
    const r = await runBinary(args, env);
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  }

  beforeAll(async () => {
    sandbox = await servedSandbox("api");
    ({ local: base, remote, served } = sandbox);
    for (let i = 1; i <= COUNT; i++) {
      await tourney(base, "tournament", "create", "--name", `Local ${i}`);
      await tourney(remote, "tournament", "create", "--name", `Served ${i}`);
    }
  });
  afterAll(() => sandbox.close());

  it("--paginate --jq '.data | length' counts every page's data, embedded and served", async () => {
    expect(await tourney(base, ...PAGINATE)).toBe(`${COUNT}\n`);
    expect(await tourney(remote, ...PAGINATE)).toBe(`${COUNT}\n`);
    // Three pages over HTTP: the verbose log shows each request, the key redacted.
    const logged = await runBinary([...PAGINATE, "-v"], remote);
    expect(logged.stderr.match(/^> GET \/v2\.1\/tournaments\.json/gm)).toHaveLength(3);
    expect(logged.stderr).not.toContain(served.apiKey);
  });

  it("-X POST with nested fields creates a tournament on serve; -i shows the 201", async () => {
    const r = await runBinary(
      [
        "api",
        "-i",
        "tournaments",
        "-f",
        "data[type]=tournaments",
        "-f",
        "data[attributes][name]=Raw Served",
        "-f",
        "data[attributes][tournament_type]=round robin",
        "-F",
        "data[attributes][private]=true",
      ],
      remote,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^HTTP\/1\.1 201 Created\n/);
    expect(r.stdout).not.toContain(served.apiKey);
    expect(
      await tourney(remote, "tournament", "view", "raw_served", "--json", "name,private"),
    ).toBe('{"name":"Raw Served","private":true}\n');
  });

  it("an error body is printed and the exit code says which: 404 is 3, 401 is 4", async () => {
    const missing = await runBinary(["api", "tournaments/nope"], remote);
    expect(missing.code).toBe(3);
    expect(JSON.parse(missing.stdout).errors[0].status).toBe(404);
    const refused = await runBinary(["api", "me", "-H", "Authorization: wrong"], remote);
    expect(refused.code).toBe(4);
    expect(JSON.parse(refused.stdout).errors[0].status).toBe(401);
  });

  it("--jq on a verb's output, with fields, through the built bundle", async () => {
    expect(await tourney(remote, "tournament", "list", "--json", "name", "--jq", ".[0].name")).toBe(
      "Served 1\n",
    );
    const bad = await runBinary(["tournament", "list", "--jq", ".[] |"], base);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("syntax error");
  });
});

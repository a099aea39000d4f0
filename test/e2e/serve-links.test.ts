/**
 * Issue 25: the built `tourney serve` answers with absolute links ending in
 * `.json`, from `--public-url` or the request's valid Host (else its own
 * address); the CLI still walks every page of a list against it.
 */
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary, startServe } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

const COUNT = 3;

/** GET over node:http, which lets the test choose the Host header. */
function get(port: number, path: string, key: string, host?: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const headers: Record<string, string> = { authorization: key, accept: "application/json" };
    if (host !== undefined) headers.host = host;
    const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe.runIf(BUILT)("serve's links over HTTP (issue 25)", () => {
  let sandbox: ServedSandbox;
  let port: number;
  let key: string;

  beforeAll(async () => {
    sandbox = await servedSandbox("links");
    ({ port, apiKey: key } = sandbox.served);
    for (let i = 1; i <= COUNT; i++) {
      const made = await runBinary(
        ["tournament", "create", "--name", `Cup ${i}`, "--type", "swiss"],
        sandbox.remote,
      );
      expect(made.code, made.stderr).toBe(0);
    }
  });
  afterAll(() => sandbox.close());

  it("start with the Host the client sent, end in .json; the CLI still walks every page", async () => {
    const page = await get(port, "/v2.1/tournaments.json?per_page=1", key);
    expect(page.status).toBe(200);
    const root = `http://127.0.0.1:${port}/v2.1`;
    const list = JSON.parse(page.text);
    expect(list.links).toEqual({
      self: `${root}/tournaments.json?per_page=1&page=1`,
      next: `${root}/tournaments.json?per_page=1&page=2`,
    });
    expect(list.data[0].links.self).toBe(`${root}/tournaments/${list.data[0].id}.json`);
    const walked = await runBinary(
      ["api", "/tournaments.json?per_page=1", "--paginate", "--jq", ".data | length"],
      sandbox.remote,
    );
    expect(walked.stdout, walked.stderr).toBe(`${COUNT}\n`);
    const listed = await runBinary(["tournament", "list", "--json"], sandbox.remote);
    expect(JSON.parse(listed.stdout)).toHaveLength(COUNT);
  });

  it("another valid Host is used; a hostile one never is (serve's own address instead)", async () => {
    const named = JSON.parse(
      (await get(port, "/v2.1/tournaments.json", key, "tourney.lan:8080")).text,
    );
    expect(named.links.self).toBe(
      "http://tourney.lan:8080/v2.1/tournaments.json?page=1&per_page=25",
    );
    for (const host of ["evil.com/x", "evil.com@x", `${"a".repeat(5000)}.evil.com`]) {
      const page = await get(port, "/v2.1/tournaments.json?per_page=1", key, host);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain("evil");
      expect(JSON.parse(page.text).links.next).toBe(
        `http://127.0.0.1:${port}/v2.1/tournaments.json?per_page=1&page=2`,
      );
    }
  });

  it("--public-url: every link starts with it, whatever the Host; a bad one is refused (exit 2)", async () => {
    const served = await startServe(
      ["--db", join(sandbox.dir, "public.db"), "--public-url", "https://tourney.example.org/club/"],
      sandbox.local,
    );
    try {
      const page = await get(served.port, "/v2.1/tournaments.json", served.apiKey, "evil.com");
      expect(JSON.parse(page.text).links.self).toBe(
        "https://tourney.example.org/club/v2.1/tournaments.json?page=1&per_page=25",
      );
    } finally {
      expect(await served.stop()).toBe(0);
    }
    const bad = await runBinary(["serve", "--port", "0", "--public-url", "ftp://x"], sandbox.local);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--public-url needs an address such as https://");
    const help = await runBinary(["serve", "--help"], sandbox.local);
    expect(help.stdout).toContain("--public-url <url>");
  });
});

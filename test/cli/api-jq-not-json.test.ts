/**
 * `tourney api --jq` on a successful body that is not JSON (a captive portal's or a proxy's
 * page answering 200): it printed the page and exited 0, so `ID=$(tourney api ... --jq
 * .data.id)` took HTML for an id (an outside review). It now fails as every command fails
 * on such a body (exit 1, "not JSON", nothing on stdout); without --jq the body is printed
 * as it is, as before. A real loopback listener answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, pointedAt, startLoopback } from "../helpers/loopback.js";

let sb: Sandbox;
let server: Loopback;
let env: Record<string, string>;
beforeAll(async () => {
  sb = createSandbox();
  server = await startLoopback((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<html>Wi-Fi login</html>");
  });
  env = pointedAt(server);
});
afterAll(async () => {
  await server.close();
  sb.cleanup();
});

describe("tourney api --jq on a body that is not JSON", () => {
  it("exits 1 saying so, and prints nothing on stdout", async () => {
    const r = await sb.run(["api", "me", "--jq", ".data.id"], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      'error: unexpected response from the service: not JSON ("<html>Wi-Fi login</html>")\n',
    );
  });

  it("--paginate --jq the same", async () => {
    const r = await sb.run(["api", "/tournaments.json", "--paginate", "--jq", "length"], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
  });

  it("without --jq the body is printed as it is, exit 0", async () => {
    const r = await sb.run(["api", "me"], { env });
    expect(r).toMatchObject({ code: 0, stdout: "<html>Wi-Fi login</html>\n" });
  });
});

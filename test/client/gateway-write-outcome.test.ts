/**
 * A POST answered 502, 504 or a gateway's 503 (not the service's own error document) may
 * have been made all the same: the gateway gave up waiting for a service that went on. It
 * is not sent again (a POST is never retried), and the command says the outcome is unknown
 * with the command that shows it (exit 7), as after a reset connection. Before, exit 1 as a
 * plain failure, and a CI script's re-run created a second tournament (an outside review,
 * reproduced with a gateway that forwards the POST, then replaces its answer). A real
 * loopback listener answers as that gateway does; a 503 in the service's own words
 * ("nothing was saved") stays a plain failure.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, pointedAt, startLoopback } from "../helpers/loopback.js";

let sb: Sandbox;
let server: Loopback;
let env: Record<string, string>;
/** The status the next POST gets, and whether its body is the service's JSON:API errors. */
let answer = { status: 504, json: false };
const posts: string[] = [];

beforeAll(async () => {
  sb = createSandbox();
  server = await startLoopback((req, res) => {
    req.resume();
    if (req.method !== "POST") {
      res.writeHead(200, { "content-type": "application/vnd.api+json" });
      res.end(JSON.stringify({ data: [], meta: { total_pages: 1 } }));
      return;
    }
    posts.push(req.url ?? "");
    const { status, json } = answer;
    if (json) {
      res.writeHead(status, { "content-type": "application/vnd.api+json" });
      res.end(JSON.stringify({ errors: [{ status, detail: "nothing was saved" }] }));
      return;
    }
    res.writeHead(status, { "content-type": "text/html" });
    res.end(`<html><body><h1>${status} Gateway Time-out</h1></body></html>`);
  });
  env = pointedAt(server);
});
afterAll(async () => {
  await server.close();
  sb.cleanup();
});

const HINT = "hint: check with `tourney tournament list` before trying again\n";

describe("a POST answered by a gateway that gave up", () => {
  for (const status of [502, 503, 504])
    it(`${status}: the outcome is unknown, not sent again, exit 7`, async () => {
      answer = { status, json: false };
      posts.length = 0;
      const r = await sb.run(["tournament", "create", "--name", "Nightly", "--json", "url"], {
        env,
      });
      expect(posts).toHaveLength(1);
      expect(r.stdout).toBe("");
      expect(r.code, r.stderr).toBe(7);
      expect(r.stderr).toMatch(
        new RegExp(
          `^error: POST /v2\\.1/tournaments(\\.json)? was sent, then it was answered ${status} [A-Za-z ]+: the outcome is unknown \\(the change may have been made\\), so it was not sent again\n`,
        ),
      );
      expect(r.stderr).toContain(HINT);
    });

  it("the service's own 503 (its error document) stays a failure: exit 1", async () => {
    answer = { status: 503, json: true };
    posts.length = 0;
    const r = await sb.run(["tournament", "create", "--name", "Nightly"], { env });
    expect(posts).toHaveLength(1);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain("nothing was saved");
    expect(r.stderr).not.toContain("outcome is unknown");
  });
});

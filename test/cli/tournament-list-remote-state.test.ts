/**
 * `tournament list --state` on a remote profile: the published filter takes pending,
 * in_progress and ended only (the hosted service refused `--state underway`, the README's
 * example, with a 422). `all` sends no filter, a finer state its group, and the group's
 * records in another state are left out after every page is read: a page with none in the
 * state asked does not end the list. A real loopback server answers as serve does (records
 * with their state) in pages of two, whatever per_page asks; another answers records with
 * no state, as the published Tournament draws them. (The Prism side: contract/prism-api.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, pointedAt, startLoopback } from "../helpers/loopback.js";

const STATES = [
  "underway",
  "awaiting_review",
  "group_stages_underway",
  "awaiting_review",
  "underway",
];

let sb: Sandbox;
let server: Loopback;
let stateless: Loopback;
const asked: URL[] = [];

function tournament(i: number, state?: string) {
  const attributes = { name: `T${i}`, url: `t${i}`, tournament_type: "swiss", state };
  return { id: String(i), type: "tournament", attributes };
}

beforeAll(async () => {
  sb = createSandbox();
  server = await startLoopback((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    asked.push(url);
    const page = Number(url.searchParams.get("page") ?? 1);
    const total = Math.ceil(STATES.length / 2);
    const data = STATES.slice((page - 1) * 2, page * 2).map((s, i) =>
      tournament((page - 1) * 2 + i + 1, s),
    );
    res.writeHead(200, { "content-type": "application/vnd.api+json" });
    res.end(
      JSON.stringify({
        data,
        meta: { page, per_page: 2, total_pages: total, total_count: STATES.length },
      }),
    );
  });
  stateless = await startLoopback((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify([tournament(7)]));
  });
});
afterAll(async () => {
  await server.close();
  await stateless.close();
  sb.cleanup();
});

describe("tournament list --state on a remote profile", () => {
  it("underway: sends its group, reads every page, keeps the underway ones", async () => {
    asked.length = 0;
    const r = await sb.run(["tournament", "list", "--state", "underway", "--json", "name"], {
      env: pointedAt(server),
    });
    expect(r.stderr).toBe("");
    expect(r.json()).toEqual([{ name: "T1" }, { name: "T5" }]);
    expect(
      asked.map((u) => [u.pathname, u.searchParams.get("state"), u.searchParams.get("page")]),
    ).toEqual([
      ["/v2.1/tournaments.json", "in_progress", "1"],
      ["/v2.1/tournaments.json", "in_progress", "2"],
      ["/v2.1/tournaments.json", "in_progress", "3"],
    ]);
  });

  it("all: no state filter sent; a group and complete are sent as groups", async () => {
    const sent = async (state: string) => {
      asked.length = 0;
      const r = await sb.run(["tournament", "list", "--state", state, "--json", "name"], {
        env: pointedAt(server),
      });
      expect(r.code, r.stderr).toBe(0);
      return { names: r.json().length, state: asked[0]!.searchParams.get("state") };
    };
    expect(await sent("all")).toEqual({ names: 5, state: null });
    expect(await sent("in_progress")).toEqual({ names: 5, state: "in_progress" });
    expect(await sent("complete")).toEqual({ names: 5, state: "ended" });
  });

  it("records with no state: a finer state is refused naming the group to ask for", async () => {
    const r = await sb.run(["tournament", "list", "--state", "awaiting_review"], {
      env: pointedAt(stateless),
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      "error: --state awaiting_review: the service's tournaments give no state (tournament 7 has none, as published), so it cannot tell them apart within in_progress: `--state in_progress` lists them all\n",
    );
  });
});

/**
 * The router reads a path's segments in place and keeps GET matches only (issue 27, a
 * report's CPU): a write's path names what it writes (a report's, its match), so it
 * was kept, missed and dropped for nothing. Matches are what they were: empty
 * segments skipped, a static segment before a parameter (and the parameter tried when
 * the static branch has no handler), parameters percent-decoded, 405's methods listed.
 */
import { describe, expect, it } from "vitest";
import { type Handler, Router } from "../../src/service/router.js";

const handler =
  (name: string): Handler =>
  () => ({ status: 200, body: name });

function router(): Router {
  const r = new Router();
  r.get("/v2.1/tournaments/:tournament", handler("show"));
  r.put("/v2.1/tournaments/:tournament/matches/:match", handler("report"));
  r.get("/v2.1/tournaments/:tournament/matches/:match", handler("match"));
  r.post("/v2.1/tournaments/:tournament/participants/bulk_add", handler("bulk"));
  r.get("/v2.1/tournaments/:tournament/participants/:participant", handler("participant"));
  r.get("/", handler("root"));
  return r;
}

/** What a match names: its handler's body and its parameters, or its kind and methods. */
function seen(r: Router, method: string, path: string): unknown {
  const m = r.match(method, path);
  if (m.kind === "found") return [m.handler({} as never).body, { ...m.params }];
  return m.kind === "method" ? ["method", [...m.allowed]] : ["none"];
}

describe("Router.match", () => {
  it("keeps a GET's match, not a write's", () => {
    const r = router();
    const get = r.match("GET", "/v2.1/tournaments/1/matches/7");
    expect(r.match("GET", "/v2.1/tournaments/1/matches/7")).toBe(get);
    const put = r.match("PUT", "/v2.1/tournaments/1/matches/7");
    expect(put.kind === "found" && put.params).toEqual({ tournament: "1", match: "7" });
    expect(r.match("PUT", "/v2.1/tournaments/1/matches/7")).not.toBe(put);
    expect(r.match("PUT", "/v2.1/tournaments/1/matches/7")).toEqual(put);
  });

  it.each([
    ["PUT", "/v2.1/tournaments/1/matches/7", ["report", { tournament: "1", match: "7" }]],
    ["PUT", "//v2.1//tournaments/1///matches/7/", ["report", { tournament: "1", match: "7" }]],
    ["GET", "/v2.1/tournaments/a%20b", ["show", { tournament: "a b" }]],
    ["GET", "/v2.1/tournaments/%E0%A4%A", ["none"]],
    ["POST", "/v2.1/tournaments/1/participants/bulk_add", ["bulk", { tournament: "1" }]],
    [
      "GET",
      "/v2.1/tournaments/1/participants/bulk_add",
      ["participant", { tournament: "1", participant: "bulk_add" }],
    ],
    ["DELETE", "/v2.1/tournaments/1/participants/bulk_add", ["method", ["POST", "GET"]]],
    ["POST", "/v2.1/tournaments/1/matches/7", ["method", ["PUT", "GET"]]],
    ["PUT", "/v2.1/tournaments/1/matches", ["none"]],
    ["PUT", "/v2.1/tournaments/1/matches/7/extra", ["none"]],
    ["GET", "/", ["root", {}]],
    ["GET", "", ["root", {}]],
    ["GET", "///", ["root", {}]],
  ])("%s %s", (method, path, expected) => {
    const r = router();
    expect(seen(r, method, path)).toEqual(expected);
    // Kept or walked again, the same answer.
    expect(seen(r, method, path)).toEqual(expected);
  });
});
